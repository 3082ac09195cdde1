/// Whether shell text can parse at all: a quote, a backtick, a `$(` or a `${` that is never
/// closed makes `/bin/sh -c` refuse the whole script, so the command never runs
/// (``xdotool key alt+` `` is one). A small POSIX lexer, not a parser: it finds what is left
/// open at the end, which is what a typed command line gets wrong, and nothing that a shell
/// would accept.
public enum ShellSyntax {
    /// What is left open in `script`, as words a person can act on, or nil when nothing is.
    public static func problem(_ script: String) -> String? {
        enum Open: Equatable {
            case single, double, backtick, substitution(depth: Int), parameter
        }
        var stack: [(Open, Int)] = []
        let chars = Array(script)
        var i = 0
        var wordStart = true
        while i < chars.count {
            let c = chars[i]
            let top = stack.last?.0
            if top == .single {
                if c == "'" { stack.removeLast() }
                i += 1
                continue
            }
            if c == "\\" { i += 2; wordStart = false; continue }
            switch c {
            case "#" where wordStart && top != .double && top != .parameter:
                // A comment, to the end of its line.
                while i < chars.count && chars[i] != "\n" { i += 1 }
                continue
            case "'" where top != .double && top != .parameter:
                stack.append((.single, i))
            case "\"":
                if top == .double { stack.removeLast() } else { stack.append((.double, i)) }
            case "`":
                if top == .backtick { stack.removeLast() } else { stack.append((.backtick, i)) }
            case "$" where i + 1 < chars.count && chars[i + 1] == "(":
                stack.append((.substitution(depth: 0), i))
                i += 2
                wordStart = true
                continue
            case "$" where i + 1 < chars.count && chars[i + 1] == "{":
                stack.append((.parameter, i))
                i += 2
                continue
            case "(":
                if case .substitution(let d)? = top { stack[stack.count - 1].0 = .substitution(depth: d + 1) }
            case ")":
                if case .substitution(let d)? = top {
                    if d == 0 { stack.removeLast() } else { stack[stack.count - 1].0 = .substitution(depth: d - 1) }
                }
            case "}":
                if top == .parameter { stack.removeLast() }
            default:
                break
            }
            wordStart = c == " " || c == "\t" || c == "\n" || c == ";" || c == "&" || c == "|" || c == "(" || c == "`"
            i += 1
        }
        guard let (open, at) = stack.last else { return nil }
        let what: String
        switch open {
        case .single: what = "a ' (single quote)"
        case .double: what = "a \" (double quote)"
        case .backtick: what = "a ` (backtick, a command substitution)"
        case .substitution: what = "a $( (command substitution)"
        case .parameter: what = "a ${ (parameter expansion)"
        }
        return "\(what) at column \(at + 1) is never closed"
    }
}
