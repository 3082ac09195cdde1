import Tactile
import Yams

/// A YAML file read as Tactile reads every one (bindings, gesture scripts, `libinput record`):
/// Yams composes the nodes, and what it refuses becomes a `TactileError` that names the
/// file, line and column, and says "not valid YAML" with Yams' own words for the problem.
/// A key that is not a scalar is refused first (`ComplexKeys`).
public enum YAMLDocument {
    /// The root node of `text`, nil when it holds none. A Yams error becomes a `kind` error
    /// in `file`; `line` maps Yams' line to the file's (when the YAML was cut out of a
    /// larger text).
    public static func compose(_ text: String, file: String, kind: TactileError.Kind,
                               line: (Int) -> Int = { $0 }) throws(TactileError) -> Node? {
        if let key = ComplexKeys.first(in: text) {
            throw TactileError(kind, file: file, line: line(key.line), column: key.column,
                               "\(key.what): keys here are plain words (and such keys make the YAML parser's time explode)")
        }
        do {
            return try Yams.compose(yaml: text)
        } catch let e as YamlError {
            switch e {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                // A quote left open reads on into the lines below, and YAML stops where they
                // no longer fit: the quote is what to fix, so it is named where it opens.
                if let open = openQuote(in: text, before: mark.line) {
                    throw TactileError(kind, file: file, line: line(open.line), column: open.column,
                                       "not valid YAML: a \(open.quote) that never closes on its line, so YAML reads on to line \(line(mark.line)) (\(problem))")
                }
                throw TactileError(kind, file: file, line: line(mark.line), column: mark.column, "not valid YAML: \(problem)")
            case .duplicatedKeysInMapping(let keys, let context):
                // At the first of them (Yams' mark): every error names a line (fuzz-synth).
                let at = context.mark.line > 0 ? (line: context.mark.line, column: context.mark.column) : (line: 1, column: 1)
                throw TactileError(kind, file: file, line: line(at.line), column: at.column,
                                   "not valid YAML: keys given twice: \(keys.joined(separator: ", "))")
            case .reader(let problem, let offset, _, _):
                // A character YAML does not allow (a control character): Yams gives its offset
                // in the text, not a line (fuzz-bindings).
                let at = position(ofCharacter: offset ?? text.count, in: text)
                throw TactileError(kind, file: file, line: line(at.line), column: at.column, "not valid YAML: \(problem)")
            default:
                throw TactileError(kind, file: file, "not valid YAML: \(e)")
            }
        } catch {
            throw TactileError(kind, file: file, "not valid YAML: \(error)")
        }
    }

    /// The last quote of a block value (after `key: ` or `- `) that opens on a line before
    /// `errorLine` and does not close on it: where it opens, or nil. A quoted value may go on
    /// over lines in YAML; this is asked only once the YAML failed, and a quote that ran on
    /// is then the likeliest cause (it closes, if at all, at the next value's quote). One
    /// that closed on a line before the error was a value over lines, and is not it.
    static func openQuote(in text: String, before errorLine: Int) -> (line: Int, column: Int, quote: Character)? {
        var open: (line: Int, column: Int, quote: Character)?, ranOn: (line: Int, column: Int, quote: Character)?
        for (n, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() where n + 1 <= errorLine {
            let chars = Array(raw)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if let o = open {
                    // Inside: `''` is a quote in a single-quoted value, `\"` in a double-quoted one.
                    if o.quote == "\"" && c == "\\" { i += 2; continue }
                    if c == o.quote {
                        if o.quote == "'" && i + 1 < chars.count && chars[i + 1] == "'" { i += 2; continue }
                        // Closed on a line before the error: a value over lines, as YAML allows.
                        if o.line < n + 1 && n + 1 < errorLine { ranOn = nil }
                        open = nil
                    }
                    i += 1
                    continue
                }
                if c == "#" && (i == 0 || chars[i - 1] == " " || chars[i - 1] == "\t") { break }
                if c == "'" || c == "\"" {
                    let before = chars[..<i].last { $0 != " " && $0 != "\t" }
                    if before == nil || before == ":" || before == "-" {
                        open = (n + 1, chars[..<i].reduce(1) { $0 + $1.unicodeScalars.count }, c)
                    }
                }
                i += 1
            }
            if let o = open, o.line == n + 1, o.line < errorLine { ranOn = o }
        }
        return ranOn
    }

    /// The line and column (from 1, columns in Unicode scalars as Yams counts them) of the
    /// character at `offset` in `text`, its lines broken where YAML breaks them.
    static func position(ofCharacter offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for c in text.prefix(offset) {
            if c == "\n" || c == "\r\n" || c == "\r" || c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}" {
                line += 1
                column = 1
            } else {
                column += c.unicodeScalars.count
            }
        }
        return (line, column)
    }
}
