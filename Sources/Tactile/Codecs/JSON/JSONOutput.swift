/// Builds JSON text into a reusable byte buffer: numbers, strings with escapes, and the
/// punctuation between them. The buffer keeps its capacity between lines, so writing a
/// line allocates nothing once warm.
///
/// Each writer makes room once (`reserve`) and then stores its bytes through a pointer:
/// appending to an array byte by byte checked its capacity and uniqueness for every digit,
/// which was most of the time a gesture line took to write. Copies share the buffer until
/// one of them writes (copy-on-write).
public struct JSONOutput: Sendable {
    @usableFromInline var storage: JSONOutputStorage
    /// Bytes written so far. Kept here, not in the storage object: a class's stored
    /// property would be checked for exclusive access at run time on every write.
    @usableFromInline var used = 0
    public var count: Int { used }

    public init(capacity: Int = 4096) { storage = JSONOutputStorage(capacity: Swift.max(capacity, 64)) }

    /// The text so far.
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// The text so far, valid only inside `body`.
    @inlinable public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    /// Empties the text, keeping the capacity (a buffer shared with a copy is left to it
    /// and a new one is made at the next write).
    @inlinable public mutating func clear() { used = 0 }

    /// Room for `n` more bytes, in a buffer this value owns alone: the pointer to write
    /// them at. Writers store there, then `commit` how many they wrote.
    @inlinable @inline(__always) mutating func reserve(_ n: Int) -> UnsafeMutablePointer<UInt8> {
        if _slowPath(!isKnownUniquelyReferenced(&storage) || used + n > storage.capacity) { grow(n) }
        return storage.base + used
    }

    @usableFromInline @inline(never) mutating func grow(_ n: Int) {
        storage = storage.copy(used, minimumCapacity: used + n)
    }

    @inlinable mutating func commit(_ n: Int) { used += n }

    @inlinable @inline(__always) mutating func append(_ source: UnsafeRawBufferPointer) {
        let n = source.count
        guard n > 0 else { return }
        let p = reserve(n)
        UnsafeMutableRawPointer(p).copyMemory(from: source.baseAddress!, byteCount: n)
        commit(n)
    }

    @inlinable @inline(__always) public mutating func raw(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        let p = reserve(1)
        p.pointee = b
        commit(1)
    }

    /// A whole number in decimal, written digit by digit (no String in between).
    @inlinable public mutating func int<T: BinaryInteger>(_ value: T) {
        let v = Int64(value)
        let p = reserve(20)
        var n = 0
        if v < 0 { p.pointee = 0x2d; n = 1 }
        n += Self.digits(v.magnitude, at: p + n)
        commit(n)
    }

    /// The decimal digits of `v` at `p`; returns how many (at most 20).
    @inlinable static func digits(_ v: UInt64, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var count = 1
        var t = v
        while t >= 10 { t /= 10; count += 1 }
        var v = v
        var i = count - 1
        while i > 0 {
            p[i] = UInt8(truncatingIfNeeded: v % 10) &+ 0x30
            v /= 10
            i -= 1
        }
        p[0] = UInt8(truncatingIfNeeded: v) &+ 0x30
        return count
    }

    /// Seconds from microseconds, exact: `0.016`, `12`, `-0.5`.
    @inlinable public mutating func seconds(_ us: Int64) {
        let m = us.magnitude
        let p = reserve(28)
        var n = 0
        if us < 0 { p.pointee = 0x2d; n = 1 }
        n += Self.digits(m / 1_000_000, at: p + n)
        let f = m % 1_000_000
        if f != 0 {
            p[n] = 0x2e
            n += 1 + Self.fraction(f, digits: 6, at: p + n + 1)
        }
        commit(n)
    }

    /// `value` (nonzero, below 10^`digits`) as `digits` decimals at `p`, leading zeros kept
    /// and trailing zeros trimmed: `fraction(120, digits: 4)` writes `012`. Returns how
    /// many bytes. Divisions by the constant 10 only (a multiply).
    @inlinable static func fraction(_ value: UInt64, digits: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        var f = value, n = digits
        while f % 10 == 0 { f /= 10; n -= 1 }
        var i = n - 1
        while i >= 0 {
            p[i] = UInt8(truncatingIfNeeded: f % 10) &+ 0x30
            f /= 10
            i -= 1
        }
        return n
    }

    /// The shortest text that reads back as the same Double. Non-finite values have no
    /// JSON form; they are written as `null` (callers validate before writing).
    @inlinable public mutating func double(_ value: Double) {
        guard value.isFinite else { raw("null"); return }
        if value == value.rounded(), value.magnitude < 1e15 {
            let p = reserve(20)
            var n = 0
            if value.sign == .minus { p.pointee = 0x2d; n = 1 }
            n += Self.digits(UInt64(value.magnitude), at: p + n)
            p[n] = 0x2e
            p[n + 1] = 0x30
            commit(n + 2)
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
        if decimals == 4 {
            (scale, unit) = (1e4, 10_000)
        } else {
            for _ in 0..<decimals { scale *= 10; unit *= 10 }
        }
        let scaled = (value * scale).rounded()
        guard decimals <= 4, scaled.magnitude < 1e9 * scale else {
            let r = scaled / scale
            double(r == 0 ? 0 : r)
            return
        }
        let k = Int64(scaled)
        let m = k.magnitude
        let p = reserve(24)
        var n = 0
        if k < 0 { p.pointee = 0x2d; n = 1 }
        // Gesture lines round to 4 places: divided by the constant, the division is a
        // multiply (by `unit`, a hardware division).
        let (whole, f) = decimals == 4 ? m.quotientAndRemainder(dividingBy: 10_000) : m.quotientAndRemainder(dividingBy: unit)
        n += Self.digits(whole, at: p + n)
        p[n] = 0x2e
        n += 1
        if f == 0 {
            p[n] = 0x30
            n += 1
        } else {
            n += Self.fraction(f, digits: decimals, at: p + n)
        }
        commit(n)
    }

    /// A string in quotes with JSON escapes.
    public mutating func string(_ text: String) {
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

    /// `"name":` with the comma before it unless it is the first member.
    @inlinable public mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { byte(0x2c) }
        byte(0x22)
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
    public mutating func write(_ string: String) {
        var s = string
        s.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }
    /// `Double.write(to:)` passes its digits here from a buffer on the stack; without this
    /// the default would make a String of them first (an allocation for 16 digits or more).
    public mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) { append(UnsafeRawBufferPointer(buffer)) }
}

/// `JSONOutput`'s bytes: one allocation, grown by doubling, kept across lines.
@usableFromInline
final class JSONOutputStorage: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int

    @usableFromInline init(capacity: Int) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// A copy of the first `count` bytes with room for at least `minimumCapacity` (double
    /// the size when growing).
    @usableFromInline func copy(_ count: Int, minimumCapacity: Int) -> JSONOutputStorage {
        let grown = minimumCapacity > capacity ? Swift.max(minimumCapacity, capacity * 2) : capacity
        let c = JSONOutputStorage(capacity: grown)
        c.base.update(from: base, count: count)
        return c
    }
}
