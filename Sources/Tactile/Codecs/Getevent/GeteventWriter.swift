/// Writes raw frames as Android's `getevent -lp` description followed by `getevent -lt`
/// events (or the hex forms, `labels: false`), one node per device (`/dev/input/event<id>`):
/// what a phone's capture looks like, so captures can be compared and tools fed. A device
/// whose capabilities were guessed from a capture without `-p` (`inferred`) is written as
/// `getevent -t` announces it, its name only, so that reading it back guesses again rather
/// than taking the guesses for the kernel's.
public struct GeteventWriter {
    private let output: OutputFile
    private let origin: Int64
    private let labels: Bool
    private let nodes: [Int: String]
    private var line: [UInt8] = []

    /// Writes the devices' `getevent -lp` description to `output` (`labels: false`: `-p`, numbers).
    public init(output: OutputFile, header: InputDevices, labels: Bool = true) throws {
        self.output = output
        self.origin = header.origin?.microseconds ?? 0
        self.labels = labels
        var nodes: [Int: String] = [:]
        var text = ""
        for d in header.devices {
            guard let caps = d.evdev else {
                throw TactileError(.badData, file: output.path, "device \(d.id) has no evdev description to write as getevent")
            }
            let node = "/dev/input/event\(d.id)"
            nodes[d.id] = node
            text += "add device \(d.id + 1): \(node)\n"
            if d.inferred {
                text += "  name:     \"\(d.name)\"\n"
                continue
            }
            let id = caps.inputID
            text += "  bus:      \(hex(id.bustype, 4))\n  vendor    \(hex(id.vendor, 4))\n"
            text += "  product   \(hex(id.product, 4))\n  version   \(hex(id.version, 4))\n"
            text += "  name:     \"\(d.name)\"\n"
            text += "  events:\n"
            for type in caps.codes.keys.sorted() where type != EventType.syn {
                let label = Self.typeLabel(type)
                if type == EventType.abs {
                    for (i, code) in caps.absinfo.keys.sorted().enumerated() {
                        let a = caps.absinfo[code]!
                        text += i == 0 ? "    \(label) (\(hex(type, 4))):" : "\n               "
                        text += " " + Self.codeText(type, code, labels: labels, pad: true)
                        text += " : value \(a.value), min \(a.minimum), max \(a.maximum), fuzz \(a.fuzz), flat \(a.flat), resolution \(a.resolution)"
                    }
                    text += "\n"
                    continue
                }
                for (i, code) in (caps.codes[type] ?? []).enumerated() {
                    if i == 0 { text += "    \(label) (\(hex(type, 4))):" } else if i % (labels ? 4 : 8) == 0 { text += "\n               " }
                    text += " " + Self.codeText(type, code, labels: labels, pad: true)
                }
                text += "\n"
            }
            text += "  input props:\n"
            if caps.properties.isEmpty { text += "    <none>\n" }
            for p in caps.properties {
                text += "    " + (labels ? EventCodeNames.property(p) ?? hex(p, 4) : hex(p, 4)) + "\n"
            }
        }
        self.nodes = nodes
        try output.write(text)
    }

    /// getevent's three-letter names in the description (`KEY (0001):`).
    static func typeLabel(_ type: UInt16) -> String {
        switch type {
        case EventType.key: "KEY"
        case EventType.rel: "REL"
        case EventType.abs: "ABS"
        case EventType.msc: "MSC"
        case EventType.sw: "SW "
        case EventType.led: "LED"
        case EventType.snd: "SND"
        case EventType.rep: "REP"
        case EventType.ff: "FF "
        case EventType.pwr: "PWR"
        case EventType.ffStatus: "FFS"
        default: "???"
        }
    }

    /// A code's name padded as getevent pads it (`-l`), or its four hex digits.
    private static func codeText(_ type: UInt16, _ code: UInt16, labels: Bool, pad: Bool) -> String {
        guard labels else { return hex(code, 4) }
        let name = EventCodeNames.code(type: type, code: code) ?? hex(code, 4)
        return pad ? name.padding(20) : name
    }

    /// Writes one raw frame of `device` as `getevent -lt` lines.
    public mutating func write(_ frame: EvdevFrame, device: Int) throws {
        guard let node = nodes[device] else {
            throw TactileError(.badData, file: output.path, "an event of device \(device), which the header does not list")
        }
        line.removeAll(keepingCapacity: true)
        for e in frame.events {
            let t = e.time.microseconds + origin
            let seconds = String(t / 1_000_000), micros = String(t % 1_000_000)
            line.append(contentsOf: "[\(String(repeating: " ", count: max(0, 8 - seconds.count)))\(seconds).\(pad(micros, 6))] \(node): ".utf8)
            if labels {
                let type = EventCodeNames.type(e.type) ?? hex(e.type, 4)
                let code = EventCodeNames.code(type: e.type, code: e.code) ?? hex(e.code, 4)
                // Key values as getevent names them; everything else in hex.
                let value = e.type == EventType.key && (0...2).contains(e.value)
                    ? ["UP", "DOWN", "REPEAT"][Int(e.value)] : hex(UInt32(bitPattern: e.value), 8)
                line.append(contentsOf: "\(type.padding(12)) \(code.padding(20)) \(value)".utf8)
            } else {
                line.append(contentsOf: "\(hex(e.type, 4)) \(hex(e.code, 4)) \(hex(UInt32(bitPattern: e.value), 8))".utf8)
            }
            line.append(0x0a)
        }
        try output.write(line)
    }

    /// Puts the output file in place.
    public func finish() throws { try output.commit() }
}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
