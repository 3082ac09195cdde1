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
