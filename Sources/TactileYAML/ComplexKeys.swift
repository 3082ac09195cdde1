/// Mapping keys that are not scalars, found in the text before Yams composes it.
///
/// Yams checks a mapping's keys for duplicates by sorting them, and compares two collections
/// by comparing their first elements both ways round, recursively: two keys given twice that
/// are lists nested 22 deep, 393 bytes in all, took 12 s, and every level more doubles it
/// (found by fuzz-synth; fuzz-libinput-record had found the same with `? ` keys). None of
/// Tactile's files has such a key, so a text that writes one is refused before Yams sees
/// it: an explicit key (`? `), a flow collection as a key (`[a, b]: c`, `{a: b}: c`) or an
/// alias as a key (`*a : c`, which may name a collection).
///
/// This reads just enough YAML to know where a node starts: quotes, comments, block
/// scalars, flow collections and the indicators `-`, `?`, `:`, `&`, `!`. What it cannot
/// place it leaves to Yams.
public enum ComplexKeys {
    /// The first key of `text` that is not a scalar: its line and column (from 1) and what
    /// it is, or nil when there is none.
    public static func first(in text: String) -> (line: Int, column: Int, what: String)? {
        var scanner = Scanner(Array(text.utf8))
        return scanner.run()
    }

    private struct Scanner {
        let b: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0
        /// Open flow collections (`[`, `{`).
        var flow = 0
        /// Whether a node may start here (only blanks and indicators before it).
        var nodeStart = true

        init(_ bytes: [UInt8]) { b = bytes }

        /// The column of byte `at`, in Unicode scalars as Yams counts them.
        func column(_ at: Int) -> Int {
            var n = 1
            for k in lineStart..<at where b[k] & 0xC0 != 0x80 { n += 1 }
            return n
        }

        func byte(_ k: Int) -> UInt8? { k < b.count ? b[k] : nil }
        static func isBlank(_ c: UInt8?) -> Bool { c == nil || c == 0x20 || c == 0x09 || c == 0x0a || c == 0x0d }
        static func isFlowIndicator(_ c: UInt8?) -> Bool { c == 0x2c || c == 0x5b || c == 0x5d || c == 0x7b || c == 0x7d }

        /// Moves past a line break at `i` (CR LF counts once).
        mutating func newline() {
            if b[i] == 0x0d && byte(i + 1) == 0x0a { i += 1 }
            i += 1
            line += 1
            lineStart = i
            if flow == 0 { nodeStart = true }
        }

        /// The indentation of the line being read.
        func indentation() -> Int {
            var k = lineStart
            while k < b.count && b[k] == 0x20 { k += 1 }
            return k - lineStart
        }

        /// Whether the blanks from `k` on lead to `:` that makes what came before a key.
        func keyFollows(_ from: Int) -> Bool {
            var k = from
            while k < b.count && (b[k] == 0x20 || b[k] == 0x09) { k += 1 }
            guard byte(k) == 0x3a else { return false }
            return flow > 0 || Self.isBlank(byte(k + 1))
        }

        mutating func run() -> (line: Int, column: Int, what: String)? {
            while i < b.count {
                let c = b[i]
                switch c {
                case 0x0a, 0x0d:
                    newline()
                case 0x20, 0x09:
                    i += 1
                case 0x23 where i == lineStart || b[i - 1] == 0x20 || b[i - 1] == 0x09:  // a comment
                    while i < b.count && b[i] != 0x0a && b[i] != 0x0d { i += 1 }
                case 0x3f where nodeStart && Self.isBlank(byte(i + 1)):  // ?
                    return (line, column(i), "an explicit key (`? `)")
                case 0x2d where nodeStart && flow == 0 && Self.isBlank(byte(i + 1)):  // - entry
                    i += 1
                case 0x2d where i == lineStart && b.count >= i + 3 && b[i + 1] == 0x2d && b[i + 2] == 0x2d && Self.isBlank(byte(i + 3)):
                    i += 3  // ---
                case 0x25 where i == lineStart:  // a %directive
                    while i < b.count && b[i] != 0x0a && b[i] != 0x0d { i += 1 }
                case 0x3a where Self.isBlank(byte(i + 1)) || flow > 0:  // : before a value
                    i += 1
                    nodeStart = true
                case 0x26 where nodeStart, 0x21 where nodeStart:  // an anchor or a tag before the node
                    while i < b.count && !Self.isBlank(b[i]) && !(flow > 0 && Self.isFlowIndicator(b[i])) { i += 1 }
                case 0x2a where nodeStart:  // an alias
                    let start = i
                    while i < b.count && !Self.isBlank(b[i]) && !(flow > 0 && Self.isFlowIndicator(b[i])) { i += 1 }
                    if keyFollows(i) { return (line, column(start), "an alias as a key") }
                    nodeStart = false
                case 0x5b where nodeStart || flow > 0, 0x7b where nodeStart || flow > 0:  // [ {
                    flow += 1
                    i += 1
                    nodeStart = true
                case 0x5d where flow > 0, 0x7d where flow > 0:  // ] }
                    flow -= 1
                    let at = i
                    i += 1
                    if keyFollows(i) { return (line, column(at), "a list or mapping as a key") }
                    nodeStart = false
                case 0x2c where flow > 0:
                    i += 1
                    nodeStart = true
                case 0x27 where nodeStart, 0x22 where nodeStart:  // a quoted scalar, to its closing quote
                    i += 1
                    while i < b.count {
                        if b[i] == c {
                            if c == 0x27 && byte(i + 1) == 0x27 { i += 2; continue }  // ''
                            break
                        }
                        if c == 0x22 && b[i] == 0x5c {  // \x, or an escaped line break
                            i += 1
                            if i < b.count && (b[i] == 0x0a || b[i] == 0x0d) { continue }
                            i += 1
                            continue
                        }
                        if b[i] == 0x0a || b[i] == 0x0d { newline(); continue }
                        i += 1
                    }
                    i += 1
                    nodeStart = false
                case 0x7c where nodeStart && flow == 0, 0x3e where nodeStart && flow == 0:  // | > a block scalar: its lines more indented
                    let indent = indentation()
                    while i < b.count && b[i] != 0x0a && b[i] != 0x0d { i += 1 }
                    while i < b.count {
                        newline()
                        var k = i
                        while k < b.count && b[k] == 0x20 { k += 1 }
                        if k < b.count && b[k] != 0x0a && b[k] != 0x0d && k - i <= indent { break }
                        i = k
                        while i < b.count && b[i] != 0x0a && b[i] != 0x0d { i += 1 }
                    }
                default:  // a plain scalar (or what Yams will refuse), to where it ends
                    nodeStart = false
                    i += 1
                    while i < b.count {
                        let d = b[i]
                        if d == 0x0a || d == 0x0d { break }
                        if d == 0x3a && (Self.isBlank(byte(i + 1)) || (flow > 0 && Self.isFlowIndicator(byte(i + 1)))) { break }
                        if d == 0x23 && (b[i - 1] == 0x20 || b[i - 1] == 0x09) { break }
                        if flow > 0 && Self.isFlowIndicator(d) { break }
                        i += 1
                    }
                }
            }
            return nil
        }
    }
}
