/// Configurations of the daemons `tactile bind` replaces, recognized by content so that
/// `tactile bind import` can translate them and `tactile bind` can say what a file is when
/// it is given one.
public enum ForeignConfig: String, Sendable, CaseIterable {
    /// touchégg's XML (`~/.config/touchegg/touchegg.conf`).
    case touchegg
    /// fusuma's YAML (`~/.config/fusuma/config.yml`).
    case fusuma
    /// libinput-gestures' lines (`~/.config/libinput-gestures.conf`).
    case libinputGestures = "libinput-gestures"
    /// A lisgd command line (its options, as an autostart script writes them).
    case lisgd

    /// Which tool's configuration `text` is, if any. A Tactile configuration (a YAML
    /// mapping with `bindings:`) is none.
    public static func detect(_ text: String) -> ForeignConfig? {
        let raw = text.split(whereSeparator: \.isLineBreak)
        let content = raw.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if content.contains(where: { $0.hasPrefix("<touchégg") || $0.hasPrefix("<touchegg") }) { return .touchegg }
        // Top-level YAML keys: lines that start in the first column (a line that starts with
        // its colon has the empty key: fuzz-bindings found `:` alone out of range here).
        let keys = raw.filter { !($0.first == " " || $0.first == "\t" || $0.first == "#") && $0.contains(":") }
            .map { String($0.prefix { $0 != ":" }) }
        if keys.contains("bindings") { return nil }
        if content.contains(where: { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            // `gesture:` too: its parser strips a colon after the command.
            guard words.count >= 3 else { return false }
            var command = words[0]
            while command.hasSuffix(":") { command.removeLast() }
            return command == "gesture" && ["swipe", "pinch", "hold"].contains(words[1].lowercased())
        }) { return .libinputGestures }
        if content.contains(where: { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains { $0 == "lisgd" || $0.hasSuffix("/lisgd") }
        }) { return .lisgd }
        if keys.contains(where: { ["swipe", "pinch", "rotate", "hold"].contains($0) }) { return .fusuma }
        return nil
    }

    /// Which tool a file none of them reads looks most like, and the line and column (and
    /// why) that stops it: what `tactile bind import` says instead of "none of the four".
    public static func guess(_ text: String) -> (tool: ForeignConfig, line: Int, column: Int, why: String)? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak)
        func indent(_ l: Substring) -> Int { l.prefix { $0 == " " || $0 == "\t" }.count }
        for (i, raw) in lines.enumerated() {
            let l = raw.drop { $0 == " " || $0 == "\t" }
            if l.isEmpty || l.hasPrefix("#") { continue }
            if l.hasPrefix("<") {
                // XML: touchégg's root is <touchégg>.
                if l.hasPrefix("<?") || l.hasPrefix("<!") { continue }
                let name = l.dropFirst().prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
                return (.touchegg, i + 1, indent(raw) + 1, "the root element is <\(name)>, not <touchégg>")
            }
            break
        }
        for (i, raw) in lines.enumerated() {
            let words = raw.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard var command = words.first.map(String.init) else { continue }
            while command.hasSuffix(":") { command.removeLast() }
            if command == "gesture" {
                let at = words.count > 1 ? raw.distance(from: raw.startIndex, to: words[1].startIndex) + 1 : raw.count + 1
                return (.libinputGestures, i + 1, at,
                        words.count > 1 ? "`\(words[1])` is not a gesture of libinput-gestures (swipe, pinch, hold)"
                            + (Spelling.nearest(String(words[1]), in: ["swipe", "pinch", "hold"]).map { "; did you mean `\($0)`?" } ?? "")
                            : "a gesture line with no gesture")
            }
        }
        if lines.first?.hasPrefix("#!") == true {
            return (.lisgd, 1, 1, "a shell script that never runs lisgd (the only tool here whose configuration is a command line)")
        }
        for (i, raw) in lines.enumerated() {
            guard let f = raw.first, f != " ", f != "\t", f != "#", f != "-", raw.contains(":") else { continue }
            let key = raw.prefix { $0 != ":" }
            return (.fusuma, i + 1, 1, "`\(key):` is not a fusuma gesture (swipe, pinch, rotate, hold)")
        }
        return nil
    }

    /// The tool's name, as its users know it.
    public var toolName: String {
        switch self {
        case .touchegg: return "touchégg"
        case .fusuma: return "fusuma"
        case .libinputGestures: return "libinput-gestures"
        case .lisgd: return "lisgd"
        }
    }
}
