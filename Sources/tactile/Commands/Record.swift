import ArgumentParser
import Tactile
import TactileLinux


struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Record live evdev devices into a tactile trace.",
        discussion: """
            Reads each device through libevdev (pressure, contact size and accelerometers \
            included) and writes a v1 trace with the device's full evdev description, so \
            `tactile replay --uinput` can re-create it. Times are relative to the start of \
            the recording; the header's `origin` is that start on CLOCK_MONOTONIC. Stops \
            when every device is gone, or on SIGINT, SIGTERM or SIGHUP: the last line is \
            finished and the file closed, never torn. A named output file appears only \
            when the recording ends (written beside it, then renamed).
            """)

    @Option(name: .customLong("device"), help: ArgumentHelp("An evdev node, /dev/input/eventN (repeatable).", valueName: "PATH"), completion: .file())
    var devices: [String] = []

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The trace to write; - for standard output.", valueName: "FILE"), completion: .file())
    var output = "-"

    func validate() throws {
        if devices.isEmpty { throw ValidationError("name at least one device with --device (see `tactile devices`)") }
    }

    func run() throws {
        try reportingErrors {
            let recorder = try LiveRecorder(devices: devices, signals: TerminationSignals())
            let file = try OutputFile(path: output)
            var writer = try TraceWriter(output: file, header: recorder.header)
            try recorder.record(into: &writer, flushEachFrame: output == "-")
            try writer.finish()
        }
    }
}
