import Tactile

/// Commands that only inject a key combination or a click, as the built-in action that
/// does the same on every desktop: `xdotool key ctrl+alt+Right` is `keys: [ctrl, alt,
/// Right]`, `xdotool click 3` is `click: right`, `ydotool key 29:1 15:1 15:0 29:0` is
/// `keys: [KEY_LEFTCTRL, KEY_TAB]`, `wtype -M alt -k Left` is `keys: [alt, Left]`. xdotool
/// and ydotool need X11 or root; the built-in action writes through uinput (docs/bindings.md,
/// "Built-in actions").
///
/// Only what means exactly one chord (or one click, or one wheel notch) is translated, and
/// keys held across one (`xdotool keydown ctrl click 4 keyup ctrl` is `keys: [ctrl]` with
/// `scroll: up`, ctrl held around the notch); a sequence of combinations, a window option, a
/// key Tactile does not know, or shell text stays a command. `xdotool keydown` at a
/// gesture's begin and `keyup` of the same keys at its end are one `hold:` (`ImportedConfig`).
enum KeyCommand {
    /// The built-in action's keys and YAML values for `command`, or nil.
    /// Whether `command` injects keys or clicks (so that one left a command deserves a note).
    static func injects(_ command: ImportedCommand) -> Bool {
        let words: [String]
        switch command {
        case .argv(let argv): words = argv
        case .shell(let text): words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        for (w, next) in zip(words, words.dropFirst()) {
            let program = w.split(separator: "/").last.map(String.init) ?? w
            if program == "xdotool", ["key", "keydown", "keyup", "click", "type"].contains(next) { return true }
            if program == "ydotool", ["key", "click", "type"].contains(next) { return true }
            if program == "wtype" { return true }
        }
        return false
    }

    static func input(for command: ImportedCommand) -> [(String, String)]? {
        guard case .argv(let argv) = command, let program = argv.first?.split(separator: "/").last else { return nil }
        let args = Array(argv.dropFirst())
        switch program {
        case "xdotool": return xdotool(args)
        case "ydotool": return ydotool(args)
        case "wtype": return wtype(args)
        default: return nil
        }
    }

    /// `keys:` for a chord written with `+` (`ctrl+alt+Right`, fusuma's `LEFTCTRL+T`), if
    /// Tactile knows every key and none is named twice.
    static func keys(_ chord: String) -> [(String, String)]? {
        let names = chord.split(separator: "+", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        return keyList(names).map { [("keys", $0)] }
    }

    /// A YAML list of key names, if Tactile knows each and none is twice.
    static func keyList(_ names: [String]) -> String? {
        guard !names.isEmpty, names.count <= 8 else { return nil }
        var codes: [UInt16] = []
        for n in names {
            guard !n.isEmpty, let k = KeyName(n), !codes.contains(k.code) else { return nil }
            codes.append(k.code)
        }
        return YAMLText.list(names)
    }

    /// xdotool's button numbers: 1 left, 2 middle, 3 right; 4 and 5 the wheel up and down,
    /// 6 and 7 left and right.
    static func button(_ n: String) -> [(String, String)]? {
        switch n {
        case "1": return [("click", "left")]
        case "2": return [("click", "middle")]
        case "3": return [("click", "right")]
        case "4": return [("scroll", "up")]
        case "5": return [("scroll", "down")]
        case "6": return [("scroll", "left")]
        case "7": return [("scroll", "right")]
        default: return nil
        }
    }

    /// `xdotool key [--clearmodifiers] [--delay MS] CHORD` and `xdotool click [--clearmodifiers] N`,
    /// and modifiers held across one: `xdotool keydown MODS (key CHORD | click N) keyup MODS`,
    /// a chord of them all, or the click (or wheel notch) with `keys:` held around it.
    private static func xdotool(_ args: [String]) -> [(String, String)]? {
        guard let steps = xdotoolSteps(args) else { return nil }
        switch steps.count {
        case 1:
            guard steps[0].arguments.count == 1 else { return nil }
            switch steps[0].name {
            case "key", "key:": return keys(steps[0].arguments[0])
            case "click": return button(steps[0].arguments[0])
            default: return nil
            }
        case 3:
            let (down, middle, up) = (steps[0], steps[1], steps[2])
            guard down.name == "keydown", up.name == "keyup", middle.arguments.count == 1,
                  let held = keyCodes(down.arguments), held == keyCodes(up.arguments) else { return nil }
            let mods = down.arguments.flatMap { $0.split(separator: "+").map(String.init) }
            switch middle.name {
            case "key":
                return keys((mods + [middle.arguments[0]]).joined(separator: "+"))
            case "click":
                guard let click = button(middle.arguments[0]), let list = keyList(mods) else { return nil }
                return [("keys", list)] + click
            default:
                return nil
            }
        default:
            return nil
        }
    }

    /// The keys an `xdotool keydown KEY...` (`down`) or `xdotool keyup KEY...` command
    /// alone names, as Tactile knows them; nil for any other command.
    static func heldKeys(_ command: ImportedCommand, down: Bool) -> (names: [String], codes: Set<UInt16>)? {
        guard case .argv(let argv) = command, argv.first?.split(separator: "/").last == "xdotool",
              let steps = xdotoolSteps(Array(argv.dropFirst())), steps.count == 1, steps[0].name == (down ? "keydown" : "keyup"),
              let codes = keyCodes(steps[0].arguments) else { return nil }
        let names = steps[0].arguments.flatMap { $0.split(separator: "+").map(String.init) }
        return keyList(names) == nil ? nil : (names, codes)
    }

    /// xdotool's chained commands (`keydown ctrl click 4 keyup ctrl`), each with its
    /// arguments; nil when one is not key, keydown, keyup or click, or has an option that
    /// changes more than timing.
    private static func xdotoolSteps(_ args: [String]) -> [(name: String, arguments: [String])]? {
        let commands: Set<String> = ["key", "key:", "keydown", "keyup", "click"]
        var steps: [(name: String, arguments: [String])] = []
        var i = 0
        while i < args.count {
            guard commands.contains(args[i]) else { return nil }
            var step = (name: args[i], arguments: [String]())
            i += 1
            while i < args.count, !commands.contains(args[i]) {
                let a = args[i]
                // Options that change nothing for keys sent to the focused window.
                if a == "--clearmodifiers" { i += 1; continue }
                if a == "--delay" && i + 1 < args.count && step.arguments.isEmpty { i += 2; continue }
                if a.hasPrefix("-") { return nil }
                step.arguments.append(a)
                i += 1
            }
            guard !step.arguments.isEmpty else { return nil }
            steps.append(step)
        }
        return steps.isEmpty ? nil : steps
    }

    /// The key codes of xdotool key arguments (each a key or a `+` chord), if Tactile knows
    /// every one.
    private static func keyCodes(_ arguments: [String]) -> Set<UInt16>? {
        var codes: Set<UInt16> = []
        for a in arguments {
            for n in a.split(separator: "+", omittingEmptySubsequences: false) {
                guard let k = KeyName(String(n).trimmingSpaces) else { return nil }
                codes.insert(k.code)
            }
        }
        return codes.isEmpty ? nil : codes
    }

    /// `ydotool key CHORD` (ydotool 0.1) or `ydotool key CODE:1 ... CODE:0` (1.0: kernel
    /// key codes pressed, then released in reverse: one chord).
    private static func ydotool(_ args: [String]) -> [(String, String)]? {
        guard args.first == "key" else {
            if args.first == "click", args.count == 2 {
                // 1.0: 0xC0 is a left click (press and release), 0xC1 right, 0xC2 middle.
                switch args[1].lowercased() {
                case "0xc0": return [("click", "left")]
                case "0xc1": return [("click", "right")]
                case "0xc2": return [("click", "middle")]
                default: return nil
                }
            }
            return nil
        }
        // `-d MS` / `--key-delay MS` (ydotool 1.0) only space the key events of one chord.
        var rest: [String] = []
        var i = 1
        while i < args.count {
            let a = args[i]
            if a == "-d" || a == "--key-delay" || a == "--delay" { i += 2; continue }
            if a.hasPrefix("--key-delay=") || a.hasPrefix("--delay=") { i += 1; continue }
            if a.hasPrefix("-") { return nil }
            rest.append(a)
            i += 1
        }
        guard !rest.isEmpty, i == args.count else { return nil }
        if rest.count == 1, !rest[0].contains(":") { return keys(rest[0]) }
        var pressed: [Int] = [], released: [Int] = []
        for r in rest {
            let parts = r.split(separator: ":")
            guard parts.count == 2, let code = Int(parts[0]), code > 0, code < 0x100 else { return nil }
            if parts[1] == "1" { guard released.isEmpty else { return nil }; pressed.append(code) } else if parts[1] == "0" { released.append(code) } else { return nil }
        }
        guard !pressed.isEmpty, released == pressed.reversed() else { return nil }
        var names: [String] = []
        for code in pressed {
            guard let name = EventCodeNames.code(type: EventType.key, code: UInt16(code)), name.hasPrefix("KEY_") else { return nil }
            names.append(name)
        }
        return keyList(names).map { [("keys", $0)] }
    }

    /// `wtype [-M MOD]... -k KEY [-m MOD]...`: modifiers held, one key, modifiers released.
    private static func wtype(_ args: [String]) -> [(String, String)]? {
        var mods: [String] = [], key: String?
        var i = 0
        while i < args.count {
            guard i + 1 < args.count else { return nil }
            switch args[i] {
            case "-M": guard key == nil else { return nil }; mods.append(args[i + 1])
            case "-m": guard key != nil else { return nil }
            case "-k": guard key == nil else { return nil }; key = args[i + 1]
            default: return nil
            }
            i += 2
        }
        guard let key else { return nil }
        return keyList(mods + [key]).map { [("keys", $0)] }
    }
}
