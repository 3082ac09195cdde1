/// A binding's command: an argv whose `{placeholders}` are filled in per action.
///
/// A placeholder is replaced inside its own argument and never split again, so no gesture
/// value can add an argument or reach a shell. The one exception is a matrix spread,
/// `{x11_matrix...}` alone in an argument: it becomes that matrix's numbers, a fixed
/// count the template decides. `{{` and `}}` are literal braces. With `shell: true` the
/// command is one string run by `/bin/sh -c` and gets the values in its environment only:
/// nothing is substituted into shell text.
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
            arguments = argv.map { .parts([.text($0)]) }
            return
        }
        arguments = []
        for (index, arg) in argv.enumerated() {
            arguments.append(try Self.parse(arg, index: index, scope: scope))
        }
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
