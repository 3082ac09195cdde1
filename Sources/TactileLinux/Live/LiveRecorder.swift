import Tactile

/// Live evdev devices written into a trace as their frames come (`tactile record`): each
/// device read through libevdev, pressure, contact size and accelerometers included, with
/// its full evdev description in the header so a replay through uinput can re-create it.
/// Times are from the recording's start; the header's `origin` is that start on
/// CLOCK_MONOTONIC.
public struct LiveRecorder {
    /// The devices recorded, with their start: the trace's header.
    public let header: InputDevices
    private let input: LiveInput

    /// Opens `devices` (evdev nodes) and starts the clock. `signals`, when given, end the
    /// recording.
    public init(devices: [String], signals: TerminationSignals? = nil) throws(TactileError) {
        // The clock starts before the first device opens: the kernel queues a client's
        // events from its open on, so none is older than the start. (Started after the
        // devices were opened and described, a busy machine's 35 ms between the two gave
        // the first frames of a moving accelerometer negative times, and a trace that
        // `tactile frames` refuses: the VM test's SIGINT recording, 2026-11-27.)
        let start = MonotonicClock.now()
        var sources: [EvdevSource] = []
        for path in devices { sources.append(try EvdevSource(path: path)) }
        var ids = DeviceIDs()
        let descriptions = sources.map { $0.announce(ids: &ids) }
        header = InputDevices(devices: descriptions, origin: start)
        input = try LiveInput(sources: sources, signals: signals)
    }

    /// Writes every event into `writer` (made with `header`) until every device is gone or
    /// a signal comes; `flushEachFrame` hands each wake's frames on at once (for a pipe
    /// that another program reads as it goes). The caller finishes the writer.
    public func record(into writer: inout TraceWriter, flushEachFrame: Bool = false) throws {
        let origin = header.origin ?? .zero
        var events: [LiveEvent] = []
        while true {
            events.removeAll(keepingCapacity: true)
            let wake = try input.wait(until: nil, into: &events)
            for case .event(var event) in events {
                if case .evdev(let device, var frame) = event {
                    // Never before the start, whatever the kernel's clock said: a trace's
                    // times are not negative.
                    for i in frame.events.indices {
                        frame.events[i].time = Timestamp(microseconds: max(0, frame.events[i].time.microseconds - origin.microseconds))
                    }
                    event = .evdev(device: device, frame: frame)
                }
                try writer.write(event)
            }
            if flushEachFrame { try writer.flush() }
            switch wake {
            case .events, .deadline: continue
            case .signal, .stopped, .ended: return
            }
        }
    }
}
