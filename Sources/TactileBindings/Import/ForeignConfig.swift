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
        let raw = text.split(whereSeparator: \.isNewline)
        let content = raw.map { $0.drop { $0 == " " || $0 == "\t" } }.filter { !$0.isEmpty && !$0.hasPrefix("#") }
        if content.contains(where: { $0.hasPrefix("<touchégg") || $0.hasPrefix("<touchegg") }) { return .touchegg }
        // Top-level YAML keys: lines that start in the first column (a line that starts with
        // its colon has the empty key: fuzz-bindings found `:` alone out of range here).
        let keys = raw.filter { !($0.first == " " || $0.first == "\t" || $0.first == "#") && $0.contains(":") }
            .map { String($0.prefix { $0 != ":" }) }
        if keys.contains("bindings") { return nil }
        if content.contains(where: { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            return words.count >= 3 && words[0] == "gesture" && ["swipe", "pinch", "hold"].contains(words[1])
        }) { return .libinputGestures }
        if content.contains(where: { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).contains { $0 == "lisgd" || $0.hasSuffix("/lisgd") }
        }) { return .lisgd }
        if keys.contains(where: { ["swipe", "pinch", "rotate", "hold"].contains($0) }) { return .fusuma }
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
