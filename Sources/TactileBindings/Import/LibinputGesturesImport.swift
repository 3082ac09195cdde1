/// libinput-gestures' configuration: `gesture swipe up 3 xdotool key super+Up`, one per
/// line; `device NAME`; settings (`swipe_threshold`, `timeout`) that have no counterpart.
/// Its commands are split into words as a POSIX shell would (Python's `shlex.split`: quotes
/// group, no expansion) and run without a shell, so each word becomes an argument. It acts when a gesture ends, however slowly it went:
/// swipes get a threshold (15 mm) so that a slow stroke counts too, pinches 1.15x.
enum LibinputGesturesImport {
    static func translate(_ text: String, into c: inout ImportedConfig) {
        c.devices.append("{kind: touchpad}")
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            // `gesture: swipe left 3 ...` is written too, as its documentation allows.
            var keyword = words.removeFirst()
            if keyword.hasSuffix(":") { keyword.removeLast() } else if words.first == ":" { words.removeFirst() }
            switch keyword {
            case "gesture": gesture(words, line: line, into: &c)
            case "device":
                let name = words.joined(separator: " ")
                if name == "all" { c.note("`device all`: every touchpad is read anyway") } else {
                    c.devices = ["{name: \(YAMLText.scalar(name))}"]
                }
            default:
                c.note("`\(line)`: libinput-gestures' setting `\(keyword)` has no counterpart (Tactile's thresholds are in mm, per binding)")
            }
        }
    }

    private static func gesture(_ words: [String], line: String, into c: inout ImportedConfig) {
        guard words.count >= 2 else { c.note("`\(line)`: a gesture without a command"); return }
        var rest = Array(words.dropFirst())
        let type = words[0]
        var fields: [(String, String)] = []
        switch type {
        case "swipe", "pinch":
            let direction = rest.removeFirst()
            switch (type, direction) {
            case ("swipe", "left"), ("swipe", "right"), ("swipe", "up"), ("swipe", "down"):
                fields = [("gesture", "swipe")]
            case ("pinch", "in"), ("pinch", "out"):
                fields = [("gesture", "pinch")]
            case ("pinch", "clockwise"), ("pinch", "anticlockwise"):
                fields = [("gesture", "rotate")]
            case ("swipe", _) where ["left_up", "right_up", "left_down", "right_down"].contains(direction):
                fields = [("gesture", "swipe")]
            default:
                c.note("`\(line)`: libinput-gestures has no \(type) `\(direction)`")
                return
            }
            if let n = rest.first.flatMap(Int.init), (1...5).contains(n) { fields.append(("fingers", String(n))); rest.removeFirst() }
            fields.append(("direction", direction.replacing("_", with: "-")))
            switch fields[0].1 {
            case "swipe": fields.append(("threshold", "15mm"))
            case "pinch": fields.append(("threshold", "1.15x"))
            default: fields.append(("threshold", "30deg"))
            }
        case "hold":
            guard rest.first == "on" else { c.note("`\(line)`: libinput-gestures' hold is `hold on`"); return }
            rest.removeFirst()
            fields = [("gesture", "hold")]
            if let n = rest.first.flatMap(Int.init), (1...5).contains(n) { fields.append(("fingers", String(n))); rest.removeFirst() }
            if let t = rest.first.flatMap(Double.init) {
                c.note("`\(line)`: its hold time of \(t) s (Tactile's on a touchpad is `settings: {touchpadHoldMinDuration: ...}`, for every hold)")
                rest.removeFirst()
            }
        default:
            c.note("`\(line)`: libinput-gestures has no gesture `\(type)`")
            return
        }
        guard let first = rest.first else { c.note("`\(line)`: a gesture without a command"); return }
        if first.hasPrefix("_internal") {
            c.note("`\(line)`: libinput-gestures' built-in `_internal` actions (use a command such as `wmctrl` or `swaymsg`)")
            return
        }
        // The command as written (its spacing and quotes), from where its first word starts.
        let skipped = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).count - rest.count
        guard let command = ImportedCommand.fromShellWords(Self.text(afterWords: skipped, of: line)) else {
            c.note("`\(line)`: its command's quotes do not close")
            return
        }
        c.bind(fields, command: command, comment: line)
    }

    /// `line` after its first `count` words (and the blanks after them), as written.
    static func text(afterWords count: Int, of line: String) -> String {
        var rest = Substring(line)
        for _ in 0..<count {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            rest = rest.drop { $0 != " " && $0 != "\t" }
        }
        return String(rest.drop { $0 == " " || $0 == "\t" })
    }
}
