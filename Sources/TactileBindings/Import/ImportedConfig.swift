import Tactile

/// A configuration translated from another tool's: the devices, the settings, the bindings
/// and, as comments, what could not be carried over or runs differently. `yaml` is the file
/// `tactile bind import` writes. `tactile bind --check` accepts it for every configuration in
/// Tests/Fixtures/import (BindCommandTests); for arbitrary input it may refuse a value the
/// original held (a threshold of 1e300), but only as a configuration error with its line,
/// never a trap (fuzz-import).
///
/// Every thing of the original is either carried over (a binding), dropped or changed, and
/// each drop and change has a note: `summary` counts them for standard error.
public struct ImportedConfig: Sendable {
    /// Whose configuration it was.
    public var tool: ForeignConfig
    /// The file it was read from.
    public var source: String
    /// Whether key and click actions stay the commands the tool ran (`--keep-commands`)
    /// rather than becoming built-in `keys:` and `click:`.
    public var keepCommands = false
    /// The importing user's environment, for what the tool expanded as it ran.
    var environment: [String: String] = [:]
    /// `devices:` entries, each a YAML flow mapping (`{kind: touchpad}`).
    public var devices: [String] = []
    /// `screen:`, when the tool turned its directions with the screen.
    public var screen: String?
    /// `settings:` entries (a recognizer threshold and its value), the tool's own where
    /// Tactile's recognizers have one that means the same.
    public var settings: [(name: String, value: String)] = []
    /// The bindings, in the order of the original.
    public var bindings: [ImportedBinding] = []
    /// Every note, in order: what was dropped, what was changed, what else differs.
    public var notes: [String] = []
    /// What was not carried over, named short (for the summary); each has its note.
    public var dropped: [String] = []
    /// What was carried over but runs differently, named short; each has its note.
    public var changed: [String] = []
    /// Whether a later binding of the very same gesture replaces an earlier one (as in
    /// libinput-gestures, whose later line wins) rather than the first staying (lisgd runs
    /// the first match; touchégg and fusuma keep one per gesture).
    var laterWins = false

    /// A translation of `source`, a `tool` configuration, with nothing in it yet.
    public init(tool: ForeignConfig, source: String) {
        self.tool = tool
        self.source = source
    }

    /// Adds a binding of `fields` (key and YAML value, in order) running `command`, or the
    /// built-in key or click action the command is (`KeyCommand`) unless commands are kept.
    mutating func bind(_ fields: [(String, String)], command: ImportedCommand, comment: String? = nil) {
        if !keepCommands, let input = KeyCommand.input(for: command) {
            add(ImportedBinding(fields: fields, action: .input(input), comment: comment))
        } else {
            let held = KeyCommand.heldKeys(command, down: true) ?? KeyCommand.heldKeys(command, down: false)
            if !keepCommands, KeyCommand.injects(command), held == nil {
                // A keydown or keyup alone is said once the bindings are all in
                // (`joinHeldKeys`): with its other half it becomes one `hold:`.
                // More than one chord, keys held across a click, typed text: no one built-in
                // action does it, so the command stays, and with it its desktop (xdotool: X11).
                change(comment ?? command.text, "`\(command.text)` stays a command: it is not one key chord or click that `keys:` or `click:` sends (xdotool works on X11 only)")
            }
            add(ImportedBinding(fields: fields, action: .command(command), comment: comment))
        }
    }

    /// Adds a binding of a built-in action (`keys`, `hold`, `click`... and their YAML
    /// values), or of `original`, the command that does the same, with `--keep-commands`.
    mutating func bind(_ fields: [(String, String)], input: [(String, String)], original: ImportedCommand?, comment: String? = nil) {
        if keepCommands, let original {
            add(ImportedBinding(fields: fields, action: .command(original), comment: comment))
        } else {
            add(ImportedBinding(fields: fields, action: .input(input), comment: comment))
        }
    }

    private mutating func add(_ b: ImportedBinding) {
        if case .command(.shell(let script)) = b.action,
           Placeholder.allCases.contains(where: { script.contains("{\($0.rawValue)}") }) {
            note("`\(script)`: a {name} in it is now Tactile's value of that name (a quoted variable reference)")
        }
        if let i = bindings.firstIndex(where: { $0.trigger == b.trigger }) {
            let what = b.comment ?? b.trigger
            if laterWins {
                drop(bindings[i].comment ?? what, "given again later (`\(what)`): the later one wins, as in \(tool.toolName)")
                bindings.remove(at: i)
            } else {
                drop(what, "the same gesture as `\(bindings[i].comment ?? b.trigger)` before it, which wins, as in \(tool.toolName)")
                return
            }
        }
        bindings.append(b)
    }

    /// Joins `xdotool keydown KEYS` at a gesture's begin and `xdotool keyup KEYS` at its end
    /// (fusuma's `begin:` and `end:`, touchégg's `on="begin"` and `on="end"`) into one binding
    /// that holds the keys (`hold:`) from the begin until the gesture ends, on every desktop.
    /// The ends may name directions the begin does not (fusuma's alt-tab switcher: `begin:`
    /// for the fingers, `end:` under `right:` and `left:`): the hold then lets go at every
    /// end, whichever way the stroke went, where the original kept the keys down after a
    /// stroke of another direction; and at a cancel, which the original never did. A
    /// keydown or keyup left alone stays a command, with a note. Called once every binding
    /// is in.
    mutating func joinHeldKeys() {
        guard !keepCommands else { return }
        var j = 0
        while j < bindings.count {
            guard case .command(let d) = bindings[j].action, bindings[j].on == "began", bindings[j].lasts,
                  let down = KeyCommand.heldKeys(d, down: true), let list = KeyCommand.keyList(down.names) else {
                j += 1
                continue
            }
            // The keyups at its end, and at its cancel (fusuma's hold `cancelled:`), which
            // the hold does too.
            let ends = bindings.indices.filter { i in
                guard i != j, case .command(let c) = bindings[i].action, bindings[i].on == "ended" || bindings[i].on == "cancelled",
                      let up = KeyCommand.heldKeys(c, down: false) else { return false }
                return up.codes == down.codes && bindings[i].ends(bindings[j])
            }
            guard let last = ends.last(where: { bindings[$0].on == "ended" }), case .command(let up) = bindings[last].action else {
                j += 1
                continue
            }
            let directions = ends.compactMap { bindings[$0].direction }
            let which = directions.isEmpty || bindings[j].direction != nil ? ""
                : ", let go at every end whichever way the stroke went (the keyup was under \(directions.joined(separator: " and ")))"
            change(bindings[j].comment ?? d.text, "`\(d.text)` at the begin and `\(up.text)` at the end are one `hold: \(list)` on every desktop\(which); it also lets go when the gesture is cancelled")
            bindings[j].action = .input([("hold", list)])
            for i in ends.reversed() {
                bindings.remove(at: i)
                if i < j { j -= 1 }
            }
            j += 1
        }
        for b in bindings {
            guard case .command(let c) = b.action, KeyCommand.heldKeys(c, down: true) != nil || KeyCommand.heldKeys(c, down: false) != nil else { continue }
            change(b.comment ?? c.text, "`\(c.text)` stays a command: no `\(b.on == "ended" ? "keydown" : "keyup")` of the same keys at the gesture's \(b.on == "ended" ? "begin" : "end") makes it one `hold:` (xdotool works on X11 only)")
        }
    }

    /// Notes that `what` was not carried over, and why.
    mutating func drop(_ what: String, _ why: String) {
        // Once: a gesture bound for each device class is dropped once for each.
        let text = "dropped `\(what)`: \(why)"
        guard !notes.contains(text) else { return }
        dropped.append(Self.short(what))
        note(text)
    }

    /// Notes that `what` was carried over but runs differently, and how.
    mutating func change(_ what: String, _ how: String) {
        let name = Self.short(what)
        if !changed.contains(name) { changed.append(name) }
        note("changed `\(what)`: \(how)")
    }

    /// Notes something of the whole configuration (a setting, a tuning) once.
    mutating func note(_ what: String) {
        if !notes.contains(what) { notes.append(what) }
    }

    /// Sets a recognizer setting, once.
    mutating func set(_ name: String, _ value: String) {
        settings.removeAll { $0.name == name }
        settings.append((name, value))
    }

    /// A thing's name as the summary gives it: its first 40 characters, cut at a word.
    static func short(_ what: String) -> String {
        let one = what.replacing("\n", with: " ")
        guard one.count > 40 else { return one }
        let head = one.prefix(39)
        let atWord = head.lastIndex(of: " ").map { head[..<$0] }.flatMap { $0.count >= 20 ? $0 : nil } ?? head
        return String(atWord) + "…"
    }

    /// What `tactile bind import` says on standard error: "12 bindings carried over,
    /// 2 dropped (…), 1 changed (…)".
    public var summary: String {
        func list(_ items: [String]) -> String {
            items.isEmpty ? "" : " (" + items.joined(separator: "; ") + ")"
        }
        let n = bindings.count
        return "\(n) binding\(n == 1 ? "" : "s") carried over, \(dropped.count) dropped\(list(dropped)), \(changed.count) changed\(list(changed))"
    }

    /// The configuration as YAML, with a header saying where it came from and every note.
    public var yaml: String {
        var out = "# Imported from \(Self.comment(source)) (\(tool.toolName)) by `tactile bind import`:\n"
        out += "# \(Self.comment(summary)).\n"
        out += "# Check it with `tactile bind --check` and try it with `tactile bind FILE RECORDING --dry-run`.\n"
        if !notes.isEmpty {
            out += "#\n"
            for n in notes { out += "#   - " + Self.comment(n) + "\n" }
        }
        if !devices.isEmpty {
            out += "\ndevices:\n"
            for d in devices { out += "  - \(d)\n" }
        }
        if let screen { out += "\nscreen: \(screen)\n" }
        if !settings.isEmpty {
            out += "\nsettings:\n"
            for s in settings { out += "  \(s.name): \(s.value)\n" }
        }
        out += "\nbindings:"
        if bindings.isEmpty { out += " []  # nothing could be carried over\n"; return out }
        out += "\n"
        for b in bindings {
            if let c = b.comment { out += "  # " + Self.comment(c) + "\n" }
            out += "  - \(b.yaml)\n"
        }
        return out
    }

    /// Text for a YAML comment: one line, with no character YAML refuses (control
    /// characters, which a configuration's text may hold, become `?`).
    static func comment(_ s: String) -> String {
        String(s.unicodeScalars.map { c -> Character in
            c == "\t" ? " " : (c.value < 0x20 || c.value == 0x7F || (0x80...0x9F).contains(c.value) || c == "\u{FEFF}"
                || (0xD800...0xDFFF).contains(c.value) || c.value == 0xFFFE || c.value == 0xFFFF) ? "?" : Character(c)
        })
    }
}

/// One translated binding: its trigger's fields, what it does, and the original it came
/// from (a comment above it).
public struct ImportedBinding: Sendable {
    /// Keys and YAML values of its trigger, in order (`gesture`, `fingers`, ...).
    var fields: [(String, String)]
    /// A command, or a built-in action's keys and values.
    var action: Action
    /// The original's text.
    var comment: String?

    enum Action {
        case command(ImportedCommand)
        case input([(String, String)])
    }

    /// The value of its `on:` field, if it has one.
    var on: String? { fields.first { $0.0 == "on" }?.1 }

    /// Whether its gesture goes on after the binding runs (a continuous gesture, on its
    /// begin, its updates or a repeat's steps, not at its end: a binding without `on:` runs
    /// at the gesture's default moment, its end), so that keys can be held over it.
    var lasts: Bool {
        guard let g = fields.first(where: { $0.0 == "gesture" }).flatMap({ BoundGesture(rawValue: $0.1) }), g.isContinuous else { return false }
        if fields.contains(where: { $0.0 == "repeat" }) { return true }
        let moment = on.flatMap(BindingPhase.init(rawValue:)) ?? g.defaultPhase
        return moment == .began || moment == .update || moment == .progress
    }

    /// The value of its `direction:` field, if it has one.
    var direction: String? { fields.first { $0.0 == "direction" }?.1 }

    /// Whether this binding, at a gesture's end, ends what `begin` began: the same gesture,
    /// fingers, device and applications, whatever the moment (`on:`, `interval:`), in any
    /// direction when `begin` names none, else in its own.
    func ends(_ begin: ImportedBinding) -> Bool {
        func key(_ b: ImportedBinding) -> String {
            b.fields.filter { !["on", "interval", "direction"].contains($0.0) }.map { "\($0.0): \($0.1.lowercased())" }.sorted().joined(separator: ", ")
        }
        return key(self) == key(begin) && (begin.direction == nil || begin.direction == direction)
    }

    /// Its command, nil for a built-in action.
    var commandOrNil: ImportedCommand? { if case .command(let c) = action { c } else { nil } }

    /// Its trigger as one text, to tell the same gesture given twice.
    var trigger: String {
        fields.map { "\($0.0): \($0.1.lowercased())" }.sorted().joined(separator: ", ")
    }

    /// The binding as a YAML flow mapping.
    var yaml: String {
        var parts = fields.map { "\($0.0): \($0.1)" }
        switch action {
        case .command(.argv(let argv)):
            // Braces are the tool's own text: written as {{ and }}, Tactile's literal braces.
            let escaped = argv.map { $0.replacing("{", with: "{{").replacing("}", with: "}}") }
            parts.append("command: [" + escaped.map(YAMLText.scalar).joined(separator: ", ") + "]")
        case .command(.shell(let script)):
            parts += ["shell: true", "command: " + YAMLText.scalar(script)]
        case .input(let input):
            parts += input.map { "\($0.0): \($0.1)" }
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}

extension ImportedBinding.Action: Sendable {}

/// A command as another tool gave it.
enum ImportedCommand: Sendable {
    /// Arguments, run without a shell.
    case argv([String])
    /// One string for `/bin/sh -c`.
    case shell(String)

    /// `plus` when the binding runs with `$TACTILE_SIGN` +, else `minus`: each on its own
    /// line, so that a command's trailing `# comment` ends with its line rather than
    /// swallowing the `else` and `fi` after it.
    static func bySign(_ plus: String, _ minus: String) -> ImportedCommand {
        .shell("if [ \"$TACTILE_SIGN\" = + ]; then\n  \(plus)\nelse\n  \(minus)\nfi")
    }

    /// A command line as tools that run it through a shell take it: split into arguments
    /// where that is all the shell would do (words, plain quotes), kept for the shell
    /// where it uses the shell (pipes, `;`, `$`, redirections, globs, `&&`).
    static func fromShellText(_ text: String) -> ImportedCommand? {
        let t = text.trimmingSpaces
        guard !t.isEmpty else { return nil }
        if let words = ShellWords.split(t), !words.isEmpty, !t.contains(where: { "|;&<>$`*?(){}~\\#\n".contains($0) }) {
            return .argv(words)
        }
        return .shell(t)
    }

    /// A command line that its tool split into words as a shell would, quotes grouping,
    /// and ran without a shell (libinput-gestures, through Python's `shlex.split`); nil
    /// when its quotes do not close.
    static func fromShellWords(_ text: String) -> ImportedCommand? {
        guard let words = ShellWords.split(text), !words.isEmpty else { return nil }
        return .argv(words)
    }

    /// The command as one line, for notes.
    var text: String {
        switch self {
        case .argv(let argv): return argv.joined(separator: " ")
        case .shell(let s): return s
        }
    }
}

/// Writing YAML scalars a person can read: bare where YAML reads them back as the same
/// string, double-quoted with escapes otherwise.
enum YAMLText {
    static func scalar(_ s: String) -> String {
        let plain = !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || "_./+=@%-".contains($0) }
            && !"-.@%".contains(s.first!)
            && !["true", "false", "yes", "no", "on", "off", "null", "y", "n"].contains(s.lowercased())
            && Double(s) == nil && Int(s) == nil
        return plain ? s : YAMLQuoting.doubleQuoted(s)
    }

    /// A YAML flow list of scalars.
    static func list(_ items: [String]) -> String {
        "[" + items.map(scalar).joined(separator: ", ") + "]"
    }
}

/// Splitting a command line as a POSIX shell splits words: blanks separate, single and
/// double quotes group, a backslash escapes. Nil when a quote is left open.
enum ShellWords {
    static func split(_ text: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for c in text {
            if escaped { word.append(c); escaped = false; inWord = true; continue }
            if let q = quote {
                if c == q { quote = nil } else if c == "\\" && q == "\"" { escaped = true } else { word.append(c) }
                continue
            }
            switch c {
            case "\\": escaped = true; inWord = true
            case "'", "\"": quote = c; inWord = true
            case " ", "\t", "\n":
                if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(c); inWord = true
            }
        }
        if quote != nil { return nil }
        if inWord { words.append(word) }
        return words
    }
}
