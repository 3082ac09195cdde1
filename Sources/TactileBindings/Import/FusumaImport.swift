import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TactileYAML
import Yams

/// fusuma's configuration (YAML): `swipe`, `pinch`, `rotate` and `hold`, each by finger
/// count then direction (`hold` by finger count alone), each with a `command` that fusuma
/// runs as Ruby's `exec` does (through `sh -c` when it has shell syntax), or a plugin's
/// action: `sendkey` (fusuma-plugin-sendkey) becomes built-in `keys:`, `workspace` and
/// `window` (fusuma-plugin-wmctrl) the `wmctrl` commands they run, the appmatcher's
/// documents (`---`, `context: {application: NAME}`) bindings with `app:`; `keypress`
/// (a gesture with a key held) is noted, Tactile does not see the keyboard.
///
/// When and how far, from its source (fusuma 2 and 3, `SwipeDetector`, `PinchDetector`,
/// `Executor`):
/// - A swipe runs its command mid-stroke, once the stroke is fast enough: 25 of libinput's
///   units per 10 ms over its last 10 updates, times its `threshold` (or `threshold:
///   {swipe: ...}`, 1 by default), about 64 mm/s: a swipe binding with that `speed`.
/// - A pinch runs mid-gesture, at every update whose span changed 1.3 times `threshold`
///   over its last 10 updates, in the way they went, at most once per `interval` (0.3 s
///   times it): a pinch binding with that `speed` (`pinchSpeed`). A turn likewise, at
///   0.5° per 10 ms times its threshold (`rotateSpeed`). An update slower than fusuma's
///   `moved?` runs nothing, not even a direction's `update:`.
/// - A hold runs 0.7 s times its threshold after libinput's hold begins, while the fingers
///   rest: `touchpadHoldMinDuration`.
/// - `begin:` and `end:` run when the gesture begins and ends; a direction's `update:` at
///   every update (at most once per 0.1 s times `interval`).
/// - A count left out is any count for a pinch or rotation (libinput's 2 or more), 3 or
///   more for a swipe.
enum FusumaImport {
    /// fusuma's swipe speed (25 units per 10 ms) in mm/s, at libinput's 1000 dpi.
    static let swipeSpeed = 25.0 * 100 * LibinputGesturesImport.millimetresPerDot

    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        var documents: [Node] = []
        // Each document read on its own, so that an error names its line in the file.
        var offset = 0
        for chunk in documentChunks(text) {
            let start = offset
            if let node = try YAMLDocument.compose(chunk.text, file: c.source, kind: .badData, line: { $0 + start }) {
                documents.append(node)
            }
            offset += chunk.lines
        }
        c.devices.append("{kind: touchpad}")
        var global = Globals()
        for document in documents {
            guard let top = document.mapping else {
                throw TactileError(.badData, file: c.source, line: document.mark.map { $0.line }, column: document.mark?.column,
                                   "a fusuma configuration is a YAML mapping (swipe:, pinch:, ...)")
            }
            for key in ["threshold", "interval"] {
                for (g, v) in top[Node(stringLiteral: key)]?.mapping ?? [:] {
                    guard let name = g.string, let value = v.float else { continue }
                    if key == "threshold" { global.threshold[name] = value } else { global.interval[name] = value }
                }
            }
        }
        // A hold runs once it has lasted 0.7 s times its threshold (`HoldDetector`,
        // BASE_THRESHOLD 0.7, measured from libinput's hold begin, about 180 ms after the
        // fingers rest), while the fingers are still down, and never once it became a swipe
        // (libinput cancels it): here the touchpad's hold is recognized that late.
        if documents.contains(where: { $0.mapping?["hold"] != nil }) {
            let t = global.threshold["hold"].flatMap { $0 > 0 ? $0 : nil } ?? 1
            c.set("touchpadHoldMinDuration", LibinputGesturesImport.number(180 + 700 * t))
            c.note("fusuma runs a hold after 0.7 s × its threshold (\(LibinputGesturesImport.number(t))) from libinput's hold begin: `touchpadHoldMinDuration` is \(LibinputGesturesImport.number(180 + 700 * t)) ms for every touchpad hold")
        }
        for document in documents {
            guard let top = document.mapping else { continue }
            var apps: [String] = []
            if let context = top["context"] {
                guard let app = context.mapping?["application"]?.string, !app.isEmpty else {
                    c.drop("a context document", "a context other than an application (appmatcher's): its bindings are not carried over")
                    continue
                }
                apps = [app]
            }
            translate(top, apps: apps, global, into: &c)
        }
        joinUpdateDirections(into: &c)
        // fusuma looks for a gesture in the default document first, then in the focused
        // application's (`Searcher::CONTEXT_SEARCH_ORDER`: no context first): an
        // application's binding of a gesture the default binds never runs.
        let general = Set(c.bindings.filter { !$0.fields.contains { $0.0 == "app" } }.map(\.trigger))
        var i = 0
        while i < c.bindings.count {
            let b = c.bindings[i]
            let trigger = ImportedBinding(fields: b.fields.filter { $0.0 != "app" }, action: b.action, comment: nil).trigger
            if b.fields.contains(where: { $0.0 == "app" }), general.contains(trigger) {
                c.drop(b.comment ?? trigger, "fusuma runs the default document's binding of this gesture in every application: it looks there first (`Searcher::CONTEXT_SEARCH_ORDER`)")
                c.bindings.remove(at: i)
            } else {
                i += 1
            }
        }
        if c.bindings.contains(where: { b in b.fields.contains { $0 == ("gesture", "swipe") } && b.fields.contains { $0.0 == "speed" } }) {
            // fusuma's executor waits `interval` (0.3 s times it) after a run before the next:
            // a long fast stroke can run its swipe again. Counted only when a swipe is carried over.
            let i = 0.3 * (global.interval["swipe"] ?? 1)
            c.change("fusuma's swipes", "fusuma runs a swipe mid-stroke once its last 10 updates were fast enough (25 of libinput's units per 10 ms, times its threshold), and again \(LibinputGesturesImport.number(i)) s later if the stroke is still that fast; here once per stroke, mid-stroke, at the binding's `speed`")
        }
    }

    /// fusuma runs a direction's `update:` on each update that moves that way (its
    /// `repeat_direction` is each update's own delta): the alt-tab switcher's `right:
    /// update: tab` and `left: update: shift+tab` step forwards and back in one stroke.
    /// Here a pan's update bindings are chosen as it begins, so the two ways of an axis
    /// become one binding along it that runs by each update's sign (`{sign}`): keys with
    /// `reverse:`, or a command choosing by `$TACTILE_SIGN`; a way with no binding of its
    /// own runs nothing (`reverse: []`).
    static func joinUpdateDirections(into c: inout ImportedConfig) {
        let axes = ["right": ("left", "horizontal", true), "left": ("right", "horizontal", false),
                    "down": ("up", "vertical", true), "up": ("down", "vertical", false)]
        func rest(_ b: ImportedBinding) -> String {
            ImportedBinding(fields: b.fields.filter { $0.0 != "direction" }, action: b.action, comment: nil).trigger
        }
        func keys(_ b: ImportedBinding) -> String? {
            if case .input(let i) = b.action, i.count == 1, i[0].0 == "keys" { return i[0].1 }
            return nil
        }
        var i = 0
        while i < c.bindings.count {
            let b = c.bindings[i]
            guard b.fields.first(where: { $0.0 == "gesture" })?.1 == "pan", b.on == "update",
                  let d = b.direction, let way = axes[d] else { i += 1; continue }
            let (other, axis, positive) = way
            let j = c.bindings.indices.first { $0 != i && c.bindings[$0].on == "update" && c.bindings[$0].direction == other && rest(c.bindings[$0]) == rest(b) }
            let what = b.comment ?? b.trigger
            if let j {
                let (plus, minus) = positive ? (b, c.bindings[j]) : (c.bindings[j], b)
                var action: ImportedBinding.Action?
                if let k = keys(plus), let r = keys(minus) {
                    action = .input([("keys", k), ("reverse", r)])
                } else if let p = plus.commandOrNil, let m = minus.commandOrNil {
                    action = .command(.bySign(p.text, m.text))
                }
                guard let action else {
                    c.change(what, "fusuma runs each way's update as the fingers go that way; here the update binding of the way the \(axis) stroke began, one being a key action and the other not")
                    i += 1
                    continue
                }
                c.bindings[i] = ImportedBinding(fields: b.fields.map { $0.0 == "direction" ? ("direction", axis) : $0 }, action: action,
                                                comment: "\(plus.comment ?? "") and \(minus.comment ?? "")")
                c.bindings.remove(at: j)
                c.note("`\(plus.comment ?? "")` and `\(minus.comment ?? "")`: one \(axis) binding, each update running the way it moved, as fusuma does")
                if j < i { i -= 1 }
            } else {
                var replaced: ImportedBinding.Action?
                if let k = keys(b) {
                    replaced = .input([("keys", k), ("reverse", "[]")])
                } else if let command = b.commandOrNil {
                    replaced = .command(.shell("[ \"$TACTILE_SIGN\" = + ] && \(command.text)"))
                }
                if let replaced {
                    c.bindings[i].action = replaced
                    c.note("`\(what)`: an update moving the other way runs nothing, as fusuma runs \(d)'s update only on updates that move \(d)")
                } else {
                    c.change(what, "fusuma runs it on each update that moves \(d); here on each update of a pan that began \(d)")
                }
            }
            i += 1
        }
    }

    /// The texts of a stream's documents, split at `---` lines, with their line counts.
    static func documentChunks(_ text: String) -> [(text: String, lines: Int)] {
        var out: [(String, Int)] = []
        var current: [Substring] = []
        var count = 0
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" }) {
            if line.hasPrefix("---") && line.dropFirst(3).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                out.append((current.joined(separator: "\n"), count))
                current = [""]
                count = 1
                continue
            }
            current.append(line)
            count += 1
        }
        out.append((current.joined(separator: "\n"), count))
        return out
    }

    struct Globals {
        var threshold: [String: Double] = [:]
        var interval: [String: Double] = [:]
    }

    private static func translate(_ top: Node.Mapping, apps: [String], _ global: Globals, into c: inout ImportedConfig) {
        for (key, value) in top {
            let name = key.string ?? ""
            switch name {
            case "context", "threshold", "interval": continue
            case "swipe", "pinch", "rotate": gesture(name, value, apps: apps, global, into: &c)
            case "hold":
                for (fingersNode, action) in value.mapping ?? [:] {
                    guard let fingers = Int(fingersNode.string ?? ""), (1...10).contains(fingers) else {
                        c.drop("hold \(fingersNode.string ?? "?")", "fusuma names finger counts")
                        continue
                    }
                    if let own = action.mapping?["threshold"]?.float, own != (global.threshold["hold"] ?? 1) {
                        c.change("hold \(fingers)", "its own `threshold` (\(LibinputGesturesImport.number(0.7 * own)) s): here every touchpad hold waits `touchpadHoldMinDuration`")
                    }
                    let phases = action.mapping.map { m in ["begin", "end", "cancelled"].filter { m[Node(stringLiteral: $0)] != nil } } ?? []
                    if !phases.isEmpty {
                        // begin, end and cancelled (fusuma's README): as the hold begins, as
                        // its fingers lift, as it turns into another gesture.
                        for phase in phases {
                            guard let inner = action.mapping?[Node(stringLiteral: phase)] else { continue }
                            let on = phase == "begin" ? "began" : phase == "end" ? "ended" : "cancelled"
                            bind([("gesture", "hold"), ("fingers", String(fingers)), ("on", on)] + appField(apps), inner,
                                 what: "hold \(fingers) \(phase)", into: &c)
                        }
                        if phases.contains("begin") {
                            c.change("hold \(fingers) begin", "fusuma runs it as libinput's hold begins; here as the hold is recognized, once the fingers rested `touchpadHoldMinDuration`")
                        }
                        continue
                    }
                    bind([("gesture", "hold"), ("fingers", String(fingers))] + appField(apps), action, what: "hold \(fingers)", into: &c)
                }
            case "plugin":
                // Which touchpad fusuma reads: `libinput_device_filter: keep_device_names` (names
                // it matches) and `libinput_command_input: device` (a node); the rest (buffers,
                // executors) has no counterpart.
                let m = value.mapping
                let names = (m?["filters"]?.mapping?["libinput_device_filter"]?.mapping?["keep_device_names"]?.sequence ?? []).compactMap(\.string)
                let node = m?["inputs"]?.mapping?["libinput_command_input"]?.mapping?["device"]?.string
                if !names.isEmpty || node != nil {
                    // fusuma's filter matches a part of the name (a Ruby `match?`): a glob around it.
                    c.devices = names.map { "{kind: touchpad, name: \(YAMLText.scalar("*" + $0 + "*"))}" } + (node.map { ["{kind: touchpad, node: \(YAMLText.scalar($0))}"] } ?? [])
                    c.note("fusuma's plugin settings name the touchpad it reads: `devices:` here\(names.isEmpty ? "" : " (`*NAME*`: its filter matches a part of the name)")")
                }
                c.note("fusuma's other `plugin` settings (its buffers, executors and other inputs) have no counterpart")
            default:
                // A word near one of fusuma's own gestures is a typing mistake, which fusuma
                // ignores too; another is a plugin's.
                if let meant = Spelling.nearest(name, in: ["swipe", "pinch", "rotate", "hold", "threshold", "interval", "plugin", "context"]) {
                    c.drop(name, "fusuma knows no `\(name)` (did you mean `\(meant)`?): it ignores it")
                } else {
                    c.drop(name, "fusuma's `\(name)` (a plugin's gesture) has no counterpart")
                }
            }
        }
    }

    /// `app:` for the bindings of an appmatcher document.
    private static func appField(_ apps: [String]) -> [(String, String)] {
        apps.isEmpty ? [] : [("app", YAMLText.list(apps))]
    }

    private static func gesture(_ name: String, _ node: Node, apps: [String], _ global: Globals, into c: inout ImportedConfig) {
        // The gesture Tactile follows for fusuma's begin, update and end: a swipe is a pan.
        let continuous = name == "swipe" ? "pan" : name
        for (fingersNode, directions) in node.mapping ?? [:] {
            var fingers = fingersNode.string
            var byDirection = directions.mapping.map { Array($0) } ?? []
            if Int(fingersNode.string ?? "") == nil, let word = fingersNode.string,
               direction(name, word) != nil || ["begin", "end", "update"].contains(word) {
                // No finger count: any count libinput reports for a pinch or a rotation.
                fingers = nil
                byDirection = [(fingersNode, directions)]
            } else if let f = Int(fingers ?? ""), !(1...10).contains(f) {
                c.drop("\(name) \(f)", "fusuma names finger counts 1 to 10")
                continue
            } else if let f = Int(fingers ?? ""), f < (name == "swipe" ? 3 : name == "hold" ? 1 : 2) {
                // fusuma reads libinput's gestures: a swipe of three fingers or more (one moves
                // the pointer, two scroll), a pinch or a turn of two or more.
                c.drop("\(name) \(f)", "libinput reports no \(name) of \(f) finger\(f == 1 ? "" : "s") (\(name == "swipe" ? "one moves the pointer, two scroll" : "a pinch or a turn takes two")), so fusuma never runs it")
                continue
            } else if Int(fingers ?? "") == nil {
                c.drop("\(name) \(fingersNode.string ?? "?")", "fusuma has no \(name) `\(fingersNode.string ?? "?")`")
                continue
            }
            let count = fingers ?? (name == "swipe" ? "3+" : "2+")
            if fingers == nil && name == "swipe" {
                c.change("\(name) without a finger count", "fusuma 2 and later need a count for a swipe; here it is 3 or more fingers")
            }
            let base: [(String, String)] = [("fingers", count)]
            let label = "\(name) \(fingers ?? "")".trimmingSpaces
            for (directionNode, action) in byDirection {
                let d = directionNode.string ?? ""
                if d == "begin" || d == "end" {
                    bind([("gesture", continuous)] + base + [("on", d == "begin" ? "began" : "ended")] + appField(apps), action,
                         what: "\(label) \(d)", into: &c)
                    continue
                }
                if d == "update" {
                    // A pinch's or turn's update only when it moved (`moved?`), either way.
                    let when = name == "swipe" ? ("on", "update") : ("speed", movedSpeed(name))
                    bind([("gesture", continuous)] + base + [when, ("interval", interval(action, global, name, repeats: true))] + appField(apps),
                         action, what: "\(label) update", into: &c)
                    continue
                }
                if d == "threshold" || d == "interval" { continue }
                guard let bound = direction(name, d) else {
                    let known = ["swipe": ["left", "right", "up", "down"], "pinch": ["in", "out"], "rotate": ["clockwise", "counterclockwise"]][name] ?? []
                    let guess = Spelling.nearest(d, in: known + ["begin", "update", "end", "threshold", "interval"]).map { " (did you mean `\($0)`?)" } ?? ""
                    c.drop("\(label) \(d)", "fusuma has no \(name) `\(d)`\(guess)")
                    continue
                }
                let phases = action.mapping.map { m in ["begin", "update", "end"].filter { m[Node(stringLiteral: $0)] != nil } } ?? []
                if phases.isEmpty {
                    oneshot(name, base + [("direction", bound)] + appField(apps), action, global, what: "\(label) \(d)", into: &c)
                    continue
                }
                for phase in phases {
                    guard let inner = action.mapping?[Node(stringLiteral: phase)] else { continue }
                    var fields: [(String, String)] = [("gesture", continuous)] + base + [("direction", bound)]
                    switch phase {
                    case "begin": fields.append(("on", "began"))
                    case "end": fields.append(("on", "ended"))
                    default:
                        // A swipe's runs by the way each update moves (`joinUpdateDirections`);
                        // a pinch's or turn's at each update that moved its way (fusuma's
                        // `repeat_direction` and `moved?`).
                        fields += [name == "swipe" ? ("on", "update") : ("speed", movedSpeed(name)),
                                   ("interval", interval(inner, global, name, repeats: true))]
                    }
                    bind(fields + appField(apps), inner, what: "\(label) \(d) \(phase)", into: &c)
                }
            }
        }
    }

    /// A direction's own action: once, past fusuma's threshold.
    private static func oneshot(_ name: String, _ fields: [(String, String)], _ action: Node, _ global: Globals, what: String,
                                into c: inout ImportedConfig) {
        let m = action.mapping
        let t = m?["threshold"]?.float ?? global.threshold[name] ?? 1
        switch name {
        case "swipe":
            // Mid-stroke, once the last 10 updates went 25 units per 10 ms times the threshold.
            bind([("gesture", "swipe")] + fields + [("speed", LibinputGesturesImport.number(swipeSpeed * t) + "mm/s")], action, what: what, into: &c)
        case "pinch":
            // fusuma runs a pinch at every update whose span, over its last 10 updates,
            // changed `1.3 × threshold` times and that moved (`PinchDetector#detect`,
            // `enough_oneshot_threshold?`, `moved?`), in the way those updates went, at most
            // once per interval (`Executor`): a pinch with that `speed`.
            let i = interval(action, global, name, repeats: false)
            bind([("gesture", "pinch")] + fields + [("speed", LibinputGesturesImport.number(pinchSpeed(t)) + "%/s"), ("interval", i)], action, what: what, into: &c)
            c.note("fusuma measures a pinch over its last 10 updates; here over the last 10 lines, at the 10 ms an update takes in fusuma's own constants")
        default:
            // fusuma runs a turn at every update whose last 10 updates turned `0.5° × threshold`
            // per 10 ms (`RotateDetector`), in the way they turned, at most once per interval.
            let i = interval(action, global, name, repeats: false)
            bind([("gesture", "rotate")] + fields + [("speed", LibinputGesturesImport.number(rotateSpeed(t)) + "deg/s"), ("interval", i)], action, what: what, into: &c)
        }
    }

    /// fusuma's pinch speed for a threshold, in %/s of the span (the rate of its log): the
    /// mean of 10 updates against the first of them is 4.5 updates on, 45 ms at 10 ms an
    /// update, and it must reach `1.3 × threshold`; and an update must move 0.01 of the
    /// span in 10 ms (`moved?`), 100%/s, whatever the threshold.
    static func pinchSpeed(_ threshold: Double) -> Double {
        Swift.max(movedPinchSpeed, 100 * log(Swift.max(1, 1.3 * threshold)) / 0.045)
    }

    /// fusuma's `moved?` of a pinch (0.01 of the span per 10 ms) and of a turn (0.2° an
    /// update, at 10 ms an update), in %/s and deg/s: an update slower runs nothing.
    static let movedPinchSpeed = 100.0, movedRotateSpeed = 20.0

    /// `moved?` as a binding's `speed:`.
    static func movedSpeed(_ name: String) -> String {
        name == "pinch" ? LibinputGesturesImport.number(movedPinchSpeed) + "%/s" : LibinputGesturesImport.number(movedRotateSpeed) + "deg/s"
    }

    /// fusuma's rotation speed for a threshold: 0.5° per 10 ms times it, in deg/s.
    static func rotateSpeed(_ threshold: Double) -> Double {
        Swift.max(movedRotateSpeed, 50 * threshold)
    }

    /// fusuma's interval for an action, in ms: a oneshot's 0.3 s, a repeat's 0.1 s, times
    /// `interval` (the action's own, else the gesture's global one).
    private static func interval(_ action: Node, _ global: Globals, _ name: String, repeats: Bool) -> String {
        let i = action.mapping?["interval"]?.float ?? global.interval[name] ?? 1
        let ms = Swift.max(10, (repeats ? 100 : 300) * i)
        return LibinputGesturesImport.number(ms) + "ms"
    }

    /// A direction as a binding's direction (fusuma's `counterclockwise` is Tactile's
    /// `anticlockwise`).
    private static func direction(_ name: String, _ d: String) -> String? {
        switch (name, d) {
        case ("swipe", "left"), ("swipe", "right"), ("swipe", "up"), ("swipe", "down"),
             ("pinch", "in"), ("pinch", "out"), ("rotate", "clockwise"): return d
        case ("rotate", "counterclockwise"): return "anticlockwise"
        default: return nil
        }
    }

    private static func bind(_ fields: [(String, String)], _ action: Node, what: String, into c: inout ImportedConfig) {
        let m = action.mapping ?? [:]
        var done = false, said = false
        for (k, v) in m {
            let key = k.string ?? ""
            if done && !["threshold", "interval", "keypress"].contains(key) {
                c.drop("\(what) \(key)", "a second action for one gesture: the first is carried over")
                continue
            }
            switch key {
            case "threshold", "interval": continue
            case "command", "shortcut":
                said = true
                guard let text = v.string else { c.drop(what, "`\(key)` is not one command"); continue }
                if let problem = ShellSyntax.problem(text) {
                    c.drop(what, "`\(text)`: \(problem), so the shell refuses it and fusuma never ran it")
                    continue
                }
                if key == "shortcut" {
                    // fusuma 0.x: `xdotool key` of it. fusuma 1.0 no longer reads it.
                    c.change("\(what) shortcut", "fusuma 0.x's `shortcut:` (`xdotool key`), which fusuma 1.0 and later ignore: carried over as 0.x ran it")
                    c.bind(fields, command: .argv(["xdotool", "key", text]), comment: what)
                } else if let command = ImportedCommand.fromShellText(text) {
                    c.bind(fields, command: command, comment: what)
                } else {
                    c.drop(what, "an empty command")
                    continue
                }
                done = true
            case "sendkey":
                said = true
                guard let chord = v.string, let keys = KeyCommand.keys(chord) else {
                    c.drop(what, "sendkey `\(v.string ?? "a list")`: one chord of keys Tactile knows is carried over, not a sequence")
                    continue
                }
                c.bind(fields, input: keys, original: .argv(["xdotool", "key", chord]), comment: what)
                done = true
            case "workspace":
                said = true
                let step: [String: String] = ["next": "ws_up", "prev": "ws_down", "right": "ws_up", "left": "ws_down"]
                guard let ws = v.string.flatMap({ step[$0] }), let command = LibinputGesturesImport.internalCommand([ws]) else {
                    c.drop(what, "workspace `\(v.string ?? "?")` (a workspace grid) has no one command here")
                    continue
                }
                c.change(what, "fusuma-plugin-wmctrl's `workspace: \(v.string!)` is `wmctrl` here (X11 and EWMH window managers)")
                c.bind(fields, command: command, comment: what)
                done = true
            case "window":
                said = true
                let commands: [String: [String]] = [
                    "maximized": ["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"],
                    "fullscreen": ["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"],
                    "close": ["wmctrl", "-c", ":ACTIVE:"],
                ]
                let word = v.string ?? v.mapping?.keys.first?.string ?? ""
                guard let argv = commands[word] else {
                    c.drop(what, "window `\(word)` (moving a window between workspaces) has no one command here")
                    continue
                }
                c.change(what, "fusuma-plugin-wmctrl's `window: \(word)` is `wmctrl` here (X11 and EWMH window managers)")
                c.bind(fields, command: .argv(argv), comment: what)
                done = true
            case "keypress":
                c.drop("\(what) keypress", "runs only while a key is held: Tactile does not read the keyboard")
                said = true
            default:
                // A word near one of fusuma's own is a typing mistake, which fusuma ignores too.
                if let meant = Spelling.nearest(key, in: ["command", "shortcut", "sendkey", "workspace", "window", "keypress", "threshold", "interval"]) {
                    c.drop("\(what) \(key)", "fusuma knows no `\(key)` (did you mean `\(meant)`?): it ignores it")
                } else {
                    c.drop("\(what) \(key)", "fusuma's `\(key)` (a plugin's action) has no counterpart")
                }
                said = true
            }
        }
        if !done && !said {
            c.drop(what, "no action")
        }
    }
}
