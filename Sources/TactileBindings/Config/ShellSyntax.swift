/// Whether shell text can parse at all: a quote, a backtick, a `$(` or a `${` that is never
/// closed, or an `if`, `case`, loop or `{` group that never ends, makes `/bin/sh -c` refuse
/// the whole script, so the command never runs (``xdotool key alt+` `` and `if true; then
/// echo a` are two). A small POSIX lexer, not a parser: it finds what is left open at the
/// end and a block word out of place, which is what a typed command line gets wrong, and
/// nothing that a shell would accept.
public enum ShellSyntax {
    /// What is left open in `script`, as words a person can act on, or nil when nothing is.
    public static func problem(_ script: String) -> String? {
        enum Open: Equatable {
            case single, double, backtick, substitution(depth: Int), parameter
        }
        var stack: [(Open, Int)] = []
        var blocks = Blocks()
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
            // Block words count outside quotes, at the top level or in a `$(...)`.
            let words: Bool
            switch top {
            case nil, .substitution?: words = true
            default: words = false
            }
            if c == "\\" {
                if words { blocks.quoted(at: i) }
                i += 2; wordStart = false; continue
            }
            if words {
                switch c {
                case " ", "\t", "<", ">": blocks.endWord()
                case "\n", ";", "&", "|", "(": blocks.endCommand()
                case ")":
                    // A `$(...)` closing ends a word inside a command; a subshell or a case
                    // pattern closing starts one.
                    if case .substitution(0)? = top { blocks.endWord(); blocks.inCommand() } else { blocks.endCommand() }
                case "#" where wordStart: break
                case "'", "\"", "`", "$": blocks.quoted(at: i)
                default: blocks.append(c, at: i)
                }
                if let problem = blocks.problem { return problem }
            }
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
                blocks.endCommand()
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
        if let (open, at) = stack.last {
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
        blocks.endCommand()
        if let problem = blocks.problem { return problem }
        if let open = blocks.open.last {
            return "`\(open.word)` at column \(open.column) is never closed with `\(open.closer)`"
        }
        return nil
    }

    /// The block words of a script (`if ... then ... fi`, `case ... esac`, `for`, `while`,
    /// `until ... do ... done`, `{ ... }`), counted where a command starts: what is still
    /// open at the end, or the first word that closes or continues a block not open.
    struct Blocks {
        struct Opened { var word: String, column: Int, closer: String, middle: String?, sawMiddle: Bool }
        var open: [Opened] = []
        var problem: String?
        private var word = "", wordColumn = 0, wordQuoted = false
        /// Whether the next word is where a command starts (a reserved word counts only there).
        private var commandStarts = true

        mutating func append(_ c: Character, at i: Int) {
            if word.isEmpty && !wordQuoted { wordColumn = i + 1 }
            word.append(c)
        }
        /// A quote, an escape or an expansion in the word: it is no reserved word then.
        mutating func quoted(at i: Int) {
            if word.isEmpty && !wordQuoted { wordColumn = i + 1 }
            wordQuoted = true
        }
        mutating func inCommand() { commandStarts = false }
        mutating func endCommand() {
            endWord()
            commandStarts = true
        }
        mutating func endWord() {
            defer { word = ""; wordQuoted = false }
            guard !word.isEmpty || wordQuoted else { return }
            guard commandStarts, !wordQuoted, problem == nil else { commandStarts = false; return }
            func opened(_ closer: String, middle: String?) {
                open.append(Opened(word: word, column: wordColumn, closer: closer, middle: middle, sawMiddle: middle == nil))
            }
            func out(ofPlace why: String) { problem = "`\(word)` at column \(wordColumn) \(why)" }
            switch word {
            case "if":
                opened("fi", middle: "then")
            case "while", "until":
                opened("done", middle: "do")
            case "for", "case":
                // Their next words (a name, `in`, the values, the patterns) are not commands.
                // (`for i do ...` has no `in`, so its `do` may come where no command starts:
                // a `for` is not held to one.)
                opened(word == "for" ? "done" : "esac", middle: nil)
                commandStarts = false
                return
            case "{":
                opened("}", middle: nil)
            case "then", "elif", "else":
                guard let top = open.last, top.word == "if" else { out(ofPlace: "has no `if` open"); return }
                if word == "then" { open[open.count - 1].sawMiddle = true } else if !top.sawMiddle { out(ofPlace: "comes before the `if`'s `then`"); return }
                if word == "elif" { open[open.count - 1].sawMiddle = false }
            case "do":
                guard let top = open.last, top.closer == "done" else { out(ofPlace: "has no `for`, `while` or `until` open"); return }
                open[open.count - 1].sawMiddle = true
            case "fi", "done", "esac", "}":
                guard let top = open.last, top.closer == word else { out(ofPlace: "closes no open `\(Self.opener(of: word))`"); return }
                if !top.sawMiddle, let middle = top.middle {
                    problem = "`\(top.word)` at column \(top.column) has no `\(middle)` before its `\(word)`"
                    return
                }
                open.removeLast()
                commandStarts = false
                return
            case "!":
                return
            default:
                commandStarts = false
                return
            }
            commandStarts = true
        }

        static func opener(of closer: String) -> String {
            switch closer {
            case "fi": "if"
            case "esac": "case"
            case "}": "{"
            default: "for`, `while` or `until"
            }
        }
    }
}
