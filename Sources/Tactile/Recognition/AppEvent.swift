/// What an app sees of its input, in time order: the contacts and samples as assembled
/// (in mm and m/s²), each followed by the gesture and orientation lines it completed.
///
/// `RecognizedEvent` is what `tactile recognize` writes; an app often needs the input too
/// (a preview frame drawn where a finger lands, a pressure hint before any gesture), so
/// `AppRecognizer`, `RecordingEvents` and `LiveAppEvents` hand on both, in one stream.
public enum AppEvent: Hashable, Sendable {
    /// The contacts down after one device frame (empty: all lifted).
    case touches(TouchFrame)
    /// One accelerometer sample, before the mount matrix.
    case accel(AccelerometerSample)
    /// A gesture line.
    case gesture(GestureEvent)
    /// An orientation change.
    case orientation(OrientationEvent)

    /// When it happened: the frame's or sample's time, or the line's.
    public var time: Timestamp {
        switch self {
        case .touches(let f): f.time
        case .accel(let s): s.time
        case .gesture(let g): g.time
        case .orientation(let o): o.time
        }
    }

    /// A recognized line as an app event.
    public init(_ line: RecognizedEvent) {
        switch line {
        case .gesture(let g): self = .gesture(g)
        case .orientation(let o): self = .orientation(o)
        }
    }
}

/// Assembly and recognition for an app: raw frames are assembled, and each assembled
/// frame or sample is handed on (when `input` is on) before the lines it completes.
///
/// Pure and driven by event times, like `TraceRecognizer`, which does the recognizing:
/// the same events give the same app events. A live source calls `advance(to:into:)` at
/// `nextDeadline` so a long press begins on time on an idle device.
public struct AppRecognizer {
    /// The devices, as assembled (sizes after any override).
    public let devices: InputDevices
    /// Whether assembled frames and samples are handed on, or only the lines.
    public let input: Bool
    private var assembler: Assembler
    private var recognizer: TraceRecognizer
    private var lines: [RecognizedEvent] = []

    /// `devices` as the source describes them. The settings are those of
    /// `TraceRecognizer.init`; `orientation: nil` leaves accelerometers out.
    public init(devices: InputDevices, input: Bool = true, settings: GestureSettings = GestureSettings(),
                gestures: Set<GestureKind>? = nil, size: Size? = nil,
                orientation: OrientationSettings? = OrientationSettings(), profile: DeviceKind? = nil) {
        assembler = Assembler(header: devices, size: size)
        self.devices = assembler.header
        self.input = input
        recognizer = TraceRecognizer(header: devices, settings: settings, gestures: gestures, size: size,
                                     orientation: orientation, profile: profile)
        lines.reserveCapacity(16)
    }

    /// Takes one event of the source; appends its assembled form (if it completed one and
    /// `input` is on), then the lines it completed.
    public mutating func process(_ event: InputEvent, into out: inout [AppEvent]) {
        lines.removeAll(keepingCapacity: true)
        if input {
            guard let assembled = assembler.process(event) else { return }
            switch assembled {
            case .touches(let f): out.append(.touches(f))
            case .accel(let s): out.append(.accel(s))
            case .evdev: break  // assembled events are never raw
            }
            recognizer.process(assembled, into: &lines)
        } else {
            // Lines only: the recognizer assembles a raw frame where it lies, with no copy.
            recognizer.process(event, into: &lines)
        }
        for l in lines { out.append(AppEvent(l)) }
    }

    /// The earliest time a recognizer timer is due.
    public var nextDeadline: Timestamp? { recognizer.nextDeadline }

    /// Fires the timers due by `time`.
    public mutating func advance(to time: Timestamp, into out: inout [AppEvent]) {
        lines.removeAll(keepingCapacity: true)
        recognizer.advance(to: time, into: &lines)
        for l in lines { out.append(AppEvent(l)) }
    }

    /// The input ended: pending timers fire, gestures under way are cancelled.
    public mutating func finish(into out: inout [AppEvent]) {
        lines.removeAll(keepingCapacity: true)
        recognizer.finish(into: &lines)
        for l in lines { out.append(AppEvent(l)) }
    }
}
