/// Recognition of a set of devices: the one place input becomes gestures and orientation.
///
/// It owns the frame assembler (raw evdev frames become touch frames and samples) and, per
/// device, a `GestureEngine` (touch devices) or an `OrientationFilter` (accelerometers).
/// Devices come from a recording's header or are added and removed as they appear and go
/// (live input). Events go in; the lines they complete come out, and, when the output asks
/// for it (`AppEvent`), the assembled frames and samples before them. Timers fire as time
/// passes on any device, in time order across devices, so output comes in time order.
///
/// Pure: time comes only from the events (and from `advance(to:)`, which a live source
/// calls at `nextDeadline` when its devices are idle), so the same events give the same
/// lines. `tactile recognize`, `plot`, `view` and `bind`, the app loop (`RecordingEvents`,
/// `LiveAppEvents`) and the live session all run this type.
public struct Recognition {
    /// What every device is recognized with.
    public let configuration: Configuration
    /// The frame assembler for raw input, with what it repaired.
    public private(set) var assembler: Assembler
    private var ids: [Int] = []
    private var engines: [GestureEngine] = []
    private var accelerometerIDs: [Int] = []
    private var filters: [OrientationFilter] = []
    private var now = Timestamp.zero
    /// The engines write gestures here; moved out and back, it keeps its capacity, so
    /// handing lines on allocates nothing.
    private var scratch: [GestureEvent] = []
    private var log: (@Sendable (String) -> Void)?

    /// The settings every device is recognized with.
    public struct Configuration: Sendable {
        /// The recognizers' thresholds.
        public var settings: GestureSettings
        /// The gestures recognized (nil: the standard set).
        public var gestures: Set<GestureKind>?
        /// The surface size every touch device is given (for devices that report no
        /// resolution, or to correct one); nil: each device's own.
        public var size: Size?
        /// The orientation filter's settings; nil leaves accelerometers out.
        public var orientation: OrientationSettings?
        /// The device class every touch device follows (`touchscreen` or `touchpad`); nil:
        /// each device's own.
        public var profile: DeviceKind?
        /// Whether an output that can hold them (`AppEvent`) gets the assembled frames and
        /// samples too, each before the lines it completed, or only the lines.
        public var input: Bool

        /// The defaults: the standard gestures and thresholds, orientation on, input on.
        public init(settings: GestureSettings = GestureSettings(), gestures: Set<GestureKind>? = nil, size: Size? = nil,
                    orientation: OrientationSettings? = OrientationSettings(), profile: DeviceKind? = nil,
                    input: Bool = true) {
            self.settings = settings; self.gestures = gestures; self.size = size
            self.orientation = orientation; self.profile = profile; self.input = input
        }
    }

    /// Recognition of `devices` (a recording's header; empty for live input, whose devices
    /// are added as they appear).
    public init(devices: InputDevices = InputDevices(devices: []), _ configuration: Configuration = Configuration()) {
        self.configuration = configuration
        assembler = Assembler(header: InputDevices(devices: [], origin: devices.origin), size: configuration.size)
        for d in devices.devices { add(d) }
        scratch.reserveCapacity(16)
    }

    /// Recognition of `devices` with these settings (see `Configuration`).
    public init(devices: InputDevices, settings: GestureSettings = GestureSettings(), gestures: Set<GestureKind>? = nil,
                size: Size? = nil, orientation: OrientationSettings? = OrientationSettings(), profile: DeviceKind? = nil,
                input: Bool = true) {
        self.init(devices: devices, Configuration(settings: settings, gestures: gestures, size: size,
                                                  orientation: orientation, profile: profile, input: input))
    }

    /// The devices, as assembled (sizes after any override).
    public var devices: InputDevices { assembler.header }

    /// Whether no device is open.
    public var isEmpty: Bool { assembler.header.devices.isEmpty }

    /// Takes a device that appeared. `mountMatrix` is the one the system reports for an
    /// accelerometer; a matrix given in the orientation settings wins over it.
    public mutating func add(_ device: DeviceDescription, mountMatrix: MountMatrix? = nil) {
        let d = assembler.add(device)
        if d.kind == .accelerometer {
            guard let orientation = configuration.orientation else { return }
            accelerometerIDs.append(d.id)
            filters.append(OrientationFilter(device: d.id, settings: orientation.mounted(system: mountMatrix)))
        } else {
            ids.append(d.id)
            var engine = GestureEngine(device: d, settings: configuration.settings, gestures: configuration.gestures,
                                       profile: configuration.profile)
            engine.setLog(log)
            engines.append(engine)
        }
    }

    /// A device went away (unplugged): its gestures under way end `cancelled`, a timer
    /// still set with no finger down fires (a tap waiting for a second one is written),
    /// and the device is let go.
    public mutating func remove<Line: RecognitionOutput>(device id: Int, into out: inout [Line]) {
        assembler.remove(device: id)
        if let i = accelerometerIDs.firstIndex(of: id) {
            accelerometerIDs.remove(at: i)
            filters.remove(at: i)
        }
        guard let i = ids.firstIndex(of: id) else { return }
        var gestures = takeScratch()
        engines[i].finish(into: &gestures)
        hand(gestures, into: &out)
        ids.remove(at: i)
        engines.remove(at: i)
    }

    /// Takes one event; appends its assembled form (when the output takes input and
    /// `configuration.input` is on), then the gesture and orientation lines it completed.
    public mutating func process<Line: RecognitionOutput>(_ event: InputEvent, into out: inout [Line]) {
        var gestures = takeScratch()
        let orientation = dispatch(event, handing: Line.self, into: &out, gestures: &gestures)
        hand(gestures, into: &out)
        if let orientation { out.append(.orientation(orientation)) }
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
    public mutating func advance<Line: RecognitionOutput>(to time: Timestamp, into out: inout [Line]) {
        var gestures = takeScratch()
        advance(to: time, into: &gestures)
        hand(gestures, into: &out)
    }

    /// The input ended: timers still set fire on devices with no finger down (in time
    /// order across devices); gestures still under way are cancelled, so every began has
    /// its end.
    public mutating func finish<Line: RecognitionOutput>(into out: inout [Line]) {
        var gestures = takeScratch()
        for i in engines.indices where engines[i].tracker.trackedFingers > 0 { engines[i].finish(into: &gestures) }
        fireTimers(until: Timestamp(microseconds: .max), into: &gestures)
        hand(gestures, into: &out)
    }

    /// Sets the transition log of every engine, now and of devices added later (`--debug`).
    public mutating func setLog(_ log: (@Sendable (String) -> Void)?) {
        self.log = log
        for i in engines.indices { engines[i].setLog(log) }
    }

    // MARK: - Dispatch

    /// Assembles `event` if it is raw and hands what it gives to its engine or filter;
    /// timers due before it fire first, on every device. The assembled frame is read where
    /// it lies, copied out only for an output that takes it.
    private mutating func dispatch<Line: RecognitionOutput>(
        _ event: borrowing InputEvent, handing: Line.Type, into out: inout [Line], gestures: inout [GestureEvent]
    ) -> OrientationEvent? {
        let handsOn = Line.takesInput && configuration.input
        switch event {
        case .touches(let frame):
            if handsOn { out.append(.touches(frame)) }
            touches(frame, into: &gestures)
        case .accel(let sample):
            if handsOn { out.append(.accel(sample)) }
            return accel(sample, into: &gestures)
        case .evdev(let device, let frame):
            guard let i = assembler.index(of: device) else { return nil }
            switch assembler.feed(i, frame) {
            case .nothing:
                break
            case .touches:
                if handsOn { out.append(.touches(assembler[frameOf: i])) }
                advance(to: assembler[frameOf: i].time, into: &gestures)
                if let j = ids.firstIndex(of: device) { engines[j].process(assembler[frameOf: i], into: &gestures) }
            case .accel:
                if handsOn { out.append(.accel(assembler[sampleOf: i])) }
                return accel(assembler[sampleOf: i], into: &gestures)
            }
        }
        return nil
    }

    /// A touch frame: timers due before it fire first, on every device.
    private mutating func touches(_ frame: borrowing TouchFrame, into out: inout [GestureEvent]) {
        advance(to: frame.time, into: &out)
        if let i = ids.firstIndex(of: frame.device) { engines[i].process(frame, into: &out) }
    }

    private mutating func accel(_ sample: AccelerometerSample, into out: inout [GestureEvent]) -> OrientationEvent? {
        advance(to: sample.time, into: &out)
        guard let i = accelerometerIDs.firstIndex(of: sample.device) else { return nil }
        return filters[i].process(sample)
    }

    /// Fires every device's timers due by `time`, in time order across devices.
    private mutating func advance(to time: Timestamp, into out: inout [GestureEvent]) {
        if time > now { now = time }
        fireTimers(until: now, into: &out)
    }

    private mutating func fireTimers(until limit: Timestamp, into out: inout [GestureEvent]) {
        // Every timer changes its recognizer's state, so this ends; the bound is a guard.
        for _ in 0..<(GestureEngine.timersPerWake * Swift.max(1, engines.count)) {
            var best: (index: Int, time: Timestamp)?
            for i in engines.indices {
                if let d = engines[i].deadline, d <= limit, best == nil || d < best!.time { best = (i, d) }
            }
            guard let best else { return }
            engines[best.index].advance(to: best.time, into: &out)
        }
    }

    // MARK: - Handing lines on

    /// The scratch buffer, emptied (moved out: put it back with `hand`).
    private mutating func takeScratch() -> [GestureEvent] {
        var gestures = scratch
        scratch = []
        gestures.removeAll(keepingCapacity: true)
        return gestures
    }

    /// Appends the gestures to the output and puts the scratch buffer back.
    private mutating func hand<Line: RecognitionOutput>(_ gestures: [GestureEvent], into out: inout [Line]) {
        for g in gestures { out.append(.gesture(g)) }
        scratch = gestures
    }
}

/// What `Recognition` writes into: a line (`RecognizedEvent`), or a line or the assembled
/// input before it (`AppEvent`).
public protocol RecognitionOutput {
    /// Whether assembled frames and samples are handed on (`touches`, `accel` are called).
    static var takesInput: Bool { get }
    /// A gesture line.
    static func gesture(_ g: GestureEvent) -> Self
    /// An orientation line.
    static func orientation(_ o: OrientationEvent) -> Self
    /// An assembled touch frame (only called when `takesInput`).
    static func touches(_ frame: TouchFrame) -> Self
    /// An assembled accelerometer sample (only called when `takesInput`).
    static func accel(_ sample: AccelerometerSample) -> Self
}

extension RecognizedEvent: RecognitionOutput {
    /// Lines only.
    public static var takesInput: Bool { false }
    /// Never called: a line holds no input.
    public static func touches(_ frame: TouchFrame) -> RecognizedEvent {
        preconditionFailure("a RecognizedEvent holds lines only")
    }
    /// Never called: a line holds no input.
    public static func accel(_ sample: AccelerometerSample) -> RecognizedEvent {
        preconditionFailure("a RecognizedEvent holds lines only")
    }
}

extension AppEvent: RecognitionOutput {
    /// The assembled input, then the lines.
    public static var takesInput: Bool { true }
}
