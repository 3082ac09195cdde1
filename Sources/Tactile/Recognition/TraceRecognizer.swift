/// Recognition for a whole recording: assembles raw frames, keeps one gesture engine per
/// touch device and one orientation filter per accelerometer, and fires every device's
/// timers as time passes on any of them, so output comes in time order.
public struct TraceRecognizer {
    public private(set) var assembler: Assembler
    private var ids: [Int] = []
    private var engines: [GestureEngine] = []
    private var accelerometerIDs: [Int] = []
    private var filters: [OrientationFilter] = []
    private var now = Timestamp.zero
    private var scratch: [GestureEvent] = []

    public init(header: TraceHeader, settings: GestureSettings = GestureSettings(),
                gestures: Set<GestureKind>? = nil, size: Size? = nil,
                orientation: OrientationSettings? = OrientationSettings()) {
        assembler = Assembler(header: header, size: size)
        for d in assembler.header.devices {
            if d.kind == .accelerometer {
                guard let orientation else { continue }
                accelerometerIDs.append(d.id)
                filters.append(OrientationFilter(device: d.id, settings: orientation))
            } else {
                ids.append(d.id)
                engines.append(GestureEngine(device: d, settings: settings, gestures: gestures))
            }
        }
        scratch.reserveCapacity(16)
    }

    /// Takes one event; appends the gesture and orientation lines it completes.
    public mutating func process(_ event: TraceEvent, into out: inout [RecognizedEvent]) {
        guard let assembled = assembler.process(event) else { return }
        // The scratch buffer is moved out and back, keeping its capacity: no allocation.
        var gestures = scratch
        scratch = []
        gestures.removeAll(keepingCapacity: true)
        advance(to: assembled.time, into: &gestures)
        switch assembled {
        case .touches(let frame):
            if let i = ids.firstIndex(of: frame.device) { engines[i].process(frame, into: &gestures) }
            for g in gestures { out.append(.gesture(g)) }
        case .accel(let sample):
            for g in gestures { out.append(.gesture(g)) }
            if let i = accelerometerIDs.firstIndex(of: sample.device), let o = filters[i].process(sample) {
                out.append(.orientation(o))
            }
        case .evdev:
            for g in gestures { out.append(.gesture(g)) }
        }
        scratch = gestures
    }

    /// The recording ended (see `finish(into:)` for gestures).
    public mutating func finish(into out: inout [RecognizedEvent]) {
        var gestures: [GestureEvent] = []
        finish(into: &gestures)
        for g in gestures { out.append(.gesture(g)) }
    }

    /// The earliest time a recognizer timer is due (a tap's wait for a second tap, a long
    /// press), for live input to wake then even when no device says anything.
    public var nextDeadline: Timestamp? {
        var best: Timestamp?
        for e in engines {
            if let d = e.arena.nextDeadline(e.context.settings), best == nil || d < best! { best = d }
        }
        return best
    }

    /// Fires the timers due by `time` (live input calls this when a deadline passes).
    public mutating func advance(to time: Timestamp, into out: inout [RecognizedEvent]) {
        // Through the scratch buffer, as `process` does: no allocation per wake.
        var gestures = scratch
        scratch = []
        gestures.removeAll(keepingCapacity: true)
        advance(to: time, into: &gestures)
        for g in gestures { out.append(.gesture(g)) }
        scratch = gestures
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
                if let d = engines[i].arena.nextDeadline(engines[i].context.settings), d <= limit, best == nil || d < best!.time { best = (i, d) }
            }
            guard let best else { return }
            engines[best.index].advance(to: best.time, into: &out)
        }
    }
}
