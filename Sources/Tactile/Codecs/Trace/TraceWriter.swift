import TactileJSON
/// Writes a v1 trace: the header, then one line per event. Output goes through
/// `OutputFile`, so a file is only in place once `finish()` has succeeded.
public struct TraceWriter {
    private let output: OutputFile
    private var line = JSONOutput()

    /// Writes the header of `header`'s devices to `output`.
    public init(output: OutputFile, header: InputDevices) throws {
        self.output = output
        try output.write(header.encoded())
        try output.write(CollectionOfOne(0x0a))
    }

    /// Writes one event line.
    public mutating func write(_ event: InputEvent) throws {
        line.clear()
        event.encode(into: &line)
        line.byte(0x0a)
        try line.withBytes { try output.write($0) }
    }

    /// Writes what is buffered (a live recording to standard output flushes per frame).
    public func flush() throws { try output.flush() }

    /// Flushes and moves the file into place.
    public func finish() throws { try output.commit() }
}

extension InputEvent {
    /// The event as one JSON line without a newline (for tests and small tools).
    public var jsonLine: String {
        var out = JSONOutput(capacity: 256)
        encode(into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
