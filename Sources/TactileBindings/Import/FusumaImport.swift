import Tactile
import TactileYAML
import Yams

/// fusuma's configuration (YAML): `swipe`, `pinch`, `rotate` and `hold`, each by finger
/// count then direction (`hold` by finger count alone), each with a `command` that fusuma
/// runs through a shell. Swipes act when they end, as a slow stroke does too: they get a
/// 15 mm threshold; a pinch runs once past 1.15x, a rotation past 30°. fusuma's global
/// `threshold` and `interval` (in libinput's pointer units) and its plugins (`sendkey`,
/// `workspace`, ...) have no counterpart and are noted.
///
/// As its README writes them: a finger count may be left out (`pinch: in:`, two fingers);
/// a continuous gesture's `begin:` and `end:` run when it begins and ends, a direction's
/// `update:` at each step of the way (`repeat`); and the appmatcher plugin's documents
/// (`---`, `context: {application: NAME}`) become bindings for that application.
enum FusumaImport {
    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        let documents: [Node]
        if let key = ComplexKeys.first(in: text) {
            throw TactileError(.badData, file: c.source, line: key.line, column: key.column,
                               "a fusuma configuration with \(key.what): fusuma's keys are plain words")
        }
        do { documents = try Array(Yams.compose_all(yaml: text)) } catch {
            throw TactileError(.badData, file: c.source, "a fusuma configuration that is not valid YAML: \(error)")
        }
        c.devices.append("{kind: touchpad}")
        for document in documents {
            guard let top = document.mapping else {
                throw TactileError(.badData, file: c.source, "a fusuma configuration is a YAML mapping (swipe:, pinch:, ...)")
            }
            var apps: [String] = []
            if let context = top["context"] {
                guard let app = context.mapping?["application"]?.string, !app.isEmpty else {
                    c.note("an appmatcher document whose `context` names no application")
                    continue
                }
                apps = [app]
            }
            translate(top, apps: apps, into: &c)
        }
    }

    private static func translate(_ top: Node.Mapping, apps: [String], into c: inout ImportedConfig) {
        for (key, value) in top {
            let name = key.string ?? ""
            switch name {
            case "context": continue
            case "swipe", "pinch", "rotate": gesture(name, value, apps: apps, into: &c)
            case "hold":
                for (fingersNode, action) in value.mapping ?? [:] {
                    guard let fingers = Int(fingersNode.string ?? ""), (1...5).contains(fingers) else { continue }
                    bind([("gesture", "hold"), ("fingers", String(fingers))] + appField(apps), action, what: "hold \(fingers)", into: &c)
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

    /// `app:` for the bindings of an appmatcher document.
    private static func appField(_ apps: [String]) -> [(String, String)] {
        apps.isEmpty ? [] : [("app", "[" + apps.map(YAMLText.scalar).joined(separator: ", ") + "]")]
    }

    private static func gesture(_ name: String, _ node: Node, apps: [String], into c: inout ImportedConfig) {
        // The gesture Tactile follows for fusuma's begin, update and end: a swipe is a pan.
        let continuous = name == "swipe" ? "pan" : name
        for (fingersNode, directions) in node.mapping ?? [:] {
            var fingers = Int(fingersNode.string ?? "")
            var byDirection = directions.mapping.map { Array($0) } ?? []
            if fingers == nil, let word = fingersNode.string, direction(name, word) != nil || ["begin", "end"].contains(word) {
                // No finger count: `pinch: in: ...` is two fingers, as fusuma's README has it.
                fingers = name == "swipe" ? 3 : 2
                byDirection = [(fingersNode, directions)]
            }
            guard let fingers, (1...5).contains(fingers) else {
                c.note("\(name) `\(fingersNode.string ?? "?")`: fusuma names finger counts 2 to 5")
                continue
            }
            let base: [(String, String)] = [("fingers", String(fingers))]
            for (directionNode, action) in byDirection {
                let d = directionNode.string ?? ""
                if d == "begin" || d == "end" {
                    bind([("gesture", continuous)] + base + [("on", d == "begin" ? "began" : "ended")] + appField(apps), action,
                         what: "\(name) \(fingers) \(d)", into: &c)
                    continue
                }
                guard let (bound, threshold, step) = direction(name, d) else {
                    c.note("\(name) \(fingers) `\(d)`: fusuma has no such direction")
                    continue
                }
                let phases = action.mapping.map { m in ["begin", "update", "end"].filter { m[$0] != nil } } ?? []
                if phases.isEmpty {
                    bind([("gesture", name)] + base + [("direction", bound), ("threshold", threshold)] + appField(apps), action,
                         what: "\(name) \(fingers) \(d)", into: &c)
                    continue
                }
                for phase in phases {
                    guard let inner = action.mapping?[phase] else { continue }
                    var fields: [(String, String)] = [("gesture", continuous)] + base + [("direction", bound)]
                    switch phase {
                    case "begin": fields.append(("on", "began"))
                    case "end": fields.append(("on", "ended"))
                    default: fields.append(("repeat", "{every: \(step)}"))
                    }
                    bind(fields + appField(apps), inner, what: "\(name) \(fingers) \(d) \(phase)", into: &c)
                }
            }
        }
    }

    /// A fusuma direction as a binding's direction, its threshold, and its step for
    /// `update:` (fusuma's own threshold is in libinput's pointer units).
    private static func direction(_ name: String, _ d: String) -> (String, String, String)? {
        switch (name, d) {
        case ("swipe", "left"), ("swipe", "right"), ("swipe", "up"), ("swipe", "down"): return (d, "15mm", "20mm")
        case ("pinch", "in"), ("pinch", "out"): return (d, "1.15x", "1.1x")
        case ("rotate", "clockwise"): return ("clockwise", "30deg", "15deg")
        case ("rotate", "counterclockwise"): return ("anticlockwise", "30deg", "15deg")
        default: return nil
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
