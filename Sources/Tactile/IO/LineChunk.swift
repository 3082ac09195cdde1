/// Whole lines copied out of a `LineReader` in one block, to be split and decoded away from
/// the reader: on a thread of their own while the reader goes on (see
/// `LineReader.nextLines(into:)` and `TraceLines`). `line(at:)` splits them.
///
/// A class, so that a chunk handed between threads is one reference and its storage is
/// reused where it lies. `LineReader.slack` readable bytes follow the lines, as after every
/// line `nextLine` gives.
public final class LineChunk: @unchecked Sendable {
    /// What follows the lines in a chunk.
    public enum End: Sendable {
        /// More lines, in the next chunk.
        case more
        /// Nothing: the input ended (its last line may have had no newline).
        case endOfInput
        /// The line after these is longer than the reader allows (the value).
        case lineTooLong(Int)
        /// Reading failed after these lines.
        case failed(TactileError)
    }

    /// How many bytes a chunk takes before it ends at a line; one longer line makes it grow.
    public let capacity: Int
    /// How many bytes the chunk holds.
    public private(set) var count = 0
    /// What follows the chunk's last line.
    public internal(set) var end = End.more
    /// The longest line the reader allows (see `LineReader.nextLines`).
    public private(set) var maxLineLength = LineReader.defaultMaxLineLength
    private var storage: UnsafeMutableRawBufferPointer

    /// An empty chunk taking about `capacity` bytes.
    public init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        storage = .allocate(byteCount: capacity + LineReader.slack, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { storage.deallocate() }

    /// The lines, newlines included; `LineReader.slack` more bytes may be read after them.
    public var bytes: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: storage.baseAddress!.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Makes the chunk hold `source` alone (growing for a line longer than `capacity`).
    func fill(from source: UnsafeRawBufferPointer, end: End, maxLineLength: Int) {
        if source.count + LineReader.slack > storage.count {
            storage.deallocate()
            storage = .allocate(byteCount: source.count + LineReader.slack, alignment: 8)
            storage.initializeMemory(as: UInt8.self, repeating: 0)
        }
        if source.count > 0 { storage.baseAddress!.copyMemory(from: source.baseAddress!, byteCount: source.count) }
        count = source.count
        self.end = end
        self.maxLineLength = maxLineLength
    }

    /// The line that starts at byte `start` (below `count`), without its `\n` or `\r\n`,
    /// and where the next one starts.
    @inline(__always)
    public func line(at start: Int) -> (line: UnsafeBufferPointer<UInt8>, next: Int) {
        let base = storage.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let nl = Newline.first(in: UnsafeRawPointer(base), from: start, to: count) ?? count
        var lineEnd = nl
        if lineEnd > start && base[lineEnd - 1] == 0x0d && nl < count { lineEnd -= 1 }
        return (UnsafeBufferPointer(start: base + start, count: lineEnd - start), nl + 1)
    }
}

/// Finding newlines eight bytes at a time, for `LineReader` and `LineChunk`.
enum Newline {
    /// The first `\n` in `base[from..<to]`: a zero byte in `word ^ 0x0a0a…` marks one.
    @inline(__always)
    static func first(in base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
        var i = from
        #if _endian(little)  // the lowest flagged byte is exact only counting from the low end
        while i + 8 <= end {
            let word = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ 0x0a0a_0a0a_0a0a_0a0a
            let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zero != 0 { return i + zero.trailingZeroBitCount / 8 }
            i += 8
        }
        #endif
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        while i < end {
            if bytes[i] == 0x0a { return i }
            i += 1
        }
        return nil
    }

    /// The last `\n` in `base[from..<to]`, looking back from the end (a line or so away).
    static func last(in base: UnsafeRawPointer, from: Int, to end: Int) -> Int? {
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        var i = end - 1
        while i >= from {
            if bytes[i] == 0x0a { return i }
            i -= 1
        }
        return nil
    }
}
