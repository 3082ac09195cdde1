/// The recording formats Tactile reads and writes, detected from content, not file names.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// Tactile trace v1 (JSON Lines).
    case trace
    /// evemu-record output (`# EVEMU 1.x`, `N:`/`E:` lines).
    case evemu
    /// `libinput record` YAML.
    case libinputRecord = "libinput-record"
    /// Android `getevent -t` / `-lt` text, with or without the `-p` description.
    case getevent

    /// What a person calls it, with its article ("an evemu recording"): in help and errors.
    public var name: String {
        switch self {
        case .trace: "a tactile trace"
        case .evemu: "an evemu recording"
        case .libinputRecord: "a libinput record YAML file"
        case .getevent: "an Android getevent capture"
        }
    }

    /// The file name endings that name it, for choosing an output's format (an input's is
    /// read from its content, never its name).
    public var extensions: [String] {
        switch self {
        case .trace: [".jsonl", ".json", ".trace"]
        case .evemu: [".evemu", ".events", ".event"]
        case .libinputRecord: [".yml", ".yaml"]
        case .getevent: [".getevent"]
        }
    }

    /// The format an output file's name ending names, or nil.
    public static func of(path: String) -> RecordingFormat? {
        let lower = path.lowercased()
        return allCases.first { f in f.extensions.contains { lower.hasSuffix($0) } }
    }

    /// Every format by name, joined with commas and "or" ("a tactile trace, ... or an
    /// Android getevent capture"): what help and errors say is read.
    public static var names: String {
        let all = allCases.map(\.name)
        return all.dropLast().joined(separator: ", ") + " or " + all.last!
    }

    /// Decides from the first bytes of a file; nil when it is none of them.
    public static func detect(_ prefix: [UInt8]) -> RecordingFormat? {
        var text = Substring(decoding: prefix, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text = text.dropFirst() }
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let l = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if l.isEmpty { continue }
            if l.hasPrefix("{") { return .trace }
            // (events without times are getevent without -t: its reader says what to do)
            if l.hasPrefix("add device ") || l.hasPrefix("could not ") || l.hasPrefix("/dev/input/") { return .getevent }
            if l.hasPrefix("["), l.dropFirst().drop(while: { $0 == " " }).first?.isNumber == true,
               l.contains("]") { return .getevent }
            if l.hasPrefix("# EVEMU") { return .evemu }
            if l.hasPrefix("#") { continue }  // YAML and evemu both allow comments
            if l.count >= 2, "NIPBALSE".contains(l.first!), l.dropFirst().first == ":" { return .evemu }
            if l.hasPrefix("---") || l.hasPrefix("version:") || l.hasPrefix("ndevices:")
                || l.hasPrefix("libinput:") || l.hasPrefix("devices:") || l.hasPrefix("system:") {
                return .libinputRecord
            }
            return nil
        }
        return nil
    }
}

/// Reads events from any recording, one at a time, in file order.
public enum RecordingReader {
    /// A trace, streamed line by line.
    case trace(TraceReader)
    /// An evemu recording, streamed.
    case evemu(EvemuReader)
    /// A recording decoded whole (libinput record YAML), served from memory as compact
    /// frames (a `InputEvent` is as large as its largest case, a touch frame).
    case decoded(header: InputDevices, frames: [DecodedFrame], next: Int)

    /// The devices the recording describes.
    public var header: InputDevices {
        switch self {
        case .trace(let r): return r.header
        case .evemu(let r): return r.header
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
        case .evemu(let r): return try r.next()
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
