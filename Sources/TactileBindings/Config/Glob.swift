/// Shell-style globs over device names: `*` any run of characters, `?` one character,
/// `[abc]` or `[a-z]` one of a set (`[!...]` none of it). Case-sensitive, as udev's are.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern), 0, Array(text), 0)
    }

    private static func matches(_ p: [Character], _ i: Int, _ t: [Character], _ j: Int) -> Bool {
        var i = i, j = j
        // The last `*` seen and where the text stood then: on a mismatch, let it take one
        // more character (linear backtracking, no recursion on the text's length).
        var star: (p: Int, t: Int)?
        while j < t.count {
            if i < p.count, p[i] == "*" {
                star = (i, j)
                i += 1
                continue
            }
            if i < p.count, let width = single(p, i, t[j]) {
                i += width
                j += 1
                continue
            }
            guard let s = star else { return false }
            i = s.p + 1
            j = s.t + 1
            star = (s.p, s.t + 1)
        }
        while i < p.count, p[i] == "*" { i += 1 }
        return i == p.count
    }

    /// Whether the pattern element at `i` matches `c`: its width in the pattern, or nil.
    private static func single(_ p: [Character], _ i: Int, _ c: Character) -> Int? {
        switch p[i] {
        case "?": return 1
        case "[":
            var k = i + 1
            let negated = k < p.count && (p[k] == "!" || p[k] == "^")
            if negated { k += 1 }
            var found = false
            var first = true
            while k < p.count && (p[k] != "]" || first) {
                first = false
                if k + 2 < p.count, p[k + 1] == "-", p[k + 2] != "]" {
                    if p[k] <= c && c <= p[k + 2] { found = true }
                    k += 3
                } else {
                    if p[k] == c { found = true }
                    k += 1
                }
            }
            guard k < p.count else { return p[i] == c ? 1 : nil }  // no closing bracket: a plain '['
            return found != negated ? k - i + 1 : nil
        default:
            return p[i] == c ? 1 : nil
        }
    }
}
