import TactileJSON
/// Line 1 of a trace: the format and its version, then the devices (`InputDevices`).
extension InputDevices {
    /// The header's `format`.
    public static let format = "tactile-trace"
    /// The trace format's version this code writes and reads.
    public static let version = 1
}

// MARK: - Encoding

extension InputDevices {
    /// The header as one JSON line (no newline).
    public func encoded() -> [UInt8] {
        var out = JSONOutput()
        out.raw("{\"format\":\"tactile-trace\",\"version\":1")
        if let origin {
            out.key("origin")
            out.seconds(origin.microseconds)
        }
        out.key("devices")
        out.byte(0x5b)
        for (i, d) in devices.enumerated() {
            if i > 0 { out.byte(0x2c) }
            d.encode(into: &out)
        }
        out.raw("]}")
        return out.bytes
    }
}

extension DeviceDescription {
    func encode(into out: inout JSONOutput) {
        out.raw("{\"id\":")
        out.int(id)
        out.key("name")
        out.string(name)
        out.key("kind")
        out.string(kind.rawValue)
        if let size {
            out.key("size")
            out.byte(0x5b)
            out.double(size.width.value)
            out.byte(0x2c)
            out.double(size.height.value)
            out.byte(0x5d)
        }
        if kind != .accelerometer || pressure {
            out.key("pressure")
            out.raw(pressure ? "true" : "false")
        }
        if let slots {
            out.key("slots")
            out.int(slots)
        }
        if semiMT { out.raw(",\"semiMT\":true") }
        if inferred { out.raw(",\"inferred\":true") }
        if let sizeSource {
            out.key("sizeSource")
            out.string(sizeSource.rawValue)
        }
        if let evdev {
            out.key("evdev")
            evdev.encode(into: &out)
        }
        out.byte(0x7d)
    }
}

extension EvdevCapabilities {
    func encode(into out: inout JSONOutput) {
        out.raw("{\"id\":[")
        out.int(inputID.bustype); out.byte(0x2c)
        out.int(inputID.vendor); out.byte(0x2c)
        out.int(inputID.product); out.byte(0x2c)
        out.int(inputID.version)
        out.raw("],\"properties\":[")
        for (i, p) in properties.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.int(p)
        }
        out.raw("],\"codes\":{")
        for (i, type) in codes.keys.sorted().enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.byte(0x22); out.int(type); out.raw("\":[")
            for (j, c) in codes[type]!.enumerated() {
                if j > 0 { out.byte(0x2c) }
                out.int(c)
            }
            out.byte(0x5d)
        }
        out.raw("},\"absinfo\":{")
        for (i, code) in absinfo.keys.sorted().enumerated() {
            if i > 0 { out.byte(0x2c) }
            let a = absinfo[code]!
            out.byte(0x22); out.int(code); out.raw("\":[")
            out.int(a.minimum); out.byte(0x2c)
            out.int(a.maximum); out.byte(0x2c)
            out.int(a.fuzz); out.byte(0x2c)
            out.int(a.flat); out.byte(0x2c)
            out.int(a.resolution)
            if a.value != 0 { out.byte(0x2c); out.int(a.value) }
            out.byte(0x5d)
        }
        out.byte(0x7d)
        for (name, states) in [("leds", ledStates), ("switches", switchStates)] where !states.isEmpty {
            out.byte(0x2c); out.string(name); out.raw(":{")
            for (i, code) in states.keys.sorted().enumerated() {
                if i > 0 { out.byte(0x2c) }
                out.byte(0x22); out.int(code); out.raw("\":")
                out.int(states[code]!)
            }
            out.byte(0x7d)
        }
        out.byte(0x7d)
    }
}
