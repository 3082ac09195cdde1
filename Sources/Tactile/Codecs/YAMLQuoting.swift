/// YAML's double-quoted scalars, for the files Tactile writes as YAML (`libinput record`,
/// translated bindings): any string, control characters included, read back the same.
public enum YAMLQuoting {
    /// `text` as a double-quoted YAML scalar: `"` and `\` escaped, a newline and a tab by
    /// their letters, other control characters as `\xHH` (two digits, as YAML requires).
    public static func doubleQuoted(_ text: String) -> String {
        ScalarEscaping.escaped(text, open: "\"", close: "\"") { u in
            switch u {
            case "\"": return "\\\""
            case "\\": return "\\\\"
            case "\n": return "\\n"
            case "\t": return "\\t"
            case _ where u.value < 0x20 || u.value == 0x7f:
                let hex = String(u.value, radix: 16)
                return "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            default: return nil
            }
        }
    }
}
