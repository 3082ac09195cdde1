#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension BindingConfig {
    /// What `tactile bind --check` warns of: a configuration that is valid but will not do
    /// what it says live. Each is `file:line:column: warning: ...`.
    /// - a program that is not on `PATH` (or not an executable file where a path is given);
    /// - a placeholder written into the code of an interpreter other than a shell
    ///   (`python3 -c`, `perl -e`, ...): its value becomes code there (a shell gets a quoted
    ///   variable instead, see `CommandTemplate`);
    /// - shell text that hands a value to something reading it as code again (`eval`, a
    ///   nested `sh -c`, `ssh`, `su`, `xargs`, `source`);
    /// - shell text that cannot parse (a quote or backtick never closed);
    /// - a `node:` that is not a device node here;
    /// - built-in actions with no `/dev/uinput` here;
    /// - under `pass-through: {claim: delay}`, a binding other than an edge swipe's, which
    ///   claims by `cancel`: held back until it could no longer be a long press or a tap,
    ///   every touch would wait half a second.
    ///
    /// `isExecutable` and `exists` are asked about paths (the file system by default).
    public func warnings(
        searchPath: String? = getenv("PATH").map { String(cString: $0) },
        isExecutable: (String) -> Bool = { access($0, X_OK) == 0 && !BindingConfig.isDirectory($0) },
        exists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) -> [String] {
        var out: [String] = []
        if bindings.isEmpty { out.append("\(file): warning: `bindings:` is empty: nothing will run") }
        let directories = (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        for b in bindings {
            let at = "\(file):\(b.line):\(b.column): warning:"
            if let command = b.command { out += commandWarnings(command, at: at, directories: directories, isExecutable: isExecutable) }
            if let node = b.device?.node, !exists(node) {
                out.append("\(at) \(node) is not a device here: this binding will never run live")
            }
        }
        if claim == .delay {
            for (i, b) in bindings.enumerated() where b.claim == nil {
                guard case .gesture(let t) = b.trigger, t.gesture != .edgeSwipe else { continue }
                out.append("\(file):\(b.line):\(b.column): warning: pass-through's claim: delay holds touches back for edge swipes alone; this \(t.gesture.rawValue) claims by \(claimMode(i).rawValue) (held back until it could no longer be a \(t.gesture.rawValue), every touch would wait)")
            }
        }
        if let b = bindings.first(where: { $0.input != nil }), !exists("/dev/uinput") {
            out.append("\(file):\(b.line):\(b.column): warning: there is no /dev/uinput here: built-in actions (keys, click, scroll, drag) need it live (`modprobe uinput`)")
        }
        for d in devices {
            if let node = d.node, !exists(node) {
                out.append("\(file): warning: devices: \(node) is not a device here: it will match nothing live")
            }
        }
        return out
    }

    /// Programs that run code given in an argument (`-c`, `-e`): a placeholder there is code.
    /// `ssh` runs its arguments as the remote shell's code.
    static let interpreters = ["python", "perl", "ruby", "node", "php", "lua", "awk", "gawk", "mawk", "tclsh", "osascript", "Rscript", "ssh"]

    /// Words of shell text that read text as code again: a value quoted once for the script
    /// is code to them (`eval "echo ${TACTILE_DEVICE}"`, `sh -c '...'`, `ssh host "..."`).
    static func reevaluates(_ script: String) -> String? {
        let words = script.split(whereSeparator: { " \t\n;|&()`'\"".contains($0) }).map(String.init)
        for (i, w) in words.enumerated() {
            let name = w.split(separator: "/").last.map(String.init) ?? w
            if ["eval", "ssh", "su", "xargs", "source", "."].contains(name) { return name }
            if CommandTemplate.shells.contains(name), words.dropFirst(i + 1).prefix(3).contains(where: { $0.hasPrefix("-") && $0.contains("c") }) {
                return name + " -c"
            }
        }
        return nil
    }

    /// What will not work live in a command: a program not here, a value written into an
    /// interpreter's code.
    private func commandWarnings(_ command: CommandTemplate, at: String, directories: [String],
                                 isExecutable: (String) -> Bool) -> [String] {
        var out: [String] = []
        // Shell text whose values are quoted once, then read as code again.
        for case .parts(let parts) in command.arguments {
            for case .text(let t) in parts where t.contains("${TACTILE_") {
                if let word = Self.reevaluates(t) {
                    out.append("\(at) the shell text hands a value to \(word), which reads it as code again: a device's name or another value can run as code there; pass it as an argument or an environment variable instead")
                }
            }
        }
        // Shell text that cannot parse: the shell refuses it, and the command never runs.
        let texts = command.arguments.map { a -> String in
            guard case .parts(let ps) = a else { return "" }
            // A placeholder stands as a character no plain word has (decided per action).
            return ps.map { if case .text(let t) = $0 { t } else { "\u{1}" } }.joined()
        }
        if let script = command.shell ? texts.first : CommandTemplate.shellScriptIndex(texts).map({ texts[$0] }) {
            if let problem = ShellSyntax.problem(script) {
                out.append("\(at) the shell text does not parse: \(problem); the shell refuses it, so the command never runs")
            } else if let program = Self.firstProgram(ofScript: script),
                      !directories.contains(where: { isExecutable($0 + "/" + program) }) {
                out.append("\(at) \(program), the shell text's first program, is not on PATH here: the command will fail live (install it, or give its full path)")
            }
        }
        guard case .parts(let parts)? = command.arguments.first else { return out }
        // The program, when it is plain text (a placeholder in it is decided per action).
        var program = ""
        var literal = true
        for p in parts {
            switch p {
            case .text(let t): program += t
            case .value: literal = false
            }
        }
        if command.shell { program = "/bin/sh"; literal = true }
        if literal && !program.isEmpty {
            if program.contains("/") {
                if !isExecutable(program) { out.append("\(at) \(program) is not an executable file here: the command will fail live") }
            } else if !directories.contains(where: { isExecutable($0 + "/" + program) }) {
                out.append("\(at) \(program) is not on PATH here: the command will fail live (install it, or give its full path)")
            }
        }
        let name = program.split(separator: "/").last.map(String.init) ?? program
        if Self.interpreters.contains(where: { name == $0 || name.hasPrefix($0 + ".") || (name.hasPrefix($0) && name.dropFirst($0.count).allSatisfy(\.isNumber)) }) {
            for case .parts(let ps) in command.arguments.dropFirst() {
                for case .value(let p) in ps {
                    out.append("\(at) {\(p.rawValue)} is written into \(name)'s arguments as text: if \(name) reads it as code, a value can change the code; read \(p.environmentName) from the environment instead")
                }
            }
        }
        return out
    }

    /// The program a shell script runs first, when it is a plain name the shell looks up on
    /// PATH: after assignments and `exec`, `nohup` or `setsid`, and not a builtin, a block
    /// word, a path or a word with quotes, expansions or a placeholder.
    static func firstProgram(ofScript script: String) -> String? {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-")
        for word in script.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            let w = String(word)
            if let eq = w.firstIndex(of: "="), eq != w.startIndex, w[..<eq].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { continue }
            if ["exec", "nohup", "setsid"].contains(w) { continue }
            guard w.allSatisfy({ plain.contains($0) }), !shellBuiltins.contains(w) else { return nil }
            return w
        }
        return nil
    }

    /// What `sh` runs without looking on PATH (POSIX's special and regular builtins that
    /// dash has, and its reserved words).
    static let shellBuiltins: Set<String> = [
        ".", ":", "[", "alias", "bg", "break", "cd", "command", "continue", "echo", "eval", "exit", "export", "false", "fg",
        "getopts", "hash", "jobs", "kill", "local", "printf", "pwd", "read", "readonly", "return", "set", "shift", "test",
        "times", "trap", "true", "type", "ulimit", "umask", "unalias", "unset", "wait",
        "if", "then", "else", "elif", "fi", "case", "esac", "for", "while", "until", "do", "done", "{", "}", "!", "in",
    ]

    /// Whether `path` is a directory (which `access(X_OK)` also passes).
    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }
}
