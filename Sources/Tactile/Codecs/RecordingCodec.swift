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
    /// Whether a file of it holds one device (evemu): written from a recording of several,
    /// the device is chosen (`RecordingWriteOptions.deviceID`).
    var holdsOneDevice: Bool { get }
    /// Whether it writes a trace's touch frames and samples as they are; the others write
    /// them as the protocol B events of a virtual device.
    var keepsTouchFrames: Bool { get }
    /// What `convert --help` says about writing it, beyond what every format does; nil for
    /// nothing.
    var writingNote: String? { get }

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
    /// Most formats hold every device of a recording.
    public var holdsOneDevice: Bool { false }
    /// Most formats hold raw events only.
    public var keepsTouchFrames: Bool { false }
    /// Most formats need no word of their own.
    public var writingNote: String? { nil }
}

/// How a recording is written, beyond its format.
public struct RecordingWriteOptions: Sendable {
    /// Writes touch frames and samples as the protocol B events of a virtual device (a raw
    /// trace); formats of raw events always do.
    public var raw: Bool
    /// For a format of one device (`RecordingCodec.holdsOneDevice`): the id of the device
    /// to write; nil for the recording's only one.
    public var deviceID: Int?
    /// The recording's name, for errors.
    public var source: String?

    /// Options.
    public init(raw: Bool = false, deviceID: Int? = nil, source: String? = nil) {
        self.raw = raw; self.deviceID = deviceID; self.source = source
    }

    /// The device a format of one device writes: `deviceID`'s, or the only one; a usage
    /// error naming the source otherwise.
    public func oneDevice(of header: InputDevices, as codec: some RecordingCodec) throws -> DeviceDescription {
        if let id = deviceID {
            guard let d = header.device(id) else { throw TactileError(.usage, file: source, "no device \(id) in this recording") }
            return d
        }
        guard header.devices.count == 1 else {
            throw TactileError(.usage, file: source,
                               "\(codec.name) holds one device and this one has \(header.devices.count): choose one with --device-id")
        }
        return header.devices[0]
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
