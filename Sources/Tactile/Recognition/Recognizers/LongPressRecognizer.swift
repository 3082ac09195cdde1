/// Long press: `fingers` fingers held still (within `touchSlop`) for `longPressMinDuration`;
/// then continuous: changed as the fingers move, ended when they lift. On a touchpad it
/// is libinput's hold: no changed lines, and cancelled as soon as the fingers move.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct LongPressRecognizer: TimedRecognizer, ContinuousRecognizer {
    /// How many fingers hold.
    public let fingers: Int
    public var state = RecognizerState.possible
    /// When the required fingers were all down.
    private var start: Timestamp?
    private var lastLocation = Point.zero

    /// A long press of `fingers` fingers.
    public init(fingers: Int = 1) {
        self.fingers = max(1, fingers)
    }

    public var kind: GestureKind { .longPress }
    public var name: String { "longPress(\(fingers))" }
    public func deadline(_ settings: GestureSettings) -> Timestamp? {
        guard state == .possible, let start else { return nil }
        return start + settings.longPressMinDuration
    }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled { state = .failed; return .because("contacts were lost") }
            if t.sequenceEnded { state = .failed; return .because("lifted too soon") }
            if t.fingerCount > fingers { state = .failed; return .because("too many fingers") }
            if t.maxTravel > c.touchSlop.value {
                state = .failed
                return .because("a finger moved")
            }
            if t.fingerCount == fingers && start == nil { start = t.time }
            if t.fingerCount < fingers && start != nil { state = .failed; return .because("a finger lifted") }
            return .none
        case .began, .changed:
            // On a touchpad a long press is libinput's hold: it ends, cancelled, as the
            // fingers start to move, and their motion is then a pan (or a pinch).
            if c.kind == .touchpad && !t.cancelled && !t.sequenceEnded && t.maxTravel > c.touchSlop.value {
                state = .cancelled
                return .emit(line(.cancelled, t, c), "the fingers moved: the hold ends")
            }
            // (A hold has no updates: libinput's hold gesture reports only its begin and end.)
            let moved = c.kind != .touchpad && t.centroid != lastLocation
            return goOn(lost: t.cancelled, over: t.sequenceEnded, moved: moved, t, c)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard state == .possible, let d = deadline(c.settings), now >= d else { return .none }
        guard t.fingerCount == fingers else { state = .failed; return .because("fingers changed") }
        state = .began
        var e = line(.began, t, c)
        e.time = d
        return .emit(e, "held still long enough")
    }

    public mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        lastLocation = t.centroid
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: max(fingers, t.fingerCount),
                            location: t.centroid, detail: .longPress)
    }

    public mutating func reset() {
        state = .possible
        start = nil
    }
}
