import Tactile
import Yams

/// fusuma's configuration (YAML): `swipe`, `pinch`, `rotate` and `hold`, each by finger
/// count then direction (`hold` by finger count alone), each with a `command` that fusuma
/// runs through a shell. Swipes act when they end, as a slow stroke does too: they get a
/// 15 mm threshold; a pinch runs once past 1.15x, a rotation past 30°. fusuma's global
/// `threshold` and `interval` (in libinput's pointer units) and its plugins (`sendkey`,
/// `workspace`, ...) have no counterpart and are noted.
enum FusumaImport {
    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        let root: Node?
        do { root = try Yams.compose(yaml: text) } catch {
            throw TactileError(.badData, file: c.source, "a fusuma configuration that is not valid YAML: \(error)")
        }
        guard let top = root?.mapping else {
            throw TactileError(.badData, file: c.source, "a fusuma configuration is a YAML mapping (swipe:, pinch:, ...)")
        }
        c.devices.append("{kind: touchpad}")
        for (key, value) in top {
            let name = key.string ?? ""
            switch name {
            case "swipe", "pinch", "rotate": gesture(name, value, into: &c)
            case "hold":
                for (fingersNode, action) in value.mapping ?? [:] {
                    guard let fingers = Int(fingersNode.string ?? ""), (1...5).contains(fingers) else { continue }
                    bind([("gesture", "hold"), ("fingers", String(fingers))], action, what: "hold \(fingers)", into: &c)
                }
            case "threshold", "interval":
                c.note("fusuma's global `\(name)` (libinput's pointer units): Tactile's thresholds are per binding, in mm, scale and degrees")
            case "plugin":
                c.note("fusuma's `plugin` settings")
            default:
                c.note("fusuma's `\(name)`")
            }
        }
    }

    private static func gesture(_ name: String, _ node: Node, into c: inout ImportedConfig) {
        for (fingersNode, directions) in node.mapping ?? [:] {
            guard let fingers = Int(fingersNode.string ?? ""), (1...5).contains(fingers) else {
                c.note("\(name) `\(fingersNode.string ?? "?")`: fusuma names finger counts 2 to 5")
                continue
            }
            for (directionNode, action) in directions.mapping ?? [:] {
                let d = directionNode.string ?? ""
                var fields: [(String, String)] = [("gesture", name), ("fingers", String(fingers))]
                switch (name, d) {
                case ("swipe", "left"), ("swipe", "right"), ("swipe", "up"), ("swipe", "down"):
                    fields += [("direction", d), ("threshold", "15mm")]
                case ("pinch", "in"), ("pinch", "out"):
                    fields += [("direction", d), ("threshold", "1.15x")]
                case ("rotate", "clockwise"):
                    fields += [("direction", "clockwise"), ("threshold", "30deg")]
                case ("rotate", "counterclockwise"):
                    fields += [("direction", "anticlockwise"), ("threshold", "30deg")]
                default:
                    c.note("\(name) \(fingers) `\(d)`: fusuma has no such direction")
                    continue
                }
                bind(fields, action, what: "\(name) \(fingers) \(d)", into: &c)
            }
        }
    }

    private static func bind(_ fields: [(String, String)], _ action: Node, what: String, into c: inout ImportedConfig) {
        let m = action.mapping ?? [:]
        for (k, _) in m {
            let key = k.string ?? ""
            if key != "command" && key != "threshold" && key != "interval" {
                c.note("\(what): fusuma's `\(key)` (a plugin's action or setting)")
            }
        }
        guard let text = m["command"]?.string, let command = ImportedCommand.fromShellText(text) else {
            c.note("\(what): no `command` (plugin actions such as sendkey are not carried over)")
            return
        }
        if m["threshold"] != nil || m["interval"] != nil {
            c.note(fields.first?.1 == "pinch"
                ? "\(what): fusuma repeats a pinch command every `threshold`; here it runs once per pinch (for steps, `repeat: {every: 1.1x}`)"
                : "\(what): its `threshold` and `interval` (libinput's pointer units)")
        }
        c.bind(fields, command: command, comment: what)
    }
}
