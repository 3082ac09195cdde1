import TactileJSON
/// Writes one trace event line (no newline) in the v1 format.
extension InputEvent {
    /// Writes the event as one trace line, without its newline.
    public func encode(into out: inout JSONOutput) {
        out.lineHead(time: time, device: device)
        switch self {
        case .touches(let frame):
            out.raw(",\"touches\":[")
            for (i, c) in frame.contacts.enumerated() {
                if i > 0 { out.byte(0x2c) }
                out.raw("{\"id\":")
                out.int(c.id)
                out.raw(",\"x\":")
                out.double(c.position.x)
                out.raw(",\"y\":")
                out.double(c.position.y)
                if let p = c.pressure { out.raw(",\"pressure\":"); out.double(p.value) }
                if let m = c.major { out.raw(",\"major\":"); out.double(m.value) }
                if let m = c.minor { out.raw(",\"minor\":"); out.double(m.value) }
                if c.tool != .finger { out.raw(",\"tool\":"); out.string(c.tool.rawValue) }
                out.byte(0x7d)
            }
            out.byte(0x5d)
            if let f = frame.fingers { out.raw(",\"fingers\":"); out.int(f) }
            if !frame.cancelled.isEmpty {
                out.raw(",\"cancelled\":[")
                for (i, id) in frame.cancelled.enumerated() {
                    if i > 0 { out.byte(0x2c) }
                    out.int(id)
                }
                out.byte(0x5d)
            }
            if !frame.buttons.isEmpty {
                out.raw(",\"buttons\":[")
                var first = true
                for (name, b) in PhysicalButtons.named where frame.buttons.contains(b) {
                    if !first { out.byte(0x2c) }
                    first = false
                    out.string(name)
                }
                out.byte(0x5d)
            }
        case .accel(let sample):
            out.raw(",\"accel\":[")
            out.double(sample.force.x)
            out.byte(0x2c)
            out.double(sample.force.y)
            out.byte(0x2c)
            out.double(sample.force.z)
            out.byte(0x5d)
        case .evdev(_, let frame):
            out.raw(",\"evdev\":[")
            var uniform = true
            let t = frame.time
            for (i, e) in frame.events.enumerated() {
                if i > 0 { out.byte(0x2c) }
                out.byte(0x5b)
                out.int(e.type); out.byte(0x2c)
                out.int(e.code); out.byte(0x2c)
                out.int(e.value)
                out.byte(0x5d)
                if e.time != t { uniform = false }
            }
            out.byte(0x5d)
            if !uniform {
                out.raw(",\"dt\":[")
                for (i, e) in frame.events.enumerated() {
                    if i > 0 { out.byte(0x2c) }
                    out.int((e.time - t).microseconds)
                }
                out.byte(0x5d)
            }
        }
        out.byte(0x7d)
    }
}
