import Tactile
import TactileYAML
import Yams

/// Reading a configuration from YAML. Every problem is a `TactileError` of kind `.config`
/// (exit 78) naming the file, line and column and what is wrong; nothing is half-read.
extension BindingConfig {
    /// The largest configuration read.
    public static let maxFileSize = 1 << 20

    /// Reads a configuration file; errors name file:line:column (exit 78).
    public static func load(path: String) throws(TactileError) -> BindingConfig {
        let bytes: [UInt8]
        do {
            bytes = try InputFile.readAll(path, limit: maxFileSize)
        } catch var e as TactileError {
            // A file too large to read is a bad configuration (exit 78), like any other.
            if e.kind == .badData { e.kind = .config }
            throw e
        } catch {
            throw TactileError(.noInput, file: path, "\(error)")
        }
        return try parse(String(decoding: bytes, as: UTF8.self), file: path)
    }

    /// Reads a configuration from `text`, named `file` in errors.
    public static func parse(_ text: String, file: String) throws(TactileError) -> BindingConfig {
        if let tool = ForeignConfig.detect(text) {
            throw TactileError(.config, file: file, line: 1,
                               "this is a \(tool.toolName) configuration, not Tactile's: translate it with `tactile bind import \(file)`")
        }
        var reader = YAMLConfigReader(file: file)
        return try reader.read(text)
    }
}

/// Walks the YAML tree, checking each key and value where it stands.
private struct YAMLConfigReader {
    let file: String

    func fail(_ node: Node?, _ message: String) -> TactileError {
        TactileError(.config, file: file, line: node?.mark?.line, column: node?.mark?.column, message)
    }

    mutating func read(_ text: String) throws(TactileError) -> BindingConfig {
        guard let root = try YAMLDocument.compose(text, file: file, kind: .config) else { throw TactileError(.config, file: file, line: 1, "the file is empty: it needs at least `bindings:`") }
        let top = try mapping(root, "the configuration", keys: ["devices", "screen", "settings", "orientation", "commands", "focus", "pass-through", "bindings"])
        var config = BindingConfig(file: file)
        if let n = top["devices"] {
            for item in try sequence(n, "devices") { config.devices.append(try deviceMatch(item, "a device")) }
        }
        if let n = top["screen"] {
            config.screen = try choice(n, "screen", ScreenSpace.self)
        }
        var maxTapsGiven: Node?
        if let n = top["settings"] {
            for (key, value) in try pairs(n, "settings") {
                if key.string == "maxTaps" { maxTapsGiven = key }
                let number = try self.number(value, "settings: \(key.string ?? "")")
                do throws(GestureSettings.SettingError) {
                    try config.settings.set(key.string ?? "", number)
                } catch {
                    throw fail(key, error.message)
                }
            }
        }
        if let n = top["orientation"] {
            try orientation(n, into: &config)
        }
        if let n = top["commands"] {
            let m = try mapping(n, "commands", keys: ["concurrency", "timeout"])
            if let c = m["concurrency"] {
                let v = try integer(c, "concurrency")
                guard v >= 1 && v <= 256 else { throw fail(c, "concurrency must be 1 to 256, not \(v)") }
                config.limits.concurrency = v
            }
            if let t = m["timeout"] { config.limits.timeout = try time(t, "timeout", atLeast: CommandLimits.shortestTimeout) }
        }
        if let n = top["focus"] {
            let m = try mapping(n, "focus", keys: ["command"])
            guard let c = m["command"], let list = c.sequence, !list.isEmpty else {
                throw fail(m["command"] ?? n, "focus needs `command:`, the argv of a program that prints the focused application's name")
            }
            var argv: [String] = []
            for item in list { argv.append(try string(item, "focus command")) }
            guard !argv[0].isEmpty else { throw fail(c, "focus command needs a program to run") }
            config.focusCommand = argv
        }
        if let n = top["pass-through"] {
            let m = try mapping(n, "pass-through", keys: ["claim", "palmsNearPen"])
            if let c = m["claim"] { config.claim = try choice(c, "claim", ClaimMode.self) }
            if let p = m["palmsNearPen"] { config.palmsNearPen = try bool(p, "palmsNearPen") }
        }
        guard let list = top["bindings"] else { throw fail(root, "no `bindings:`: nothing would run") }
        var seen: [BindingKey: Int] = [:]
        var longest: (taps: Int, node: Node)?, longestNamed: (taps: Int, node: Node)?
        for item in try sequence(list, "bindings") {
            let b = try binding(item)
            if case .gesture(let t) = b.trigger, t.gesture == .tap {
                let taps = t.taps ?? GestureSettings().maxTaps
                if taps > (longest?.taps ?? 0) { longest = (taps, item) }
                if let named = t.taps, named > (longestNamed?.taps ?? 0) { longestNamed = (named, item) }
            }
            if case .gesture = b.trigger {
                // `app:` matches without regard to case: `firefox` and `Firefox` are one app.
                let key = BindingKey(trigger: b.trigger, device: b.device, apps: Set(b.apps.map { $0.lowercased() }))
                if let line = seen[key] {
                    throw fail(item, "duplicate binding: the same gesture, fingers, direction, device and app as the binding on line \(line)")
                }
                seen[key] = b.line
            }
            config.bindings.append(b)
        }
        // A tap waits `multiTapInterval` for the next only while a bound run could still be
        // longer: with `taps: 1` on every tap binding, a tap runs as its fingers lift and a
        // quick double tap runs it twice (touchégg's TAP). A binding without `taps` takes
        // any run, up to the default three, so it keeps the wait.
        if let given = maxTapsGiven {
            if let named = longestNamed, named.taps > config.settings.maxTaps {
                throw fail(named.node, "taps: \(named.taps) never runs: `settings: maxTaps` on line \((given.mark?.line).map(String.init) ?? "?") stops a run at \(config.settings.maxTaps)")
            }
        } else if let longest {
            config.settings.maxTaps = longest.taps
        }
        return config
    }

    private struct BindingKey: Hashable {
        var trigger: Binding.Trigger
        var device: DeviceMatch?
        var apps: Set<String>
    }

    // MARK: Bindings

    static let gestureKeys = ["gesture", "fingers", "taps", "direction", "edge", "button", "threshold", "speed", "on", "repeat",
                              "interval", "maxDuration", "device", "app", "claim", "command", "shell", "stdin", "keys", "reverse", "hold", "click", "scroll", "drag"]
    static let orientationKeys = ["orientation", "device", "command", "shell", "stdin"]

    private func binding(_ node: Node) throws(TactileError) -> Binding {
        let line = node.mark?.line ?? 0, column = node.mark?.column ?? 0
        let probe = try mapping(node, "a binding", keys: nil)
        if probe["gesture"] != nil && probe["orientation"] != nil {
            throw fail(node, "a binding has either `gesture:` or `orientation:`, not both")
        }
        if let o = probe["orientation"] {
            let m = try mapping(node, "an orientation binding", keys: Self.orientationKeys)
            var set: Set<InterfaceOrientation>?
            if o.scalar?.string != "any" {
                let items = o.sequence.map(Array.init) ?? [o]
                set = []
                for item in items { set!.insert(try choice(item, "orientation", InterfaceOrientation.self)) }
            }
            let command = try self.command(m, scope: .orientation, binding: node)
            return Binding(line: line, column: column, trigger: .orientation(set), action: .command(command),
                           device: try m["device"].map { n throws(TactileError) in try deviceMatch(n, "device") })
        }
        guard let g = probe["gesture"] else {
            throw fail(node, "a binding needs `gesture:` (\(BoundGesture.allCases.map(\.rawValue).joined(separator: ", "))) or `orientation:`")
        }
        let m = try mapping(node, "a gesture binding", keys: Self.gestureKeys)
        let gesture = try gestureName(g)
        var on: BindingPhase?
        if let n = m["on"] {
            let phase = try choice(n, "on", BindingPhase.self)
            var allowed: [BindingPhase] = gesture.isContinuous ? [.began, .update, .ended, .cancelled] : [.recognized]
            if gesture.isContinuous && gesture.measure != nil { allowed.append(.progress) }
            guard allowed.contains(phase) else {
                throw fail(n, "a \(gesture.rawValue) binding runs on \(allowed.map(\.rawValue).joined(separator: ", ")), not \(phase.rawValue)")
            }
            on = phase
        }
        var t = GestureTrigger(gesture: gesture, on: on)
        if let n = m["fingers"] { t.fingers = try fingers(n) }
        if let n = m["taps"] {
            guard gesture == .tap else { throw fail(n, "`taps` is for tap bindings") }
            let v = try integer(n, "taps")
            guard v >= 1 && v <= 10 else { throw fail(n, "taps must be 1 to 10, not \(v)") }
            t.taps = v
        }
        if let n = m["direction"] {
            let d = try choice(n, "direction", BoundDirection.self)
            guard d.applies(to: gesture) else {
                let fitting = BoundDirection.allCases.filter { $0.applies(to: gesture) }.map(\.rawValue)
                throw fail(n, fitting.isEmpty ? "a \(gesture.rawValue) has no direction"
                    : "\(Self.article(gesture.rawValue)) \(gesture.rawValue)'s direction is one of \(fitting.joined(separator: ", ")), not \(d.rawValue)")
            }
            t.direction = d
        }
        if let n = m["edge"] {
            // An edge swipe's edge is where it came in from; a swipe's where its stroke
            // started or ended, whichever way it went (lisgd's edges); a pan's where it
            // started (lisgd's strokes that run while the finger is down).
            guard gesture == .edgeSwipe || gesture == .swipe || gesture == .pan else { throw fail(n, "`edge` is for edgeSwipe, swipe and pan bindings") }
            if let corner = ScreenCorner(rawValue: n.scalar?.string ?? "") {
                t.corner = corner
            } else if n.scalar?.string == "none" {
                // A stroke away from every edge, at its start and its end (lisgd's `N`).
                guard gesture == .swipe || gesture == .pan else { throw fail(n, "`edge: none` is for swipe and pan bindings: a stroke away from every edge") }
                t.awayFromEdges = true
            } else {
                guard let edge = ScreenEdge(rawValue: n.scalar?.string ?? "") else {
                    throw fail(n, "edge '\(n.scalar?.string ?? "")' is not one of \((ScreenEdge.allCases.map(\.rawValue) + ScreenCorner.allCases.map(\.rawValue) + (gesture == .swipe || gesture == .pan ? ["none"] : [])).joined(separator: ", "))")
                }
                t.edge = edge
            }
        }
        if let d = t.direction, gesture == .edgeSwipe, t.edge != nil || t.corner != nil {
            // An edge swipe goes inward: from the left edge rightwards, from the bottom-left
            // corner up or rightwards.
            let edges = t.corner.map { [$0.edges.0, $0.edges.1] } ?? [t.edge!]
            let inward = edges.map { e -> BoundDirection in
                switch e {
                case .left: return .right
                case .right: return .left
                case .top: return .down
                case .bottom: return .up
                }
            }
            guard inward.contains(where: { d.includes($0) }) else {
                let e = t.corner?.rawValue ?? t.edge!.rawValue
                throw fail(m["direction"], "an edge swipe from \(e) goes \(inward.map(\.rawValue).joined(separator: " or ")), never \(d.rawValue); for a stroke \(d.rawValue) that starts or ends at the \(e) edge, `gesture: swipe` with `edge: \(e)`")
            }
        }
        if let n = m["button"] {
            guard gesture == .click else { throw fail(n, "`button` is for click bindings") }
            t.button = try choice(n, "button", ClickButton.self)
        }
        if let n = m["threshold"] {
            if gesture == .hold {
                // How long the hold lasted, known as it ends (libinput-gestures' `hold on+1.5`).
                guard on == .ended else { throw fail(n, "a hold's threshold is how long it lasted, known as it ends: give `on: ended`") }
                let span = try time(n, "threshold", atLeast: GestureTrigger.shortestInterval)
                t.threshold = Quantity(Double(span.microseconds) / 1000, .milliseconds)
            } else {
                t.threshold = try measure(n, "threshold", for: gesture)
            }
        }
        if let n = m["speed"] {
            // A swipe's in mm/s, a pinch's span in %/s, a turn's in deg/s: how fast over the
            // gesture's latest lines.
            guard let unit = GestureTrigger.speedUnit(gesture) else {
                throw fail(n, "`speed` is for swipe, pinch and rotate bindings (one runs mid-gesture, once the gesture goes that fast)")
            }
            let text = try string(n, "speed")
            let written = text.hasSuffix("°/s") ? String(text.dropLast(3)) + "deg/s" : text
            guard written.hasSuffix(unit), let v = Double(written.dropLast(unit.count).trimmingSpaces), v.isFinite else {
                throw fail(n, "speed '\(text)' is not a speed in \(unit) (\(GestureTrigger.speedExample(gesture)))")
            }
            let range = GestureTrigger.speeds(gesture)
            guard range.contains(v) else {
                throw fail(n, "speed \(text) is not one a hand makes: at least \(Int(range.lowerBound))\(unit) and at most \(Int(range.upperBound))\(unit)")
            }
            if gesture == .swipe {
                if let on, on != .recognized { throw fail(m["on"], "a swipe with `speed` runs once, mid-stroke: leave out `on: \(on.rawValue)`") }
            } else {
                if let on, on != .update { throw fail(m["on"], "\(Self.article(gesture.rawValue)) \(gesture.rawValue) with `speed` runs at the updates that go that fast: leave out `on: \(on.rawValue)`") }
                if m["repeat"] != nil { throw fail(m["repeat"], "\(Self.article(gesture.rawValue)) \(gesture.rawValue) with `speed` runs at the updates that go that fast, not by steps: leave out `repeat`") }
                t.on = .update
            }
            t.speed = v
        }
        if let n = m["repeat"] {
            // Steps of a continuous gesture's distance, angle or scale.
            let stepped = BoundGesture.allCases.filter { $0.isContinuous && $0.measure != nil }.map(\.rawValue)
            guard stepped.contains(gesture.rawValue) else {
                throw fail(n, "`repeat` is for \(stepped.dropLast().joined(separator: ", ")) and \(stepped.last ?? "") bindings (it runs again at every step)")
            }
            if let on, on != .update {
                throw fail(m["on"], "a binding with `repeat` runs as the gesture goes: leave out `on: \(on.rawValue)`")
            }
            let r = try mapping(n, "repeat", keys: ["every", "interval", "within", "perUpdate"])
            guard let every = r["every"] else { throw fail(n, "`repeat` needs `every:` (10mm, 90deg, 1.25x)") }
            t.every = try step(every, for: gesture)
            if let i = r["interval"] { t.interval = try time(i, "interval", atLeast: GestureTrigger.shortestInterval) }
            if let w = r["within"] { t.within = try measure(w, "within", for: gesture) }
            if let p = r["perUpdate"] {
                let v = try integer(p, "perUpdate")
                guard (1...100).contains(v) else { throw fail(p, "perUpdate is how many steps one update may take, 1 to 100, not \(v)") }
                t.stepsPerUpdate = v
            }
            t.on = .update
        }
        if t.on == .progress && t.threshold == nil {
            throw fail(m["on"], "`on: progress` counts toward the binding's threshold: give one (`threshold: \(gesture.measure == .scale ? "1.5x" : gesture.measure == .angle ? "90deg" : "30mm")`)")
        }
        if let n = m["interval"] {
            guard t.followsUpdates || (t.speed != nil && gesture != .swipe) else { throw fail(n, "`interval` limits bindings that run on updates or repeats") }
            t.interval = try time(n, "interval", atLeast: GestureTrigger.shortestInterval)
        }
        if let n = m["maxDuration"] {
            // Known as the gesture ends: a swipe's stroke, or a continuous gesture's end.
            let once = gesture == .swipe ? t.speed == nil && t.on == .recognized
                : gesture.isContinuous && t.on == .ended
            guard once else {
                throw fail(n, gesture == .swipe ? "`maxDuration` is for a swipe that runs as its stroke ends: leave out `speed`"
                    : gesture.isContinuous ? "`maxDuration` is how long \(Self.article(gesture.rawValue)) \(gesture.rawValue) took, known as it ends: give `on: ended`"
                    : "`maxDuration` is for swipe bindings and bindings that run `on: ended`")
            }
            t.maxDuration = try time(n, "maxDuration", atLeast: GestureTrigger.shortestInterval)
        }
        let action: Binding.Action
        if let input = try inputAction(m, binding: node) {
            try check(input, &t, m)
            action = .input(input)
        } else {
            action = .command(try self.command(m, scope: .gesture, binding: node))
        }
        var apps: [String] = []
        if let n = m["app"] {
            for item in n.sequence.map(Array.init) ?? [n] {
                let glob = try string(item, "app")
                guard !glob.isEmpty, glob != "!" else { throw fail(item, "app is a name or glob of the application (`tactile bind focus` shows the focused one's)") }
                apps.append(glob)
            }
        }
        var b = Binding(line: line, column: column, trigger: .gesture(t), action: action,
                        device: try m["device"].map { n throws(TactileError) in try deviceMatch(n, "device") }, apps: apps)
        if let n = m["claim"] {
            b.claim = try choice(n, "claim", ClaimMode.self)
            if b.claim == .delay && gesture != .edgeSwipe {
                throw fail(n, "claim: delay is for edgeSwipe bindings (a touch in the edge zone is held until its direction is known); a \(gesture.rawValue) would hold every touch: cancel or none")
            }
        }
        return b
    }

    static let inputKeys = ["keys", "reverse", "hold", "click", "scroll", "drag"]

    /// The built-in action the binding gives instead of a command, or nil.
    private func inputAction(_ m: [String: Node], binding: Node) throws(TactileError) -> InputAction? {
        let given = Self.inputKeys.filter { m[$0] != nil }
        guard !given.isEmpty else { return nil }
        if m["command"] != nil {
            throw fail(m["command"], "a binding runs a command or a built-in action (\(given[0])), not both")
        }
        for key in ["shell", "stdin"] where m[key] != nil {
            throw fail(m[key], "`\(key)` is for commands; a built-in action (\(given[0])) runs no process")
        }
        // `keys` with a click or a wheel notch are the modifiers held around it (ctrl+click).
        let kinds = given.filter { $0 != "hold" && $0 != "reverse" }
        let modified = kinds.count == 2 && kinds[0] == "keys" && (kinds[1] == "click" || kinds[1] == "scroll")
        if kinds.count > 1 && !modified {
            throw fail(m[kinds[1]], "a binding has one of keys, click, scroll and drag (keys with a click or a scroll direction: held around it), not \(kinds[0]) and \(kinds[1])")
        }
        var a = InputAction()
        if let n = m["keys"] { a.keys = try keyList(n, "keys") }
        if let n = m["hold"] { a.hold = try keyList(n, "hold") }
        if let n = m["reverse"] {
            guard m["keys"] != nil else { throw fail(n, "`reverse` is the keys a step back presses instead of `keys`: give `keys` too") }
            // `reverse: []`: a step back presses nothing.
            a.reverse = n.sequence.map({ $0.isEmpty }) == true ? [] : try keyList(n, "reverse")
        }
        if let n = m["click"] { a.click = try choice(n, "click", ClickButton.self) }
        if let n = m["drag"] { a.drag = try choice(n, "drag", ClickButton.self) }
        if let n = m["scroll"] { a.scroll = try choice(n, "scroll", InputAction.Scroll.self) }
        if !a.keys.isEmpty, let s = a.scroll, s.follows {
            throw fail(m["scroll"], "`keys` with `scroll` are held around a notch: give a direction (up, down, left, right), not \(s.rawValue)")
        }
        if !a.keys.isEmpty, a.click != nil || a.scroll != nil, m["reverse"] != nil {
            throw fail(m["reverse"], "`reverse` is the keys a step back presses instead of `keys`: not for keys held around a click or a scroll")
        }
        return a
    }

    /// Keys as a list (`[ctrl, alt, right]`) or one string joined by `+` (`ctrl+alt+right`).
    private func keyList(_ n: Node, _ what: String) throws(TactileError) -> [KeyName] {
        var keys: [KeyName] = []
        let items = n.sequence.map(Array.init) ?? [n]
        for item in items {
            let text = try string(item, what)
            let names = items.count == 1 && n.sequence == nil ? text.split(separator: "+", omittingEmptySubsequences: false).map(String.init) : [text]
            for name in names {
                guard !name.trimmingSpaces.isEmpty else { throw fail(item, "\(what) '\(text)' has an empty key name (keys are joined by +: ctrl+alt+right)") }
                guard let key = KeyName(name.trimmingSpaces) else {
                    throw fail(item, "unknown key '\(name)' in \(what): a name such as ctrl, alt, shift, super, tab, left, f5, a, or a kernel KEY_* name")
                }
                keys.append(key)
            }
        }
        guard !keys.isEmpty else { throw fail(n, "\(what) lists at least one key") }
        for (i, k) in keys.enumerated() where keys[..<i].contains(where: { $0.code == k.code }) {
            throw fail(n, "\(what) names \(k.name) twice: a key held down cannot be pressed again")
        }
        guard keys.count <= 8 else { throw fail(n, "\(what) lists \(keys.count) keys: at most 8 at once") }
        return keys
    }

    /// What a built-in action asks of its binding's gesture and phase.
    private func check(_ a: InputAction, _ t: inout GestureTrigger, _ m: [String: Node]) throws(TactileError) {
        let g = t.gesture
        if let both = a.keys.first(where: { k in a.hold.contains { $0.code == k.code } }) {
            throw fail(m["keys"], "\(both.name) is under both `hold` and `keys`: held down, it cannot be pressed again")
        }
        if a.lasts && !g.isContinuous {
            let key = a.hold.isEmpty ? (a.drag != nil ? "drag" : "scroll") : "hold"
            let lasting = BoundGesture.allCases.filter(\.isContinuous).map(\.rawValue)
            throw fail(m[key], "`\(key)` lasts until the gesture ends: a \(g.rawValue) has no end (\(lasting.dropLast().joined(separator: ", ")) and \(lasting.last ?? "") have)")
        }
        if a.followsMotion {
            let key = a.drag != nil ? "drag" : "scroll"
            guard g == .pan else { throw fail(m[key], "`\(key): \(m[key]?.scalar?.string ?? "")` follows the fingers: it is for pan bindings") }
            if t.every != nil { throw fail(m["repeat"], "`\(key)` follows every update: leave out `repeat`") }
            if let n = m["on"], t.on != .update { throw fail(n, "`\(key)` follows every update: leave out `on: \(t.on.rawValue)`") }
            t.on = .update
        }
        if a.reverse != nil && !t.followsUpdates {
            throw fail(m["reverse"], "`reverse` is for steps back: a binding with `repeat` or `on: update`")
        }
        if let both = (a.reverse ?? []).first(where: { k in a.hold.contains { $0.code == k.code } }) {
            throw fail(m["reverse"], "\(both.name) is under both `hold` and `reverse`: held down, it cannot be pressed again")
        }
        if (a.hold.isEmpty == false) && (t.on == .ended || t.on == .cancelled) {
            throw fail(m["hold"], "`hold` keeps keys down until the gesture ends: it cannot start `on: \(t.on.rawValue)`")
        }
    }

    /// "a" or "an" before a gesture's name (an edgeSwipe).
    static func article(_ word: String) -> String {
        word.first.map { "aeiou".contains($0) } == true ? "an" : "a"
    }

    private func gestureName(_ n: Node) throws(TactileError) -> BoundGesture {
        let s = try string(n, "gesture")
        if s == "longPress" { return .hold }
        guard let g = BoundGesture(rawValue: s) else {
            throw fail(n, "unknown gesture '\(s)'; one of \(BoundGesture.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return g
    }

    private func fingers(_ n: Node) throws(TactileError) -> FingerRange {
        // A plain decimal: Yams' `Node.int` also reads YAML 1.1's base 60 (`1:30`) and traps
        // when that overflows (`fingers: 1:1:1:1:1:1:1:1:1:1:1:1`).
        if let s = n.scalar, s.style == .plain, let i = Int(s.string) {
            guard (1...10).contains(i) else { throw fail(n, "fingers must be 1 to 10, not \(i)") }
            return FingerRange(lower: i, upper: i)
        }
        let s = try string(n, "fingers")
        if s == "any" { return .any }
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, let a = Int(parts[0].trimmingSpaces), let b = Int(parts[1].trimmingSpaces) {
            guard a >= 1, b <= 10, a <= b else { throw fail(n, "fingers \(s): a range runs from 1 up to 10, low to high") }
            return FingerRange(lower: a, upper: b)
        }
        if s.hasSuffix("+"), let a = Int(s.dropLast().trimmingSpaces), (1...10).contains(a) {
            return FingerRange(lower: a, upper: 10)
        }
        throw fail(n, "fingers must be a number (3), a range (3-4, 3+) or any, not '\(s)'")
    }

    /// A threshold or step of the gesture's kind of value, checked for being reachable.
    private func measure(_ n: Node, _ what: String, for g: BoundGesture) throws(TactileError) -> Quantity {
        guard let dimension = g.measure else { throw fail(n, "\(Self.article(g.rawValue)) \(g.rawValue) has no `\(what)`: it has no distance, angle or scale") }
        let s = try string(n, what)
        guard let q = Quantity(parsing: s) else {
            throw fail(n, "\(what) '\(s)' is not \(dimension.examples)")
        }
        // A pinch's repeat may step by points of its scale (`every: 10%`: 1.1, 1.2 ... out,
        // 0.9, 0.8 ... in), touchégg's percentage of a pinch.
        let points = dimension == .scale && q.unit == .percent && (what == "every" || what == "within")
        guard q.dimension == dimension || points else {
            throw fail(n, "\(Self.article(g.rawValue)) \(g.rawValue)'s \(what) is \(dimension.examples)\(dimension == .scale && (what == "every" || what == "within") ? " or points of it (10%)" : ""), not \(q)")
        }
        switch q.unit {
        case .millimetres where q.value <= 0 || q.value > 2000,
             .percent where q.value <= 0 || q.value > 100,
             .degrees where q.value <= 0 || q.value > 3600:
            throw fail(n, "\(what) \(s) can never be reached: it must be above 0 and at most \(q.unit == .percent ? "100%" : q.unit == .degrees ? "3600deg" : "2000mm")")
        case .factor where q.value <= 1 || q.value > 100:
            throw fail(n, "\(what) \(s) can never be reached: a scale factor is above 1 (1.25x is a quarter bigger, or smaller for `in`) and at most 100x")
        default:
            return q
        }
    }

    private func command(_ m: [String: Node], scope: Placeholder.Scope, binding: Node) throws(TactileError) -> CommandTemplate {
        guard let c = m["command"] else { throw fail(binding, "a binding needs `command:`, a list of arguments") }
        let shell = try m["shell"].map { n throws(TactileError) in try bool(n, "shell") } ?? false
        var stdinJSON = false
        if let s = m["stdin"] {
            let v = try string(s, "stdin")
            guard v == "json" || v == "none" else { throw fail(s, "stdin is json or none, not '\(v)'") }
            stdinJSON = v == "json"
        }
        var argv: [String] = []
        var nodes: [Node] = []
        if shell {
            guard c.scalar != nil else { throw fail(c, "with `shell: true` the command is one string of shell") }
            argv = [try string(c, "command")]
            nodes = [c]
            guard !argv[0].trimmingSpaces.isEmpty else { throw fail(c, "with `shell: true` the command is a script, not nothing") }
        } else {
            guard let list = c.sequence else {
                throw fail(c, "command must be a list of arguments, [program, arg, ...] (no shell unless `shell: true`)")
            }
            for item in list {
                guard let s = item.scalar?.string else { throw fail(item, "each argument of a command is a string") }
                argv.append(s)
                nodes.append(item)
            }
            guard !argv.isEmpty, !argv[0].isEmpty else { throw fail(c, "command needs a program to run") }
        }
        for (arg, node) in zip(argv, nodes) where arg.utf8.contains(0) {
            throw fail(node, "an argument cannot hold a NUL character: the kernel ends it there")
        }
        do throws(CommandTemplate.Problem) {
            return try CommandTemplate(argv: argv, shell: shell, stdinJSON: stdinJSON, scope: scope)
        } catch {
            let at = nodes[error.argument]
            var e = fail(at, error.message)
            if let mark = at.mark, !(at.scalar?.string.contains("\n") ?? true) {
                // The column of the brace itself: past the opening quote when the string has one.
                let quoted = at.scalar?.style == .singleQuoted || at.scalar?.style == .doubleQuoted
                e.column = mark.column + error.column - 1 + (quoted ? 1 : 0)
            }
            throw e
        }
    }

    // MARK: Sections

    private func orientation(_ n: Node, into config: inout BindingConfig) throws(TactileError) {
        let m = try mapping(n, "orientation", keys: ["mountMatrix", "allowed", "lock", "screen"])
        if let v = m["mountMatrix"] {
            do throws(TactileError) {
                config.orientation.mountMatrix = try MountMatrix(parsing: try string(v, "mountMatrix"))
            } catch {
                throw fail(v, error.message)
            }
        }
        if let v = m["allowed"] {
            var set = Set<InterfaceOrientation>()
            for item in try sequence(v, "allowed") { set.insert(try choice(item, "allowed", InterfaceOrientation.self)) }
            guard !set.isEmpty else { throw fail(v, "allowed lists at least one orientation") }
            config.orientation.allowed = set
        }
        if let v = m["lock"] { config.orientation.lock = try choice(v, "lock", InterfaceOrientation.self) }
        if let v = m["screen"] {
            let s = try string(v, "screen")
            let parts = s.lowercased().split(whereSeparator: { $0 == "x" || $0 == "," })
            guard parts.count == 2, let w = Double(parts[0].trimmingSpaces), let h = Double(parts[1].trimmingSpaces),
                  w > 0, h > 0, w.isFinite, h.isFinite else {
                throw fail(v, "screen is the portrait size in mm, WIDTHxHEIGHT (70x150), not '\(s)'")
            }
            config.orientation.screen = Size(width: w, height: h)
        }
    }

    private func deviceMatch(_ n: Node, _ what: String) throws(TactileError) -> DeviceMatch {
        if let s = n.scalar?.string {
            if let kind = DeviceKind(rawValue: s), kind != .other { return DeviceMatch(kind: kind) }
            if s.hasPrefix("/dev/") { return DeviceMatch(node: s) }
            return DeviceMatch(name: s)
        }
        let m = try mapping(n, what, keys: ["name", "kind", "node"])
        var d = DeviceMatch()
        if let v = m["name"] { d.name = try string(v, "name") }
        if let v = m["kind"] {
            let k = try choice(v, "kind", DeviceKind.self)
            guard k != .other else { throw fail(v, "kind is touchscreen, touchpad or accelerometer") }
            d.kind = k
        }
        if let v = m["node"] { d.node = try string(v, "node") }
        guard d != DeviceMatch() else { throw fail(n, "\(what) gives a name, kind or node to match") }
        return d
    }

    // MARK: Values

    /// A mapping's values by key; with `keys`, any other key is an error naming them.
    private func mapping(_ n: Node, _ what: String, keys: [String]?) throws(TactileError) -> [String: Node] {
        guard let m = n.mapping else { throw fail(n, "\(what) must be a mapping of key: value, not \(kind(n))") }
        var out: [String: Node] = [:]
        for (k, v) in m {
            guard let key = k.scalar?.string else { throw fail(k, "keys are plain words") }
            if let keys, !keys.contains(key) {
                throw fail(k, "unknown key '\(key)' in \(what); one of \(keys.joined(separator: ", "))")
            }
            if out[key] != nil { throw fail(k, "'\(key)' given twice") }
            out[key] = v
        }
        return out
    }

    private func pairs(_ n: Node, _ what: String) throws(TactileError) -> [(Node, Node)] {
        guard let m = n.mapping else { throw fail(n, "\(what) must be a mapping of key: value, not \(kind(n))") }
        return m.map { ($0.key, $0.value) }
    }

    private func sequence(_ n: Node, _ what: String) throws(TactileError) -> [Node] {
        guard let s = n.sequence else { throw fail(n, "\(what) must be a list (- item), not \(kind(n))") }
        return Array(s)
    }

    private func string(_ n: Node, _ what: String) throws(TactileError) -> String {
        guard let s = n.scalar?.string else { throw fail(n, "\(what) must be a single value, not \(kind(n))") }
        return s
    }

    private func number(_ n: Node, _ what: String) throws(TactileError) -> Double {
        guard let s = n.scalar, s.style == .plain, let v = n.float, v.isFinite else {
            throw fail(n, "\(what) must be a number, not \(kind(n))")
        }
        return v
    }

    private func integer(_ n: Node, _ what: String) throws(TactileError) -> Int {
        guard let s = n.scalar, s.style == .plain, let v = Int(s.string) else {
            throw fail(n, "\(what) must be a whole number, not \(kind(n))")
        }
        return v
    }

    private func bool(_ n: Node, _ what: String) throws(TactileError) -> Bool {
        guard let s = n.scalar?.string, s == "true" || s == "false" else {
            throw fail(n, "\(what) must be true or false, not \(kind(n))")
        }
        return s == "true"
    }

    private func time(_ n: Node, _ what: String, atLeast shortest: TimeSpan = .zero) throws(TactileError) -> TimeSpan {
        let s = try string(n, what)
        guard let q = Quantity(parsing: s), q.dimension == .time else { throw fail(n, "\(what) must be \(Quantity.Dimension.time.examples), not '\(s)'") }
        guard q.value >= 0 && q.value <= 86_400_000 else { throw fail(n, "\(what) \(s) must be between 0 and a day") }
        let span = TimeSpan(microseconds: Int64((q.value * 1000).rounded()))
        guard span >= shortest else {
            throw fail(n, "\(what) \(s) is too short: at least \(shortest.microseconds / 1000)ms")
        }
        return span
    }

    /// A repeat's step: a threshold's kind of value, no finer than a finger can mean
    /// (`GestureTrigger.finestStep`), so a gesture cannot run a command per sensor tick.
    private func step(_ n: Node, for g: BoundGesture) throws(TactileError) -> Quantity {
        let q = try measure(n, "every", for: g)
        let finest = GestureTrigger.finestStep(q.unit)
        guard q.value >= finest.value else {
            throw fail(n, "every \(q) is finer than a finger can mean: at least \(finest)")
        }
        return q
    }

    private func choice<T: RawRepresentable & CaseIterable>(_ n: Node, _ what: String, _ type: T.Type) throws(TactileError) -> T
        where T.RawValue == String
    {
        let s = try string(n, what)
        guard let v = T(rawValue: s) else {
            throw fail(n, "\(what) '\(s)' is not one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }

    private func kind(_ n: Node) -> String {
        switch n {
        case .scalar(let s): return s.string.isEmpty ? "nothing" : "'\(s.string)'"
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .alias: return "an alias"
        }
    }
}
