import Tactile
import TactileYAML
import Yams

/// Reading a script from YAML (docs/testing.md; schema in docs/synth.schema.json). Every
/// problem is a `TactileError` of kind `.badData` (exit 65) naming the file, line and
/// column and what is wrong.
extension GestureScript {
    /// The largest script read.
    public static let maxFileSize = 1 << 20
    /// The most steps, and the longest time a script may play: a script is written by a
    /// person, and its frames are held in memory.
    public static let maxSteps = 10_000
    /// The longest a script may play.
    public static let maxDuration = TimeSpan.seconds(3600)
    /// The most frames a script may give (its frames are held in memory, and its
    /// recording written whole): ten minutes at 1000 Hz.
    public static let maxFrames = 600_000

    /// The description a script's `{from: RECORDING}` takes from the recording at `path`
    /// whose devices are `header`: its first touchscreen or touchpad, as device 0.
    public static func device(from header: InputDevices, path: String) throws(TactileError) -> DeviceDescription {
        guard var d = header.devices.first(where: { $0.kind == .touchscreen || $0.kind == .touchpad }) else {
            throw TactileError(.badData, file: path, "has no touchscreen or touchpad to take the description of")
        }
        d.id = 0
        return d
    }

    /// Where a script's `{from: FILE}` is: an absolute path as it is; a relative one beside
    /// the script (from the working directory for a script read from standard input).
    public static func path(_ path: String, besideScript script: String) -> String {
        guard !path.hasPrefix("/"), script != "-", let slash = script.lastIndex(of: "/") else { return path }
        return String(script[...slash]) + path
    }

    /// Reads a script; `devices` gives the descriptions a `device: {from: FILE}` names.
    public static func parse(_ text: String, file: String,
                             devices: (String) throws(TactileError) -> DeviceDescription = { path throws(TactileError) in
                                 throw TactileError(.usage, file: path, "device descriptions from files are read by tactile synth")
                             }) throws(TactileError) -> GestureScript {
        let root = try YAMLDocument.compose(text, file: file, kind: .badData)
        let r = ScriptReader(file: file)
        guard let root else { throw TactileError(.badData, file: file, line: 1, "the script is empty: it needs `steps:`") }
        let top = try r.mapping(root, "the script", keys: ["device", "rate", "noise", "seed", "gap", "steps"])
        var device = DeviceProfile.touchscreen.description
        if let n = top["device"] {
            if let s = n.scalar?.string {
                guard let p = DeviceProfile(rawValue: s) else {
                    throw r.fail(n, "device '\(s)' is not one of \(DeviceProfile.allCases.map(\.rawValue).joined(separator: ", ")), or a mapping")
                }
                device = p.description
            } else {
                let m = try r.mapping(n, "device", keys: ["from", "name", "kind", "size", "pressure", "slots"])
                if let from = m["from"] {
                    let path = Self.path(try r.string(from, "from"), besideScript: file)
                    do throws(TactileError) {
                        device = try devices(path)
                    } catch {
                        // Where in the recording, when it says; else which file.
                        throw r.fail(from, error.file != nil ? error.description : "\(path): \(error.message)")
                    }
                    // A kernel description's axes are the hardware's: a slot count, pressure,
                    // or a size where its resolution gives one, over them would give a trace
                    // that says one thing and raw formats another. (A size for axes without
                    // a resolution is what --size gives a real recording: taken.)
                    if device.evdev != nil {
                        let fixed = (device.sizeSource == .resolution ? ["size"] : []) + ["slots", "pressure"]
                        if let over = fixed.first(where: { m[$0] != nil }) {
                            throw r.fail(m[over], "\(over) comes from \(path)'s kernel description with `from`: drop it, or describe the device by kind")
                        }
                    }
                } else {
                    let kind = try m["kind"].map { n throws(TactileError) in try r.choice(n, "kind", DeviceKind.self) } ?? .touchscreen
                    guard kind == .touchscreen || kind == .touchpad else { throw r.fail(m["kind"], "kind is touchscreen or touchpad") }
                    device = (kind == .touchpad ? DeviceProfile.touchpad : DeviceProfile.touchscreen).description
                }
                if let v = m["name"] { device.name = try r.string(v, "name") }
                if let v = m["size"] {
                    let p = try r.point(v, "size")
                    guard p.x > 0, p.y > 0, p.x <= 3000, p.y <= 3000 else { throw r.fail(v, "size is [width, height] in mm, each above 0 and at most 3000") }
                    device.size = Size(width: p.x, height: p.y)
                }
                if let v = m["pressure"] { device.pressure = try r.bool(v, "pressure") }
                if let v = m["slots"] {
                    let s = try r.integer(v, "slots")
                    guard (1...64).contains(s) else { throw r.fail(v, "slots must be 1 to 64") }
                    device.slots = s
                }
            }
        }
        guard let list = top["steps"], let items = list.sequence else {
            throw r.fail(top["steps"] ?? root, "a script needs `steps:`, a list")
        }
        guard items.count <= maxSteps else { throw r.fail(list, "\(items.count) steps: at most \(maxSteps)") }
        var steps: [Step] = []
        var total = TimeSpan.zero
        for item in items {
            let step = try r.step(item, device: device)
            if let slots = device.slots, step.fingers > slots {
                throw r.fail(item, "\(step.fingers) fingers on a device of \(slots) slots: it reports at most \(slots) contacts")
            }
            total = total + step.duration
            guard total <= maxDuration else { throw r.fail(item, "the script plays longer than \(Int(maxDuration.seconds)) s") }
            steps.append(step)
        }
        var script = GestureScript(device: device, steps: steps)
        if let n = top["rate"] {
            let v = try r.number(n, "rate")
            guard v >= 10, v <= 2000 else { throw r.fail(n, "rate is frames per second, 10 to 2000") }
            script.rate = v
        }
        if let n = top["noise"] {
            let v = try r.quantity(n, "noise", .millimetres)
            guard v >= 0, v <= 10 else { throw r.fail(n, "noise is 0 to 10 mm") }
            script.noise = Millimetres(v)
        }
        if let n = top["seed"] { script.seed = UInt64(truncatingIfNeeded: try r.integer(n, "seed")) }
        if let n = top["gap"] { script.gap = .milliseconds(try r.quantity(n, "gap", .milliseconds, range: 0...60_000)) }
        let frames = (total.seconds + script.gap.seconds * Double(steps.count)) * script.rate
        guard frames <= Double(maxFrames) else {
            throw r.fail(top["rate"] ?? list, "the script gives about \(Int(frames)) frames at \(Int(script.rate)) Hz: at most \(maxFrames)")
        }
        return script
    }
}

/// The devices a script names by a word.
public enum DeviceProfile: String, Sendable, CaseIterable {
    /// A 15.6-inch touchscreen (345 × 194 mm), ten contacts, no pressure.
    case touchscreen
    /// A laptop clickpad (100 × 60 mm), five contacts.
    case touchpad
    /// A phone's screen (68 × 151 mm), ten contacts, with pressure (force touch).
    case phone

    /// Its description.
    public var description: DeviceDescription {
        switch self {
        case .touchscreen:
            return DeviceDescription(id: 0, name: "Tactile synth touchscreen", kind: .touchscreen, size: Size(width: 345, height: 194), slots: 10)
        case .touchpad:
            return DeviceDescription(id: 0, name: "Tactile synth touchpad", kind: .touchpad, size: Size(width: 100, height: 60), slots: 5)
        case .phone:
            return DeviceDescription(id: 0, name: "Tactile synth phone", kind: .touchscreen, size: Size(width: 68, height: 151),
                                     pressure: true, slots: 10)
        }
    }
}

extension GestureScript.Step {
    /// How many fingers it puts down at once.
    var fingers: Int {
        switch self {
        case .tap(let f, _, _), .hold(let f, _, _), .pan(let f, _, _, _), .swipe(let f, _, _, _, _), .pinch(let f, _, _, _),
             .rotate(let f, _, _, _), .pinchRotate(let f, _, _, _, _), .click(let f, _): return f
        case .edgeSwipe, .press, .pen: return 1
        case .down(let points, _): return points.count
        case .move, .spread, .turn, .spreadTurn, .pressTo, .wait, .button, .lift: return 0
        }
    }

    /// How long it plays (its standard gesture's motion), for the limit on scripts.
    var duration: TimeSpan {
        switch self {
        case .hold(_, let d, _), .pan(_, _, let d, _), .swipe(_, _, _, let d, _), .edgeSwipe(_, _, let d),
             .pinch(_, _, let d, _), .rotate(_, _, let d, _), .press(_, let d, _), .move(_, let d), .spread(_, let d),
             .turn(_, let d), .pinchRotate(_, _, _, let d, _), .spreadTurn(_, _, let d), .pressTo(_, let d), .wait(let d),
             .pen(_, _, let d):
            return d
        case .tap(_, let taps, _): return .milliseconds(Double(taps) * 200)
        case .click, .down, .button, .lift: return .milliseconds(300)
        }
    }
}

/// Walks a script's YAML tree, checking each key and value where it stands.
private struct ScriptReader {
    let file: String

    func fail(_ node: Node?, _ message: String) -> TactileError {
        TactileError(.badData, file: file, line: node?.mark?.line, column: node?.mark?.column, message)
    }

    func mapping(_ n: Node, _ what: String, keys: [String]) throws(TactileError) -> [String: Node] {
        guard let m = n.mapping else { throw fail(n, "\(what) must be a mapping") }
        var out: [String: Node] = [:]
        for (k, v) in m {
            guard let key = k.string, keys.contains(key) else {
                throw fail(k, "unknown key '\(k.string ?? "")' in \(what); one of \(keys.joined(separator: ", "))")
            }
            out[key] = v
        }
        return out
    }

    func string(_ n: Node, _ what: String) throws(TactileError) -> String {
        guard let s = n.scalar?.string else { throw fail(n, "\(what) must be a string") }
        return s
    }

    func bool(_ n: Node, _ what: String) throws(TactileError) -> Bool {
        guard let b = n.bool else { throw fail(n, "\(what) must be true or false") }
        return b
    }

    func number(_ n: Node, _ what: String) throws(TactileError) -> Double {
        guard let s = n.scalar?.string, let v = Double(s), v.isFinite else { throw fail(n, "\(what) must be a number") }
        return v
    }

    func integer(_ n: Node, _ what: String) throws(TactileError) -> Int {
        guard let s = n.scalar?.string, let v = Int(s) else { throw fail(n, "\(what) must be a whole number") }
        return v
    }

    func choice<T: RawRepresentable & CaseIterable>(_ n: Node, _ what: String, _ type: T.Type) throws(TactileError) -> T
        where T.RawValue == String
    {
        let s = try string(n, what)
        guard let v = T(rawValue: s) else { throw fail(n, "\(what) '\(s)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))") }
        return v
    }

    /// `[x, y]` in mm.
    func point(_ n: Node, _ what: String) throws(TactileError) -> Point {
        guard let items = n.sequence, items.count == 2 else { throw fail(n, "\(what) is [x, y] in mm") }
        let list = Array(items)
        return Point(x: try number(list[0], what), y: try number(list[1], what))
    }

    enum Unit: String { case millimetres = "mm", milliseconds = "ms", degrees = "deg" }

    /// A number in `unit`, written bare or with its unit (`40mm`, `4cm`, `300ms`, `1.5s`,
    /// `90deg`).
    func quantity(_ n: Node, _ what: String, _ unit: Unit, range: ClosedRange<Double>? = nil) throws(TactileError) -> Double {
        let s = try string(n, what).trimmingCharacters(in: " ")
        let factors: [(String, Double)]
        switch unit {
        case .millimetres: factors = [("mm", 1), ("cm", 10)]
        case .milliseconds: factors = [("ms", 1), ("s", 1000)]
        case .degrees: factors = [("deg", 1), ("°", 1)]
        }
        var value: Double?
        if let v = Double(s) { value = v }
        for (suffix, f) in factors where value == nil && s.hasSuffix(suffix) {
            value = Double(s.dropLast(suffix.count).trimmingCharacters(in: " ")).map { $0 * f }
        }
        guard let v = value, v.isFinite else { throw fail(n, "\(what) '\(s)' is not a number of \(unit.rawValue) (\(factors.map { "1\($0.0)" }.joined(separator: ", ")))") }
        if let range, !range.contains(v) {
            throw fail(n, "\(what) must be \(Int(range.lowerBound)) to \(Int(range.upperBound)) \(unit.rawValue)")
        }
        return v
    }

    func time(_ n: Node, _ what: String) throws(TactileError) -> TimeSpan {
        .milliseconds(try quantity(n, what, .milliseconds, range: 0...600_000))
    }

    /// One step: a word (`tap`, `lift`), or a mapping of one key to its parameters.
    func step(_ n: Node, device: DeviceDescription) throws(TactileError) -> GestureScript.Step {
        let name: String
        var p: [String: Node] = [:]
        var value: Node?
        if let s = n.scalar?.string {
            name = s
        } else if let m = n.mapping, m.count == 1, let (k, v) = m.first, let key = k.string {
            name = key
            value = v
        } else {
            throw fail(n, "a step is a word (tap, lift) or one key with its values (`swipe: {fingers: 3, direction: left}`)")
        }
        func params(_ keys: [String]) throws(TactileError) -> [String: Node] {
            guard let value, value.scalar == nil || value.scalar?.string.isEmpty == false else { return [:] }
            return try mapping(value, name, keys: keys)
        }
        func fingers(_ d: Int) throws(TactileError) -> Int {
            guard let f = p["fingers"] else { return d }
            let v = try integer(f, "fingers")
            guard (1...10).contains(v) else { throw fail(f, "fingers must be 1 to 10") }
            return v
        }
        func at() throws(TactileError) -> Point? { try p["at"].map { n throws(TactileError) in try point(n, "at") } }
        func duration(_ d: Double) throws(TactileError) -> TimeSpan { try p["duration"].map { n throws(TactileError) in try time(n, "duration") } ?? .milliseconds(d) }
        switch name {
        case "tap":
            p = try params(["fingers", "taps", "at"])
            let taps = try p["taps"].map { n throws(TactileError) in try integer(n, "taps") } ?? 1
            guard (1...10).contains(taps) else { throw fail(p["taps"], "taps must be 1 to 10") }
            return .tap(fingers: try fingers(1), taps: taps, at: try at())
        case "hold", "longPress":
            p = try params(["fingers", "duration", "at"])
            return .hold(fingers: try fingers(1), duration: try duration(800), at: try at())
        case "pan":
            p = try params(["fingers", "by", "duration", "at"])
            guard let by = p["by"] else { throw fail(value ?? n, "a pan needs `by: [dx, dy]` in mm") }
            return .pan(fingers: try fingers(1), by: Vector(from: .zero, to: try point(by, "by")), duration: try duration(500), at: try at())
        case "swipe":
            p = try params(["fingers", "direction", "distance", "duration", "at"])
            guard let d = p["direction"] else { throw fail(value ?? n, "a swipe needs `direction:` (left, right, up, down)") }
            let distance = try p["distance"].map { n throws(TactileError) in try quantity(n, "distance", .millimetres, range: 1...3000) } ?? 40
            return .swipe(fingers: try fingers(1), direction: try choice(d, "direction", SwipeDirection.self),
                          distance: Millimetres(distance), duration: try duration(120), at: try at())
        case "edgeSwipe":
            p = try params(["edge", "distance", "duration"])
            guard let e = p["edge"] else { throw fail(value ?? n, "an edge swipe needs `edge:` (left, right, top, bottom)") }
            let distance = try p["distance"].map { n throws(TactileError) in try quantity(n, "distance", .millimetres, range: 1...3000) } ?? 30
            return .edgeSwipe(edge: try choice(e, "edge", ScreenEdge.self), distance: Millimetres(distance), duration: try duration(150))
        case "pinch":
            // With `angle:`, the fingers turn as they spread: a pinch while rotating.
            p = try params(["fingers", "scale", "angle", "duration", "at"])
            guard let s = p["scale"] else { throw fail(value ?? n, "a pinch needs `scale:` (0.5 in, 2 out)") }
            let scale = try number(s, "scale")
            guard scale >= 0.1, scale <= 10 else { throw fail(s, "scale must be 0.1 to 10") }
            if let a = p["angle"] {
                return .pinchRotate(fingers: try fingers(2), scale: scale, degrees: try quantity(a, "angle", .degrees, range: -3600...3600),
                                    duration: try duration(500), at: try at())
            }
            return .pinch(fingers: try fingers(2), scale: scale, duration: try duration(500), at: try at())
        case "rotate":
            // With `scale:`, the fingers spread as they turn.
            p = try params(["fingers", "angle", "scale", "duration", "at"])
            guard let a = p["angle"] else { throw fail(value ?? n, "a rotate needs `angle:` (90deg clockwise, -90deg anticlockwise)") }
            let degrees = try quantity(a, "angle", .degrees, range: -3600...3600)
            if let s = p["scale"] {
                let scale = try number(s, "scale")
                guard scale >= 0.1, scale <= 10 else { throw fail(s, "scale must be 0.1 to 10") }
                return .pinchRotate(fingers: try fingers(2), scale: scale, degrees: degrees, duration: try duration(600), at: try at())
            }
            return .rotate(fingers: try fingers(2), degrees: degrees, duration: try duration(600), at: try at())
        case "press", "peek", "pop":
            p = try params(["pressure", "duration", "at"])
            guard device.pressure else { throw fail(n, "\(name) needs a device with pressure (`device: phone`, or `pressure: true`)") }
            let pressure = try p["pressure"].map { n throws(TactileError) in try number(n, "pressure") } ?? (name == "pop" ? 0.95 : 0.6)
            guard (0...1).contains(pressure) else { throw fail(p["pressure"], "pressure is 0 to 1") }
            return .press(pressure: pressure, duration: try duration(300), at: try at())
        case "click":
            p = try params(["fingers", "at"])
            guard device.kind == .touchpad else { throw fail(n, "a click is a touchpad's (`device: touchpad`)") }
            return .click(fingers: try fingers(1), at: try at())
        case "down":
            guard let value, let list = value.sequence, !list.isEmpty else { throw fail(value ?? n, "down lists the points that land: [[x, y], ...] in mm") }
            var points: [Point] = []
            for item in list { points.append(try point(item, "down")) }
            guard points.count <= 10 else { throw fail(value, "at most 10 fingers") }
            return .down(points)
        case "move":
            p = try params(["by", "duration"])
            guard let by = p["by"] else { throw fail(value ?? n, "move needs `by: [dx, dy]` in mm") }
            return .move(by: Vector(from: .zero, to: try point(by, "by")), duration: try duration(300))
        case "spread":
            p = try params(["scale", "angle", "duration"])
            guard let s = p["scale"] else { throw fail(value ?? n, "spread needs `scale:`") }
            let scale = try number(s, "scale")
            guard scale >= 0.1, scale <= 10 else { throw fail(s, "scale must be 0.1 to 10") }
            if let a = p["angle"] {
                return .spreadTurn(scale: scale, degrees: try quantity(a, "angle", .degrees, range: -3600...3600), duration: try duration(500))
            }
            return .spread(scale: scale, duration: try duration(500))
        case "turn":
            p = try params(["angle", "scale", "duration"])
            guard let a = p["angle"] else { throw fail(value ?? n, "turn needs `angle:`") }
            let degrees = try quantity(a, "angle", .degrees, range: -3600...3600)
            if let s = p["scale"] {
                let scale = try number(s, "scale")
                guard scale >= 0.1, scale <= 10 else { throw fail(s, "scale must be 0.1 to 10") }
                return .spreadTurn(scale: scale, degrees: degrees, duration: try duration(600))
            }
            return .turn(degrees: degrees, duration: try duration(600))
        case "pressTo":
            p = try params(["pressure", "duration"])
            guard let v = p["pressure"] else { throw fail(value ?? n, "pressTo needs `pressure:` (0 to 1)") }
            let pressure = try number(v, "pressure")
            guard (0...1).contains(pressure) else { throw fail(v, "pressure is 0 to 1") }
            return .pressTo(pressure, duration: try duration(300))
        case "wait":
            guard let value else { throw fail(n, "wait needs a time: `wait: 300ms`") }
            return .wait(try time(value, "wait"))
        case "button":
            guard let value else { throw fail(n, "button is down or up") }
            let s = try string(value, "button")
            guard s == "down" || s == "up" else { throw fail(value, "button is down or up, not '\(s)'") }
            return .button(s == "down")
        case "lift":
            return .lift
        case "pen":
            p = try params(["at", "by", "duration"])
            guard let a = p["at"] else { throw fail(value ?? n, "pen needs `at: [x, y]` in mm, where it lands") }
            let by = try p["by"].map { n throws(TactileError) in Vector(from: .zero, to: try point(n, "by")) } ?? Vector(x: 0, y: 0)
            return .pen(at: try point(a, "at"), by: by, duration: try duration(500))
        default:
            throw fail(n, "unknown step '\(name)'; one of tap, hold, pan, swipe, edgeSwipe, pinch, rotate, press, peek, pop, click, down, move, spread, turn, pressTo, wait, button, pen, lift")
        }
    }
}

private extension String {
    func trimmingCharacters(in set: Character) -> String {
        var s = Substring(self)
        while s.first == set { s.removeFirst() }
        while s.last == set { s.removeLast() }
        return String(s)
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> String { String(self).trimmingCharacters(in: set) }
}
