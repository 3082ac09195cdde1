/// YAML's double-quoted scalars, for the files Tactile writes as YAML (`libinput record`,
/// translated bindings): any string, control characters included, read back the same.
public enum YAMLQuoting {
    /// `text` as a double-quoted YAML scalar: `"` and `\` escaped, a newline and a tab by
    /// their letters, other control characters as `\xHH` (two digits, as YAML requires).
    public static func doubleQuoted(_ text: String) -> String {
        var out = "\""
        for u in text.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 || u.value == 0x7f {
                    let hex = String(u.value, radix: 16)
                    out += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(u)
                }
            }
        }
        return out + "\""
    }
}
