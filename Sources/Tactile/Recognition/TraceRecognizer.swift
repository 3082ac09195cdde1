/// Gesture recognition for a whole recording: assembles raw frames, keeps one engine per
/// touch device, and fires every device's timers as time passes on any of them, so output
/// comes in time order.
public struct TraceRecognizer {
    public private(set) var assembler: Assembler
    private var ids: [Int] = []
    private var engines: [GestureEngine] = []
    private var now = Timestamp.zero

    public init(header: TraceHeader, settings: GestureSettings = GestureSettings(),
                gestures: Set<GestureKind>? = nil, size: Size? = nil) {
        assembler = Assembler(header: header, size: size)
        for d in assembler.header.devices where d.kind != .accelerometer {
            ids.append(d.id)
            engines.append(GestureEngine(device: d, settings: settings, gestures: gestures))
        }
    }

    /// Sets the transition log of every engine.
    public mutating func setLog(_ log: (@Sendable (String) -> Void)?) {
        for i in engines.indices { engines[i].arena.log = log }
    }

    /// Takes one event of the recording; appends the gesture lines it completes.
    public mutating func process(_ event: TraceEvent, into out: inout [GestureEvent]) {
        guard let assembled = assembler.process(event) else { return }
        advance(to: assembled.time, into: &out)
        if case .touches(let frame) = assembled, let i = ids.firstIndex(of: frame.device) {
            engines[i].process(frame, into: &out)
        }
    }

    /// Fires every device's timers due by `time`, in time order across devices.
    public mutating func advance(to time: Timestamp, into out: inout [GestureEvent]) {
        if time > now { now = time }
        fireTimers(until: now, into: &out)
    }

    /// The recording ended: timers still set fire on devices with no finger down (in time
    /// order across devices); gestures still under way are cancelled.
    public mutating func finish(into out: inout [GestureEvent]) {
        for i in engines.indices where !engines[i].tracker.fingers.isEmpty { engines[i].finish(into: &out) }
        fireTimers(until: Timestamp(microseconds: .max), into: &out)
    }

    private mutating func fireTimers(until limit: Timestamp, into out: inout [GestureEvent]) {
        // Every timer changes its recognizer's state, so this ends; the bound is a guard.
        for _ in 0..<10_000 {
            var best: (index: Int, time: Timestamp)?
            for i in engines.indices {
                if let d = engines[i].arena.nextDeadline, d <= limit, best == nil || d < best!.time { best = (i, d) }
            }
            guard let best else { return }
            engines[best.index].advance(to: best.time, into: &out)
        }
    }
}
