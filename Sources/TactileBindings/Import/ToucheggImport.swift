import Tactile

/// touchégg's configuration (XML): `<application name="All">` holding
/// `<gesture type="SWIPE" fingers="3" direction="UP">` with one `<action type="...">`; an
/// application's own section becomes bindings with `app:` its names (touchégg matches the
/// X11 class, as `app:` does among its names); All's binding of the same type, fingers and
/// direction leaves them out (`app: ["!NAME"]`), since touchégg runs the application's
/// instead.
///
/// When and how far, from its source (`RepeatedAction`, `LininputHandler`,
/// `LininputDeviceHandler`):
/// - A swipe starts once it went 1% of a touchpad's shorter side (2% of a touchscreen's),
///   and its percentage counts from there, of that and the next 9% of the extent along
///   the stroke (a touchscreen's 16%, from its start again: `Thresholds`). An action that
///   runs at the end (`on: end`, the window actions) runs past `action_execute_threshold`
///   (`<settings>`, 20 by default) of it: a swipe binding with that `threshold` along the
///   stroke, one per device class and axis (2.55% of a touchpad's width, 5.68% of a
///   screen's).
/// - `RUN_COMMAND`, `SEND_KEYS` and `MOUSE_CLICK` run as the gesture begins unless `on`
///   says otherwise (`<on>begin</on>` or none), past no threshold: a `pan` (or `pinch`)
///   binding `on: began`.
/// - A pinch's percentage is how far its scale went from 1: in past 0.8 (1.25x), out past
///   1.2x.
/// - `<repeat>true</repeat>` runs at every 10 points of percentage (100 / `times`), up to
///   100%, `decreaseCommand` (or `decreaseKeys`) on the way back: `repeat: {every: ...,
///   within: ...}` with the sign; a pinch's steps are points of its scale (`every: 10%`).
/// - TAP is a touchscreen's only (its README): `device: touchscreen`.
/// - `RUN_COMMAND` runs its command through a shell. `SEND_KEYS` holds its modifiers for
///   the whole gesture and sends its keys: built-in `hold:` and `keys:` (and `reverse:` for
///   `decreaseKeys`). `MOUSE_CLICK` is `click:`. The window actions become the X11 commands
///   that do the same (wmctrl, xdotool).
enum ToucheggImport {
    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        // A gesture given twice: the later one wins (`Config::saveGestureConfig` overwrites
        // the application's key).
        c.laterWins = true
        let root: MiniXML.Element
        do { root = try MiniXML.parse(text) } catch {
            throw TactileError(.badData, file: c.source, line: error.line, column: error.column,
                               "a touchégg configuration that is not well-formed XML: \(error.message)")
        }
        var execute = 20.0
        if let settings = root.child("settings") {
            for p in settings.children where p.name == "property" {
                let name = p.attributes["name"] ?? ""
                switch name {
                case "action_execute_threshold":
                    if let v = Double(p.value), v >= 0, v < 100 { execute = v }
                case "animation_delay", "color", "borderColor":
                    c.note("touchégg's `\(name)` setting: its animations are not carried over")
                default:
                    c.note("touchégg's `\(name)` setting has no counterpart")
                }
            }
        }
        let t = Thresholds(execute: execute)
        c.note("touchégg acts past \(LibinputGesturesImport.number(execute))% of its gestures (`action_execute_threshold`) when an action runs at the end: a swipe past \(t.swipe(Thresholds.touchpad, horizontal: true)) of a touchpad's width (\(t.swipe(Thresholds.touchpad, horizontal: false)) of its height) and \(t.swipe(Thresholds.touchscreen, horizontal: true)) of a touchscreen's (\(t.swipe(Thresholds.touchscreen, horizontal: false))), a pinch past \(t.pinchIn) in or \(t.pinchOut) out; RUN_COMMAND, SEND_KEYS and MOUSE_CLICK run as the gesture begins unless their `on` says otherwise")
        // touchégg 1.x: the action's settings are its text (`BUTTON=3`, `Control+KP_Add`),
        // strokes are DRAG; 2.0 (2020) reads neither.
        let old = root.all("gesture").contains { g in
            g.attributes["type"] == "DRAG" || (g.child("action").map { !$0.value.trimmingSpaces.isEmpty && $0.children.isEmpty } ?? false)
        }
        if old {
            c.change("touchégg 1.x", "a touchégg 1.x file (DRAG, settings as the action's text): read as 2.x reads its gestures, with 2.x's thresholds; 1.x's own (geis, composed gestures) are not known here")
        }
        // touchégg runs an application's gesture instead of the one for All of the same
        // type, fingers and direction (`GestureController::getActionForGesture`: the
        // application's key first, "All" only when it has none): All's binding leaves those
        // applications out (`app: ["!NAME"]`).
        var overridden: [String: [String]] = [:]
        for application in root.all("application") {
            let apps = Self.names(application)
            guard !apps.isEmpty, !apps.contains("All") else { continue }
            for g in application.children where g.name == "gesture" { overridden[key(g), default: []] += apps }
        }
        for application in root.all("application") {
            let apps = Self.names(application)
            let global = apps.isEmpty || apps.contains("All")
            for gesture in application.children where gesture.name == "gesture" {
                let apps = global ? (overridden[key(gesture)] ?? []).map { "!" + $0 } : apps
                translateGesture(gesture, apps: apps, t, old: old, into: &c)
            }
        }
        if root.all("gesture").contains(where: { Self.key($0).hasPrefix("SWIPE") }) {
            // `X11::calculateRotation` turns a touchscreen's swipe directions with the
            // screen's rotation (xrandr); here with the orientation the accelerometer gives,
            // which a convertible's screen follows.
            c.screen = "follow-orientation"
            c.note("touchégg turns a touchscreen's swipes with the screen's rotation (`X11::calculateRotation`): `screen: follow-orientation` turns them with the accelerometer's orientation, which a convertible's screen follows; a screen turned by hand with no accelerometer is not followed")
        }
    }

    static func names(_ application: MiniXML.Element) -> [String] {
        (application.attributes["name"] ?? "All").split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
    }

    /// A gesture as touchégg looks it up: type, fingers, direction.
    static func key(_ g: MiniXML.Element) -> String {
        let type = g.attributes["type"] == "DRAG" ? "SWIPE" : g.attributes["type"] ?? ""
        return "\(type) \(g.attributes["fingers"] ?? "") \((g.attributes["direction"] ?? "").lowercased())"
    }

    /// touchégg's thresholds, for an `action_execute_threshold` of `execute` percent, from
    /// `LininputDeviceHandler` and `LininputHandler::calculateSwipeAnimationPercentage`: a
    /// swipe starts once it went `start` (1% of a touchpad's shorter side, with libinput's
    /// filtered deltas; 2% of a touchscreen's), and its percentage is how far it went past
    /// that, of `start` + `finish` (9% of a touchpad's extent along the stroke, 16% of a
    /// touchscreen's). A touchscreen's start is counted again from where the gesture
    /// started. Tactile's `%` is of the extent along the stroke, so the shorter side is
    /// taken as a 16:10 touchpad's and a 16:9 screen's (in landscape: the height).
    struct Thresholds {
        var execute: Double

        /// A surface's constants: `start` of the shorter side, `finish` along the stroke,
        /// the shorter side over the width, and how many times the start is counted before
        /// the percentage begins.
        struct Surface {
            var start: Double, finish: Double, shortOverWide: Double, starts: Double
            /// The shorter side over the extent along the stroke.
            func short(horizontal: Bool) -> Double { horizontal ? shortOverWide : 1 }
            /// From touch-down, how far a stroke goes to `percent` of the gesture, as a
            /// fraction of the extent along it.
            func reach(_ percent: Double, horizontal: Bool) -> Double {
                let s = start * short(horizontal: horizontal)
                return s * starts + percent / 100 * (s + finish)
            }
        }
        static let touchpad = Surface(start: 0.01, finish: 0.09, shortOverWide: 10.0 / 16, starts: 1)
        static let touchscreen = Surface(start: 0.02, finish: 0.16, shortOverWide: 9.0 / 16, starts: 2)

        /// A swipe's threshold, along the stroke.
        func swipe(_ surface: Surface, horizontal: Bool) -> String {
            Self.percent(100 * surface.reach(execute, horizontal: horizontal))
        }
        /// A repeat's step, 10 points of percentage (100 / `times`, in whole points as C++
        /// divides), and how far from the gesture's start the percentage stops at 100%.
        func repeatStep(_ surface: Surface, horizontal: Bool, times: Int?) -> (every: String, within: String) {
            let points = Double(times.map { 100 / $0 } ?? 10)
            // Ten steps from where the gesture started (Tactile counts a repeat's steps from
            // where the pan began): the span of the percentage.
            let span = surface.start * surface.short(horizontal: horizontal) + surface.finish
            return (Self.percent(span * points), Self.percent(100 * span))
        }
        /// A pinch's step: its percentage is how far the scale went from 1, in points.
        func pinchStep(_ times: Int?) -> String {
            LibinputGesturesImport.number(Double(times.map { 100 / $0 } ?? 10)) + "%"
        }
        var pinchIn: String { LibinputGesturesImport.number(1 / Swift.max(0.01, 1 - execute / 100)) + "x" }
        var pinchOut: String { LibinputGesturesImport.number(1 + Swift.max(0.01, execute / 100)) + "x" }

        static func percent(_ v: Double) -> String { LibinputGesturesImport.number(Swift.max(1, (v * 100).rounded() / 100)) + "%" }
    }

    private static func translateGesture(_ g: MiniXML.Element, apps: [String], _ t: Thresholds, old: Bool, into c: inout ImportedConfig) {
        let type = g.attributes["type"] == "DRAG" ? "SWIPE" : g.attributes["type"] ?? "", direction = (g.attributes["direction"] ?? "").lowercased()
        let what = "\(type) \(g.attributes["fingers"] ?? "") \(direction)".trimmingSpaces.replacing("  ", with: " ")
        guard let action = g.child("action") else { c.drop(what, "no action"); return }
        let actionType = action.attributes["type"] ?? ""
        let label = "\(what): \(actionType)"
        var fingers: [(String, String)] = []
        if let f = g.attributes["fingers"].flatMap({ Int($0) }), (1...10).contains(f) { fingers = [("fingers", String(f))] }
        let appField: [(String, String)] = apps.isEmpty ? [] : [("app", YAMLText.list(apps))]
        let setting = { (name: String) -> String? in
            if let v = action.child(name)?.value { return v }
            guard old else { return nil }
            // 1.x: `BUTTON=3`, `SPEED=7:INVERTED=true`, or the command or keys themselves.
            let text = action.value.trimmingSpaces
            for part in text.split(separator: ":") where part.contains("=") {
                let kv = part.split(separator: "=", maxSplits: 1)
                if kv[0].lowercased() == name { return String(kv[1]) }
            }
            if (name == "command" && actionType == "RUN_COMMAND") || (name == "keys" && actionType == "SEND_KEYS") { return text.isEmpty ? nil : text }
            return nil
        }
        let repeats = setting("repeat") == "true"
        // `times` (2 to 15): steps of 100 / times points (`RepeatedAction::onGestureBegin`).
        let times = setting("times").flatMap { Int($0.trimmingSpaces) }.map { Swift.min(15, Swift.max(2, $0)) }
        // RUN_COMMAND, SEND_KEYS and MOUSE_CLICK run as the gesture begins unless `on` says
        // otherwise (`RepeatedAction`'s and `MouseClick`'s `executeActionOn = BEGIN`); the
        // window actions at its end, past the threshold.
        let onBegin = setting("on") == "begin" || (setting("on") == nil && ["RUN_COMMAND", "SEND_KEYS", "MOUSE_CLICK"].contains(actionType))
        // `begin-and-end` runs RUN_COMMAND twice: as the gesture begins and at its end.
        let onBoth = setting("on") == "begin-and-end"
        if setting("animate") == "true" { c.note("touchégg's animations (`animate`) are not carried over") }
        let pressHeld = onBoth && actionType == "MOUSE_CLICK" && type == "SWIPE"
        if onBoth && (actionType != "RUN_COMMAND" || repeats) && !pressHeld {
            c.change(label, "`on: begin-and-end` runs here once, at the end: only a RUN_COMMAND that does not repeat runs at both, and a swipe's MOUSE_CLICK holds its button")
        }

        // What the gesture is, per device class where its threshold differs.
        var variants: [[(String, String)]]
        if type == "SWIPE" || type == "PINCH", let raw = g.attributes["direction"], raw != raw.uppercased() {
            // `gestureDirectionFromStr` knows UP, DOWN, LEFT, RIGHT, IN and OUT as written.
            c.drop(label, "touchégg reads a direction in capitals (\(raw.uppercased())): `\(raw)` is none it knows, so it never ran this gesture")
            return
        }
        switch type {
        case "SWIPE":
            guard ["up", "down", "left", "right"].contains(direction) else { c.drop(label, "touchégg has no swipe `\(direction)`"); return }
            let d = [("direction", direction)]
            if repeats {
                // Steps of `repeatPercentageStep` (10, or 100 / `times`) of a percentage that
                // stops at 100 (`LibinputHandler::calculateSwipeAnimationPercentage` returns
                // min(..., 100)): at most 100 / step steps one way, within the 12% (a screen's
                // 30%) the percentage counts past its 2% (5%) start.
                let horizontal = direction == "left" || direction == "right"
                let pad = t.repeatStep(Thresholds.touchpad, horizontal: horizontal, times: times)
                let screen = t.repeatStep(Thresholds.touchscreen, horizontal: horizontal, times: times)
                // One step per libinput update at most (`RepeatedAction::onGestureUpdate`
                // adds one step when the percentage passed the next): `perUpdate: 1`.
                variants = [[("gesture", "pan")] + fingers + d + [("repeat", "{every: \(pad.every), within: \(pad.within), perUpdate: 1}"), ("device", "touchpad")],
                            [("gesture", "pan")] + fingers + d + [("repeat", "{every: \(screen.every), within: \(screen.within), perUpdate: 1}"), ("device", "touchscreen")]]
            } else if onBegin {
                // `RepeatedAction::onGestureBegin` runs it as the gesture begins, past no
                // threshold (since touchégg's 86170b4, 2021: "Gestures on begin now execute
                // unconditionally"); the direction is libinput's first motion, here the pan's.
                variants = [[("gesture", "pan")] + fingers + d + [("on", "began")]]
            } else {
                let horizontal = direction == "left" || direction == "right"
                variants = [[("gesture", "swipe")] + fingers + d + [("threshold", YAMLText.scalar(t.swipe(Thresholds.touchpad, horizontal: horizontal))), ("device", "touchpad")],
                            [("gesture", "swipe")] + fingers + d + [("threshold", YAMLText.scalar(t.swipe(Thresholds.touchscreen, horizontal: horizontal))), ("device", "touchscreen")]]
            }
        case "PINCH":
            guard ["in", "out"].contains(direction) else { c.drop(label, "touchégg has no pinch `\(direction)`"); return }
            let threshold = direction == "in" ? t.pinchIn : t.pinchOut
            let base = [("gesture", "pinch")] + fingers + [("direction", direction)]
            if repeats {
                // The percentage of a pinch stops at 100: a scale of 2 out, 0 in (all the way).
                // Steps of whole points of the scale (1.1, 1.2 ... 2 out; 0.9, 0.8 ... in), as
                // touchégg counts them: `every: 10%` of a pinch, within 100%.
                variants = [base + [("repeat", "{every: \(t.pinchStep(times)), within: 100%, perUpdate: 1}")]]
            } else if onBegin {
                variants = [base + [("on", "began")]]
            } else {
                variants = [base + [("threshold", threshold)]]
            }
        case "TAP", "DOUBLE_TAP" where old || type == "TAP":
            // touchégg's README: TAP is "only available on touchscreens" (a touchpad's taps
            // are libinput's tap-to-click); a 1.x file is read the same way, its one-finger
            // taps and DOUBLE_TAP kept (2.x has neither; 1.x's geis limits are not known).
            variants = [[("gesture", "tap")] + fingers + [("taps", type == "TAP" ? "1" : "2"), ("device", "touchscreen")]]
            if old {
                // 1.x's taps were a touchpad's too (geis). A touchpad's taps are libinput's
                // tap-to-click now, of one to three fingers, as Tactile's touchpad taps are.
                c.note("\(label): a touchscreen's here; on a touchpad a tap is libinput's tap-to-click (one to three fingers; none of more), which a binding would click again")
            }
            if !old {
                // Two fingers or more, all lifted within 150 ms of the first touch
                // (`LibinputTouchHandler::handleTouchUp`, `TAP_TIME`). touchégg runs it at
                // the lift, each tap of a double tap: `taps: 1`, so no tap waits for a
                // second (`maxTaps` from the bindings).
                if let f = g.attributes["fingers"].flatMap({ Int($0) }), f < 2 {
                    c.drop(label, "touchégg's touchscreen taps take two fingers at least (`handleTouchUp`)")
                    return
                }
                c.set("tapMaxDuration", "150")
                c.note("touchégg's taps last under 150 ms from the first touch: `settings: {tapMaxDuration: 150}` here (every tap of this configuration); `taps: 1`, so each tap runs at its lift, as touchégg's do")
            }
        case "ROTATE" where old:
            // 1.x's turn (geis), LEFT anticlockwise and RIGHT clockwise; 2.x has none.
            let turn = ["left": [("direction", "anticlockwise")], "right": [("direction", "clockwise")]][direction] ?? []
            variants = [[("gesture", "rotate")] + fingers + turn + (onBegin ? [("on", "began")] : [])]
        default:
            let types = old ? ["SWIPE", "DRAG", "PINCH", "TAP", "DOUBLE_TAP", "ROTATE", "TAP_AND_HOLD"] : ["SWIPE", "PINCH", "TAP"]
            if !types.contains(type) {
                // touchégg's `gestureTypeFromStr` knows these; it skips any other.
                let guess = Spelling.nearest(type, in: types).map { " (did you mean \($0)?)" } ?? ""
                c.drop(label, "touchégg \(old ? "1.x " : "")knows no gesture type `\(type)`\(guess): it ignores this gesture (its types: \(types.joined(separator: ", ")))")
            } else {
                c.drop(label, "touchégg's \(type) gesture has no counterpart")
            }
            return
        }
        if type == "SWIPE" || type == "PINCH", let f = g.attributes["fingers"].flatMap({ Int($0) }), f < 3 {
            // touchégg's README: three fingers at least on touchpads (libinput's gestures: one
            // finger moves the pointer, two scroll; a pinch is two), two on touchscreens.
            if type == "SWIPE" {
                guard f >= 2 else { c.drop(label, "touchégg needs two fingers at least on a touchscreen and three on a touchpad"); return }
                variants = variants.compactMap { v in
                    if let d = v.first(where: { $0.0 == "device" }) { return d.1 == "touchscreen" ? v : nil }
                    return v + [("device", "touchscreen")]
                }
                c.note("\(label): a two-finger swipe is a touchscreen's only in touchégg (a touchpad's two fingers scroll)")
            } else if f < 2 {
                c.drop(label, "a pinch takes two fingers at least")
                return
            }
        }
        variants = variants.map { $0 + appField }
        // Discrete bindings (a swipe, a tap) cannot hold keys: their keys go as one chord.
        let lasting = variants[0][0].1 == "pan" || variants[0][0].1 == "pinch"

        switch actionType {
        case "RUN_COMMAND":
            guard let text = setting("command"), let command = ImportedCommand.fromShellText(text) else {
                c.drop(label, "RUN_COMMAND without a command")
                return
            }
            var run = command
            if repeats, let back = setting("decreaseCommand").flatMap(ImportedCommand.fromShellText) {
                // A step back runs decreaseCommand: one shell command choosing by the sign.
                run = .bySign(command.text, back.text)
            } else if repeats {
                run = .shell("[ \"$TACTILE_SIGN\" = + ] && \(command.text)")
                c.note("\(label): a repeat without `decreaseCommand` runs nothing on a step back, as touchégg does")
            }
            if onBoth && !repeats {
                // The begin's run, past no threshold (as `on: begin`), then the end's.
                let begin: [(String, String)]
                switch type {
                case "SWIPE": begin = [("gesture", "pan")] + fingers + [("direction", direction), ("on", "began")] + appField
                case "PINCH": begin = [("gesture", "pinch")] + fingers + [("direction", direction), ("on", "began")] + appField
                default: begin = []
                }
                if !begin.isEmpty { c.bind(begin, command: run, comment: label + " (begin)") }
                // The end's run counts no threshold either (`RepeatedAction::onGestureEnd`:
                // not with begin-and-end): as the gesture ends, however far it went.
                variants = Self.atTheEnd(variants)
            }
            for v in variants { c.bind(v, command: run, comment: label) }
        case "SEND_KEYS":
            let mods = split(setting("modifiers")), keys = split(setting("keys")), back = split(setting("decreaseKeys"))
            guard !keys.isEmpty || !mods.isEmpty else { c.drop(label, "SEND_KEYS without keys"); return }
            let xdotool = ImportedCommand.argv(["xdotool", "key", (mods + keys).joined(separator: "+")])
            var input: [(String, String)]?
            if lasting && !mods.isEmpty, let m = KeyCommand.keyList(mods), let k = KeyCommand.keyList(keys) {
                input = [("hold", m), ("keys", k)]
            } else if let k = KeyCommand.keyList(mods + keys) {
                input = [("keys", k)]
            }
            if repeats && !back.isEmpty {
                if let r = KeyCommand.keyList(back), input != nil { input!.append(("reverse", r)) } else { input = nil }
            } else if repeats, input != nil, input![0].0 == "hold" || input![0].0 == "keys" {
                // No `decreaseKeys`: touchégg presses nothing on the way back.
                input!.append(("reverse", "[]"))
            }
            guard let input else {
                c.change(label, "a key Tactile does not know: sent by `xdotool key` (X11 only)")
                for v in variants { c.bind(v, command: xdotool, comment: label) }
                return
            }
            for v in variants { c.bind(v, input: input, original: xdotool, comment: label) }
        case "MOUSE_CLICK":
            let button = setting("button") ?? "1"
            guard let input = KeyCommand.button(button), input[0].0 == "click" else { c.drop(label, "MOUSE_CLICK of button \(button)"); return }
            if pressHeld {
                // Pressed as the gesture begins, let go as it ends (`MouseClick`: mouse down
                // at begin, up at end): a drag, the pointer following the fingers.
                let pan = variants[0].filter { $0.0 != "threshold" && $0.0 != "device" && $0.0 != "on" && $0.0 != "app" }
                    .map { $0.0 == "gesture" ? ("gesture", "pan") : $0 }
                let device = variants.count == 1 ? variants[0].filter { $0.0 == "device" } : []
                c.bind(pan + device + appField, input: [("drag", input[0].1)], original: nil, comment: label)
                c.change(label, "touchégg presses the button as the gesture begins and lets it go as it ends; here `drag:`, which moves the pointer with the fingers meanwhile")
                return
            }
            if setting("on") == "end", type == "SWIPE" || type == "PINCH" {
                // `MouseClick::onGestureEnd` clicks at every end, past no threshold.
                variants = Self.atTheEnd(variants)
            }
            for v in variants { c.bind(v, input: input, original: .argv(["xdotool", "click", button]), comment: label) }
        default:
            guard let command = windowCommand(actionType, action, label: label, into: &c) else { return }
            var how = "touchégg's built-in window action is `\(command.text)` here (X11 window managers)"
            if actionType == "CHANGE_DESKTOP", let d = action.child("direction")?.value, ["left", "right", "up", "down"].contains(d) {
                // touchégg moves through a grid of desktops by its direction; xdotool only
                // counts them, so `right` is `next` only in one row (`up`, `down` in one column).
                how += "; touchégg's `\(d)` moves in the desktop grid, here to the \(["right", "down"].contains(d) ? "next" : "previous") desktop, the same only in a single \(["left", "right"].contains(d) ? "row" : "column")"
            }
            c.change(label, how)
            for v in variants { c.bind(v, command: command, comment: label) }
        }
    }

    /// A gesture's bindings run as it ends, however far it went: a swipe's pan `on: ended`,
    /// no threshold, and one binding for every device class where they no longer differ.
    static func atTheEnd(_ variants: [[(String, String)]]) -> [[(String, String)]] {
        let ended = variants.map { v in
            v.filter { $0.0 != "threshold" }.map { $0.0 == "gesture" && $0.1 == "swipe" ? ("gesture", "pan") : $0 } + [("on", "ended")]
        }
        let classless = ended.map { v in v.filter { $0.0 != "device" } }
        let same = Set(classless.map { $0.map { "\($0.0)=\($0.1)" }.joined(separator: ",") }).count == 1
        return classless.count > 1 && same ? [classless[0]] : ended
    }

    /// `Control_L+Alt_L` as its names.
    static func split(_ s: String?) -> [String] {
        (s ?? "").split(separator: "+").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
    }

    /// touchégg's window actions as the X11 commands that do the same.
    private static func windowCommand(_ type: String, _ action: MiniXML.Element, label: String, into c: inout ImportedConfig) -> ImportedCommand? {
        switch type {
        case "MAXIMIZE_RESTORE_WINDOW": return .argv(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"])
        case "FULLSCREEN_WINDOW": return .argv(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,fullscreen"])
        case "MINIMIZE_WINDOW": return .argv(["xdotool", "getactivewindow", "windowminimize"])
        case "CLOSE_WINDOW": return .argv(["xdotool", "getactivewindow", "windowclose"])
        case "SHOW_DESKTOP": return .argv(["wmctrl", "-k", "on"])
        case "CHANGE_DESKTOP":
            // 2.x: `<direction>next</direction>`; 1.x: the action's text, `NEXT` or `PREVIOUS`.
            switch (action.child("direction")?.value ?? action.value).trimmingSpaces.lowercased() {
            case "next", "right", "down": return .argv(["xdotool", "set_desktop", "--relative", "1"])
            case "previous", "left", "up": return .argv(["xdotool", "set_desktop", "--relative", "--", "-1"])
            default:
                c.drop(label, "CHANGE_DESKTOP `auto` follows the gesture's direction and the desktop layout")
                return nil
            }
        default:
            c.drop(label, "touchégg's built-in \(type) has no command that does the same")
            return nil
        }
    }
}
