/// Text with some of its Unicode scalars written another way: the one loop behind every
/// quoting Tactile writes by hand (YAML's double quotes, XML's entities). JSON strings have
/// their own, byte-level writer on the output's hot path.
public enum ScalarEscaping {
    /// `text` with each scalar that `replacement` maps written as what it returns, and every
    /// other scalar as it is, between `open` and `close`.
    @inlinable
    public static func escaped(_ text: String, open: String = "", close: String = "",
                               _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = open
        out.reserveCapacity(open.utf8.count + text.utf8.count + close.utf8.count)
        for scalar in text.unicodeScalars {
            if let written = replacement(scalar) {
                out += written
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out + close
    }
}
