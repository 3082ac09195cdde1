/// One recording format, whole: how it is told from its content, what it is called, the
/// file endings that name it, how it is read and how it is written. The formats are one
/// list, `Recordings.codecs`; help, errors, `convert --to`, the opener and the writer all
/// read it, so a new format is its codec and its line there.
public protocol RecordingCodec: Sendable {
    /// Its name on the command line (`convert --to`) and in code.
    var format: RecordingFormat { get }
    /// What a person calls it, with its article ("an evemu recording"): in help and errors.
    var name: String { get }
    /// The file name endings that name it, for choosing an output's format (an input's is
    /// read from its content, never its name).
    var extensions: [String] { get }
    /// Whether it reads a description kept in a file of its own (evemu's `.desc` beside
    /// `.events`); such a recording is opened as this format.
    var readsDescription: Bool { get }

    /// Whether `line` starts a recording of this format: the first line of the file that
    /// is not blank, nor a `#` comment that no format claims (the caller trimmed its leading
    /// blanks).
    func claims(_ line: Substring) -> Bool

    /// Opens a recording of this format: `lines` from its start, `path` for errors, and
    /// the separate description file when `readsDescription`.
    func open(_ lines: LineReader, path: String, description: String?) throws -> RecordingReader

    /// A writer of this format to `file`, for a recording of `header`'s devices.
    func writer(to file: OutputFile, header: InputDevices, options: RecordingWriteOptions) throws -> any RecordingFileWriter
}

extension RecordingCodec {
    /// Most formats hold their description inline.
    public var readsDescription: Bool { false }
}

/// How a recording is written, beyond its format.
public struct RecordingWriteOptions: Sendable {
    /// Writes touch frames and samples as the protocol B events of a virtual device (a raw
    /// trace); formats of raw events always do.
    public var raw: Bool
    /// The one device a format of one device (evemu) holds.
    public var device: DeviceDescription?

    /// Options.
    public init(raw: Bool = false, device: DeviceDescription? = nil) {
        self.raw = raw; self.device = device
    }
}

/// A recording being written, event by event; the file appears only when `finish()`
/// succeeds (`OutputFile`).
public protocol RecordingFileWriter {
    /// Writes one event (a format of one device skips other devices').
    mutating func write(_ event: InputEvent) throws
    /// Commits the file.
    func finish() throws
}
