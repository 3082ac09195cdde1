extension Character {
    /// A line break as YAML counts one: LF, CR, CR LF, NEL, LS and PS. So an importer's line
    /// numbers match Yams's marks and an editor's, where `isNewline` would also break at a
    /// vertical tab or form feed (a touchégg file with a stray VT was refused at line 16 of
    /// 14, found by fuzz-import).
    var isLineBreak: Bool {
        switch self {
        case "\n", "\r", "\r\n", "\u{85}", "\u{2028}", "\u{2029}": return true
        default: return false
        }
    }
}
