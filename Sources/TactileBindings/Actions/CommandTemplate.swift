/// A binding's command: an argv whose `{placeholders}` are filled in per action.
///
/// A placeholder is replaced inside its own argument and never split again, so no gesture
/// value can add an argument or reach a shell. The one exception is a matrix spread,
/// `{x11_matrix...}` alone in an argument: it becomes that matrix's numbers, a fixed
/// count the template decides. `{{` and `}}` are literal braces.
///
/// Shell text never gets a value written into it: a device's name may hold `$(...)`, a
/// backtick or a newline. With `shell: true` (one string for `/bin/sh -c`), and in the
/// script of a shell run as `[sh, -c, SCRIPT]` (sh, bash, dash, zsh, ksh and kin), a
/// `{name}` becomes a quoted reference to its environment variable, `"${TACTILE_NAME}"`,
/// quoted for where it stands (bare, inside double quotes, inside single quotes): the
/// shell expands the value once and never reads it as code. Other `${...}` and braces in
/// shell text are the shell's own.
public struct CommandTemplate: Sendable, Hashable {
    /// A piece of an argument.
    public enum Part: Sendable, Hashable {
        /// Literal text.
        case text(String)
        /// A placeholder's value.
        case value(Placeholder)
    }

    /// One argument of the argv.
    public enum Argument: Sendable, Hashable {
        /// Text and values joined into one argument.
        case parts([Part])
        /// A matrix spread into its numbers, one argument each.
        case spread(Placeholder)
    }

    /// The argv, as parsed.
    public var arguments: [Argument]
    /// Whether the command is one string for `/bin/sh -c`.
    public var shell: Bool
    /// The gesture's (or orientation change's) JSON line on standard input.
    public var stdinJSON: Bool

    /// What is wrong with an argument: its index in the argv, the column in the string.
    public struct Problem: Error, Sendable {
        /// The argument's index in the argv.
        public var argument: Int
        /// The column in the argument's string (1-based).
        public var column: Int
        /// What is wrong.
        public var message: String
    }

    /// Parses `argv` for a binding whose values are those of `scope`.
    public init(argv: [String], shell: Bool, stdinJSON: Bool, scope: Placeholder.Scope) throws(Problem) {
        self.shell = shell
        self.stdinJSON = stdinJSON
        if shell {
            arguments = try argv.enumerated().map { index, arg throws(Problem) in
                .parts([.text(try Self.shellScript(arg, index: index, scope: scope))])
            }
            return
        }
        arguments = []
        let script = Self.shellScriptIndex(argv)
        for (index, arg) in argv.enumerated() {
            if index == script {
                arguments.append(.parts([.text(try Self.shellScript(arg, index: index, scope: scope))]))
            } else {
                arguments.append(try Self.parse(arg, index: index, scope: scope))
            }
        }
    }

    /// Programs that read `-c SCRIPT` as POSIX shell text.
    static let shells: Set<String> = ["sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "posh", "busybox"]

    /// The index of the script in `[shell, options..., -c, SCRIPT, ...]`, if argv runs a
    /// shell on a script: the first operand once an option cluster holds `c`.
    static func shellScriptIndex(_ argv: [String]) -> Int? {
        guard let program = argv.first?.split(separator: "/").last.map(String.init), shells.contains(program) else { return nil }
        var first = 1
        if program == "busybox" {
            guard argv.count > 1, shells.contains(argv[1]), argv[1] != "busybox" else { return nil }
            first = 2
        }
        var command = false
        var i = first
        while i < argv.count {
            let a = argv[i]
            if a == "--" { i += 1; break }
            guard a.count > 1, a.hasPrefix("-") || a.hasPrefix("+") else { break }
            if a.hasPrefix("-") && !a.hasPrefix("--") && a.dropFirst().contains("c") { command = true }
            if a == "-o" || a == "+o" || a == "-O" || a == "+O" { i += 1 }  // an option's name follows
            i += 1
        }
        return command && i < argv.count ? i : nil
    }

    /// Shell text with each `{name}` turned into a reference to its environment variable,
    /// quoted for where it stands, and `{{` and `}}` into single braces. A tiny POSIX lexer: backslashes, single and double quotes,
    /// and `${...}`, whose braces are the shell's. `{` followed by anything but a
    /// placeholder's name and `}` is the shell's too (`{ a; b; }`, `a{b,c}`).
    static func shellScript(_ script: String, index: Int, scope: Placeholder.Scope) throws(Problem) -> String {
        enum Quote { case none, single, double }
        let chars = Array(script)
        var out = ""
        var quote = Quote.none
        var i = 0
        while i < chars.count {
            let c = chars[i]
            switch quote {
            case .single:
                if c == "'" { quote = .none }
            case .double, .none:
                if c == "\\" && i + 1 < chars.count {
                    out.append(c); out.append(chars[i + 1]); i += 2; continue
                }
                if c == "$" && i + 1 < chars.count && chars[i + 1] == "{" {
                    // The shell's own parameter expansion: copied to its closing brace.
                    var depth = 0, j = i + 1
                    while j < chars.count {
                        if chars[j] == "{" { depth += 1 } else if chars[j] == "}" { depth -= 1; if depth == 0 { break } }
                        j += 1
                    }
                    out += String(chars[i...Swift.min(j, chars.count - 1)])
                    i = j + 1
                    continue
                }
                if c == "'" && quote == .none { quote = .single }
                else if c == "\"" { quote = quote == .double ? .none : .double }
            }
            // `{{` and `}}` are literal braces here too, so `{{x}}` is the text `{x}`.
            if (c == "{" || c == "}") && i + 1 < chars.count && chars[i + 1] == c {
                out.append(c)
                i += 2
                continue
            }
            if c == "{", let close = chars[(i + 1)...].firstIndex(of: "}") {
                var name = String(chars[(i + 1)..<close])
                let spread = name.hasSuffix("...")
                if spread { name.removeLast(3) }
                if let p = Placeholder(rawValue: name) {
                    if p.scope != .any && p.scope != scope {
                        throw Problem(argument: index, column: i + 1,
                                      message: "{\(name)} is for \(p.scope == .orientation ? "orientation" : "gesture") bindings only")
                    }
                    let variable = "${\(p.environmentName)}"
                    switch quote {
                    case .none: out += spread ? variable : "\"" + variable + "\""
                    case .double: out += variable
                    case .single: out += "'\"" + variable + "\"'"
                    }
                    i = close + 1
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return out
    }


    private static func parse(_ arg: String, index: Int, scope: Placeholder.Scope) throws(Problem) -> Argument {
        let chars = Array(arg)
        var parts: [Part] = []
        var text = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "{" && i + 1 < chars.count && chars[i + 1] == "{" { text.append("{"); i += 2; continue }
            if c == "}" && i + 1 < chars.count && chars[i + 1] == "}" { text.append("}"); i += 2; continue }
            if c == "}" { throw Problem(argument: index, column: i + 1, message: "a lone '}' (write '}}' for a brace)") }
            guard c == "{" else { text.append(c); i += 1; continue }
            guard let close = chars[(i + 1)...].firstIndex(of: "}") else {
                throw Problem(argument: index, column: i + 1, message: "'{' without its '}' (write '{{' for a brace)")
            }
            var name = String(chars[(i + 1)..<close])
            let spread = name.hasSuffix("...")
            if spread { name.removeLast(3) }
            guard let p = Placeholder(rawValue: name) else {
                let known = Placeholder.allCases.filter { $0.scope == .any || $0.scope == scope }.map { "{\($0.rawValue)}" }
                throw Problem(argument: index, column: i + 1,
                              message: "unknown placeholder {\(name)}; one of \(known.joined(separator: ", "))")
            }
            if p.scope != .any && p.scope != scope {
                throw Problem(argument: index, column: i + 1,
                              message: "{\(name)} is for \(p.scope == .orientation ? "orientation" : "gesture") bindings only")
            }
            if spread {
                guard p.spreadCount != nil else {
                    throw Problem(argument: index, column: i + 1, message: "{\(name)...}: only a matrix spreads into several arguments")
                }
                guard i == 0 && close == chars.count - 1 else {
                    throw Problem(argument: index, column: i + 1, message: "{\(name)...} must be the whole argument")
                }
                return .spread(p)
            }
            if !text.isEmpty { parts.append(.text(text)); text = "" }
            parts.append(.value(p))
            i = close + 1
        }
        if !text.isEmpty || parts.isEmpty { parts.append(.text(text)) }
        return .parts(parts)
    }

    /// The argv to run, with `value` giving each placeholder's text.
    public func argv(_ value: (Placeholder) -> String) -> [String] {
        var out: [String] = shell ? ["/bin/sh", "-c"] : []
        for a in arguments {
            switch a {
            case .parts(let parts):
                var s = ""
                for p in parts {
                    switch p {
                    case .text(let t): s += t
                    case .value(let v): s += value(v)
                    }
                }
                out.append(s)
            case .spread(let p):
                out += value(p).split(separator: " ").map(String.init)
            }
        }
        // `sh -c SCRIPT NAME`: $0 names the binding's shell in messages.
        if shell { out.append("tactile-bind") }
        return out
    }
}
