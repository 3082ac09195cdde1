import Tactile

/// Just enough of a POSIX shell script to find the command line that starts a program
/// (`lisgd`), however the script writes it: after `if [ -x ... ]; then`, behind `exec`,
/// `nohup` or `setsid`, by its path, over continuation lines, with `"$@"` (the script's
/// own arguments, none here) and the variables the script assigns before it
/// (`THRESHOLD=200`, `${DEVICE:-/dev/input/event1}`).
///
/// Words are split as the shell splits them (blanks, quotes, backslashes); commands end at
/// `;`, `&`, `|`, `&&`, `||`, a newline or a parenthesis. A quote that never closes is an
/// error naming its line and column.
enum ShellScript {
    /// One command: its words, where it starts, and what could not be expanded.
    struct Command {
        var words: [String]
        var line: Int
        var notes: [String] = []
    }

    /// Words that may come before the program on a command line.
    static let prefixes: Set<String> = ["if", "then", "else", "elif", "do", "while", "until", "!", "{", "exec", "nohup",
                                        "setsid", "command", "env", "time", "nice", "-f", "--fork"]

    /// The first command of the script that runs `program` (by name or path).
    static func command(named program: String, in text: String, file: String) throws(TactileError) -> Command {
        var variables: [String: String] = [:]
        let all = try commands(text, file: file, variables: &variables)
        for command in all {
            var words = command.words[...]
            var asRoot: String?
            while let w = words.first {
                if prefixes.contains(w) || isAssignment(w) {
                    words.removeFirst()
                } else if w == "sudo" || w == "doas" {
                    // Run as root (a touchscreen node readable by root alone): its options,
                    // and the value of those that take one.
                    words.removeFirst()
                    asRoot = w
                    while let o = words.first, o.hasPrefix("-") {
                        words.removeFirst()
                        if ["-u", "-g", "-C", "-p", "-h", "-r", "-t", "-U", "-D"].contains(o) { _ = words.popFirst() }
                    }
                } else {
                    break
                }
            }
            guard let first = words.first, first == program || first.hasSuffix("/" + program) else { continue }
            var c = command
            c.words = Array(words.dropFirst())
            if let asRoot {
                c.notes.append("`\(asRoot) \(program)`: \(program) ran as root, and its commands with it; here they run as the user who runs `tactile bind` (a device it cannot read needs the input group or a udev rule, docs/linux-devices.md)")
            }
            if let f = function(around: command.line, in: text), !calls(f.name, outside: f.lines, in: all) {
                throw TactileError(.badData, file: file, line: f.lines.lowerBound, column: 1,
                                   "this script runs \(program) only in its function `\(f.name)`, which it never calls")
            }
            return c
        }
        // Where the script names it (what made it look like one), though no command runs it.
        var at: (Int, Int)?
        for (n, l) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak).enumerated() {
            // Not in a comment: where the script itself names it.
            if l.drop(while: { $0 == " " || $0 == "\t" }).first == "#" { continue }
            if let r = l.firstRange(of: program) { at = (n + 1, l.distance(from: l.startIndex, to: r.lowerBound) + 1); break }
        }
        throw TactileError(.badData, file: file, line: at?.0, column: at?.1, "this looks like a script for \(program), but no command in it runs \(program)")
    }

    /// The function whose body holds `line` (`name() {` or `function name {` to the `}` that
    /// closes it, braces counted outside quotes and comments), or nil.
    static func function(around line: Int, in text: String) -> (name: String, lines: ClosedRange<Int>)? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak).map(String.init)
        var found: (name: String, lines: ClosedRange<Int>)?
        var n = 0
        while n < lines.count {
            let l = lines[n].drop { $0 == " " || $0 == "\t" }
            var rest = l.hasPrefix("function ") ? l.dropFirst(9).drop { $0 == " " } : l
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            rest = rest.dropFirst(name.count).drop { $0 == " " }
            let isHeader = !name.isEmpty && (rest.hasPrefix("()") || (l.hasPrefix("function ") && rest.hasPrefix("{")))
            guard isHeader else { n += 1; continue }
            // The body: from the header to the line where its braces balance.
            var depth = 0, end = n, opened = false
            scan: for m in n..<lines.count {
                var quote: Character?
                for ch in lines[m] {
                    if let q = quote { if ch == q { quote = nil }; continue }
                    switch ch {
                    case "'", "\"": quote = ch
                    case "#": break
                    case "{": depth += 1; opened = true
                    case "}": depth -= 1
                    default: continue
                    }
                    if ch == "#" { break }
                }
                end = m
                if opened && depth <= 0 { break scan }
            }
            if (n + 1)...(end + 1) ~= line, n + 1 < line { found = (name, (n + 1)...(end + 1)) }
            n = end + 1
        }
        return found
    }

    /// Whether a command outside `lines` runs `name` (a function called by its name).
    static func calls(_ name: String, outside lines: ClosedRange<Int>, in commands: [Command]) -> Bool {
        commands.contains { c in
            guard !lines.contains(c.line) else { return false }
            let words = c.words.drop { prefixes.contains($0) || isAssignment($0) }
            return words.first == name
        }
    }

    /// Script text as a note quotes it: its first line, at most 60 characters.
    static func shortened(_ text: String) -> String {
        let first = text.prefix { !$0.isLineBreak }
        return first.count > 60 || first.count < text.count ? String(first.prefix(60)) + "…" : text
    }

    static func isAssignment(_ w: String) -> Bool {
        guard let eq = w.firstIndex(of: "="), eq != w.startIndex else { return false }
        return w[..<eq].allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !w.first!.isNumber
    }

    /// Every simple command of the script, in order, with variables expanded from the
    /// assignments before it.
    static func commands(_ text: String, file: String, variables: inout [String: String]) throws(TactileError) -> [Command] {
        let chars = Array(text)
        var out: [Command] = []
        var words: [String] = []
        var word = ""
        var inWord = false
        var notes: [String] = []
        var i = 0, line = 1, column = 1
        var startLine = 1
        // Blocks open (`if`, `case`, loops) and whether this command follows `&&` or `||`:
        // an assignment there is one the script may or may not make as it runs.
        var depth = 0, afterAndOr = false
        var conditional: [String: [Int]] = [:]
        func advance() {
            if chars[i].isLineBreak { line += 1; column = 1 } else { column += 1 }
            i += 1
        }
        func endWord() {
            if inWord { words.append(word) }
            word = ""
            inWord = false
        }
        func endCommand(andOr: Bool = false) {
            endWord()
            if !words.isEmpty {
                let first = words.first == "!" ? words.dropFirst().first : words.first
                if let first, ["if", "case", "while", "until", "for"].contains(first) { depth += 1 }
                if let first, ["fi", "esac", "done"].contains(first) { depth = Swift.max(0, depth - 1) }
                // Assignments alone on a line set variables for what follows.
                if words.allSatisfy(isAssignment) || (words.first == "export" && words.dropFirst().allSatisfy(isAssignment)) {
                    for w in words where isAssignment(w) {
                        let eq = w.firstIndex(of: "=")!
                        let name = String(w[..<eq])
                        if depth > 0 || afterAndOr { conditional[name, default: []].append(startLine) }
                        variables[name] = String(w[w.index(after: eq)...])
                    }
                } else {
                    out.append(Command(words: words, line: startLine, notes: notes))
                }
            }
            words = []
            notes = []
            afterAndOr = andOr
        }
        /// A note for a variable the script sets only on some runs.
        func chosenAtRunTime(_ name: String) {
            guard let lines = conditional[name], let v = variables[name] else { return }
            notes.append("`$\(name)` is set inside an `if`, a `case` or after `&&`/`||` (line \(lines.map(String.init).joined(separator: ", "))): the script picks it as it runs; here its last value, `\(ShellScript.shortened(v))`, is taken")
        }
        /// `$NAME`, `${NAME}`, `${NAME:-default}`, `$@`: the value, or nil to keep the text.
        func expansion(quoted: Bool) -> (text: String, vanish: Bool)? {
            guard chars[i] == "$", i + 1 < chars.count else { return nil }
            let next = chars[i + 1]
            if next == "@" || next == "*" {
                advance(); advance()
                return ("", true)
            }
            if next == "{", let close = chars[(i + 2)...].firstIndex(of: "}") {
                let inside = String(chars[(i + 2)..<close])
                // `${NAME}`, `${NAME:-word}` (`-`, `:=`, `=`: the word when unset) and
                // `${NAME:+word}` (`+`: the word when set, else nothing): the operator is what
                // follows the name. The word's own quotes group, as the shell reads them
                // (`"${DEV:-"/dev/input/event1"}"`).
                let name = String(inside.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                let rest = inside.dropFirst(name.count)
                let op = [":-", ":=", ":+", "-", "=", "+"].first { rest.hasPrefix($0) }
                let word = op.map { String(rest.dropFirst($0.count)) }.map { w in
                    ShellWords.split(w).map { $0.joined(separator: " ") } ?? w
                }
                while i <= close { advance() }
                if let op, op.hasSuffix("+") {
                    guard let v = variables[name] else {
                        notes.append("`${\(inside)}`: the script does not set `\(name)`, so nothing is given")
                        return ("", true)
                    }
                    if op == ":+" && v.isEmpty { return ("", true) }
                    let expanded = word.map { w in variables.reduce(w) { $0.replacing("$" + $1.key, with: $1.value) } } ?? ""
                    return (expanded, expanded.isEmpty)
                }
                if let v = variables[name] ?? word {
                    if variables[name] != nil { chosenAtRunTime(name) }
                    return (v, false)
                }
                notes.append("`${\(inside)}`: a variable the script does not set, left as written")
                return ("${\(inside)}", false)
            }
            if next.isLetter || next == "_" {
                advance()
                var name = ""
                while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" { name.append(chars[i]); advance() }
                if let v = variables[name] {
                    chosenAtRunTime(name)
                    return (v, false)
                }
                notes.append("`$\(name)`: a variable the script does not set, left as written")
                return ("$" + name, false)
            }
            return nil
        }
        /// An unquoted `$(...)` or backquoted command, whole, as one part of the word (its
        /// spaces and parentheses are its own): the text as written, or nil when none starts
        /// here or it never closes.
        func substitution() -> String? {
            let backquote = chars[i] == "`"
            guard backquote || (chars[i] == "$" && i + 1 < chars.count && chars[i + 1] == "(") else { return nil }
            var j = i + (backquote ? 1 : 2), depth = 0, quote: Character?
            while j < chars.count {
                let d = chars[j]
                if let q = quote {
                    if d == q { quote = nil }
                } else if d == "'" || d == "\"" {
                    quote = d
                } else if d == "\\" {
                    j += 1
                } else if backquote ? d == "`" : (d == ")" && depth == 0) {
                    break
                } else if !backquote && d == "(" {
                    depth += 1
                } else if !backquote && d == ")" {
                    depth -= 1
                }
                j += 1
            }
            guard j < chars.count else { return nil }
            notes.append("a command substitution (`$(...)` or backquotes) on line \(line): the script ran it once when it started lisgd; here it runs at each gesture")
            var text = ""
            while i <= j { text.append(chars[i]); advance() }
            return text
        }
        while i < chars.count {
            let c = chars[i]
            if !inWord && words.isEmpty { startLine = line }
            switch c {
            case "\\":
                advance()
                if i < chars.count {
                    if chars[i] != "\n" { word.append(chars[i]); inWord = true }
                    advance()
                }
            case "#" where !inWord:
                while i < chars.count && chars[i] != "\n" { advance() }
            case " ", "\t":
                endWord()
                advance()
            case "\n", ";", "&", "|", "(", ")":
                endCommand(andOr: (c == "&" || c == "|") && i + 1 < chars.count && chars[i + 1] == c)
                advance()
                // The second of `&&` or `||` ends no further command.
                if (c == "&" || c == "|") && i < chars.count && chars[i] == c { advance() }
            case "'":
                let at = (line, column)
                advance()
                inWord = true
                while i < chars.count && chars[i] != "'" { word.append(chars[i]); advance() }
                guard i < chars.count else {
                    throw TactileError(.badData, file: file, line: at.0, column: at.1, "a ' that never closes: the shell refuses this script")
                }
                advance()
            case "\"":
                let at = (line, column)
                advance()
                inWord = true
                var vanished = false
                while i < chars.count && chars[i] != "\"" {
                    if chars[i] == "\\", i + 1 < chars.count, "$`\"\\\n".contains(chars[i + 1]) {
                        advance()
                        if chars[i] != "\n" { word.append(chars[i]) }
                        advance()
                    } else if (chars[i] == "$" && i + 1 < chars.count && chars[i + 1] == "(") || chars[i] == "`" {
                        // A command substitution in the script's own quotes: the script's
                        // shell ran it once, when it started the program; kept, it runs at
                        // every gesture.
                        notes.append("a command substitution (`$(...)` or backquotes) on line \(line): the script ran it once when it started lisgd; here it runs at each gesture")
                        word.append(chars[i])
                        advance()
                    } else if let e = expansion(quoted: true) {
                        word += e.text
                        if e.vanish { vanished = true }
                    } else {
                        word.append(chars[i])
                        advance()
                    }
                }
                guard i < chars.count else {
                    throw TactileError(.badData, file: file, line: at.0, column: at.1, "a \" that never closes: the shell refuses this script")
                }
                advance()
                // `"$@"` alone is no word at all when the script has no arguments.
                if vanished && word.isEmpty { inWord = false }
            case "$" where i + 1 < chars.count && chars[i + 1] == "(", "`":
                if let text = substitution() {
                    word += text
                } else {
                    word.append(c)
                    advance()
                }
                inWord = true
            case "$":
                if let e = expansion(quoted: false) {
                    // Unquoted, the value is split into words (`${O:+-o $O}` is two).
                    let parts = e.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    if parts.count > 1 {
                        word += parts[0]
                        inWord = true
                        for p in parts.dropFirst() { endWord(); word = String(p); inWord = true }
                    } else {
                        word += e.text
                        if !e.vanish { inWord = true }
                    }
                } else {
                    word.append(c)
                    inWord = true
                    advance()
                }
            default:
                word.append(c)
                inWord = true
                advance()
            }
        }
        endCommand()
        return out
    }
}
