import Tactile

/// `tactile bind import`: another daemon's configuration turned into Tactile's, with a
/// comment for each thing it could not carry over (docs/bindings.md, "Moving from another
/// tool").
public enum BindingImport {
    /// The configuration in `text` (read from `file`), translated. Throws bad data when it
    /// is none of the tools' (`ForeignConfig`).
    public static func translate(_ text: String, file: String) throws(TactileError) -> ImportedConfig {
        guard let tool = ForeignConfig.detect(text) else {
            throw TactileError(.badData, file: file,
                               "not a configuration of touchégg (XML), fusuma (YAML with swipe:, pinch:), libinput-gestures (`gesture swipe ...` lines) or lisgd (its command line)")
        }
        var c = ImportedConfig(tool: tool, source: file)
        switch tool {
        case .touchegg: try ToucheggImport.translate(text, into: &c)
        case .fusuma: try FusumaImport.translate(text, into: &c)
        case .libinputGestures: LibinputGesturesImport.translate(text, into: &c)
        case .lisgd: LisgdImport.translate(text, into: &c)
        }
        return c
    }
}
