import Foundation
import Tactile
import TactileBindings
import TactileTesting
import Testing
import TestSupport

/// Random valid configurations over every recording in `Recordings/`, checked for the rules
/// docs/bindings.md states, from the actions and the recognized lines alone:
/// - one stroke runs at most one swipe binding;
/// - the sign of an `on: update` pan binding follows the motion since its last run;
/// - a binding that is not a follower runs at most once per gesture line;
/// - no binding runs before its threshold.
struct BinderPropertyTests {
    static let recordings = inputRecordings

    /// One random binding, as YAML, with what the checks need to know of it.
    struct Drawn {
        var yaml: String
        var gesture: String
        var follower: Bool
        var threshold: Double?
        var thresholdUnit: String?
        var direction: String?
    }

    static func draw(_ rng: inout SeededRandom, index: Int) -> Drawn {
        func pick<T>(_ list: [T]) -> T { list[Int(rng.next() % UInt64(list.count))] }
        let gesture = pick(["tap", "hold", "pan", "swipe", "edgeSwipe", "pinch", "rotate", "peek", "pop", "click"])
        var d = Drawn(yaml: "", gesture: gesture, follower: false)
        var fields = ["gesture: \(gesture)"]
        if rng.next() % 3 == 0 { fields.append("fingers: \(pick(["1", "2", "3", "1-2", "2+", "any"]))") }
        switch gesture {
        case "pan", "swipe", "edgeSwipe":
            let directions = gesture == "edgeSwipe" ? ["left", "right", "up", "down"] : ["left", "right", "up", "down", "horizontal", "vertical"]
            if rng.next() % 2 == 0 { d.direction = pick(directions); fields.append("direction: \(d.direction!)") }
            if gesture == "edgeSwipe" && rng.next() % 2 == 0 { fields.append("edge: \(pick(["left", "right", "top", "bottom"]))") }
            if rng.next() % 2 == 0 {
                let mm = Double(5 + rng.next() % 40)
                d.threshold = mm; d.thresholdUnit = "mm"
                fields.append("threshold: \(Int(mm))mm")
            }
        case "pinch":
            if rng.next() % 2 == 0 { d.direction = pick(["in", "out"]); fields.append("direction: \(d.direction!)") }
            if rng.next() % 2 == 0 {
                let f = 1.05 + Double(rng.next() % 60) / 100
                d.threshold = f; d.thresholdUnit = "x"
                fields.append("threshold: \(f)x")
            }
        case "rotate":
            if rng.next() % 2 == 0 { d.direction = pick(["clockwise", "anticlockwise"]); fields.append("direction: \(d.direction!)") }
            if rng.next() % 2 == 0 {
                let deg = Double(10 + rng.next() % 170)
                d.threshold = deg; d.thresholdUnit = "deg"
                fields.append("threshold: \(Int(deg))deg")
            }
        default: break
        }
        if ["pan", "pinch", "rotate"].contains(gesture) {
            switch rng.next() % 4 {
            case 0:
                d.follower = true
                fields.append("on: update")
            case 1:
                d.follower = true
                let every = gesture == "pan" ? "\(2 + rng.next() % 20)mm" : gesture == "pinch" ? "1.1x" : "\(5 + rng.next() % 60)deg"
                fields.append("repeat: {every: \(every)\(rng.next() % 2 == 0 ? ", interval: 50ms" : "")}")
            case 2: fields.append("on: began")
            default: break
            }
        }
        fields.append("command: [b\(index), \"{sign}\"]")
        d.yaml = "  - {" + fields.joined(separator: ", ") + "}"
        return d
    }

    static func env(_ a: BoundAction, _ name: String) -> Double? {
        a.environment.first { $0.name == name }.flatMap { Double($0.value) }
    }

    @Test(arguments: 0..<24)
    func randomConfigurationsKeepTheDocumentedRules(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed)
        var drawn: [Drawn] = []
        var lines = ["bindings:"]
        var seen = Set<String>()
        while drawn.count < 8 {
            let d = Self.draw(&rng, index: drawn.count)
            // Two bindings that match the same things are a configuration error: draw again.
            let key = d.yaml.replacingOccurrences(of: "b\(drawn.count),", with: "")
                .replacingOccurrences(of: #"threshold: [^,]*, "#, with: "", options: .regularExpression)
            guard seen.insert(key).inserted else { continue }
            drawn.append(d)
            lines.append(d.yaml)
        }
        let yaml = lines.joined(separator: "\n") + "\n"
        let config: BindingConfig
        do { config = try BindingConfig.parse(yaml, file: "random.yaml") } catch {
            // A draw the configuration refuses (a duplicate by another spelling) is no case.
            return
        }
        var ran = 0
        defer { #expect(ran > 0, "seed \(seed): nothing ran on any recording:\n\(yaml)") }
        for name in Self.recordings {
            let (header, events) = try readAll(Paths.recording(name))
            let actions = boundActions(config, header, events)
            ran += actions.count
            let gestures = recognize(header, events, settings: config.settings)
            let what = "seed \(seed), \(name):\n\(yaml)"

            // One stroke, one swipe binding: swipe actions per pan (its began to its end).
            let pans = gestures.filter { $0.kind == .pan }
            var start: Timestamp?
            for p in pans {
                if p.phase == .began { start = p.time }
                guard p.phase == .ended || p.phase == .cancelled, let s = start else { continue }
                let swipes = actions.filter { a in drawn[a.binding].gesture == "swipe" && a.time >= s && a.time <= p.time }
                #expect(swipes.count <= 1, "\(what)\nswipe bindings \(swipes.map(\.line)) in one stroke")
            }

            for (i, d) in drawn.enumerated() {
                let mine = actions.filter { $0.binding == i }
                // At most once per line: no two runs of a non-follower at one moment.
                if !d.follower {
                    let times = mine.map(\.time)
                    #expect(Set(times).count == times.count, "\(what)\nline \(i + 2) ran twice at one moment")
                }
                // No run before the threshold.
                if let t = d.threshold, !d.follower {
                    for a in mine {
                        switch d.thresholdUnit {
                        case "mm":
                            let dx = Self.env(a, "TACTILE_DX") ?? 0, dy = Self.env(a, "TACTILE_DY") ?? 0
                            let along: Double
                            switch d.direction {
                            case "left": along = -dx
                            case "right": along = dx
                            case "up": along = -dy
                            case "down": along = dy
                            case "horizontal": along = abs(dx)
                            case "vertical": along = abs(dy)
                            default: along = max(abs(dx), abs(dy))
                            }
                            #expect(along >= t - 1e-3, "\(what)\nline \(i + 2) ran at \(along) mm, before its \(t) mm")
                        case "x":
                            let scale = Self.env(a, "TACTILE_SCALE") ?? 1
                            #expect(scale >= t - 1e-3 || scale <= 1 / t + 1e-3, "\(what)\nline \(i + 2) ran at scale \(scale)")
                        case "deg":
                            let deg = Self.env(a, "TACTILE_ROTATION") ?? 0
                            #expect(abs(deg) >= t - 1e-3, "\(what)\nline \(i + 2) ran at \(deg)°, before its \(t)°")
                        default: break
                        }
                    }
                }
                // The sign of an update follows the motion since the last run.
                if d.follower && d.gesture == "pan" && d.yaml.contains("on: update")
                    && (d.direction == "horizontal" || d.direction == "right" || d.direction == "left") {
                    var last = 0.0
                    var gestureStart: Timestamp?
                    for a in mine {
                        let began = pans.last { $0.phase == .began && $0.time <= a.time }?.time
                        if began != gestureStart { gestureStart = began; last = 0 }
                        let dx = Self.env(a, "TACTILE_DX") ?? 0
                        let along = d.direction == "left" ? -dx : dx
                        let sign = a.environment.first { $0.name == "TACTILE_SIGN" }?.value
                        #expect(sign == (along >= last - 5e-5 ? "+" : "-") || abs(along - last) < 1e-4,
                                "\(what)\nline \(i + 2): sign \(sign ?? "?") moving from \(last) to \(along)")
                        last = along
                    }
                }
            }
        }
    }
}
