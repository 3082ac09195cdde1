import Tactile

/// Random but physically plausible touch streams: up to five fingers landing, moving
/// (with changing velocity, sometimes jumping), pressing and lifting, at uneven report
/// rates with long idle gaps, and now and then a frame whose contacts were lost.
struct RandomTouches {
    var rng: SplitMix64
    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    static let device = DeviceDescription(id: 0, name: "Random", kind: .touchscreen,
                                          size: Size(width: 150, height: 90), pressure: true)

    mutating func events(count: Int) -> [InputEvent] {
        struct F { var id: Int; var p: Point; var v: Point; var pressure: Double }
        var fingers: [F] = []
        var nextID = 0
        var t: Int64 = 0
        var out: [InputEvent] = []
        for _ in 0..<count {
            let r = Double.random(in: 0..<1, using: &rng)
            t += r < 0.9 ? Int64.random(in: 2_000...30_000, using: &rng) : Int64.random(in: 50_000...900_000, using: &rng)
            let dt = Double(t) / 1e6
            _ = dt
            let action = Double.random(in: 0..<1, using: &rng)
            if action < 0.08 && fingers.count < 5 {
                var f = F(id: nextID, p: Point(x: .random(in: 0...150, using: &rng), y: .random(in: 0...90, using: &rng)),
                          v: Point(x: .random(in: -300...300, using: &rng), y: .random(in: -300...300, using: &rng)),
                          pressure: .random(in: 0...1, using: &rng))
                // One landing in ten at the left or right edge, moving inward (edge swipes).
                if fingers.isEmpty && Int.random(in: 0..<10, using: &rng) == 0 {
                    let left = Bool.random(using: &rng)
                    f.p = Point(x: left ? 1 : 149, y: f.p.y)
                    f.v = Point(x: left ? 200 : -200, y: f.v.y / 10)
                }
                fingers.append(f)
                nextID += 1
            } else if action < 0.14 && !fingers.isEmpty {
                fingers.remove(at: Int.random(in: 0..<fingers.count, using: &rng))
            } else if action < 0.16 {
                fingers.removeAll()
            }
            for i in fingers.indices {
                let step = Double.random(in: 0.002...0.03, using: &rng)
                if Int.random(in: 0..<40, using: &rng) == 0 { fingers[i].v = Point(x: .random(in: -800...800, using: &rng), y: .random(in: -800...800, using: &rng)) }
                if Int.random(in: 0..<3, using: &rng) == 0 { fingers[i].v = .zero }
                fingers[i].p = fingers[i].p + fingers[i].v * step
                if Int.random(in: 0..<100, using: &rng) == 0 { fingers[i].p = fingers[i].p + Point(x: 30, y: -20) }
                fingers[i].pressure = Swift.min(1, Swift.max(0, fingers[i].pressure + .random(in: -0.1...0.1, using: &rng)))
            }
            var frame = TouchFrame(time: Timestamp(microseconds: t), device: 0)
            for f in fingers { frame.contacts.append(Contact(id: f.id, position: f.p, pressure: Pressure(f.pressure))) }
            if Int.random(in: 0..<200, using: &rng) == 0, let f = fingers.popLast() { frame.cancelled.append(f.id) }
            out.append(.touches(frame))
        }
        return out
    }
}
