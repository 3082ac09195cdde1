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
    /// How many bytes are written.
    public var count: Int { used }

    /// An empty output with room for `capacity` bytes before it grows.
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

    /// Literal text, written as it is.
    @inlinable @inline(__always) public mutating func raw(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// One byte.
    @inlinable @inline(__always) public mutating func byte(_ b: UInt8) {
        let p = reserve(1)
        p.pointee = b
        commit(1)
    }

    /// Makes room for `room` bytes once, then lets `body` write into it through a cursor
    /// with no check per piece (see `JSONCursor`); keeps what it wrote.
    @inlinable @inline(__always) public mutating func withCursor(room: Int, _ body: (inout JSONCursor) -> Void) {
        let start = reserve(room)
        var cursor = JSONCursor(start)
        body(&cursor)
        let n = start.distance(to: cursor.p)
        precondition(n <= room, "JSON text longer than the room made for it")
        commit(n)
    }

    /// A whole number in decimal.
    @inlinable public mutating func int<T: BinaryInteger>(_ value: T) {
        withCursor(room: JSONCursor.Room.int) { $0.int(Int64(value)) }
    }

    /// Seconds from microseconds, exact: `0.016`, `12`, `-0.5`.
    @inlinable public mutating func seconds(_ us: Int64) {
        withCursor(room: JSONCursor.Room.seconds) { $0.seconds(us) }
    }

    /// The shortest text that reads back as the same Double, as `description` writes it.
    /// Non-finite values have no JSON form; they are written as `null` (callers validate
    /// before writing).
    @inlinable public mutating func double(_ value: Double) {
        withCursor(room: JSONCursor.Room.number) { $0.double(value) }
    }

    /// A value rounded to `decimals` places, trailing zeros trimmed: for derived output
    /// (gesture lines) where sub-micrometre digits are noise.
    @inlinable public mutating func rounded(_ value: Double, decimals: Int) {
        withCursor(room: JSONCursor.Room.number) { $0.rounded(value, decimals: decimals) }
    }

    /// A string in quotes with JSON escapes.
    public mutating func string(_ text: String) {
        withCursor(room: JSONCursor.Room.string(text.utf8.count)) { $0.string(text) }
    }

    /// `"name":` with the comma before it unless it is the first member.
    @inlinable public mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { byte(0x2c) }
        byte(0x22)
        raw(name)
        raw("\":")
    }
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
