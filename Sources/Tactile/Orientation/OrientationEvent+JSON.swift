import TactileJSON
/// Writes orientation lines in the output format of docs/orientation.md.
extension OrientationEvent {
    /// Writes the line in the output format (docs/orientation.md), without its newline.
    public func encode(into out: inout JSONOutput) {
        out.lineHead(time: time, device: device)
        out.raw(",\"orientation\":")
        out.string(orientation.rawValue)
        out.raw(",\"previous\":")
        out.string(previous?.rawValue ?? "unknown")
        out.raw(",\"pose\":")
        out.string(pose.rawValue)
        func member(_ key: StaticString, _ angle: Angle) {
            out.raw(key)
            out.double(angle.radians)
        }
        member(",\"rotation\":", rotation)
        member(",\"rotationDelta\":", rotationDelta)
        out.raw(",\"bounds\":[")
        out.double(bounds.width.value)
        out.byte(0x2c)
        out.double(bounds.height.value)
        out.raw("],\"transform\":[")
        for (i, v) in transform.components.enumerated() {
            if i > 0 { out.byte(0x2c) }
            if v == v.rounded() && Swift.abs(v) < 1e15 && i < 4 { out.int(Int64(v)) } else { out.double(v == 0 ? 0 : v) }
        }
        out.raw("]}")
    }

    /// The line in the output format.
    public var jsonLine: String {
        var out = JSONOutput(capacity: 256)
        encode(into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
