import TactileJSON
/// Reads a v1 trace line by line in constant memory: the header first, then one event per
/// call to `next()`. Errors name the file and line.
public final class TraceReader {
    private let lines: LineReader
    /// The devices of the trace's header.
    public let header: InputDevices
    private var timeOrder = TraceTimeOrder()
    /// Storage the next frame's contacts are decoded into (see `InputEvent.decode`).
    private var contacts = TouchFrame.Contacts()

    /// The file's name, for messages.
    public var name: String { lines.name }

    /// Reads the header from `lines`; throws when it is not a trace header this version reads.
    public init(lines: LineReader) throws {
        let name = lines.name
        let header = try lines.nextLine { line throws(TactileError) -> InputDevices in
            do throws(HeaderError) {
                return try InputDevices.decode(line)
            } catch {
                throw TactileError(.badData, file: name, line: 1, error.message)
            }
        }
        guard let header else { throw TactileError(.badData, file: name, line: 1, "the file is empty") }
        self.header = header
        self.lines = lines
    }

    /// Reads the header from `source`.
    public convenience init(source: ByteSource, name: String) throws {
        try self.init(lines: LineReader(source: source, name: name))
    }

    /// The next event, or nil at the end. Blank lines are skipped.
    public func next() throws -> InputEvent? {
        // The buffer is taken out for the call (an inout access to a class's property
        // would be checked at run time on every use) and put back after.
        var contacts = self.contacts
        self.contacts = TouchFrame.Contacts()
        defer { self.contacts = contacts }
        return try next(reusing: &contacts)
    }

    /// The next event, its contacts decoded into `contacts`' storage: once every earlier
    /// frame decoded there has been let go of, a `touches` line allocates nothing. (A
    /// reader that keeps several frames alive at once, as `InputPipeline` does for formats read in order, gives each
    /// its own buffer.)
    public func next(reusing contacts: inout TouchFrame.Contacts) throws -> InputEvent? {
        let name = lines.name
        let header = self.header
        // The event is decoded into this variable rather than returned through the line
        // reader's optional result: a `InputEvent??` was copied and destroyed generically
        // on every line.
        var event: InputEvent?
        while true {
            let lineNumber = lines.lineNumber + 1
            let more = try lines.nextLine { line throws(TactileError) -> Bool in
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return false }
                do throws(JSONScanner.Failure) {
                    event = try InputEvent.decode(line, header: header, reusing: &contacts, slack: LineReader.slack)
                    return true
                } catch {
                    throw TactileError(.badData, file: name, line: lineNumber,
                                       "\(error.message) (column \(error.column))")
                }
            }
            guard let more else { return nil }  // end of input
            guard more else { continue }  // blank line
            try checkTimeOrder(event!, line: lineNumber)
            return event.take()
        }
    }

    /// Reading in chunks instead, to decode them on several threads (see `TraceLines`):
    /// the next whole lines into `chunk`. A reader read this way is read only this way.
    public func nextLines(into chunk: LineChunk) { lines.nextLines(into: chunk) }

    /// The order in which this reader's chunks are to be taken, from the first.
    public func chunkOrder() -> TraceLines.Order {
        TraceLines.Order(file: lines.name, linesBefore: lines.lineNumber)
    }

    private func checkTimeOrder(_ event: borrowing InputEvent, line: Int) throws {
        try timeOrder.check(event, file: lines.name, line: line)
    }
}
