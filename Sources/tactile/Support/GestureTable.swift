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
        func f(_ v: Double, _ d: Int = 1) -> String {
            var scale = 1.0
            for _ in 0..<d { scale *= 10 }
            let r = (v * scale).rounded() / scale
            return r == 0 ? "0" : String(r)
        }
        let t = String(format3(e.time.seconds))
        var detail = ""
        switch e.detail {
        case .tap(let taps): detail = "taps \(taps)"
        case .longPress: detail = ""
        case .pan(let tr, let d, let v):
            detail = "translation \(f(tr.x)),\(f(tr.y))  delta \(f(d.x)),\(f(d.y))  velocity \(f(v.x, 0)),\(f(v.y, 0)) mm/s"
        case .swipe(let dir, let v): detail = "\(dir.rawValue)  velocity \(f(v.x, 0)),\(f(v.y, 0)) mm/s"
        case .edgeSwipe(let edge, let dir): detail = "from \(edge.rawValue) edge, \(dir.rawValue)"
        case .pinch(let s, let sd, let v): detail = "scale \(f(s, 3))  ×\(f(sd, 3))  \(f(v, 2))/s"
        case .rotate(let r, let rd, let v):
            detail = "rotation \(f(r * 180 / Double.pi))°  Δ \(f(rd * 180 / Double.pi))°  \(f(v * 180 / Double.pi, 0))°/s"
        case .peek(let stage, let p): detail = "\(stage.rawValue)  pressure \(f(p, 2))"
        case .click(let button): detail = "\(button.rawValue) button"
        }
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
