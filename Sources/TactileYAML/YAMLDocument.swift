import Tactile
import Yams

/// A YAML file read as Tactile reads every one (bindings, gesture scripts, `libinput record`):
/// Yams composes the nodes, and what it refuses becomes a `TactileError` that names the
/// file, line and column, and says "not valid YAML" with Yams' own words for the problem.
public enum YAMLDocument {
    /// The root node of `text`, nil when it holds none. A Yams error becomes a `kind` error
    /// in `file`; `line` maps Yams' line to the file's (when the YAML was cut out of a
    /// larger text).
    public static func compose(_ text: String, file: String, kind: TactileError.Kind,
                               line: (Int) -> Int = { $0 }) throws(TactileError) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let e as YamlError {
            switch e {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
                throw TactileError(kind, file: file, line: line(mark.line), column: mark.column, "not valid YAML: \(problem)")
            case .duplicatedKeysInMapping(let keys, _):
                throw TactileError(kind, file: file, "not valid YAML: keys given twice: \(keys.joined(separator: ", "))")
            default:
                throw TactileError(kind, file: file, "not valid YAML: \(e)")
            }
        } catch {
            throw TactileError(kind, file: file, "not valid YAML: \(error)")
        }
    }
}
