import ArgumentParser
import Tactile
#if canImport(Glibc)
import Glibc
#endif

@main
struct TactileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tactile",
        abstract: "Gesture recognition and event replay for Linux touch devices.",
        discussion: """
            INPUT may be \(RecordingFormat.names); the format is read from the content. `-` reads standard input. Output \
            goes to standard output, diagnostics to standard error. Exit codes follow \
            sysexits: 64 usage, 65 bad data, 66 no input (or no such device), 69 unavailable \
            (no device found, no uinput), 73 cannot create output, 74 I/O error, 77 \
            permission denied, 78 a bad configuration.
            """,
        version: "0.1.0",
        subcommands: [Recognize.self, Frames.self, Convert.self, Info.self, Plot.self, View.self, Devices.self, Record.self, Replay.self, Bind.self, Serve.self, Check.self, Synth.self]
    )

    /// `tactile bind import FILE` and `tactile bind focus` are dispatched before parsing:
    /// `bind` takes a positional CONFIG, which would otherwise read `import` or `focus` as a
    /// file name.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty {
            // No command is a usage error (sysexits 64), with the help on standard error.
            printError(helpMessage())
            Glibc.exit(64)
        }
        if arguments.count >= 2, arguments[0] == "bind", arguments[1] == "import" {
            BindImport.main(Array(arguments.dropFirst(2)))
            return
        }
        if arguments.count >= 2, arguments[0] == "bind", arguments[1] == "focus" {
            BindFocus.main(Array(arguments.dropFirst(2)))
            return
        }
        main(nil)
    }
}
