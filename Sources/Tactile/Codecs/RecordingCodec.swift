/// One recording format, whole: how it is told from its content, what it is called, the
/// file endings that name it, how it is read and how it is written. The formats are one
/// list, `Recordings.codecs`; help, errors, `convert --to`, the opener and the writer all
/// read it, so a new format is its codec and its line there.
public protocol RecordingCodec: Sendable {
    /// What the format is called and what it keeps, said once.
    var traits: RecordingFormatTraits { get }

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

/// What a recording format is called and what it keeps: its name in code and on the
/// command line, its name for people, its file endings, and what help says of it.
public struct RecordingFormatTraits: Sendable {
    /// Its name on the command line (`convert --to`) and in code.
    public var format: RecordingFormat
    /// What a person calls it, with its article ("an evemu recording"): in help and errors.
    public var name: String
    /// The file name endings that name it, for choosing an output's format (an input's is
    /// read from its content, never its name).
    public var extensions: [String]
    /// Whether it reads a description kept in a file of its own (evemu's `.desc` beside
    /// `.events`); such a recording is opened as this format.
    public var readsDescription: Bool
    /// Whether a file of it holds one device (evemu): written from a recording of several,
    /// the device is chosen (`RecordingWriteOptions.deviceID`).
    public var holdsOneDevice: Bool
    /// Whether it writes a trace's touch frames and samples as they are; the others write
    /// them as the protocol B events of a virtual device.
    public var keepsTouchFrames: Bool
    /// What `convert --help` says about writing it, beyond what every format does; nil for
    /// nothing.
    public var writingNote: String?

    /// The traits; most formats hold their description inline, every device, raw events
    /// only, and need no word of their own.
    public init(_ format: RecordingFormat, name: String, extensions: [String], readsDescription: Bool = false,
                holdsOneDevice: Bool = false, keepsTouchFrames: Bool = false, writingNote: String? = nil) {
        self.format = format; self.name = name; self.extensions = extensions
        self.readsDescription = readsDescription; self.holdsOneDevice = holdsOneDevice
        self.keepsTouchFrames = keepsTouchFrames; self.writingNote = writingNote
    }
}

extension RecordingCodec {
    /// Its name (`RecordingFormatTraits.format`).
    public var format: RecordingFormat { traits.format }
    /// What a person calls it (`RecordingFormatTraits.name`).
    public var name: String { traits.name }
    /// The file endings that name it (`RecordingFormatTraits.extensions`).
    public var extensions: [String] { traits.extensions }
    /// Whether it reads a description file (`RecordingFormatTraits.readsDescription`).
    public var readsDescription: Bool { traits.readsDescription }
    /// Whether a file holds one device (`RecordingFormatTraits.holdsOneDevice`).
    public var holdsOneDevice: Bool { traits.holdsOneDevice }
    /// Whether it keeps touch frames (`RecordingFormatTraits.keepsTouchFrames`).
    public var keepsTouchFrames: Bool { traits.keepsTouchFrames }
    /// What help says of writing it (`RecordingFormatTraits.writingNote`).
    public var writingNote: String? { traits.writingNote }
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
