import ArgumentParser
import Tactile
import TactileLibinputRecord

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert a recording to another format: \(RecordingFormat.names(of: RecordingFormat.allCases, "or")).",
        discussion: """
            Raw evdev events are copied as they are (type, code, value, order, and time to \
            the microsecond). Touch frames and accelerometer samples written to \
            \(RecordingFormat.names(of: RecordingFormat.allCases.filter { $0.codec?.keepsTouchFrames == false }, "or")) \
            are turned into multitouch protocol B events for a virtual device. \
            \(Recordings.codecs.compactMap(\.writingNote).map { $0 + " " }.joined())\
            The output file appears only when the conversion succeeded.
            """)

    typealias Target = RecordingFormat

    @OptionGroup var input: InputOptions
    @OptionGroup var progress: ProgressOptions

    @Option(name: .shortAndLong, help: "The output file; - for standard output.", completion: .file())
    var output: String

    @Option(help: "The output format (default: from the output file's extension).")
    var to: Target?

    @Option(help: ArgumentHelp("""
        For \(RecordingFormat.names(of: RecordingFormat.allCases.filter { $0.codec?.holdsOneDevice == true }, "or")) \
        written from a recording of several devices: which device to write.
        """))
    var deviceID: Int?

    @Flag(help: "For trace output: write touch frames and samples as raw evdev events of a virtual device (protocol B).")
    var raw = false

    func validate() throws {
        if to == nil && Self.target(forExtensionOf: output) == nil {
            throw ValidationError("cannot tell the output format from '\(output)': add --to \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    static func target(forExtensionOf path: String) -> Target? { RecordingFormat.of(path: path) }

    func run() throws {
        try reportingErrors {
            // Decoded on a second thread, ahead of encoding and writing.
            let reader = InputPipeline(try Recordings.open(input.input, description: input.description), stage: PassThrough())
            defer { reader.stop() }
            let bar = ProgressBar.start("convert", reading: input.input, quiet: progress.quiet)
            defer { bar?.finish() }
            let header = reader.header
            let file = try OutputFile(path: output)
            let format = to ?? Self.target(forExtensionOf: output)!
            sayGuesses(header, reading: input.input, size: input.size?.size, quiet: progress.quiet)
            if !progress.quiet && [.evemu, .libinputRecord].contains(format) && header.devices.contains(where: { !$0.guesses.isEmpty }) {
                // A trace keeps a guess a guess, a getevent capture without -p stays one;
                // these two formats describe every axis as the kernel's.
                printError("tactile: \(output == "-" ? "standard output" : output): \(format) has no way to mark a guess: the guesses above are written as the device's own ranges, and whatever reads it takes them as known".terminalSafe)
            }
            var w = try RecordingWriter(format, raw: raw, header: header, file: file, deviceID: deviceID, source: input.input)
            try reader.forEach { try w.write($0) }
            try w.finish()
        }
    }
}
