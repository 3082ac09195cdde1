/// A recording format Tactile reads and writes, by its name (`convert --to`): one of the
/// codecs of `Recordings.codecs`, which say what each is, how it is told from its content
/// (never from a file's name), read and written.
public struct RecordingFormat: RawRepresentable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// Its name.
    public let rawValue: String
    /// The format of that name in the list, or nil.
    public init?(rawValue: String) {
        guard let known = Recordings.codecs.first(where: { $0.format.rawValue == rawValue }) else { return nil }
        self = known.format
    }
    /// A format of this name: what a new codec calls its own.
    public init(_ name: String) { rawValue = name }

    /// Tactile trace v1 (JSON Lines).
    public static let trace = RecordingFormat("trace")
    /// evemu-record output (`# EVEMU 1.x`, `N:`/`E:` lines).
    public static let evemu = RecordingFormat("evemu")
    /// `libinput record` YAML.
    public static let libinputRecord = RecordingFormat("libinput-record")
    /// Android `getevent -t` / `-lt` text, with or without the `-p` description.
    public static let getevent = RecordingFormat("getevent")

    /// Every format, in the list's order.
    public static var allCases: [RecordingFormat] { Recordings.codecs.map(\.format) }

    /// Its name.
    public var description: String { rawValue }

    /// Its codec in the list; nil for a format the list does not have.
    public var codec: (any RecordingCodec)? { Recordings.codecs.first { $0.format == self } }

    /// What a person calls it, with its article ("an evemu recording"): in help and errors.
    public var name: String { codec?.name ?? "a \(rawValue) recording" }

    /// The file name endings that name it, for choosing an output's format (an input's is
    /// read from its content, never its name).
    public var extensions: [String] { codec?.extensions ?? [] }

    /// The format an output file's name ending names, or nil.
    public static func of(path: String) -> RecordingFormat? {
        let lower = path.lowercased()
        return allCases.first { f in f.extensions.contains { lower.hasSuffix($0) } }
    }

    /// `formats`' names joined with commas and `conjunction` ("an evemu recording, a
    /// libinput record YAML file and an Android getevent capture"): for help.
    public static func names(of formats: [RecordingFormat], _ conjunction: String) -> String {
        let all = formats.map(\.name)
        guard all.count > 1 else { return all.first ?? "" }
        return all.dropLast().joined(separator: ", ") + " \(conjunction) " + all.last!
    }

    /// Every format by name, joined with commas and "or" ("a tactile trace, ... or an
    /// Android getevent capture"): what help and errors say is read.
    public static var names: String { Recordings.names(of: Recordings.codecs) }

    /// Decides from the first bytes of a file; nil when it is none of them.
    public static func detect(_ prefix: [UInt8]) -> RecordingFormat? {
        Recordings.detect(prefix, among: Recordings.codecs)?.format
    }
}

/// A recording read event by event as the file is read (evemu's): what a codec opens a
/// streamed format as (`RecordingReader.streamed`), with no case of its own.
public protocol RecordingStream: AnyObject {
    /// The devices the recording describes.
    var header: InputDevices { get }
    /// The next event in file order; nil at the end.
    func next() throws -> InputEvent?
}

/// Reads events from any recording, one at a time, in file order. A codec opens its format
/// as one of three ways of reading: a trace (whose lines `InputPipeline` also decodes in
/// chunks on two threads), a stream, or frames decoded whole.
public enum RecordingReader {
    /// A trace, streamed line by line.
    case trace(TraceReader)
    /// A recording of another format streamed by its own reader (evemu).
    case streamed(any RecordingStream)
    /// A recording decoded whole (libinput record YAML), served from memory as compact
    /// frames (a `InputEvent` is as large as its largest case, a touch frame).
    case decoded(header: InputDevices, frames: [DecodedFrame], next: Int)

    /// The devices the recording describes.
    public var header: InputDevices {
        switch self {
        case .trace(let r): return r.header
        case .streamed(let r): return r.header
        case .decoded(let h, _, _): return h
        }
    }

    public mutating func next() throws -> InputEvent? {
        // A trace decodes into the buffer its reader keeps; the other formats have none.
        if case .trace(let r) = self { return try r.next() }
        var unused = TouchFrame.Contacts()
        return try next(reusing: &unused)
    }

    /// The next event; a trace's contacts are decoded into `contacts`' storage (see
    /// `TraceReader.next(reusing:)`).
    public mutating func next(reusing contacts: inout TouchFrame.Contacts) throws -> InputEvent? {
        switch self {
        case .trace(let r): return try r.next(reusing: &contacts)
        case .streamed(let r): return try r.next()
        case .decoded(let h, let frames, let i):
            guard i < frames.count else { return nil }
            self = .decoded(header: h, frames: frames, next: i + 1)
            return .evdev(device: frames[i].device, frame: frames[i].frame)
        }
    }
}

/// One raw frame of one device, as a recording read whole keeps it.
public struct DecodedFrame: Sendable {
    /// The device's id.
    public var device: Int
    /// The frame.
    public var frame: EvdevFrame
    /// One frame of `device`.
    public init(device: Int, frame: EvdevFrame) { self.device = device; self.frame = frame }
}
