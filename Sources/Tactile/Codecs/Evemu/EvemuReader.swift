/// Reads an evemu recording (`# EVEMU 1.0` to `1.3`) in constant memory.
///
/// The description (`N: I: P: B: A: L: S:`) comes first, either in the same file or in a
/// separate `.desc` file; then `E:` lines, grouped into frames at each `SYN_REPORT`.
/// Timestamps may be absolute kernel times or relative to the recording's start; the
/// first event's time becomes the trace's `origin` so converting back is exact.
public final class EvemuReader: RecordingStream {
    private let lines: LineReader
    /// The device the recording describes, as the header of a one-device source.
    public let header: InputDevices
    private var pending: [EvdevEvent] = []
    private var lastFrameTime: Timestamp?
    /// First `E:` line, read while looking for the end of the description.
    private var firstEvent: EvdevEvent?
    private var firstEventLine = 0
    private let origin: Int64

    /// The file's name, for messages.
    public var name: String { lines.name }

    /// `description` reads the device from a separate file (an `.events` recording with its
    /// `.desc`); otherwise the description must be at the top of `lines`.
    public init(lines: LineReader, description: LineReader? = nil) throws {
        var builder = EvemuDescriptionBuilder()
        var firstEvent: EvdevEvent?
        if let desc = description {
            if let stray = try Self.readDescription(desc, into: &builder) {
                throw TactileError(.badData, file: desc.name, line: stray.line,
                                   "a description file should hold no events")
            }
            // The events file may repeat a description; later lines win.
        }
        let first = try Self.readDescription(lines, into: &builder)
        if let first { firstEvent = first.event; firstEventLine = first.line }
        guard !builder.isEmpty else {
            throw TactileError(.badData, file: lines.name,
                               "no device description (N:, I:, B:, A: lines); " + TactileError.evemuDescriptionRemedy)
        }
        let caps = builder.capabilities()
        let device = DeviceDescription(id: 0, name: builder.name ?? "", evdev: caps)
        let origin = firstEvent?.time.microseconds ?? 0
        self.origin = origin
        self.header = InputDevices(devices: [device], origin: origin == 0 ? nil : Timestamp(microseconds: origin))
        if var e = firstEvent {
            e.time = Timestamp(microseconds: e.time.microseconds - origin)
            self.firstEvent = e
        }
        self.lines = lines
    }

    /// Reads description lines until the first `E:` line, which it returns.
    private static func readDescription(
        _ lines: LineReader, into builder: inout EvemuDescriptionBuilder
    ) throws -> (event: EvdevEvent, line: Int)? {
        let name = lines.name
        while true {
            let lineNumber = lines.lineNumber + 1
            let read = try lines.nextLine { (line) throws(TactileError) -> EvdevEvent? in
                let text = Self.stripComment(line)
                guard let prefix = text.first else { return nil }
                guard text.count >= 2, text[text.startIndex + 1] == 0x3a else {
                    throw TactileError(.badData, file: name, line: lineNumber, "not an evemu line: \(Self.preview(line))")
                }
                if prefix == UInt8(ascii: "E") {
                    do throws(EvemuLineError) {
                        return try Self.parseEvent(text)
                    } catch {
                        throw TactileError(.badData, file: name, line: lineNumber, error.message)
                    }
                }
                let body = text.dropFirst(2)
                let restText = Substring(decoding: body.drop(while: { $0 == 0x20 }), as: UTF8.self)
                let fields = restText.split(whereSeparator: { $0 == " " || $0 == "\t" })
                do throws(EvemuLineError) {
                    try builder.take(prefix, fields, rest: prefix == UInt8(ascii: "N") ? Self.nameText(line) : restText)
                } catch {
                    throw TactileError(.badData, file: name, line: lineNumber, "\(error.message): \(Self.preview(line))")
                }
                return nil
            }
            guard let read else { return nil }  // end of file
            if let event = read { return (event, lineNumber) }
        }
    }

    /// The next frame (events up to and including `SYN_REPORT`; a last frame without one
    /// is returned as it is), or nil at the end.
    public func next() throws -> InputEvent? {
        if let e = firstEvent {
            firstEvent = nil
            pending.append(e)
            if e.isSynReport { return try flush(line: firstEventLine) }
        }
        let name = lines.name
        let origin = self.origin
        while true {
            let lineNumber = lines.lineNumber + 1
            let read = try lines.nextLine { (line) throws(TactileError) -> EvdevEvent? in
                let text = Self.stripComment(line)
                guard !text.isEmpty else { return nil }
                guard text.count >= 2, text[text.startIndex] == UInt8(ascii: "E"), text[text.startIndex + 1] == 0x3a else {
                    throw TactileError(.badData, file: name, line: lineNumber,
                                       "expected an event line (E:), found: \(Self.preview(line))")
                }
                do throws(EvemuLineError) {
                    var e = try Self.parseEvent(text)
                    e.time = Timestamp(microseconds: e.time.microseconds - origin)
                    return e
                } catch {
                    throw TactileError(.badData, file: name, line: lineNumber, error.message)
                }
            }
            guard let read else {
                return pending.isEmpty ? nil : try flush(line: lines.lineNumber)
            }
            guard let event = read else { continue }
            pending.append(event)
            if event.isSynReport { return try flush(line: lineNumber) }
            if pending.count > 65536 {
                throw TactileError(.badData, file: name, line: lineNumber, "more than 65536 events without a SYN_REPORT")
            }
        }
    }

    private func flush(line: Int) throws -> InputEvent {
        let frame = EvdevFrame(events: pending)
        pending.removeAll(keepingCapacity: true)
        if let last = lastFrameTime, frame.time < last {
            throw TactileError(.badData, file: lines.name, line: line,
                               "time goes backwards: \(frame.time) after \(last)")
        }
        lastFrameTime = frame.time
        return .evdev(device: 0, frame: frame)
    }

    /// `E: 1330496004.684626 0003 0039 7`: seconds.micro, hex type, hex code, decimal value.
    static func parseEvent(_ text: Slice<UnsafeBufferPointer<UInt8>>) throws(EvemuLineError) -> EvdevEvent {
        var i = text.startIndex + 2
        func skipBlanks() { while i < text.endIndex, text[i] == 0x20 || text[i] == 0x09 { i += 1 } }
        func token() -> Slice<UnsafeBufferPointer<UInt8>> {
            skipBlanks()
            let s = i
            while i < text.endIndex, text[i] != 0x20 && text[i] != 0x09 { i += 1 }
            return text[s..<i]
        }
        let time = token(), type = token(), code = token(), value = token()
        skipBlanks()
        guard !value.isEmpty, i == text.endIndex else {
            throw EvemuLineError("an event line needs time, type, code and value: \(String(decoding: text, as: UTF8.self))")
        }
        // Time: whole seconds, '.', up to six decimals.
        var seconds: Int64 = 0, micros: Int64 = 0, decimals = 0, seenDot = false
        for b in time {
            if b == 0x2e, !seenDot { seenDot = true; continue }
            guard b &- 0x30 < 10 else { throw EvemuLineError("bad time '\(String(decoding: time, as: UTF8.self))'") }
            if seenDot {
                guard decimals < 6 else { throw EvemuLineError("time has more than six decimals") }
                micros = micros * 10 + Int64(b - 0x30)
                decimals += 1
            } else {
                seconds = seconds * 10 + Int64(b - 0x30)
                // 2^40 s is 35 000 years; beyond it the microseconds would not fit.
                guard seconds < 1 << 40 else { throw EvemuLineError("time is out of range") }
            }
        }
        guard !time.isEmpty, time.first != 0x2e else { throw EvemuLineError("bad time") }
        while decimals < 6 { micros *= 10; decimals += 1 }
        guard let t = UInt16(Substring(decoding: type, as: UTF8.self), radix: 16), t <= EventType.max,
              let limit = EventCodeLimits.maxCode(forType: t)
        else { throw EvemuLineError("bad event type '\(String(decoding: type, as: UTF8.self))'") }
        guard let c = UInt16(Substring(decoding: code, as: UTF8.self), radix: 16), c <= limit else {
            throw EvemuLineError("bad event code '\(String(decoding: code, as: UTF8.self))' for type \(t)")
        }
        guard let v = Int32(Substring(decoding: value, as: UTF8.self)) else {
            throw EvemuLineError("bad event value '\(String(decoding: value, as: UTF8.self))'")
        }
        return EvdevEvent(type: t, code: c, value: v, time: Timestamp(microseconds: seconds * 1_000_000 + micros))
    }

    /// The line without a `#` comment and trailing blanks.
    static func stripComment(_ line: UnsafeBufferPointer<UInt8>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var end = line.firstIndex(of: 0x23) ?? line.count
        while end > 0, line[end - 1] == 0x20 || line[end - 1] == 0x09 || line[end - 1] == 0x0d { end -= 1 }
        var start = 0
        while start < end, line[start] == 0x20 || line[start] == 0x09 { start += 1 }
        return line[start..<end]
    }

    /// The device name keeps everything after `N: `, `#` included.
    static func nameText(_ line: UnsafeBufferPointer<UInt8>) -> Substring {
        var text = Substring(decoding: line, as: UTF8.self).drop(while: { $0 == " " })
        text = text.dropFirst(2).drop(while: { $0 == " " })
        while text.last == " " || text.last == "\r" { text = text.dropLast() }
        return text
    }

    static func preview(_ line: UnsafeBufferPointer<UInt8>) -> String {
        let text = String(decoding: line.prefix(60), as: UTF8.self)
        return "'" + text + (line.count > 60 ? "…'" : "'")
    }
}

extension TactileError {
    /// The last words of the error an evemu `.events` recording without its description
    /// (no N:, I:, B:, A: lines) throws: what to do, in the library's terms (the
    /// `description:` of `Recordings.open(_:description:)` and `RecordingEvents`). A
    /// program with a way of its own to give it says that instead (the command line's
    /// `--desc`).
    public static let evemuDescriptionRemedy = "pass the path of its .desc file as the description"
}
