/// Splits a byte source into lines with constant memory: one buffer that holds at most
/// the longest line allowed, whatever the file's size.
///
/// A line longer than `maxLineLength` is an error naming its line, so a file with no
/// newlines cannot make memory grow without bound.
public final class LineReader {
    /// The longest line read by default: 1 MiB.
    public static let defaultMaxLineLength = 1 << 20

    private var source: ByteSource
    private var buffer: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var eof = false
    /// The longest line read; a longer one is an error naming its line.
    public let maxLineLength: Int
    /// The 1-based number of the line last returned.
    public private(set) var lineNumber = 0
    /// False once a last line without its newline was read (a file cut off mid-line).
    public private(set) var endedWithNewline = true
    /// The file name used in errors.
    public let name: String

    /// Reads lines from `source`, named `name` in messages.
    public init(source: ByteSource, name: String, maxLineLength: Int = LineReader.defaultMaxLineLength) {
        self.source = source
        self.name = name
        self.maxLineLength = maxLineLength
        let size = Swift.max(maxLineLength + 1, 1 << 16) + (1 << 16)
        self.buffer = .allocate(byteCount: size + Self.slack, alignment: 8)
        buffer.initializeMemory(as: UInt8.self, repeating: 0)
        self.capacity = size
    }

    /// Bytes after every line handed to `nextLine`'s body that may be read (their values
    /// unspecified): never filled, so a scanner may load a whole word at a line's end.
    public static let slack = 16
    /// The part of `buffer` that is filled; `slack` bytes follow it.
    private let capacity: Int

    deinit {
        buffer.deallocate()
        source.close()
    }

    /// The bytes available so far from the start of the current position, reading more
    /// if fewer than `count` are buffered. For format detection; consumes nothing.
    public func peek(_ count: Int) throws -> [UInt8] {
        while end - start < count && !eof { try fill() }
        let n = Swift.min(count, end - start)
        return Array(UnsafeRawBufferPointer(rebasing: buffer[start..<(start + n)]))
    }

    /// Calls `body` with the next line (without its `\n` or `\r\n`), or returns nil at the
    /// end. The bytes are valid only inside `body`, and at least `slack` more bytes after
    /// them may be read. (Generic over the body's error so a
    /// closure with a typed error is called as it is: converting it to an untyped one
    /// allocated a thunk's context on every line.)
    public func nextLine<R, E: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
    ) throws -> R? {
        var scanFrom = start
        while true {
            if let nl = findNewline(from: scanFrom) {
                lineNumber += 1
                var lineEnd = nl
                if lineEnd > start && buffer[lineEnd - 1] == 0x0d { lineEnd -= 1 }
                // However much was buffered when it was found.
                if lineEnd - start > maxLineLength {
                    throw TactileError(.badData, file: name, line: lineNumber, "line is longer than \(maxLineLength) bytes")
                }
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<lineEnd]).bindMemory(to: UInt8.self)
                start = nl + 1
                return try body(line)
            }
            scanFrom = end
            if end - start > maxLineLength {
                throw TactileError(.badData, file: name, line: lineNumber + 1,
                                   "line is longer than \(maxLineLength) bytes")
            }
            if eof {
                guard end > start else { return nil }
                // A last line without a newline is still a line.
                lineNumber += 1
                endedWithNewline = false
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end]).bindMemory(to: UInt8.self)
                start = end
                return try body(line)
            }
            let consumed = start
            try fill()
            scanFrom -= consumed - start
        }
    }

    private func findNewline(from: Int) -> Int? {
        Newline.first(in: UnsafeRawPointer(buffer.baseAddress!), from: from, to: end)
    }

    /// Copies the next whole lines into `chunk`, as many as fit in its capacity (one line
    /// longer than that alone), and says in `chunk.end` what follows them. (A line in the
    /// chunk may still be longer than `maxLineLength`, if it was all buffered: whoever
    /// splits the chunk checks, against `chunk.maxLineLength`.) Lines already
    /// read are handed over without waiting for more input, as `nextLine` does. Errors
    /// go into `chunk.end` rather than being thrown, after the lines before them, since
    /// the lines' numbers are known only once every chunk before has been split.
    /// `lineNumber` is not kept up by this way of reading.
    public func nextLines(into chunk: LineChunk) {
        let base = UnsafeRawPointer(buffer.baseAddress!)
        while true {
            let window = Swift.min(end - start, chunk.capacity)
            if let nl = Newline.last(in: base, from: start, to: start + window)
                ?? (end - start > window ? findNewline(from: start + window) : nil) {
                take(through: nl + 1, into: chunk, end: .more)
                return
            }
            if end - start > maxLineLength {
                take(through: start, into: chunk, end: .lineTooLong(maxLineLength))
                return
            }
            if eof {
                take(through: end, into: chunk, end: .endOfInput)
                return
            }
            do {
                try fill()
            } catch {
                take(through: start, into: chunk, end: .failed(error))
                return
            }
        }
    }

    private func take(through cut: Int, into chunk: LineChunk, end: LineChunk.End) {
        chunk.fill(from: UnsafeRawBufferPointer(rebasing: buffer[start..<cut]), end: end, maxLineLength: maxLineLength)
        start = cut
    }

    /// Moves pending bytes to the front and reads more after them.
    private func fill() throws(TactileError) {
        if start > 0 {
            let pending = end - start
            if pending > 0 {
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + start, byteCount: pending)
            }
            start = 0
            end = pending
        }
        guard end < capacity else { return }
        let n = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[end..<capacity]))
        if n == 0 { eof = true } else { end += n }
    }
}
