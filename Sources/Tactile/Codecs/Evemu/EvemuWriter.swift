/// Writes an evemu 1.3 recording: the description as `evemu-record` lays it out, then one
/// `E:` line per event with the absolute time (trace `origin` + `t`).
public struct EvemuWriter {
    private let output: OutputFile
    private let origin: Int64
    private var line: [UInt8] = []

    /// Bitmask lengths evemu writes per type: (type, highest code).
    static let bitmaskTypes: [(UInt16, UInt16)] = [
        (EventType.syn, 0x0f), (EventType.key, KeyCode.max), (EventType.rel, 0x0f),
        (EventType.abs, AbsCode.max), (EventType.msc, 0x07), (EventType.sw, 0x11),
        (EventType.led, 0x0f), (EventType.snd, 0x07), (EventType.rep, 0x01), (EventType.ff, 0x7f),
    ]

    /// Writes `device`'s evemu description to `output`; event times count from `origin`.
    public init(output: OutputFile, device: DeviceDescription, origin: Timestamp?) throws {
        guard let caps = device.evdev else {
            throw TactileError(.badData, file: output.path,
                               "device \(device.id) has no evdev description to write as evemu")
        }
        self.output = output
        self.origin = origin?.microseconds ?? 0
        var text = "# EVEMU 1.3\n"
        text += "# Input device name: \"\(device.name)\"\n"
        let id = caps.inputID
        text += "# Input device ID: bus 0x\(hex(id.bustype)) vendor 0x\(hex(id.vendor)) "
            + "product 0x\(hex(id.product)) version 0x\(hex(id.version))\n"
        let kind = device.kind.rawValue
        text += "# Written by tactile from \("aeiou".contains(kind.first ?? "x") ? "an" : "a") \(kind) trace\n"
        text += "N: \(device.name)\n"
        text += "I: \(hex(id.bustype, 4)) \(hex(id.vendor, 4)) \(hex(id.product, 4)) \(hex(id.version, 4))\n"
        text += Self.bitmaskLines(prefix: "P: ", codes: caps.properties, highest: InputProperty.max)
        for (type, highest) in Self.bitmaskTypes {
            text += Self.bitmaskLines(prefix: "B: \(hex(type, 2)) ", codes: caps.codes[type] ?? [], highest: highest)
        }
        for code in caps.absinfo.keys.sorted() {
            let a = caps.absinfo[code]!
            text += "A: \(hex(code, 2)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        for code in caps.ledStates.keys.sorted() { text += "L: \(hex(code, 2)) \(caps.ledStates[code]!)\n" }
        for code in caps.switchStates.keys.sorted() { text += "S: \(hex(code, 2)) \(caps.switchStates[code]!)\n" }
        try output.write(text)
    }

    /// `highest + 1` bits as bytes, eight bytes to a line, as evemu does.
    static func bitmaskLines(prefix: String, codes: [UInt16], highest: UInt16) -> String {
        var bytes = [UInt8](repeating: 0, count: (Int(highest) + 8) / 8)
        for c in codes where c <= highest { bytes[Int(c) / 8] |= 1 << (c % 8) }
        while bytes.count % 8 != 0 { bytes.append(0) }
        var text = ""
        for start in stride(from: 0, to: bytes.count, by: 8) {
            text += prefix + bytes[start..<(start + 8)].map { hex($0, 2) }.joined(separator: " ") + "\n"
        }
        return text
    }

    /// Writes one frame's `E:` lines.
    public mutating func write(_ frame: EvdevFrame) throws {
        line.removeAll(keepingCapacity: true)
        for e in frame.events {
            let t = e.time.microseconds + origin
            line.append(contentsOf: "E: ".utf8)
            line.append(contentsOf: DecimalMicroseconds.format(t, fixed: true).utf8)
            line.append(0x20)
            line.append(contentsOf: hex(e.type, 4).utf8)
            line.append(0x20)
            line.append(contentsOf: hex(e.code, 4).utf8)
            line.append(0x20)
            let v = e.value < 0 ? "-" + pad(String(e.value.magnitude), 3) : pad(String(e.value), 4)
            line.append(contentsOf: v.utf8)
            line.append(0x0a)
        }
        try output.write(line)
    }

    /// Puts the output file in place.
    public func finish() throws { try output.commit() }
}

func hex<T: BinaryInteger>(_ v: T, _ width: Int = 0) -> String { pad(String(v, radix: 16), width) }

func pad(_ s: String, _ width: Int) -> String {
    s.count >= width ? s : String(repeating: "0", count: width - s.count) + s
}
