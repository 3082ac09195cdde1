import Tactile

/// touchégg's configuration (XML): `<application name="All">` holding
/// `<gesture type="SWIPE" fingers="3" direction="UP">` with one `<action type="...">`.
/// `RUN_COMMAND`'s command runs through a shell, as touchégg runs it. Its built-in window
/// actions become the X11 commands that do the same (wmctrl, xdotool), as
/// configs/bindings/from-touchegg.yaml does; the rest are noted. Swipes act when they end:
/// a 20 mm threshold; a pinch 1.3x. An application's own section becomes bindings with
/// `app:` its names (touchégg matches the X11 class, as `app:` does among its names); they
/// win over the section for all, as touchégg's do.
enum ToucheggImport {
    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        let root: MiniXML.Element
        do { root = try MiniXML.parse(text) } catch {
            throw TactileError(.badData, file: c.source, line: error.line, "a touchégg configuration that is not well-formed XML: \(error.message)")
        }
        for application in root.all("application") {
            let names = application.attributes["name"] ?? "All"
            let apps = names.split(separator: ",").map { String($0.trimmingSpaces) }.filter { !$0.isEmpty }
            let global = apps.isEmpty || apps.contains("All")
            for gesture in application.children where gesture.name == "gesture" {
                translateGesture(gesture, apps: global ? [] : apps, into: &c)
            }
        }
        if root.child("settings") != nil {
            c.note("touchégg's `<settings>` (animation, delays, thresholds in its own units)")
        }
    }

    private static func translateGesture(_ g: MiniXML.Element, apps: [String], into c: inout ImportedConfig) {
        let type = g.attributes["type"] ?? "", direction = (g.attributes["direction"] ?? "").lowercased()
        let what = "\(type) \(g.attributes["fingers"] ?? "") \(direction)".trimmingSpaces
        var fields: [(String, String)]
        switch type {
        case "SWIPE":
            guard ["up", "down", "left", "right"].contains(direction) else { c.note("\(what): no such direction"); return }
            fields = [("gesture", "swipe")]
        case "PINCH":
            guard ["in", "out"].contains(direction) else { c.note("\(what): no such direction"); return }
            fields = [("gesture", "pinch")]
        case "TAP":
            fields = [("gesture", "tap")]
        default:
            c.note("\(what): touchégg's \(type) gesture")
            return
        }
        if let f = g.attributes["fingers"].flatMap({ Int($0) }), (1...5).contains(f) { fields.append(("fingers", String(f))) }
        if type != "TAP" { fields.append(("direction", direction)) }
        if type == "SWIPE" { fields.append(("threshold", "20mm")) }
        if type == "PINCH" { fields.append(("threshold", "1.3x")) }
        if !apps.isEmpty { fields.append(("app", "[" + apps.map(YAMLText.scalar).joined(separator: ", ") + "]")) }
        guard let action = g.child("action") else { c.note("\(what): no action"); return }
        guard let command = command(for: action, what: what, into: &c) else { return }
        c.bind(fields, command: command, comment: "\(what): \(action.attributes["type"] ?? "")")
    }

    private static func command(for action: MiniXML.Element, what: String, into c: inout ImportedConfig) -> ImportedCommand? {
        let type = action.attributes["type"] ?? ""
        switch type {
        case "RUN_COMMAND":
            guard let text = action.child("command")?.value, let command = ImportedCommand.fromShellText(text) else {
                c.note("\(what): RUN_COMMAND without a command")
                return nil
            }
            return command
        case "MAXIMIZE_RESTORE_WINDOW": return .argv(["wmctrl", "-r", ":ACTIVE:", "-b", "toggle,maximized_vert,maximized_horz"])
        case "MINIMIZE_WINDOW": return .argv(["xdotool", "getactivewindow", "windowminimize"])
        case "CLOSE_WINDOW": return .argv(["xdotool", "getactivewindow", "windowclose"])
        case "SHOW_DESKTOP": return .argv(["wmctrl", "-k", "on"])
        case "CHANGE_DESKTOP":
            switch action.child("direction")?.value ?? "" {
            case "next", "right", "down": return .argv(["xdotool", "set_desktop", "--relative", "1"])
            case "previous", "left", "up": return .argv(["xdotool", "set_desktop", "--relative", "--", "-1"])
            default:
                c.note("\(what): CHANGE_DESKTOP `auto` (its direction follows the gesture's)")
                return nil
            }
        case "MOUSE_CLICK":
            return .argv(["xdotool", "click", action.child("button")?.value ?? "1"])
        case "SEND_KEYS":
            let keys = [action.child("modifiers")?.value, action.child("keys")?.value].compactMap { $0 }.filter { !$0.isEmpty }
            guard !keys.isEmpty else { c.note("\(what): SEND_KEYS without keys"); return nil }
            if action.child("repeat")?.value == "true" { c.note("\(what): SEND_KEYS with `repeat` (it is sent once)") }
            return .argv(["xdotool", "key", keys.joined(separator: "+")])
        default:
            c.note("\(what): touchégg's built-in \(type)")
            return nil
        }
    }
}
