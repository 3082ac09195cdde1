import Tactile

/// A configuration translated from another tool's: the devices, the bindings and, as
/// comments, what could not be carried over. `yaml` is the file `tactile bind import`
/// writes; `tactile bind --check` accepts it.
public struct ImportedConfig: Sendable {
    /// Whose configuration it was.
    public var tool: ForeignConfig
    /// The file it was read from.
    public var source: String
    /// `devices:` entries, each a YAML flow mapping (`{kind: touchpad}`).
    public var devices: [String] = []
    /// `screen:`, when the tool turned its directions with the screen.
    public var screen: String?
    /// `bindings:` entries, each a YAML flow mapping, with the comment it carries.
    public var bindings: [(binding: String, comment: String?)] = []
    /// What could not be carried over, each said once.
    public var notes: [String] = []

    /// A translation of `source`, a `tool` configuration, with nothing in it yet.
    public init(tool: ForeignConfig, source: String) {
        self.tool = tool
        self.source = source
    }

    /// Adds a binding of `fields` (key and YAML value, in order) running `command`.
    mutating func bind(_ fields: [(String, String)], command: ImportedCommand, comment: String? = nil) {
        var parts = fields.map { "\($0.0): \($0.1)" }
        switch command {
        case .argv(let argv):
            // Braces are the tool's own text: written as {{ and }}, Tactile's literal braces.
            let escaped = argv.map { $0.replacing("{", with: "{{").replacing("}", with: "}}") }
            parts.append("command: [" + escaped.map(YAMLText.scalar).joined(separator: ", ") + "]")
        case .shell(let script):
            if Placeholder.allCases.contains(where: { script.contains("{\($0.rawValue)}") }) {
                note("`\(script)`: a {name} in it is now Tactile's value of that name (a quoted variable reference)")
            }
            parts += ["shell: true", "command: " + YAMLText.scalar(script)]
        }
        bindings.append(("{" + parts.joined(separator: ", ") + "}", comment))
    }

    /// Notes that `what` was not carried over, and why.
    mutating func note(_ what: String) {
        if !notes.contains(what) { notes.append(what) }
    }

    /// The configuration as YAML, with a header saying where it came from.
    public var yaml: String {
        var out = "# Imported from \(source) (\(tool.toolName)) by `tactile bind import`.\n"
        out += "# Thresholds are Tactile's defaults for what \(tool.toolName) did (docs/bindings.md); check them\n"
        out += "# with `tactile bind --check` and try them with `tactile bind FILE RECORDING --dry-run`.\n"
        if !notes.isEmpty {
            out += "#\n# Not carried over:\n"
            for n in notes { out += "#   - " + n.replacing("\n", with: " ") + "\n" }
        }
        if !devices.isEmpty {
            out += "\ndevices:\n"
            for d in devices { out += "  - \(d)\n" }
        }
        if let screen { out += "\nscreen: \(screen)\n" }
        out += "\nbindings:"
        if bindings.isEmpty { out += " []  # nothing could be carried over\n"; return out }
        out += "\n"
        for b in bindings {
            if let c = b.comment { out += "  # " + c.replacing("\n", with: " ") + "\n" }
            out += "  - \(b.binding)\n"
        }
        return out
    }
}

/// A command as another tool gave it.
enum ImportedCommand {
    /// Arguments, run without a shell.
    case argv([String])
    /// One string for `/bin/sh -c`.
    case shell(String)

    /// A command line as tools that run it through a shell take it: split into arguments
    /// where that is all the shell would do (words, plain quotes), kept for the shell
    /// where it uses the shell (pipes, `;`, `$`, redirections, globs, `&&`).
    static func fromShellText(_ text: String) -> ImportedCommand? {
        let t = text.trimmingSpaces
        guard !t.isEmpty else { return nil }
        if let words = ShellWords.split(t), !words.isEmpty, !t.contains(where: { "|;&<>$`*?(){}~\\".contains($0) }) {
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
