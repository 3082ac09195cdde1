import Tactile

/// The readable form of gesture lines, for a terminal.
enum GestureTable {
    /// Column widths: time, device, gesture, state, fingers, location; details follow.
    private static let widths = [7, 3, 11, 10, 7, 15]

    /// The cells padded to their columns, two spaces apart (time right-aligned).
    private static func columns(_ cells: [String], details: String) -> String {
        var out = ""
        for (i, cell) in cells.enumerated() {
            let w = widths[i]
            let room = String(repeating: " ", count: Swift.max(0, w - cell.count))
            out += (i == 0 ? room + cell : cell + room) + "  "
        }
        return out + details + "\n"
    }

    static let header = columns(["t", "dev", "gesture", "state", "fingers", "location (mm)"], details: "details")

    static func row(_ line: RecognizedEvent) -> String {
        switch line {
        case .gesture(let g): return row(g)
        case .orientation(let o):
            return columns([format3(o.time.seconds), String(o.device), "orientation", "changed", "", ""],
                           details: o.orientation.rawValue + "  pose \(o.pose.rawValue), was \(o.previous?.rawValue ?? "unknown"), "
                               + "turn \(Int(o.rotationDelta.degrees.rounded()))°")
        }
    }

    static func row(_ e: GestureEvent) -> String {
        func f(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return r == 0 ? "0" : String(r)
        }
        return columns([format3(e.time.seconds), String(e.device), e.kind.rawValue, e.phase.rawValue, String(e.fingers),
                        "\(f(e.location.x)), \(f(e.location.y))"], details: e.summary)
    }

    private static func format3(_ v: Double) -> String {
        let ms = Int((v * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
