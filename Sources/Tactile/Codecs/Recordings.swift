/// Opens any recording Tactile reads, deciding its format from the content
/// (`RecordingFormat.detect`), not from the file's name.
///
/// `libinput record` YAML needs a YAML parser, which the core leaves out (it carries a C
/// library): its decoder is plugged in here, and `Recordings.all` in
/// `TactileLibinputRecord` is this with it.
public struct Recordings: Sendable {
    /// Decodes a recording read whole: its devices and its raw frames.
    public typealias WholeRecordingDecoder = @Sendable (_ bytes: [UInt8], _ name: String) throws -> (InputDevices, [DecodedFrame])

    /// The largest `libinput record` file read (YAML has no streaming form).
    public static let maxLibinputRecordSize = 8 << 20

    /// A file read whole, up to `limit` bytes.
    static func readWhole(_ lines: LineReader, path: String, limit: Int, what: String) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while let chunk = try lines.nextLine({ Array($0) }) {
            bytes.append(contentsOf: chunk)
            bytes.append(0x0a)
            if bytes.count > limit {
                throw TactileError(.badData, file: path,
                                   "\(what) over \(limit >> 20) MiB is more than tactile reads whole; convert it in parts or record a trace")
            }
        }
        return bytes
    }

    /// The `libinput record` decoder; nil to refuse such files.
    public var libinputRecord: WholeRecordingDecoder?

    /// An opener; without a `libinput record` decoder, such files are refused with what to do.
    public init(libinputRecord: WholeRecordingDecoder? = nil) {
        self.libinputRecord = libinputRecord
    }

    /// Opens `path` (`-` for standard input). `description` is a separate evemu `.desc`
    /// file for an `.events` recording.
    public func open(_ path: String, description: String? = nil) throws -> RecordingReader {
        let lines = LineReader(source: try InputFile.open(path), name: path)
        let prefix = try lines.peek(4096)
        if prefix.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
            throw TactileError(.badData, file: path, line: 1, "the file is empty")
        }
        guard let format = description != nil ? .evemu : RecordingFormat.detect(prefix) else {
            throw TactileError(.badData, file: path, line: 1,
                               "not a recording Tactile reads (\(RecordingFormat.names))")
        }
        switch format {
        case .trace:
            return .trace(try TraceReader(lines: lines))
        case .evemu:
            let desc = try description.map { LineReader(source: try InputFile.open($0), name: $0) }
            return .evemu(try EvemuReader(lines: lines, description: desc))
        case .getevent:
            // Decoded whole: without a description, a device is known only once all its
            // events have been seen.
            let (header, frames) = try GeteventReader.read(lines)
            return .decoded(header: header, frames: frames, next: 0)
        case .libinputRecord:
            guard let decode = libinputRecord else {
                throw TactileError(.badData, file: path, line: 1, "a libinput record YAML file, which this program was built without")
            }
            // YAML is read whole and its tree takes several times the text's size; the limit
            // keeps memory under 64 MB. Longer sessions belong in traces, which stream.
            let bytes = try Self.readWhole(lines, path: path, limit: Self.maxLibinputRecordSize, what: "a libinput recording")
            let (header, frames) = try decode(bytes, path)
            return .decoded(header: header, frames: frames, next: 0)
        }
    }
}
