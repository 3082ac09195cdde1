/// The known word a mistyped one most likely meant (`SWIPPE` for SWIPE, `lefft` for left):
/// the nearest by edit distance, ignoring case, when it is at most two edits away and no
/// other is as near. Words are short (a gesture's type, a key): the distance is computed in
/// full, at most a few hundred steps.
enum Spelling {
    static func nearest(_ word: String, in known: [String]) -> String? {
        let w = Array(word.lowercased())
        guard !w.isEmpty, w.count <= 64 else { return nil }
        var best: (word: String, distance: Int)?, tied = false
        for k in known {
            let d = distance(w, Array(k.lowercased()))
            if d == 0 { return nil }
            if d < (best?.distance ?? Int.max) { best = (k, d); tied = false } else if d == best?.distance { tied = true }
        }
        guard let best, best.distance <= min(2, max(1, w.count / 3)), !tied else { return nil }
        return best.word
    }

    /// Levenshtein distance, with a transposition counted as one edit.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], before[j - 2] + 1) }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
