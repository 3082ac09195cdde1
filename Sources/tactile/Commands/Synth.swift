import ArgumentParser
import Tactile
import TactileLibinputRecord
import TactileTesting

struct Synth: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a recording of gestures described as a script, without hardware.",
        discussion: """
            SCRIPT is YAML (docs/testing.md; schema in docs/synth.schema.json): a device \
            (touchscreen, touchpad, phone, a description, or `{from: RECORDING}`), then steps \
            in millimetres and milliseconds, one line per standard gesture: \
            `- swipe: {fingers: 3, direction: left}`, `- pinch: {scale: 0.5}`, \
            `- rotate: {angle: 90deg}` (both at once: `- pinch: {scale: 2, angle: 45deg}`), \
            `- tap: {fingers: 2, taps: 2}`, `- hold: {fingers: 4}`, \
            `- edgeSwipe: {edge: left}`, `- press: {pressure: 0.9}`, `- click: {fingers: 2}`; \
            or fingers landing, moving, spreading, turning, pressing and lifting. Seeded: the \
            same script gives the same bytes. The output (\(RecordingFormat.names), from its \
            extension or --to; a raw protocol B trace with --raw) replays \
            through `tactile replay --uinput` like a real recording.
            """)

    @Argument(help: "The script, YAML; - for standard input.", completion: .file())
    var script: String

    @Option(name: .shortAndLong, help: "The output file; - for standard output.", completion: .file())
    var output: String

    @Option(help: "The output format (default: from the output file's extension).")
    var to: RecordingFormat?

    @Flag(help: "For trace output: write the frames as raw evdev events of a virtual device (protocol B).")
    var raw = false

    @Option(help: ArgumentHelp("The noise's seed, over the script's.", valueName: "N"))
    var seed: UInt64?

    func validate() throws {
        if to == nil && RecordingFormat.of(path: output) == nil {
            throw ValidationError("cannot tell the output format from '\(output)': add --to \(RecordingFormat.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        try reportingErrors {
            let bytes = try InputFile.readAll(script, limit: GestureScript.maxFileSize)
            var parsed = try GestureScript.parse(String(decoding: bytes, as: UTF8.self), file: script) { path throws(TactileError) in
                do {
                    return try GestureScript.device(from: Recordings.open(path).header, path: path)
                } catch let e as TactileError {
                    throw e
                } catch {
                    throw TactileError(.noInput, file: path, "\(error)")
                }
            }
            if let seed { parsed.seed = seed }
            let header = InputDevices(devices: [parsed.device])
            let format = to ?? RecordingFormat.of(path: output)!
            var w = try RecordingWriter(format, raw: raw, header: header, file: try OutputFile(path: output), deviceID: parsed.device.id, source: script)
            for e in parsed.events() { try w.write(e) }
            try w.finish()
        }
    }
}
