import Tactile

/// libinput-gestures' configuration, as its own parser reads it (`libinput-gestures`,
/// `get_conf_line`): a line's first word is a command, a `:` after it allowed (`gesture:`);
/// `gesture TYPE MOTION [FINGERS] COMMAND`, `device NAME`, `swipe_threshold DOTS`,
/// `timeout SECONDS`; anything else makes libinput-gestures refuse the whole file, and the
/// import too, naming the line.
///
/// What it does with them, from its source:
/// - It acts when libinput ends a gesture that was not cancelled, however far it went (any
///   distance past `swipe_threshold`, 0 by default), and not when the gesture took longer
///   than `timeout` (1.5 s; each swipe's, pinch's and turn's `maxDuration` here). Swipes
///   get a `threshold` so that a slow stroke counts as well
///   as a quick one: 5 mm, past the 3 mm a resting finger's lift wobbles (libinput's tap
///   motion threshold), so a three-finger tap is no swipe.
/// - A line without a finger count takes the counts libinput reports for its gesture:
///   swipes of 3 or more fingers (one finger moves the pointer, two scroll), pinches of 2 or
///   more, holds of any count. A count given wins over none, as `fingers: 3` wins over `3+`.
/// - Pinches: `in` or `out` by where the scale ends, past 1.05x (Tactile's pinch direction;
///   libinput-gestures sums the scale's differences from 1 over the updates, noted); `clockwise` and `anticlockwise` past 15° (`ROTATE_ANGLE`), and
///   a turn that runs outranks the pinch, as in `PINCH.end` (the binder's rule for ends).
/// - `hold on` runs when the fingers lift, not when the hold began, and not when it turned
///   into a swipe (libinput cancels it then): `on: ended`.
/// - Commands are split into words as a POSIX shell would (Python's `shlex.split`) and run
///   without a shell, so each word becomes an argument. `xdotool key` and `click` become
///   built-in `keys:` and `click:`; `_internal ws_up` and its kin become the `wmctrl`
///   commands that do what it does.
enum LibinputGesturesImport {
    /// The swipe threshold when the file sets none (docs above).
    static let swipeThreshold = 5.0
    /// libinput's unaccelerated units: 1000 dpi.
    static let millimetresPerDot = 25.4 / 1000

    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        c.devices.append("{kind: touchpad}")
        c.laterWins = true
        var lines: [(number: Int, column: Int, text: String, words: [String])] = []
        var threshold = swipeThreshold
        var timeout = 1.5, timeoutLine: String?
        for (i, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak).enumerated() {
            let line = raw.trimmingSpaces
            if line.isEmpty || line.hasPrefix("#") { continue }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            var keyword = words.removeFirst()
            // Its parser strips a `:` after the command (`gesture: swipe left 3 ...`).
            while keyword.hasSuffix(":") { keyword.removeLast() }
            let column = raw.count - raw.drop { $0 == " " || $0 == "\t" }.count + 1
            switch keyword {
            case "gesture":
                lines.append((i + 1, column, line, words))
            case "device":
                let name = words.joined(separator: " ")
                if name.lowercased() == "all" {
                    c.note("`device all`: every touchpad is read, as here")
                } else if name.hasPrefix("/") {
                    c.devices = ["{kind: touchpad, node: \(YAMLText.scalar(name))}"]
                } else {
                    c.devices = ["{kind: touchpad, name: \(YAMLText.scalar(name))}"]
                }
            case "swipe_threshold":
                guard let dots = words.first.flatMap(Int.init), dots >= 0 else {
                    throw TactileError(.badData, file: c.source, line: i + 1, column: column + keyword.count + 1,
                                       "libinput-gestures' swipe_threshold is a whole number of dots, not `\(words.joined(separator: " "))`")
                }
                let mm = Double(dots) * millimetresPerDot
                threshold = Swift.max(swipeThreshold, mm)
                c.note("`\(line)`: \(Self.number(mm)) mm at libinput's 1000 dpi; swipes here need \(Self.number(threshold)) mm")
            case "timeout":
                if let v = words.first.flatMap(Double.init), v.isFinite, v >= 0 { timeout = v }
                timeoutLine = line
            default:
                throw TactileError(.badData, file: c.source, line: i + 1, column: column,
                                   "libinput-gestures refuses this file: `\(keyword)` is not one of its commands (gesture, device, swipe_threshold, timeout)")
            }
        }
        // `GESTURE.action`: a swipe or a pinch that took longer than `timeout` runs nothing;
        // 0 turns the limit off (holds have none). Here each swipe's, pinch's and turn's
        // `maxDuration`, timed as libinput's gesture is, from its begin to its end.
        let limit = timeout > 0 ? Self.number(Swift.max(0.01, timeout)) + "s" : nil
        for l in lines {
            try gesture(l.words, line: l.text, lineNumber: l.number, column: l.column, threshold: threshold, limit: limit, into: &c)
        }
        if lines.contains(where: { $0.words.first == "swipe" || $0.words.first == "pinch" }) {
            if let limit {
                c.note("libinput-gestures ignores a swipe or pinch that took longer than its timeout (\(Self.number(timeout)) s): here each one's `maxDuration: \(limit)`")
            } else {
                c.note("`timeout 0`: libinput-gestures' time limit is off, and a slow swipe or pinch counts however long it took, as here")
            }
        } else if let timeoutLine {
            c.note("`\(timeoutLine)`: libinput-gestures' time limit is for swipes and pinches; its holds have none, nor have they here")
        }
        if lines.contains(where: { $0.words.first == "pinch" && ($0.words.dropFirst().first == "in" || $0.words.dropFirst().first == "out") }) {
            c.note("libinput-gestures takes a pinch's direction from the sum of its scale's differences from 1 over every update (`PINCH.update`), so a pinch out that comes back in a little is still out; here a pinch is in or out by where its scale ends, past 1.05x")
        }
    }

    private static func gesture(_ words: [String], line: String, lineNumber: Int, column: Int, threshold: Double,
                                limit: String?, into c: inout ImportedConfig) throws(TactileError) {
        /// The column of the line's word `n` (0 is `gesture`).
        func at(_ n: Int) -> Int {
            let skipped = text(afterWords: n, of: line)
            return column + line.count - skipped.count
        }
        // `gesture TYPE MOTION COMMAND...`: its parser needs the three.
        guard words.count >= 3 else {
            throw TactileError(.badData, file: c.source, line: lineNumber, column: at(words.count + 1),
                               "libinput-gestures refuses this file: `\(line)` has not enough fields (gesture TYPE MOTION COMMAND)")
        }
        let type = words[0].lowercased(), motion = words[1].lowercased()
        var rest = Array(words.dropFirst(2))
        // A finger count is one digit, then the command.
        var fingers: Int?
        if let f = rest.first, f.count == 1, let n = Int(f) { fingers = n; rest.removeFirst() }
        guard !rest.isEmpty else {
            // `GESTURE.add`: "No command configured", and libinput-gestures exits.
            throw TactileError(.badData, file: c.source, line: lineNumber, column: at(words.count + 1),
                               "libinput-gestures refuses this file: `\(line)` has no command (libinput-gestures: No command configured)")
        }
        var fields: [(String, String)]
        switch (type, motion) {
        case ("swipe", "left"), ("swipe", "right"), ("swipe", "up"), ("swipe", "down"),
             ("swipe", "left_up"), ("swipe", "right_up"), ("swipe", "left_down"), ("swipe", "right_down"):
            fields = [("gesture", "swipe"), ("fingers", fingers.map(String.init) ?? "3+"),
                      ("direction", motion.replacing("_", with: "-")), ("threshold", Self.number(threshold) + "mm")]
            if (fingers ?? 3) < 3 {
                c.drop(line, "libinput reports no swipe of \(fingers!) finger\(fingers == 1 ? "" : "s") (one moves the pointer, two scroll): libinput-gestures never ran it")
                return
            }
        case ("pinch", "in"), ("pinch", "out"):
            fields = [("gesture", "pinch"), ("fingers", fingers.map(String.init) ?? "2+"), ("direction", motion)]
            if fingers == 1 { c.drop(line, "libinput reports no one-finger pinch"); return }
        case ("pinch", "clockwise"), ("pinch", "anticlockwise"):
            fields = [("gesture", "rotate"), ("fingers", fingers.map(String.init) ?? "2+"), ("direction", motion), ("threshold", "15deg")]
            if fingers == 1 { c.drop(line, "libinput reports no one-finger pinch"); return }
        case ("hold", "on"):
            fields = [("gesture", "hold"), ("fingers", fingers.map(String.init) ?? "any"), ("on", "ended")]
        case ("hold", _) where motion.hasPrefix("on+"):
            // A hold that lasted at least that long (`HOLD.end`: the largest delay the hold
            // reached wins, as the longest threshold met wins here).
            guard let seconds = Double(motion.dropFirst(3)), seconds.isFinite, seconds >= 0, seconds <= 60 else {
                throw TactileError(.badData, file: c.source, line: lineNumber, column: at(1),
                                   "libinput-gestures refuses this file: Hold delay \"\(motion.dropFirst(3))\" must be an integer or float value")
            }
            fields = [("gesture", "hold"), ("fingers", fingers.map(String.init) ?? "any"), ("on", "ended")]
            if seconds > 0 { fields.append(("threshold", Self.number(Swift.max(10, seconds * 1000)) + "ms")) }
        default:
            let motions = ["swipe": ["left", "right", "up", "down", "left_up", "right_up", "left_down", "right_down"],
                           "pinch": ["in", "out", "clockwise", "anticlockwise"], "hold": ["on"]]
            let guess = (motions[type].flatMap { Spelling.nearest(motion, in: $0) }.map { "`\(type) \($0)`" }
                ?? Spelling.nearest(type, in: Array(motions.keys)).map { "`\($0) \(motion)`" }).map { "; did you mean \($0)?" } ?? ""
            throw TactileError(.badData, file: c.source, line: lineNumber, column: at(1),
                               "libinput-gestures refuses this file: `\(type) \(motion)` in `\(line)` is not one of its gestures (swipe left/right/up/down and diagonals, pinch in/out/clockwise/anticlockwise, hold on)\(guess)")
        }
        if let limit, fields[0].1 != "hold" { fields.append(("maxDuration", limit)) }
        if fields[0].1 == "hold" {
            c.note("libinput begins a hold after 180 ms (40 ms for one or two fingers, a \"quick hold\"); Tactile's touchpad holds after 180 ms for every count (`touchpadHoldMinDuration`)")
        }
        if rest[0] == "_internal" {
            guard let command = internalCommand(Array(rest.dropFirst())) else {
                c.drop(line, "libinput-gestures' `_internal` with a desktop grid (`--cols`) has no one command here")
                return
            }
            c.change(line, "libinput-gestures' `_internal` is `wmctrl` here, as it ran it (X11 and EWMH window managers)")
            c.bind(fields, command: command, comment: line)
            return
        }
        // The command as written (its spacing and quotes), from where its first word starts.
        let skipped = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).count - rest.count
        guard let command = ImportedCommand.fromShellWords(Self.text(afterWords: skipped, of: line)) else {
            throw TactileError(.badData, file: c.source, line: lineNumber, column: at(skipped),
                               "libinput-gestures refuses this file: the quotes of `\(line)` do not close")
        }
        c.bind(fields, command: expanded(command, line, into: &c), comment: line)
    }

    /// The command with `~` and `$VAR` in its program's name expanded from the importing
    /// user's environment, as libinput-gestures expands them as it starts
    /// (`COMMAND.__init__`: `expandvars(expanduser(largs[0]))`); Tactile runs a program's
    /// name as written. A name it cannot expand stays, with a note.
    static func expanded(_ command: ImportedCommand, _ line: String, into c: inout ImportedConfig) -> ImportedCommand {
        guard case .argv(var argv) = command, let program = argv.first, program.hasPrefix("~") || program.contains("$") else { return command }
        var name = program
        if name == "~" || name.hasPrefix("~/"), let home = c.environment["HOME"], !home.isEmpty {
            name = home + name.dropFirst()
        }
        // `$NAME` and `${NAME}`; an unknown one stays, as Python's expandvars leaves it.
        var out = "", i = name.startIndex
        while i < name.endIndex {
            guard name[i] == "$" else { out.append(name[i]); i = name.index(after: i); continue }
            var j = name.index(after: i)
            let braced = j < name.endIndex && name[j] == "{"
            if braced { j = name.index(after: j) }
            let start = j
            while j < name.endIndex, name[j] == "_" || name[j].isLetter || name[j].isNumber, name[j].isASCII { j = name.index(after: j) }
            let variable = String(name[start..<j])
            let closed = !braced || (j < name.endIndex && name[j] == "}")
            if !variable.isEmpty, closed, let value = c.environment[variable] {
                out += value
                i = braced ? name.index(after: j) : j
            } else {
                out.append("$")
                i = name.index(after: i)
            }
        }
        if out.hasPrefix("~") || out.contains("$") {
            c.note("`\(program)` in `\(line)`: libinput-gestures expands `~` and variables in a program's name as it starts; Tactile runs the name as written: give its full path")
        } else {
            c.note("`\(program)` in `\(line)`: `\(out)`, as libinput-gestures expands `~` and variables in a program's name (the importing user's)")
        }
        argv[0] = out
        return .argv(argv)
    }

    /// libinput-gestures' `_internal` workspace moves as the `wmctrl` shell commands that do
    /// them (its `COMMAND_internal`): `ws_up` the next workspace, `ws_down` the previous one
    /// (`ws_left` and `ws_right` the same without `--cols`), stopping at the ends unless
    /// `--wrap`. Nil for a grid of columns.
    static func internalCommand(_ args: [String]) -> ImportedCommand? {
        var wrap = false, action: String?
        for a in args {
            switch a {
            case "-w", "--wrap": wrap = true
            case "ws_up", "ws_down", "ws_left", "ws_right": action = a
            default: return nil
            }
        }
        guard let action else { return nil }
        let step = action == "ws_up" || action == "ws_left" ? 1 : -1
        let current = "n=$(wmctrl -d | awk '$2 == \"*\" {print $1}'); c=$(wmctrl -d | wc -l); "
        if wrap {
            return .shell(current + "wmctrl -s \"$(( (n \(step > 0 ? "+" : "-") 1 + c) % c ))\"")
        }
        return .shell(current + (step > 0 ? "[ \"$((n + 1))\" -lt \"$c\" ] && wmctrl -s \"$((n + 1))\"" : "[ \"$n\" -gt 0 ] && wmctrl -s \"$((n - 1))\""))
    }

    /// A number as a binding writes it: up to two decimals, no trailing zeros.
    static func number(_ v: Double) -> String {
        // A configuration's number may be anything YAML or a command line reads (1e300,
        // .inf): written as Swift writes it, which the bindings then refuse with their line,
        // rather than trapping in Int(_:).
        guard v.isFinite, Swift.abs(v) < 1e15 else { return String(v) }
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int(r)) : String(r)
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
