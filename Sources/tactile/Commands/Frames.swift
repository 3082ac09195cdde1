import ArgumentParser
import Tactile
import TactileLibinputRecord

struct Frames: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write the normalised touch frames and accelerometer samples as a trace.",
        discussion: """
            Raw evdev events are assembled into frames: contacts in millimetres with stable \
            ids, pressure 0...1, accelerations in m/s². The output is a valid v1 trace.
            """)

    @OptionGroup var input: InputOptions
    @OptionGroup var progress: ProgressOptions

    @Option(name: .shortAndLong, help: "Where to write the trace (default: standard output).", completion: .file())
    var output: String = "-"

    func run() throws {
        try reportingErrors {
            let recording = try Recordings.open(input.input, description: input.description)
            sayGuesses(recording.header, reading: input.input, size: input.size?.size, quiet: progress.quiet)
            let assembler = Assembler(header: recording.header, size: input.size?.size)
            var writer = try TraceWriter(output: try OutputFile(path: output), header: assembler.header)
            // Decoded and assembled on a second thread, ahead of encoding and writing.
            let pipeline = InputPipeline(recording, stage: assembler)
            defer { pipeline.stop() }
            let bar = ProgressBar.start("frames", reading: input.input, quiet: progress.quiet)
            defer { bar?.finish() }
            try pipeline.forEach { try writer.write($0) }
            try writer.finish()
        }
    }
}
