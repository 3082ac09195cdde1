import ArgumentParser
import Tactile
import TactileBindings
import TactileLinux

/// `tactile bind import FILE`: another daemon's configuration as Tactile's.
struct BindImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Translate a touchégg, fusuma, libinput-gestures or lisgd configuration into a bindings file.",
        discussion: """
            FILE is read by content: touchégg's XML, fusuma's YAML, libinput-gestures' \
            `gesture ...` lines, or a lisgd command line (a script that starts lisgd). Each \
            gesture keeps the tool's meaning: its finger counts, its thresholds, when it runs \
            (begin, end, lift), its repeats. Key and click injections (xdotool, ydotool, \
            wtype, touchégg's SEND_KEYS and MOUSE_CLICK, fusuma's sendkey) become built-in \
            `keys:` and `click:` unless --keep-commands. The result, with a comment for each \
            thing dropped or changed, goes to standard output or -o, and a summary to \
            standard error; check it with `tactile bind --check` and try it on a recording \
            with `tactile bind OUT RECORDING --dry-run` (docs/bindings.md, "Migrating"). A \
            file the tool itself would refuse is refused, naming its line and column.
            """)

    @Argument(help: "The other tool's configuration; - for standard input.", completion: .file())
    var file: String

    @Option(name: .shortAndLong, help: "Write the bindings here instead of standard output.", completion: .file())
    var output: String = "-"

    @Flag(help: "Keep key and click injections as the commands the tool ran (xdotool, ydotool, wtype) instead of built-in keys: and click:.")
    var keepCommands = false

    func run() throws {
        try reportingErrors {
            let bytes: [UInt8]
            do {
                bytes = try InputFile.readAll(file, limit: 4 << 20)
            } catch let e as TactileError {
                throw e
            } catch {
                throw TactileError(.noInput, file: file, "\(error)")
            }
            let imported = try BindingImport.translate(String(decoding: bytes, as: UTF8.self), file: file, keepCommands: keepCommands,
                                                   environment: ProcessEnvironment.current())
            let out = try OutputFile(path: output)
            try out.write(imported.yaml)
            try out.commit()
            let comments = imported.notes.isEmpty ? "" : " (the comments in \(output == "-" ? "the output" : output) say why)"
            printError(("tactile: bind import: \(imported.tool.toolName): " + imported.summary + comments).terminalSafe)
        }
    }
}
