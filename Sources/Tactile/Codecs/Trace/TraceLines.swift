import TactileJSON
/// The events of one `LineChunk` of a trace: decoded on whichever thread is free, then
/// taken in file order by one `TraceLines.Order`, which numbers the lines, checks that time
/// goes forward and words the errors. This is how `tactile recognize` shares decoding
/// between its two threads; `TraceReader.next()` is the same reading a line at a time.
public struct TraceLines {
    /// The chunk's events, in order, up to the first line that failed.
    public var events: [InputEvent] = []
    /// Each event's line in the chunk, counting from 0 (blank lines are skipped).
    public private(set) var lineIndex: [Int] = []
    /// How many lines of the chunk were read, blank ones included.
    public private(set) var lineCount = 0
    /// The first line that could not be decoded: its index in the chunk and why.
    public private(set) var failure: (line: Int, message: String)?
    /// One contacts buffer per event slot, decoded into again on every chunk: once the
    /// events of the last chunk have been let go of, decoding allocates nothing.
    private var storage: [TouchFrame.Contacts] = []

    /// An empty batch.
    public init() {}

    /// Decodes the lines of `chunk`, replacing what was held, up to the first that fails.
    ///
    /// A `touches` line as Tactile writes it is read by position straight from where it
    /// starts, and its newline is expected where it ends (`InputEvent.decodeWritten`):
    /// no search for the newline first, which cost as much again as reading the numbers'
    /// digits. Any other line is found and read the general way.
    public mutating func decode(_ chunk: LineChunk, header: InputDevices) {
        events.removeAll(keepingCapacity: true)
        lineIndex.removeAll(keepingCapacity: true)
        failure = nil
        // Taken out of `self` for the loop, and put back after.
        var events = self.events, lineIndex = self.lineIndex, storage = self.storage
        self.events = []
        self.lineIndex = []
        self.storage = []
        defer {
            self.events = events
            self.lineIndex = lineIndex
            self.storage = storage
        }
        let bytes = chunk.bytes, maxLineLength = chunk.maxLineLength
        var start = 0, index = 0
        while start < bytes.count {
            let n = events.count
            if n == storage.count { storage.append(TouchFrame.Contacts()) }
            var s = JSONScanner(UnsafeBufferPointer(rebasing: bytes[start...]), slack: LineReader.slack)
            // Taken out of the optional when kept (a copy appended, then the original
            // destroyed, retained and released its contacts storage).
            var written = InputEvent.decodeWritten(&s, header: header, into: &storage[n])
            if case .some = written {
                let end = start + s.index
                let newline = end == bytes.count || bytes[end] == 0x0a ? 1
                    : bytes[end] == 0x0d && end + 1 < bytes.count && bytes[end + 1] == 0x0a ? 2 : 0
                if newline > 0 && end - start <= maxLineLength {
                    events.append(written.take()!)
                    lineIndex.append(index)
                    index += 1
                    start = end + newline
                    continue
                }
                written = nil
            }
            let (line, next) = chunk.line(at: start)
            defer {
                index += 1
                start = next
            }
            if line.count > maxLineLength {
                failure = (index, "line is longer than \(maxLineLength) bytes")
                break
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            do throws(JSONScanner.Failure) {
                events.append(try InputEvent.decodeAnyForm(line, header: header, reusing: &storage[n], slack: LineReader.slack))
                lineIndex.append(index)
            } catch {
                failure = (index, "\(error.message) (column \(error.column))")
                break
            }
        }
        lineCount = index
    }

    /// Takes the chunks of one trace in file order.
    public struct Order {
        /// The file the lines came from.
        public let file: String
        /// Lines before the next chunk (the header's included).
        private var linesBefore: Int
        private var time = TraceTimeOrder()

        /// For the chunks after the first `linesBefore` lines of `file`.
        public init(file: String, linesBefore: Int) {
            self.file = file
            self.linesBefore = linesBefore
        }

        /// Checks `event`, event `i` of the chunk being taken, against the events before it.
        /// (The event is passed apart from its chunk: read from the array, it was copied,
        /// its contacts storage retained and released again.)
        @inline(__always)
        public mutating func check(_ event: borrowing InputEvent, _ i: Int, of lines: borrowing TraceLines) throws(TactileError) {
            try time.check(event, file: file, line: linesBefore + lines.lineIndex[i] + 1)
        }

        /// Ends the chunk `lines`, decoded from a chunk that ended with `end`, once each of its
        /// events has been checked: true at the end of the input; throws the error after the
        /// chunk's events, naming its line.
        public mutating func finish(_ lines: borrowing TraceLines, end: LineChunk.End) throws(TactileError) -> Bool {
            if let failure = lines.failure {
                throw TactileError(.badData, file: file, line: linesBefore + failure.line + 1, failure.message)
            }
            linesBefore += lines.lineCount
            switch end {
            case .more: return false
            case .endOfInput: return true
            case .lineTooLong(let limit):
                throw TactileError(.badData, file: file, line: linesBefore + 1, "line is longer than \(limit) bytes")
            case .failed(let error): throw error
            }
        }
    }
}
