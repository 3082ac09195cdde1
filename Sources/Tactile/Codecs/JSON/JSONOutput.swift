/// Builds JSON text into a reusable byte buffer: numbers, strings with escapes, and the
/// punctuation between them. The buffer keeps its capacity between lines, so writing a
/// line allocates nothing once warm.
public struct JSONOutput: Sendable {
    public var bytes: [UInt8] = []

    public init(capacity: Int = 4096) { bytes.reserveCapacity(capacity) }

    @inlinable public mutating func clear() { bytes.removeAll(keepingCapacity: true) }

    @inlinable public mutating func raw(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
    @inlinable public mutating func byte(_ b: UInt8) { bytes.append(b) }

    /// A whole number in decimal, written digit by digit (no String in between).
    @inlinable public mutating func int<T: BinaryInteger>(_ value: T) {
        var v = Int64(value)
        if v < 0 {
            bytes.append(0x2d)
            if v == .min { raw("9223372036854775808"); return }
            v = -v
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var n = 0
        withUnsafeMutableBytes(of: &digits) { d in
            repeat {
                d[n] = UInt8(v % 10) + 0x30
                v /= 10
                n += 1
            } while v > 0
            while n > 0 { n -= 1; bytes.append(d[n]) }
        }
    }

    /// Seconds from microseconds, exact: `0.016`, `12`, `-0.5`.
    @inlinable public mutating func seconds(_ us: Int64) {
        var m = us.magnitude
        if us < 0 { bytes.append(0x2d) }
        int(Int64(m / 1_000_000))
        m %= 1_000_000
        guard m != 0 else { return }
        bytes.append(0x2e)
        fraction(m, digits: 6)
    }

    /// `value` (nonzero, below 10^`digits`) as `digits` decimals, leading zeros kept and
    /// trailing zeros trimmed: `fraction(120, digits: 4)` writes `012`. Divisions by the
    /// constant 10 only (a multiply); dividing by a running power of ten was a hardware
    /// division per digit.
    @inlinable mutating func fraction(_ value: UInt64, digits: Int) {
        var f = value, n = digits
        while f % 10 == 0 { f /= 10; n -= 1 }
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0x30, count: n))
        bytes.withUnsafeMutableBufferPointer { b in
            var i = start + n - 1
            while f != 0 {
                b[i] = UInt8(truncatingIfNeeded: f % 10) + 0x30
                f /= 10
                i -= 1
            }
        }
    }

    /// The shortest text that reads back as the same Double. Non-finite values have no
    /// JSON form; they are written as `null` (callers validate before writing).
    @inlinable public mutating func double(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        if value == value.rounded(), value.magnitude < 1e15 {
            int(Int64(value))
            if value == 0 && value.sign == .minus { bytes.insert(0x2d, at: bytes.count - 1) }
            raw(".0")
            return
        }
        // The standard library's shortest round-trip form (what `description` gives),
        // handed to `_writeASCII` below from a stack buffer: no String is built.
        value.write(to: &self)
    }

    /// A value rounded to `decimals` places, trailing zeros trimmed: for derived output
    /// (gesture lines) where sub-micrometre digits are noise.
    ///
    /// Written from the scaled integer: for magnitudes below 10⁹ the shortest form of the
    /// rounded Double is exactly that integer's decimal digits (neighbouring Doubles are far
    /// closer together than 10⁻⁴), so this prints what `double(rounded)` would, without the
    /// shortest-digits search. Up to 4 decimals: below 10⁻⁴ Swift's form turns exponential.
    @inlinable public mutating func rounded(_ value: Double, decimals: Int) {
        var scale = 1.0
        var unit: UInt64 = 1
        for _ in 0..<decimals { scale *= 10; unit *= 10 }
        let scaled = (value * scale).rounded()
        guard decimals <= 4, scaled.magnitude < 1e9 * scale else {
            let r = scaled / scale
            double(r == 0 ? 0 : r)
            return
        }
        let n = Int64(scaled)
        if n < 0 { bytes.append(0x2d) }
        let m = n.magnitude
        int(Int64(m / unit))
        let f = m % unit
        bytes.append(0x2e)
        guard f != 0 else { bytes.append(0x30); return }
        fraction(f, digits: decimals)
    }

    /// A string in quotes with JSON escapes.
    public mutating func string(_ text: String) {
        bytes.append(0x22)
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
                bytes.append(hex.utf8Start[Int(b >> 4)])
                bytes.append(hex.utf8Start[Int(b & 15)])
            default: bytes.append(b)
            }
        }
        bytes.append(0x22)
    }

    /// `"name":` with the comma before it unless it is the first member.
    @inlinable public mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { bytes.append(0x2c) }
        bytes.append(0x22)
        raw(name)
        raw("\":")
    }

    /// Writes a generic value (headers, config).
    public mutating func value(_ v: JSONValue) {
        switch v {
        case .null: raw("null")
        case .bool(let b): if b { raw("true") } else { raw("false") }
        case .number(let n):
            if n == n.rounded(), n.magnitude < 1e15 { int(Int64(n)) } else { double(n) }
        case .string(let s): string(s)
        case .array(let items):
            byte(0x5b)
            for (i, item) in items.enumerated() {
                if i > 0 { byte(0x2c) }
                value(item)
            }
            byte(0x5d)
        case .object(let members):
            byte(0x7b)
            for (i, m) in members.enumerated() {
                if i > 0 { byte(0x2c) }
                string(m.key)
                byte(0x3a)
                value(m.value)
            }
            byte(0x7d)
        }
    }
}

extension JSONOutput: TextOutputStream {
    public mutating func write(_ string: String) { bytes.append(contentsOf: string.utf8) }
    /// `Double.write(to:)` passes its digits here from a buffer on the stack; without this
    /// the default would make a String of them first (an allocation for 16 digits or more).
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: buffer) }
}
