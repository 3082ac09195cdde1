import ArgumentParser
import Tactile
import TactileBindings

/// `tactile bind import FILE`: another daemon's configuration as Tactile's.
struct BindImport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Translate a touchégg, fusuma, libinput-gestures or lisgd configuration into a bindings file.",
        discussion: """
            FILE is read by content: touchégg's XML, fusuma's YAML, libinput-gestures' \
            `gesture ...` lines, or a lisgd command line (as a script starts it). The result, \
            with a comment for each thing that could not be carried over, goes to standard \
            output or -o; check it with `tactile bind --check` and try it on a recording with \
            `tactile bind OUT RECORDING --dry-run` (docs/bindings.md).
            """)

    @Argument(help: "The other tool's configuration; - for standard input.")
    var file: String

    @Option(name: .shortAndLong, help: "Write the bindings here instead of standard output.")
    var output: String = "-"

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
            let imported = try BindingImport.translate(String(decoding: bytes, as: UTF8.self), file: file)
            let out = try OutputFile(path: output)
            try out.write(imported.yaml)
            try out.commit()
            if output != "-" {
                let n = imported.notes.count
                printError("tactile: bind import: \(imported.bindings.count) bindings from \(imported.tool.toolName); \(n == 0 ? "everything" : "\(n) thing\(n == 1 ? "" : "s") not") carried over (see the comments in \(output))")
            }
        }
    }
}
