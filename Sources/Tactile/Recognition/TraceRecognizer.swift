/// Recognition for a whole recording: assembles raw frames, keeps one gesture engine per
/// touch device and one orientation filter per accelerometer, and fires every device's
/// timers as time passes on any of them, so output comes in time order.
public struct TraceRecognizer {
    /// The frame assembler for raw input, with what it repaired.
    public private(set) var assembler: Assembler
    private var ids: [Int] = []
    private var engines: [GestureEngine] = []
    private var accelerometerIDs: [Int] = []
    private var filters: [OrientationFilter] = []
    private var now = Timestamp.zero
    private var scratch: [GestureEvent] = []

    /// `profile` makes every touch device's recognizers follow that device class
    /// (`touchscreen` or `touchpad`) instead of the device's own.
    public init(header: InputDevices, settings: GestureSettings = GestureSettings(),
                gestures: Set<GestureKind>? = nil, size: Size? = nil,
                orientation: OrientationSettings? = OrientationSettings(), profile: DeviceKind? = nil) {
        assembler = Assembler(header: header, size: size)
        for d in assembler.header.devices {
            if d.kind == .accelerometer {
                guard let orientation else { continue }
                accelerometerIDs.append(d.id)
                filters.append(OrientationFilter(device: d.id, settings: orientation))
            } else {
                ids.append(d.id)
                engines.append(GestureEngine(device: d, settings: settings, gestures: gestures, profile: profile))
            }
        }
        scratch.reserveCapacity(16)
    }

    /// Takes one event; appends the gesture and orientation lines it completes.
    public mutating func process(_ event: InputEvent, into out: inout [RecognizedEvent]) {
        // The scratch buffer is moved out and back, keeping its capacity: no allocation.
        var gestures = scratch
        scratch = []
        gestures.removeAll(keepingCapacity: true)
        let orientation = dispatch(event, into: &gestures)
        for g in gestures { out.append(.gesture(g)) }
        if let orientation { out.append(.orientation(orientation)) }
        scratch = gestures
    }


    /// Assembles `event` if it is raw and hands what it gives to its engine or filter;
    /// timers due before it fire first, on every device.
    private mutating func dispatch(_ event: borrowing InputEvent, into out: inout [GestureEvent]) -> OrientationEvent? {
        switch event {
        case .touches(let frame):
            touches(frame, into: &out)
        case .accel(let sample):
            return accel(sample, into: &out)
        case .evdev(let device, let frame):
            guard let i = assembler.index(of: device) else { return nil }
            switch assembler.feed(i, frame) {
            case .nothing: break
            case .touches: assembled(i, device, into: &out)
            case .accel: return accel(assembler[sampleOf: i], into: &out)
            }
        }
        return nil
    }

    /// A touch frame: timers due before it fire first, on every device.
    private mutating func touches(_ frame: borrowing TouchFrame, into out: inout [GestureEvent]) {
        advance(to: frame.time, into: &out)
        if let i = ids.firstIndex(of: frame.device) { engines[i].process(frame, into: &out) }
    }

    /// The frame assembler `i` just completed for `device`, read where it lies.
    private mutating func assembled(_ i: Int, _ device: Int, into out: inout [GestureEvent]) {
        advance(to: assembler[frameOf: i].time, into: &out)
        if let j = ids.firstIndex(of: device) { engines[j].process(assembler[frameOf: i], into: &out) }
    }

    private mutating func accel(_ sample: AccelerometerSample, into out: inout [GestureEvent]) -> OrientationEvent? {
        advance(to: sample.time, into: &out)
        guard let i = accelerometerIDs.firstIndex(of: sample.device) else { return nil }
        return filters[i].process(sample)
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
        for i in engines.indices {
            if let d = engines[i].deadline, best == nil || d < best! { best = d }
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
        for i in engines.indices { engines[i].setLog(log) }
    }

    /// Fires every device's timers due by `time`, in time order across devices.
    public mutating func advance(to time: Timestamp, into out: inout [GestureEvent]) {
        if time > now { now = time }
        fireTimers(until: now, into: &out)
    }

    /// The recording ended: timers still set fire on devices with no finger down (in time
    /// order across devices); gestures still under way are cancelled.
    public mutating func finish(into out: inout [GestureEvent]) {
        for i in engines.indices where engines[i].tracker.trackedFingers > 0 { engines[i].finish(into: &out) }
        fireTimers(until: Timestamp(microseconds: .max), into: &out)
    }

    private mutating func fireTimers(until limit: Timestamp, into out: inout [GestureEvent]) {
        // Every timer changes its recognizer's state, so this ends; the bound is a guard.
        for _ in 0..<10_000 {
            var best: (index: Int, time: Timestamp)?
            for i in engines.indices {
                if let d = engines[i].deadline, d <= limit, best == nil || d < best!.time { best = (i, d) }
            }
            guard let best else { return }
            engines[best.index].advance(to: best.time, into: &out)
        }
    }
}
