import Tactile

/// `tactile bind import`: another daemon's configuration turned into Tactile's, with a
/// comment for each thing it could not carry over (docs/bindings.md, "Moving from another
/// tool").
public enum BindingImport {
    /// The configuration in `text` (read from `file`), translated; with `keepCommands`, key
    /// and click injections stay the commands the tool ran instead of becoming built-in
    /// `keys:` and `click:`. Throws bad data naming the line and column that stops it: a
    /// file the tool itself would refuse, or one of no tool (then which it looks like).
    /// `environment` is the importing user's, for what the tool expanded from its own as it
    /// ran (libinput-gestures: `~` and `$VAR` in a program's name); empty, nothing is.
    public static func translate(_ text: String, file: String, keepCommands: Bool = false,
                                 environment: [String: String] = [:]) throws(TactileError) -> ImportedConfig {
        guard let tool = ForeignConfig.detect(text) else {
            let all = "touchégg (XML), fusuma (YAML with swipe:, pinch:), libinput-gestures (`gesture swipe ...` lines) or lisgd (its command line)"
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isLineBreak)
            if let i = lines.firstIndex(where: { $0.hasPrefix("bindings:") }) {
                throw TactileError(.badData, file: file, line: lines.distance(from: lines.startIndex, to: i) + 1, column: 1,
                                   "this is a Tactile configuration already (`bindings:`): check it with `tactile bind --check`")
            }
            if let g = ForeignConfig.guess(text) {
                throw TactileError(.badData, file: file, line: g.line, column: g.column,
                                   "this looks like a \(g.tool.toolName) configuration, but \(g.why); not one of \(all)")
            }
            if text.allSatisfy({ $0.isWhitespace }) {
                throw TactileError(.badData, file: file, line: 1, "the file is empty: there is nothing to import (\(all))")
            }
            throw TactileError(.badData, file: file, line: 1, "not a configuration of \(all)")
        }
        var c = ImportedConfig(tool: tool, source: file)
        c.keepCommands = keepCommands
        c.environment = environment
        do {
            switch tool {
            case .touchegg: try ToucheggImport.translate(text, into: &c)
            case .fusuma: try FusumaImport.translate(text, into: &c)
            case .libinputGestures: try LibinputGesturesImport.translate(text, into: &c)
            case .lisgd: try LisgdImport.translate(text, into: &c)
            }
            c.joinHeldKeys()
        } catch {
            // Every refusal says which tool the file looks like (a YAML or shell error
            // alone does not), and where.
            var e = error
            if !e.message.contains(tool.toolName) { e.message = "this looks like a \(tool.toolName) configuration: " + e.message }
            if e.file == nil { e.file = file }
            throw e
        }
        // A file that carries nothing over is refused rather than written as an empty
        // configuration: what was dropped, and why, is the message.
        if c.bindings.isEmpty {
            let why = c.dropped.isEmpty ? "it binds no gesture" : c.dropped.count == 1 ? "its one gesture was dropped" : "all \(c.dropped.count) of its gestures were dropped"
            throw TactileError(.badData, file: file, line: 1, "nothing to carry over from this \(tool.toolName) configuration: \(why)"
                               + (c.dropped.isEmpty ? "" : " (" + c.dropped.joined(separator: "; ") + ")"))
        }
        return c
    }
}
