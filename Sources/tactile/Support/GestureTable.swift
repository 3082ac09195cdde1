import Tactile

/// The readable form of gesture lines, for a terminal.
enum GestureTable {
    static let header = "      t  dev  gesture     state       fingers  location (mm)    details\n"

    static func row(_ line: RecognizedEvent) -> String {
        switch line {
        case .gesture(let g): return row(g)
        case .orientation(let o):
            let t = format3(o.time.seconds)
            return t.leftPad(7) + "  " + String(o.device).padding(3) + "  " + "orientation".padding(10) + "  "
                + o.orientation.rawValue + " (pose \(o.pose.rawValue), was \(o.previous?.rawValue ?? "unknown"), "
                + "turn \(Int((o.rotationDelta * 180 / Double.pi).rounded()))°)\n"
        }
    }

    static func row(_ e: GestureEvent) -> String {
        func f(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return r == 0 ? "0" : String(r)
        }
        let t = String(format3(e.time.seconds))
        let detail = e.summary
        return t.leftPad(7) + "  " + String(e.device).padding(3) + "  " + e.kind.rawValue.padding(10) + "  "
            + e.phase.rawValue.padding(10) + "  " + String(e.fingers).padding(7) + "  "
            + "\(f(e.location.x)), \(f(e.location.y))".padding(15) + "  " + detail + "\n"
    }

    private static func format3(_ v: Double) -> String {
        let ms = Int((v * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}

extension String {
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
