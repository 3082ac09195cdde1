import ArgumentParser
import Tactile
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

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

    @Option(name: .customLong("device"), help: ArgumentHelp("An evdev node, /dev/input/eventN (repeatable).", valueName: "PATH"))
    var devices: [String] = []

    @Option(name: [.customShort("o"), .customLong("output")], help: ArgumentHelp("The trace to write; - for standard output.", valueName: "FILE"))
    var output = "-"

    func validate() throws {
        if devices.isEmpty { throw ValidationError("name at least one device with --device (see `tactile devices`)") }
    }

    func run() throws {
        try reportingErrors {
            let signals = LiveInput.catchTerminationSignals()
            var sources: [EvdevSource] = []
            for path in devices { sources.append(try EvdevSource(path: path)) }
            var ids = DeviceIDs()
            let descriptions = sources.map { $0.announce(ids: &ids) }
            let origin = MonotonicClock.now()
            let file = try OutputFile(path: output)
            var writer = try TraceWriter(output: file, header: InputDevices(devices: descriptions, origin: origin))
            let live = LiveInput(sources: sources, signals: signals)
            var events: [LiveEvent] = []
            let flushEachFrame = output == "-"
            loop: while true {
                events.removeAll(keepingCapacity: true)
                let wake = try live.wait(until: nil, into: &events)
                for case .event(var event) in events {
                    if case .evdev(let device, var frame) = event {
                        for i in frame.events.indices { frame.events[i].time = Timestamp(microseconds: frame.events[i].time.microseconds - origin.microseconds) }
                        event = .evdev(device: device, frame: frame)
                    }
                    try writer.write(event)
                }
                if flushEachFrame { try writer.flush() }
                switch wake {
                case .events, .deadline: continue
                case .signal, .stopped, .ended: break loop
                }
            }
            try writer.finish()
        }
    }
}
