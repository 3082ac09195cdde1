/// Long press (hold): `minFingers` to `maxFingers` fingers held still (within `touchSlop`)
/// for `longPressMinDuration` (on a touchpad `touchpadHoldMinDuration`, libinput's 180 ms)
/// after the last of them landed; then continuous: changed as
/// the fingers move, ended when they lift. The line's `fingers` is how many held. On a
/// touchpad, and with two or more fingers anywhere, it is libinput's hold: no changed
/// lines, and cancelled as soon as the fingers move, so that their motion is then a pan,
/// pinch or rotate (a recognizer that starts at two fingers `runsWithMotion`).
///
/// Fingers rarely land at once: each one that lands while the press is still possible
/// starts the wait again with the new count (libinput's hold and UIKit's
/// `numberOfTouchesRequired` both count the fingers down when the time is up). A finger
/// lifting before the time is up fails it: the press was not held.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct LongPressRecognizer: TimedRecognizer, ContinuousRecognizer {
    /// The fewest fingers that hold.
    public let minFingers: Int
    /// The most fingers that hold.
    public let maxFingers: Int
    public var state = RecognizerState.possible
    /// When the fingers now down were all down.
    private var start: Timestamp?
    /// How many fingers were down at `start`; then how many held.
    private var held = 0
    /// How long they must hold (`RecognizerContext.longPressMinDuration`), kept at `start`:
    /// a deadline is asked for with the settings only.
    private var wait = TimeSpan.zero
    private var lastLocation = Point.zero
    /// The centroid of the fingers that held, while they are all down: a hold whose
    /// fingers lift one by one ends where the hand was, not under the last finger.
    private var heldLocation = Point.zero

    /// A long press of exactly `fingers` fingers.
    public init(fingers: Int) {
        self.init(minFingers: fingers, maxFingers: fingers)
    }

    /// A long press of `minFingers` to `maxFingers` fingers (1 to 5 by default: libinput's
    /// hold takes 1 to 4, a touchscreen five).
    public init(minFingers: Int = 1, maxFingers: Int = 5) {
        self.minFingers = max(1, minFingers)
        self.maxFingers = max(self.minFingers, maxFingers)
    }

    public var kind: GestureKind { .longPress }
    public var name: String {
        minFingers == 1 && maxFingers == 5 ? "longPress"
            : minFingers == maxFingers ? "longPress(\(minFingers))" : "longPress(\(minFingers)-\(maxFingers))"
    }
    /// A hold of two or more fingers runs beside the motion gestures.
    public var runsWithMotion: Bool { minFingers > 1 }
    public func deadline(_ settings: GestureSettings) -> Timestamp? {
        guard state == .possible, let start else { return nil }
        return start + wait
    }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled { state = .failed; return .because("contacts were lost") }
            if t.sequenceEnded { state = .failed; return .because("lifted too soon") }
            if t.fingerCount > maxFingers { state = .failed; return .because("too many fingers") }
            if c.kind == .touchpad {
                if t.noHold { state = .failed; return .because("a finger was moving as it began to count") }
                // The fingers' motion is a scroll, swipe or pinch already: libinput's hold
                // begins only while its gesture is undecided.
                if t.fingerCount >= 2 && (t.motion == .pan || t.motion == .pinch) {
                    state = .failed
                    return .because("the fingers began to move")
                }
            }
            if t.maxTravel > c.touchSlop.value {
                state = .failed
                return .because("a finger moved")
            }
            if start != nil && t.fingerCount < held { state = .failed; return .because("a finger lifted") }
            if t.fingerCount >= minFingers && (start == nil || t.fingerCount > held) {
                // The first count in range, or another finger landed: the wait starts again.
                start = t.time
                held = t.fingerCount
                wait = c.longPressMinDuration
            }
            return .none
        case .began, .changed:
            if t.fingerCount >= held { heldLocation = t.centroid }
            // On a touchpad, or with several fingers, a long press is libinput's hold: it
            // ends, cancelled, as the fingers start to move, and their motion is then a pan
            // (or a pinch).
            let hold = c.kind == .touchpad || held > 1
            if hold && !t.cancelled && !t.sequenceEnded && t.maxTravel > c.touchSlop.value {
                state = .cancelled
                return .emit(line(.cancelled, t, c), "the fingers moved: the hold ends")
            }
            // (A hold has no updates: libinput's hold gesture reports only its begin and end.)
            let moved = !hold && t.centroid != lastLocation
            return goOn(lost: t.cancelled, over: t.sequenceEnded, moved: moved, t, c)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard state == .possible, let d = deadline(c.settings), now >= d else { return .none }
        guard t.fingerCount == held else { state = .failed; return .because("fingers changed") }
        state = .began
        var e = line(.began, t, c)
        e.time = d
        return .emit(e, "held still long enough")
    }

    public mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        if t.fingerCount >= held { heldLocation = t.centroid }
        lastLocation = t.centroid
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: max(held, t.fingerCount),
                            location: heldLocation, detail: .longPress)
    }

    public mutating func reset() {
        state = .possible
        start = nil
        held = 0
    }
}
