/// Reads Android `getevent` captures: `getevent -t` (hex) and `getevent -lt` (the kernel's
/// names), from one device or from all of them (each line then names its node), with the
/// `getevent -p`/`-lp` description in front when it was captured too.
///
/// ```
/// add device 1: /dev/input/event2
///   name:     "sec_touchscreen"
///   events:
///     ABS (0003): ABS_MT_SLOT           : value 0, min 0, max 9, fuzz 0, flat 0, resolution 0
///                 ABS_MT_POSITION_X     : value 0, min 0, max 1079, fuzz 0, flat 0, resolution 0
///   input props:
///     INPUT_PROP_DIRECT
/// [   4127.391263] /dev/input/event2: EV_ABS       ABS_MT_TRACKING_ID   000002f1
/// [   4127.391263] /dev/input/event2: 0003 0035 000001a4
/// ```
///
/// Without a description, a device's capabilities are inferred from its events (codes
/// seen, axis ranges from the values; see `GeteventInference`) and the device says so
/// (`DeviceDescription.inferred`). Times are the kernel's; the first event's becomes the
/// recording's `origin`. A capture cut off mid-line (its last line unfinished, no newline)
/// loses that line only. getevent without `-t` has no times and is refused.
///
/// The description may also come from a file of its own (`getevent -lp` run later on the
/// same phone, given with `--desc`): it is read first, as if at the top of the capture.
/// `wm size` and `wm density` lines anywhere give the display's size (`AndroidDisplay`).
public enum GeteventReader {
    /// The largest capture read (it is decoded whole; about 1.5 million events).
    public static let maxSize = 64 << 20

    /// The devices and their frames, in the order their SYN_REPORTs were read; `description`
    /// is a separate `getevent -p`/`-lp` description, read first.
    public static func read(_ lines: LineReader, description: LineReader? = nil) throws -> (InputDevices, [DecodedFrame]) {
        var parser = GeteventParser(file: description?.name ?? lines.name)
        if let description {
            while let line = try description.nextLine({ String(decoding: $0, as: UTF8.self) }) {
                if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("[") {
                    throw TactileError(.badData, file: description.name, line: description.lineNumber,
                                       "a description file should hold no events (it is getevent -lp's output)")
                }
                try parser.take(line, number: description.lineNumber)
            }
            parser.file = lines.name
            parser.section = .none
            parser.current = nil
        }
        var size = 0
        while let line = try lines.nextLine({ String(decoding: $0, as: UTF8.self) }) {
            size += line.utf8.count + 1
            if size > maxSize {
                throw TactileError(.badData, file: lines.name,
                                   "a getevent capture over \(maxSize >> 20) MiB is more than tactile reads whole; convert it in parts")
            }
            do {
                try parser.take(line, number: lines.lineNumber)
            } catch where !lines.endedWithNewline {
                // The capture was cut off mid-line: that line is lost, nothing else.
            }
        }
        return try parser.finish()
    }
}

/// One line at a time: the description blocks, then the events.
struct GeteventParser {
    var file: String

    /// A device as the capture names it (`/dev/input/event2`).
    struct Device {
        var node: String
        var name: String?
        var inputID = InputID(bustype: 0, vendor: 0, product: 0, version: 0)
        var described = false
        var codes: [UInt16: Set<UInt16>] = [:]
        var absinfo: [UInt16: AbsInfo] = [:]
        var properties: [UInt16] = []
        var inference = GeteventInference()
        var pending: [EvdevEvent] = []
        var lastFrameTime: Timestamp?
    }

    var devices: [Device] = []
    var byNode: [String: Int] = [:]
    var frames: [(device: Int, frame: EvdevFrame)] = []
    var origin: Int64?

    /// Where the description lines go.
    enum Section { case none, info, events(type: UInt16?), properties }
    var section = Section.none
    var current: Int?
    /// The phone's display, when the capture holds `wm size` and `wm density` lines.
    var display = AndroidDisplay()
    /// `soleDevice`, found at the first event without a node after the description lines.
    var soleCache: Int??

    init(file: String) { self.file = file }

    mutating func take(_ raw: String, number: Int) throws {
        var line = Substring(raw)
        if line.last == "\r" { line = line.dropLast() }
        let trimmed = line.drop(while: { $0 == " " || $0 == "\t" })
        if trimmed.isEmpty { return }
        if trimmed.hasPrefix("[") { return try event(trimmed, number: number) }
        soleCache = nil  // a description line may change which device events without a node go to
        if trimmed.hasPrefix("/dev/") && trimmed.contains(": ") && !line.hasPrefix(" ") {
            throw error(number, "an event without a time: capture with getevent -t (or -lt)")
        }
        // getevent's own complaints about nodes it could not open, often captured with 2>&1.
        if trimmed.hasPrefix("could not ") || trimmed.hasPrefix("remove device ") { return }
        if trimmed.hasPrefix("#") { return }  // a note someone added to the capture
        if try display.take(trimmed, number: number, file: file) { return }
        if trimmed.hasPrefix("add device ") {
            guard let colon = trimmed.firstIndex(of: ":") else { throw error(number, "'add device' without its node") }
            let node = trimmed[trimmed.index(after: colon)...].trimmingBlanks()
            guard node.hasPrefix("/") else { throw error(number, "'add device' without its node") }
            // getevent -t alone announces every node too, with its name only: described is
            // what -p adds, its `events:` list.
            current = device(String(node))
            section = .info
            return
        }
        guard let d = current else {
            throw error(number, "not a getevent line: '\(trimmed.prefix(60))'")
        }
        let indent = line.count - trimmed.count
        if let value = field(trimmed, "name:") {
            devices[d].name = unquoted(value)
        } else if let value = field(trimmed, "bus:") {
            devices[d].inputID.bustype = try hex16(value, number)
        } else if let value = field(trimmed, "vendor") {
            devices[d].inputID.vendor = try hex16(value, number)
        } else if let value = field(trimmed, "product") {
            devices[d].inputID.product = try hex16(value, number)
        } else if trimmed.hasPrefix("version") && indent == 2 {
            // "version   0100" (the id's, hex) or "version:  1.0.1" (the driver's)
            let value = trimmed.dropFirst("version".count)
            if !value.hasPrefix(":") { devices[d].inputID.version = try hex16(value, number) }
        } else if trimmed.hasPrefix("location:") || trimmed.hasPrefix("id:") || trimmed.hasPrefix("HID descriptor") {
            section = .info
        } else if trimmed == "events:" {
            devices[d].described = true
            section = .events(type: nil)
        } else if trimmed == "input props:" {
            section = .properties
        } else {
            switch section {
            case .events(let type): try capability(trimmed, type: type, device: d, number: number)
            case .properties: try property(trimmed, device: d, number: number)
            case .none, .info: break  // other -i details (HID descriptor bytes, ...)
            }
        }
    }

    /// `KEY (0001): 0145  014a*` or `ABS (0003): ABS_MT_SLOT  : value 0, min 0, max 9, ...`,
    /// and the lines that continue one.
    mutating func capability(_ text: Substring, type: UInt16?, device d: Int, number: Int) throws {
        var rest = text
        var type = type
        if let open = text.firstIndex(of: "("), let close = text.firstIndex(of: ")"), open < close,
           text[text.index(after: close)...].hasPrefix(":"),
           let t = UInt16(text[text.index(after: open)..<close], radix: 16) {
            type = t
            section = .events(type: t)
            rest = text[text.index(close, offsetBy: 2)...]
        }
        guard let type else { throw error(number, "a capability line before its event type: '\(text.prefix(60))'") }
        if type == EventType.abs {
            // One axis per line: "CODE : value V, min A, max B, fuzz F, flat L, resolution R".
            let parts = rest.split(separator: ":", maxSplits: 1)
            guard let first = parts.first else { return }
            let code = try codeValue(first.trimmingBlanks().trimmingDownMark(), type: type, number)
            var info = AbsInfo(minimum: 0, maximum: 0)
            if parts.count == 2 {
                for item in parts[1].split(separator: ",") {
                    let kv = item.split(separator: " ", omittingEmptySubsequences: true)
                    guard kv.count == 2, let v = Int32(kv[1]) else { throw error(number, "bad axis detail '\(item.trimmingBlanks())'") }
                    switch kv[0] {
                    case "value": info.value = v
                    case "min": info.minimum = v
                    case "max": info.maximum = v
                    case "fuzz": info.fuzz = v
                    case "flat": info.flat = v
                    case "resolution": info.resolution = v
                    default: break
                    }
                }
            }
            devices[d].absinfo[code] = info
            devices[d].codes[type, default: []].insert(code)
            return
        }
        for token in rest.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
            let code = try codeValue(token.trimmingDownMark(), type: type, number)
            devices[d].codes[type, default: []].insert(code)
        }
    }

    mutating func property(_ text: Substring, device d: Int, number: Int) throws {
        if text == "<none>" { return }
        if let p = EventCodeNames.property(named: text) ?? UInt16(text, radix: 16) {
            if !devices[d].properties.contains(p) { devices[d].properties.append(p) }
        } else {
            throw error(number, "unknown input property '\(text.prefix(40))'")
        }
    }

    /// `[   4127.391263] /dev/input/event2: 0003 0035 000001a4` and its `-l` form.
    mutating func event(_ text: Substring, number: Int) throws {
        section = .none
        guard let close = text.firstIndex(of: "]") else { throw error(number, "an event time without its ']'") }
        let time = try timestamp(text[text.index(after: text.startIndex)..<close].trimmingBlanks(), number)
        var rest = text[text.index(after: close)...].trimmingBlanks()
        var node = "(the device)"
        if rest.hasPrefix("/"), let colon = rest.firstIndex(of: ":") {
            node = String(rest[..<colon])
            rest = rest[rest.index(after: colon)...].trimmingBlanks()
        } else {
            if soleCache == nil { soleCache = .some(soleDevice) }
            if let only = soleCache! { node = devices[only].node }  // getevent -t NODE: the one device described
        }
        var tokens = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
        // "-r" adds " rate N" after a SYN_REPORT.
        if tokens.count == 5, tokens[3] == "rate" { tokens.removeLast(2) }
        guard tokens.count == 3 else {
            throw error(number, "an event needs type, code and value: '\(rest.prefix(60))'")
        }
        guard let type = EventCodeNames.type(named: tokens[0]) ?? UInt16(tokens[0], radix: 16), tokens[0].count <= 12,
              type <= EventType.max
        else { throw error(number, "bad event type '\(tokens[0])'") }
        let code = try codeValue(tokens[1], type: type, number)
        let value = try eventValue(tokens[2], number)
        let d = device(node)
        if origin == nil { origin = time }
        let event = EvdevEvent(type: type, code: code, value: value, time: Timestamp(microseconds: time - origin!))
        devices[d].inference.observe(event)
        devices[d].pending.append(event)
        if event.isSynReport {
            try flush(d, number: number)
        } else if devices[d].pending.count > 65536 {
            throw error(number, "more than 65536 events without a SYN_REPORT")
        }
    }

    mutating func flush(_ d: Int, number: Int) throws {
        let frame = EvdevFrame(events: devices[d].pending)
        devices[d].pending.removeAll(keepingCapacity: true)
        if let last = devices[d].lastFrameTime, frame.time < last {
            throw error(number, "time goes backwards on \(devices[d].node): \(frame.time) after \(last)")
        }
        devices[d].lastFrameTime = frame.time
        frames.append((d, frame))
    }

    mutating func finish() throws -> (InputDevices, [DecodedFrame]) {
        for d in devices.indices where !devices[d].pending.isEmpty {
            try flush(d, number: 0)  // a capture cut off mid-frame: kept as it is, like evemu's
        }
        // Devices described but silent are left out: a `getevent -lp` lists every node.
        let used = Set(frames.map(\.device))
        guard !used.isEmpty else { throw TactileError(.badData, file: file, "no events: a getevent capture needs -t and some input") }
        var ids: [Int: Int] = [:]
        var descriptions: [DeviceDescription] = []
        for d in devices.indices where used.contains(d) {
            ids[d] = descriptions.count
            descriptions.append(description(devices[d], id: descriptions.count))
        }
        let header = InputDevices(devices: descriptions, origin: origin.map { Timestamp(microseconds: $0) })
        return (header, frames.map { DecodedFrame(device: ids[$0.device]!, frame: $0.frame) })
    }

    func description(_ device: Device, id: Int) -> DeviceDescription {
        var caps: EvdevCapabilities
        if device.described {
            caps = EvdevCapabilities(inputID: device.inputID, properties: device.properties.sorted(), codes: [:], absinfo: device.absinfo)
            for (type, codes) in device.codes where type != EventType.abs { caps.codes[type] = codes.sorted() }
            caps.codes[EventType.syn] = SynCode.all
            if !device.absinfo.isEmpty { caps.codes[EventType.abs] = device.absinfo.keys.sorted() }
        } else {
            caps = device.inference.capabilities(name: device.name)
            if caps.kind == .touchpad { caps = Self.touchpadShaped(caps) }
        }
        let name = device.name ?? device.node
        var d = DeviceDescription(id: id, name: name, evdev: caps)
        if d.kind == .touchscreen, d.sizeSource == .assumed, let sized = display.size(of: caps, rangesGuessed: !device.described) {
            d = DeviceDescription(id: id, name: name, evdev: sized.caps)
            d.size = sized.size
            d.sizeSource = .display
        } else if d.kind == .touchscreen, d.sizeSource == .assumed, !device.described, let size = AndroidDisplay.assumedSize(of: caps) {
            d.size = size  // still assumed: the frame assembler takes it for a device whose ranges were guessed
        }
        d.inferred = !device.described
        return d
    }

    /// A touchpad known only from its events is sized as libinput sizes one without a
    /// resolution, 69 × 50 mm over its ranges (`DeviceGeometry.assumedTouchpadSize`). Its
    /// ranges, the largest values seen, can have any shape, and on them that size would give
    /// x and y units of different lengths: two fingers turning at a constant spread would
    /// pinch and turn less. So the shorter range is first widened to the pad's shape, as a
    /// range guessed from what was seen may be: the units stay square.
    static func touchpadShaped(_ caps: EvdevCapabilities) -> EvdevCapabilities {
        var caps = caps
        let assumed = DeviceGeometry.assumedTouchpadSize
        let shape = assumed.width.value / assumed.height.value
        for (xCode, yCode) in [(AbsCode.mtPositionX, AbsCode.mtPositionY), (AbsCode.x, AbsCode.y)] {
            guard var x = caps.absinfo[xCode], var y = caps.absinfo[yCode], x.resolution == 0 || y.resolution == 0 else { continue }
            if x.span / y.span > shape {
                y.maximum = y.minimum + Int32(clamping: Int64((x.span / shape).rounded(.up)))
            } else {
                x.maximum = x.minimum + Int32(clamping: Int64((y.span * shape).rounded(.up)))
            }
            caps.absinfo[xCode] = x
            caps.absinfo[yCode] = y
        }
        return caps
    }

    /// The device events without a node belong to (`getevent -t NODE` names none): the only
    /// device, or the only one described with positions (a description of every node,
    /// `getevent -lp`, given for one touchscreen's capture).
    var soleDevice: Int? {
        if devices.count == 1 { return 0 }
        let touch = devices.indices.filter {
            devices[$0].described && (devices[$0].absinfo[AbsCode.mtPositionX] != nil || devices[$0].absinfo[AbsCode.x] != nil)
        }
        return touch.count == 1 ? touch[0] : nil
    }

    mutating func device(_ node: String) -> Int {
        if let d = byNode[node] { return d }
        devices.append(Device(node: node))
        byNode[node] = devices.count - 1
        return devices.count - 1
    }

    // MARK: - Fields

    func field(_ text: Substring, _ key: String) -> Substring? {
        guard text.hasPrefix(key) else { return nil }
        return text.dropFirst(key.count).trimmingBlanks()
    }

    func unquoted(_ text: Substring) -> String {
        var t = text
        if t.hasPrefix("\""), t.hasSuffix("\""), t.count >= 2 { t = t.dropFirst().dropLast() }
        return String(t)
    }

    func hex16(_ text: Substring, _ number: Int) throws -> UInt16 {
        guard let v = UInt16(text.trimmingBlanks(), radix: 16) else { throw error(number, "bad hex number '\(text.trimmingBlanks())'") }
        return v
    }

    /// A code by its name (`ABS_MT_SLOT`) or in hex (`002f`).
    func codeValue(_ text: Substring, type: UInt16, _ number: Int) throws -> UInt16 {
        if let named = EventCodeNames.code(named: text) {
            guard named.type == type else { throw error(number, "\(text) is not a code of event type \(type)") }
            return named.code
        }
        guard text.count <= 4, let c = UInt16(text, radix: 16), let limit = EventCodeLimits.maxCode(forType: type), c <= limit else {
            throw error(number, "bad event code '\(text.prefix(30))' for type \(type)")
        }
        return c
    }

    /// Eight hex digits, two's complement (`ffffffff` is -1), or one of getevent's labels.
    func eventValue(_ text: Substring, _ number: Int) throws -> Int32 {
        switch text {
        case "UP": return 0
        case "DOWN": return 1
        case "REPEAT": return 2
        case "MT_TOOL_FINGER": return 0
        case "MT_TOOL_PEN": return 1
        case "MT_TOOL_PALM": return 2
        case "MT_TOOL_DIAL": return 10
        default:
            guard text.count <= 8, let v = UInt32(text, radix: 16) else { throw error(number, "bad event value '\(text.prefix(30))'") }
            return Int32(bitPattern: v)
        }
    }

    /// `4127.391263`: seconds and microseconds.
    func timestamp(_ text: Substring, _ number: Int) throws -> Int64 {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let s = Int64(parts[0]), s >= 0, s < 1 << 40,
              parts[1].count <= 6, let us = Int64(parts[1]), us >= 0
        else { throw error(number, "bad event time '\(text.prefix(30))'") }
        var micros = us
        for _ in parts[1].count..<6 { micros *= 10 }
        return s * 1_000_000 + micros
    }

    func error(_ number: Int, _ message: String) -> TactileError {
        TactileError(.badData, file: file, line: number, message)
    }
}

extension Substring {
    fileprivate func trimmingBlanks() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
        return s
    }

    /// `014a*`: getevent marks keys held down when it looked.
    fileprivate func trimmingDownMark() -> Substring { last == "*" ? dropLast() : self }
}
