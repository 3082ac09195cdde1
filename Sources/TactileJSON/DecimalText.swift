/// Numbers as text a person reads with a fixed number of decimals, the same on every run and
/// machine (no locale, no float noise): the words of a picture's marks and labels.
public enum DecimalText {
    /// `value` rounded to `decimals` places, trailing zeros trimmed (`12.5`, `3.0`; `3` for
    /// none). Not finite: `0`.
    public static func fixed(_ value: Double, _ decimals: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        if decimals == 0, value.magnitude < 1e15 { return String(Int64(value.rounded())) }
        var out = JSONOutput(capacity: 64)
        out.rounded(value, decimals: decimals)
        let text = String(decoding: out.bytes, as: UTF8.self)
        return text == "-0.0" ? "0.0" : text
    }
}
