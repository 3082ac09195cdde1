/// The events of one `LineChunk` of a trace: decoded on whichever thread is free, then
/// taken in file order by one `TraceLines.Order`, which numbers the lines, checks that time
/// goes forward and words the errors. This is how `tactile recognize` shares decoding
/// between its two threads; `TraceReader.next()` is the same reading a line at a time.
public struct TraceLines {
    /// The chunk's events, in order, up to the first line that failed.
    public var events: [TraceEvent] = []
    /// Each event's line in the chunk, counting from 0 (blank lines are skipped).
    public private(set) var lineIndex: [Int] = []
    /// How many lines of the chunk were read, blank ones included.
    public private(set) var lineCount = 0
    /// The first line that could not be decoded: its index in the chunk and why.
    public private(set) var failure: (line: Int, message: String)?
    /// One contacts buffer per event slot, decoded into again on every chunk: once the
    /// events of the last chunk have been let go of, decoding allocates nothing.
    private var storage: [TouchFrame.Contacts] = []

    public init() {}

    /// Decodes the lines of `chunk`, replacing what was held, up to the first that fails.
    public mutating func decode(_ chunk: LineChunk, header: TraceHeader) {
        events.removeAll(keepingCapacity: true)
        lineIndex.removeAll(keepingCapacity: true)
        failure = nil
        // Taken out of `self` for the loop, so the closure does not capture all of it.
        var events = self.events, lineIndex = self.lineIndex, storage = self.storage
        self.events = []
        self.lineIndex = []
        self.storage = []
        var failure: (line: Int, message: String)?
        let maxLineLength = chunk.maxLineLength
        lineCount = chunk.forEachLine { line, index in
            if line.count > maxLineLength {
                failure = (index, "line is longer than \(maxLineLength) bytes")
                return false
            }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return true }
            let n = events.count
            if n == storage.count { storage.append(TouchFrame.Contacts()) }
            do throws(JSONScanner.Failure) {
                events.append(try TraceEvent.decode(line, header: header, reusing: &storage[n], slack: LineReader.slack))
                lineIndex.append(index)
                return true
            } catch {
                failure = (index, "\(error.message) (column \(error.column))")
                return false
            }
        }
        self.events = events
        self.lineIndex = lineIndex
        self.storage = storage
        self.failure = failure
    }

    /// Takes the chunks of one trace in file order.
    public struct Order {
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
        public mutating func check(_ event: borrowing TraceEvent, _ i: Int, of lines: borrowing TraceLines) throws(TactileError) {
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
