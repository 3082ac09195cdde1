/// `libinput record` YAML: read whole (YAML has no streaming form). Reading and writing it
/// take a YAML library, which the core leaves out: they are plugged in by
/// TactileLibinputRecord (`Recordings.all`), and without them such a file is told apart
/// and refused with what to do.
public struct LibinputRecordCodec: RecordingCodec {
    /// Decodes a recording read whole: its devices and its raw frames.
    public typealias Decode = @Sendable (_ bytes: [UInt8], _ name: String) throws -> (InputDevices, [DecodedFrame])
    /// Makes a writer to a file for a recording of the devices.
    public typealias MakeWriter = @Sendable (_ file: OutputFile, _ header: InputDevices) throws -> any RecordingFileWriter

    /// The largest file read (the YAML tree takes several times the text's size).
    public static let maxSize = 8 << 20

    private let decode: Decode?
    private let makeWriter: MakeWriter?

    /// The codec, reading and writing with `decode` and `makeWriter`; nil to refuse.
    public init(decode: Decode? = nil, makeWriter: MakeWriter? = nil) {
        self.decode = decode; self.makeWriter = makeWriter
    }

    /// A libinput record YAML file.
    public var traits: RecordingFormatTraits {
        RecordingFormatTraits(.libinputRecord, name: "a libinput record YAML file", extensions: [".yml", ".yaml"])
    }

    /// Whether `line` starts a recording of this format.
    public func claims(_ line: Substring) -> Bool {
        line.hasPrefix("---") || line.hasPrefix("version:") || line.hasPrefix("ndevices:")
            || line.hasPrefix("libinput:") || line.hasPrefix("devices:") || line.hasPrefix("system:")
    }

    /// Opens a recording of this format.
    public func open(_ lines: LineReader, path: String, description: String?) throws -> RecordingReader {
        guard let decode else {
            throw TactileError(.badData, file: path, line: 1, "a libinput record YAML file, which this program was built without")
        }
        // YAML is read whole and its tree takes several times the text's size; the limit
        // keeps memory under 64 MB. Longer sessions belong in traces, which stream.
        let bytes = try Recordings.readWhole(lines, path: path, limit: Self.maxSize, what: "a libinput recording")
        let (header, frames) = try decode(bytes, path)
        return .decoded(header: header, frames: frames, next: 0)
    }

    /// A writer of this format.
    public func writer(to file: OutputFile, header: InputDevices, options: RecordingWriteOptions) throws -> any RecordingFileWriter {
        guard let makeWriter else { throw TactileError(.usage, "a libinput record YAML file, which this program was built without") }
        return try makeWriter(file, header)
    }
}
