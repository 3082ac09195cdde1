import ArgumentParser
import Tactile

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the normalised touch frames and accelerometer samples as a trace.",
        discussion: """
            Raw evdev events are assembled into frames: contacts in millimetres with stable \
            ids, pressure 0...1, accelerations in m/s². The output is a valid v1 trace.
            """)

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "Where to write the trace (default: standard output).")
    var output: String = "-"

    func run() throws {
        try reportingErrors {
            var source = try AssembledInput(input)
            defer { source.stop() }
            let writer = try TraceWriter(output: try OutputFile(path: output), header: source.header)
            var w = writer
            while let event = try source.next() { try w.write(event) }
            try w.finish()
        }
    }
}
