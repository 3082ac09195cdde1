/// Opens any recording Tactile reads, deciding its format from the content, not from the
/// file's name; and the one list of the formats (`codecs`).
///
/// `libinput record` YAML needs a YAML parser, which the core leaves out (it carries a C
/// library): its codec here tells such files apart and refuses them, and `Recordings.all`
/// in `TactileLibinputRecord` is this list with the codec that reads and writes them.
public struct Recordings: Sendable {
    /// Every format Tactile has, in the order help and errors name them: a new format is its
    /// codec and its line here.
    public static let codecs: [any RecordingCodec] = [TraceCodec(), EvemuCodec(), LibinputRecordCodec(), GeteventCodec()]

    /// The formats this opener reads and writes.
    public let codecs: [any RecordingCodec]

    /// An opener of `codecs` (by default the list, refusing `libinput record` files with
    /// what to do).
    public init(codecs: [any RecordingCodec] = Recordings.codecs) {
        self.codecs = codecs
    }

    /// This opener with `codec` in place of the one of its format.
    public func replacing(_ codec: any RecordingCodec) -> Recordings {
        Recordings(codecs: codecs.map { $0.format == codec.format ? codec : $0 })
    }

    /// The codec of `format`, if this opener has one.
    public func codec(_ format: RecordingFormat) -> (any RecordingCodec)? {
        codecs.first { $0.format == format }
    }

    /// The codecs' formats by name, joined with commas and "or" ("a tactile trace, ... or an
    /// Android getevent capture"): what help and errors say is read.
    static func names(of codecs: [any RecordingCodec]) -> String {
        let all = codecs.map(\.name)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }

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

    /// The codec whose format the first bytes of a file are: the first that claims its first
    /// line that is not blank, skipping `#` comments no codec claims (YAML and evemu both
    /// allow them); nil when none does.
    static func detect(_ prefix: [UInt8], among codecs: [any RecordingCodec]) -> (any RecordingCodec)? {
        var text = Substring(decoding: prefix, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let l = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if l.isEmpty { continue }
            if let codec = codecs.first(where: { $0.claims(l) }) { return codec }
            if l.hasPrefix("#") { continue }
            return nil
        }
        return nil
    }

    /// Opens `path` (`-` for standard input). `description` is the path of a separate
    /// description file (an evemu `.events` recording's `.desc`, or `getevent -lp` output
    /// for a getevent capture made without it), read by the recording's own format when
    /// that reads one, else by evemu's.
    public func open(_ path: String, description: String? = nil) throws -> RecordingReader {
        let lines = LineReader(source: try InputFile.open(path), name: path)
        let prefix = try lines.peek(4096)
        if prefix.allSatisfy({ $0 == 0x20 || $0 == 0x0a || $0 == 0x0d || $0 == 0x09 }) {
            throw TactileError(.badData, file: path, line: 1, "the file is empty")
        }
        var codec = Self.detect(prefix, among: codecs)
        if description != nil && codec?.readsDescription != true { codec = codecs.first(where: \.readsDescription) }
        guard let codec else {
            throw TactileError(.badData, file: path, line: 1,
                               "not a recording Tactile reads (\(Self.names(of: codecs)))")
        }
        return try codec.open(lines, path: path, description: description)
    }

    /// A writer of `format` to `file` for a recording of `header`'s devices.
    public func writer(_ format: RecordingFormat, to file: OutputFile, header: InputDevices,
                       options: RecordingWriteOptions = RecordingWriteOptions()) throws -> any RecordingFileWriter {
        guard let codec = codec(format) else {
            throw TactileError(.usage, "no format named \(format.rawValue); one of \(codecs.map(\.format.rawValue).joined(separator: ", "))")
        }
        return try codec.writer(to: file, header: header, options: options)
    }
}
