import Tactile

/// touchégg's configuration (XML): `<application name="All">` holding
/// `<gesture type="SWIPE" fingers="3" direction="UP">` with one `<action type="...">`; an
/// application's own section becomes bindings with `app:` its names (touchégg matches the
/// X11 class, as `app:` does among its names), which win over the section for all, as
/// touchégg's do.
///
/// When and how far, from its source (`RepeatedAction`, `LininputHandler`,
/// `LininputDeviceHandler`):
/// - A swipe starts once it went 2% of the touchpad's shorter side (5% of a touchscreen's),
///   and its percentage counts that and the next 10% (25%). An action runs at the end when
///   the percentage passed `action_execute_threshold` (`<settings>`, 20 by default): past
///   2% + 20% × 12% = 4.4% of the shorter side on a touchpad, 5% + 20% × 30% = 11% on a
///   touchscreen. A swipe binding takes that as its `threshold`, one per device class (a
///   percentage along the stroke, which is at least the shorter side's).
/// - A pinch's percentage is how far its scale went from 1: in past 0.8 (1.25x), out past
///   1.2x.
/// - `<on>begin</on>` runs once, while the fingers are still down, when the percentage
///   passes that threshold: a `pan` (or `pinch`) binding `on: began` with the threshold.
/// - `<repeat>true</repeat>` runs at every 10 points of percentage, `decreaseCommand` (or
///   `decreaseKeys`) on the way back: `repeat: {every: ...}` with the sign.
/// - `RUN_COMMAND` runs its command through a shell. `SEND_KEYS` holds its modifiers for
///   the whole gesture and sends its keys: built-in `hold:` and `keys:` (and `reverse:` for
///   `decreaseKeys`). `MOUSE_CLICK` is `click:`. The window actions become the X11 commands
///   that do the same (wmctrl, xdotool).
enum ToucheggImport {
    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
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
        c.note("touchégg acts past \(LibinputGesturesImport.number(execute))% of its gestures (`action_execute_threshold`): a swipe past \(t.touchpad) of a touchpad and \(t.touchscreen) of a touchscreen (of the shorter side there; here along the stroke), a pinch past \(t.pinchIn) in or \(t.pinchOut) out")
        for application in root.all("application") {
            let names = application.attributes["name"] ?? "All"
            let apps = names.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
            let global = apps.isEmpty || apps.contains("All")
            for gesture in application.children where gesture.name == "gesture" {
                translateGesture(gesture, apps: global ? [] : apps, t, into: &c)
            }
        }
    }

    /// touchégg's thresholds, for an `action_execute_threshold` of `execute` percent.
    struct Thresholds {
        var execute: Double
        /// A swipe on a touchpad: 2% to start, the action past `execute`% of the 12% its
        /// percentage counts (the 2% and the next 10%).
        var touchpad: String { Self.percent(2 + execute * 0.12) }
        /// On a touchscreen: 5%, and `execute`% of 30%.
        var touchscreen: String { Self.percent(5 + execute * 0.30) }
        /// A repeat's step: 10 points of percentage, of the touchpad's 12% or the screen's 30%.
        var touchpadStep: String { Self.percent(1.2) }
        var touchscreenStep: String { Self.percent(3) }
        var pinchIn: String { LibinputGesturesImport.number(1 / Swift.max(0.01, 1 - execute / 100)) + "x" }
        var pinchOut: String { LibinputGesturesImport.number(1 + Swift.max(0.01, execute / 100)) + "x" }

        static func percent(_ v: Double) -> String { LibinputGesturesImport.number(Swift.max(1, v)) + "%" }
    }

    private static func translateGesture(_ g: MiniXML.Element, apps: [String], _ t: Thresholds, into c: inout ImportedConfig) {
        let type = g.attributes["type"] ?? "", direction = (g.attributes["direction"] ?? "").lowercased()
        let what = "\(type) \(g.attributes["fingers"] ?? "") \(direction)".trimmingSpaces.replacing("  ", with: " ")
        guard let action = g.child("action") else { c.drop(what, "no action"); return }
        let actionType = action.attributes["type"] ?? ""
        let label = "\(what): \(actionType)"
        var fingers: [(String, String)] = []
        if let f = g.attributes["fingers"].flatMap({ Int($0) }), (1...10).contains(f) { fingers = [("fingers", String(f))] }
        let appField: [(String, String)] = apps.isEmpty ? [] : [("app", YAMLText.list(apps))]
        let setting = { (name: String) in action.child(name)?.value }
        let repeats = setting("repeat") == "true"
        let onBegin = setting("on") == "begin"
        if setting("animate") == "true" { c.note("touchégg's animations (`animate`) are not carried over") }

        // What the gesture is, per device class where its threshold differs.
        var variants: [[(String, String)]]
        switch type {
        case "SWIPE":
            guard ["up", "down", "left", "right"].contains(direction) else { c.drop(label, "touchégg has no swipe `\(direction)`"); return }
            let d = [("direction", direction)]
            if repeats {
                variants = [[("gesture", "pan")] + fingers + d + [("repeat", "{every: \(t.touchpadStep)}"), ("device", "touchpad")],
                            [("gesture", "pan")] + fingers + d + [("repeat", "{every: \(t.touchscreenStep)}"), ("device", "touchscreen")]]
            } else if onBegin {
                variants = [[("gesture", "pan")] + fingers + d + [("on", "began"), ("threshold", YAMLText.scalar(t.touchpad)), ("device", "touchpad")],
                            [("gesture", "pan")] + fingers + d + [("on", "began"), ("threshold", YAMLText.scalar(t.touchscreen)), ("device", "touchscreen")]]
            } else {
                variants = [[("gesture", "swipe")] + fingers + d + [("threshold", YAMLText.scalar(t.touchpad)), ("device", "touchpad")],
                            [("gesture", "swipe")] + fingers + d + [("threshold", YAMLText.scalar(t.touchscreen)), ("device", "touchscreen")]]
            }
        case "PINCH":
            guard ["in", "out"].contains(direction) else { c.drop(label, "touchégg has no pinch `\(direction)`"); return }
            let threshold = direction == "in" ? t.pinchIn : t.pinchOut
            let base = [("gesture", "pinch")] + fingers + [("direction", direction)]
            if repeats {
                variants = [base + [("repeat", "{every: 1.1x}")]]
            } else if onBegin {
                variants = [base + [("on", "began"), ("threshold", threshold)]]
            } else {
                variants = [base + [("threshold", threshold)]]
            }
        case "TAP":
            variants = [[("gesture", "tap")] + fingers]
        default:
            c.drop(label, "touchégg's \(type) gesture has no counterpart")
            return
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
                run = .shell("if [ \"$TACTILE_SIGN\" = + ]; then \(command.text); else \(back.text); fi")
            } else if repeats {
                run = .shell("[ \"$TACTILE_SIGN\" = + ] && \(command.text)")
                c.note("\(label): a repeat without `decreaseCommand` runs nothing on a step back, as touchégg does")
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
            for v in variants { c.bind(v, input: input, original: .argv(["xdotool", "click", button]), comment: label) }
        default:
            guard let command = windowCommand(actionType, action, label: label, into: &c) else { return }
            c.change(label, "touchégg's built-in window action is `\(command.text)` here (X11 window managers)")
            for v in variants { c.bind(v, command: command, comment: label) }
        }
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
            switch action.child("direction")?.value ?? "" {
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
