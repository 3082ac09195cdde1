import Tactile

/// Commands that only inject a key combination or a click, as the built-in action that
/// does the same on every desktop: `xdotool key ctrl+alt+Right` is `keys: [ctrl, alt,
/// Right]`, `xdotool click 3` is `click: right`, `ydotool key 29:1 15:1 15:0 29:0` is
/// `keys: [KEY_LEFTCTRL, KEY_TAB]`, `wtype -M alt -k Left` is `keys: [alt, Left]`. xdotool
/// and ydotool need X11 or root; the built-in action writes through uinput (docs/bindings.md,
/// "Built-in actions").
///
/// Only what means exactly one chord (or one click, or one wheel notch) is translated: a
/// sequence of combinations, a window option, a key Tactile does not know, or shell text
/// stays a command.
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

    /// `xdotool key [--clearmodifiers] [--delay MS] CHORD` and `xdotool click [--clearmodifiers] N`.
    private static func xdotool(_ args: [String]) -> [(String, String)]? {
        guard let sub = args.first else { return nil }
        var rest = Array(args.dropFirst())
        // Options that change nothing for one chord sent to the focused window.
        while let o = rest.first, o.hasPrefix("--") {
            switch o {
            case "--clearmodifiers": rest.removeFirst()
            case "--delay" where rest.count > 1: rest.removeFirst(2)
            default: return nil
            }
        }
        guard rest.count == 1 else { return nil }
        switch sub {
        case "key", "key:": return keys(rest[0])
        case "click": return button(rest[0])
        default: return nil
        }
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
