/// Writes JSON text at a pointer, into room made beforehand (`JSONOutput.withCursor`), with
/// no check per piece.
///
/// Why: a gesture line is about thirty pieces (punctuation, keys, numbers). Made room for
/// one at a time, each asked whether the buffer was shared and large enough: a runtime
/// call per piece, a tenth of the time a line took. A line now makes room once for its
/// longest form and writes through this. Every writer here says how many bytes it may
/// write (`Room`); callers reserve at least the sum.
public struct JSONCursor {
    /// Where the next byte goes.
    public var p: UnsafeMutablePointer<UInt8>

    /// A cursor writing at `p`, into room made for it.
    @inlinable public init(_ p: UnsafeMutablePointer<UInt8>) { self.p = p }

    /// The most bytes each writer stores (numbers may store scratch past their text, which
    /// the next writer covers).
    public enum Room {
        /// `int`: a sign and nineteen digits.
        public static let int = 20
        /// `seconds`: a whole part, a point and six decimals, with scratch.
        public static let seconds = 28
        /// `double` and `rounded`: `ShortestDigits.room`.
        public static let number = 48
        /// A string of `n` UTF-8 bytes, every one escaped as `\u00XX`, in quotes.
        @inlinable public static func string(_ n: Int) -> Int { 6 * n + 2 }
    }

    /// Literal text, written as it is.
    @inlinable @inline(__always) public mutating func raw(_ text: StaticString) {
        p.update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        p += text.utf8CodeUnitCount
    }

    /// One byte.
    @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        p.pointee = b
        p += 1
    }

    /// The decimal digits of `v`.
    @inlinable @inline(__always) public mutating func digits(_ v: UInt64) {
        let n = DecimalDigits.count(v)
        DecimalDigits.write(v, count: n, at: p)
        p += n
    }

    /// A whole number in decimal.
    @inlinable @inline(__always) public mutating func int(_ v: Int64) {
        if v < 0 { byte(0x2d) }
        digits(v.magnitude)
    }

    /// Seconds from microseconds, exact: `0.016`, `12`, `-0.5`.
    @inlinable @inline(__always) public mutating func seconds(_ us: Int64) {
        if us < 0 { byte(0x2d) }
        let (whole, f) = us.magnitude.quotientAndRemainder(dividingBy: 1_000_000)
        digits(whole)
        if f != 0 {
            byte(0x2e)
            fraction(f, digits: 6)
        }
    }

    /// `value` (nonzero, below 10^`digits`) as `digits` decimals, leading zeros kept and
    /// trailing zeros trimmed: `fraction(120, digits: 4)` writes `012`.
    @inlinable @inline(__always) public mutating func fraction(_ value: UInt64, digits: Int) {
        var f = value, n = digits
        while f % 10 == 0 { f /= 10; n -= 1 }
        DecimalDigits.write(f, count: n, at: p)
        p += n
    }

    /// The shortest text that reads back as the same Double, as `description` writes it;
    /// whole numbers below 10^15 as digits and `.0`. Non-finite values have no JSON form;
    /// they are written as `null` (callers validate before writing).
    @inlinable @inline(__always) public mutating func double(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        if value.magnitude < 1e15, Double(Int64(value)) == value {
            if value.sign == .minus { byte(0x2d) }
            digits(UInt64(value.magnitude))
            raw(".0")
            return
        }
        if let n = ShortestDigits.write(value, at: p) { p += n; return }
        // Subnormals: the standard library's form, from its stack buffer.
        var text = PointerText(p)
        value.write(to: &text)
        p += text.count
    }

    /// `value` rounded to `decimals` places (half away from zero), trailing zeros trimmed:
    /// for derived output (gesture lines) where sub-micrometre digits are noise.
    ///
    /// Written from the scaled integer: for magnitudes below 10⁹ the shortest form of the
    /// rounded Double is exactly that integer's decimal digits (neighbouring Doubles are far
    /// closer together than 10⁻⁴), so this prints what `double(rounded)` would, without the
    /// shortest-digits search. Up to 4 decimals: below 10⁻⁴ Swift's form turns exponential.
    @inlinable @inline(__always) public mutating func rounded(_ value: Double, decimals: Int) {
        if decimals == 4 {
            rounded4(value)
            return
        }
        var unit: UInt64 = 1
        for _ in 0..<decimals { unit *= 10 }
        let x = value * Double(unit)
        if decimals < 4, x.magnitude < 0x1p52, case let k = Self.roundedHalfAway(x), k.magnitude < 1_000_000_000 * unit {
            if k < 0 { byte(0x2d) }
            let (whole, f) = k.magnitude.quotientAndRemainder(dividingBy: unit)
            digits(whole)
            byte(0x2e)
            if f == 0 { byte(0x30) } else { fraction(f, digits: decimals) }
            return
        }
        let r = x.rounded() / Double(unit)
        double(r == 0 ? 0 : r)
    }

    /// `rounded(value, decimals: 4)`, what gesture lines write: the four decimals come
    /// out of one register (`DecimalDigits.four`), their trailing zeros counted there.
    @inlinable @inline(__always) public mutating func rounded4(_ value: Double) {
        let x = value * 1e4
        if x.magnitude < 0x1p52, case let k = Self.roundedHalfAway(x), k.magnitude < 10_000_000_000_000 {
            if k < 0 { byte(0x2d) }
            let (whole, f) = k.magnitude.quotientAndRemainder(dividingBy: 10_000)
            digits(whole)
            byte(0x2e)
            if f == 0 {
                byte(0x30)
            } else {
                let four = DecimalDigits.four(UInt32(truncatingIfNeeded: f))
                UnsafeMutableRawPointer(p).storeBytes(of: UInt32(littleEndian: four | 0x3030_3030), as: UInt32.self)
                p += 4 - four.leadingZeroBitCount / 8
            }
            return
        }
        let r = x.rounded() / 1e4
        double(r == 0 ? 0 : r)
    }

    /// `x` (below 2^52 in magnitude) rounded half away from zero, as `rounded()` does,
    /// through the integer conversion (exact there) rather than a call into libm. Which way a
    /// value rounds is data, not a pattern: it is added from flags, not taken as a branch
    /// (as a branch it was mispredicted about half the time).
    @inlinable @inline(__always) public static func roundedHalfAway(_ x: Double) -> Int64 {
        let t = Int64(x)
        let rest = x - Double(t)
        let up = unsafeBitCast(rest >= 0.5, to: UInt8.self), down = unsafeBitCast(rest <= -0.5, to: UInt8.self)
        return t &+ Int64(up) &- Int64(down)
    }

    /// A string in quotes with JSON escapes (room: `Room.string(utf8 count)`).
    @usableFromInline mutating func string(_ text: String) {
        byte(0x22)
        for b in text.utf8 {
            switch b {
            case 0x22: raw("\\\"")
            case 0x5c: raw("\\\\")
            case 0x0a: raw("\\n")
            case 0x0d: raw("\\r")
            case 0x09: raw("\\t")
            case 0..<0x20:
                raw("\\u00")
                let hex: StaticString = "0123456789abcdef"
                byte(hex.utf8Start[Int(b >> 4)])
                byte(hex.utf8Start[Int(b & 15)])
            default: byte(b)
            }
        }
        byte(0x22)
    }
}

/// Text written at a pointer with room for it (`JSONCursor.double`'s fallback).
@usableFromInline struct PointerText: TextOutputStream {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline var count = 0
    @usableFromInline init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }
    @usableFromInline mutating func write(_ string: String) {
        for b in string.utf8 { base[count] = b; count += 1 }
    }
    @usableFromInline mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        (base + count).update(from: buffer.baseAddress!, count: buffer.count)
        count += buffer.count
    }
}
