/// Taps: `taps` quick touches (1 single, 2 double, ...) with any number of fingers, the
/// same number on every tap. No finger may move more than the slop, each tap must lift
/// within its time (`RecognizerContext.tapMaxDuration`: on a touchpad libinput's 180 ms
/// from the last finger that landed or lifted, on a touchscreen 400 ms from the first
/// touch), and the next tap must land within `multiTapInterval` of the lift and
/// `multiTapSlop` of the first.
///
/// On a touchpad, as libinput: taps have one to three fingers, and a touch sequence in
/// which the pad's filter rules taps out (`TouchTracker.noTap`: a finger left resting after
/// another moved, a palm-edge landing) has none. A tap whose finger count differs from the
/// taps before it ends their run and begins a new one (`nextRun`): the arena writes the
/// earlier taps and starts every tap recognizer again from it.
///
/// A touch that carries a click is a click, never a tap (libinput's `TAP_EVENT_BUTTON`,
/// taken on every touchpad, not only clickpads): a physical button pressed or held while
/// the fingers are down fails the tap, and so does a button pressed while a tap waits for
/// the next one (the arena then drops the taps it held back; see `GestureArena`).
///
/// States: possible (idle → touching → waiting → touching …) → recognized | failed.
public struct TapRecognizer: DiscreteRecognizer, TimedRecognizer {
    /// How many taps in a row it recognizes.
    public let taps: Int
    public var state = RecognizerState.possible
    private var phase = Phase.idle
    /// Fingers every tap must have (from the first tap); 0 before it completes.
    private var fingers = 0
    private var tapFingers = 0
    /// When the tap under way times out.
    private var touchDeadline = Timestamp.zero
    private var firstLocation = Point.zero
    /// Centroid while the tap had all its fingers down, and while it had fewer before the
    /// last one landed: a drumroll's next finger, handed on, was not part of the tap.
    private var tapLocation = Point.zero
    private var locationBefore = Point.zero
    /// A tap that failed this recognizer only by its finger count: the first of a new run.
    private(set) var nextRun: Run?

    /// A tap that may begin a run of taps: its fingers, where and when it lifted.
    struct Run: Hashable, Sendable {
        var fingers: Int
        var location: Point
        var lift: Timestamp
    }

    enum Phase: Hashable, Sendable {
        /// No finger down yet.
        case idle
        /// Tap number `tap` (1-based) has fingers down.
        case touching(tap: Int)
        /// Tap number `tap` lifted at `lift`; waiting for the next.
        case waiting(tap: Int, lift: Timestamp)
    }


    /// A recognizer of `taps` taps in a row.
    public init(taps: Int) {
        self.taps = max(1, taps)
    }

    public var kind: GestureKind { .tap }
    public var name: String { "tap(\(taps))" }

    public var detailedState: String {
        guard state == .possible else { return state.rawValue }
        switch phase {
        case .idle: return "possible (idle)"
        case .touching(let n): return "possible (touching, tap \(n))"
        case .waiting(let n, _): return "possible (waiting for tap \(n + 1))"
        }
    }

    public func deadline(_ settings: GestureSettings) -> Timestamp? {
        guard state == .possible else { return nil }
        switch phase {
        case .idle: return nil
        case .touching: return touchDeadline
        case .waiting(_, let lift): return lift + settings.multiTapInterval
        }
    }

    @inline(__always)
    public mutating func decide(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        let inputs = t.inputs
        switch phase {
        case .idle:
            guard t.fingerCount > 0 else { return .none }
            phase = .touching(tap: 1)
            touchDeadline = t.time + c.tapMaxDuration
            tapFingers = 0
            firstLocation = t.centroid
            return touching(1, t, c, entered: "a finger touched")
        case .touching(let n):
            return touching(n, t, c, entered: "")
        case .waiting(let n, _):
            if _slowPath(inputs.contains(.press)) {
                state = .failed
                return .because("a button was pressed before the next tap")
            }
            guard inputs.contains(.touch) else { return .none }
            if t.centroid.distance(to: firstLocation) > c.settings.multiTapSlop {
                state = .failed
                return .because("the next tap landed too far away")
            }
            phase = .touching(tap: n + 1)
            touchDeadline = t.time + c.tapMaxDuration
            tapFingers = 0
            return touching(n + 1, t, c, entered: "the next tap touched")
        }
    }

    /// A frame while tap `n` has fingers down; `entered` is why it began touching, if this
    /// frame made it.
    private mutating func touching(_ n: Int, _ t: TouchTracker, _ c: RecognizerContext, entered: StaticString) -> RecognizerStep {
        if _slowPath(!t.buttons.isEmpty) {
            state = .failed
            return .because("a button is down")
        }
        if t.moved(beyond: c.touchSlop) {
            state = .failed
            return .because("a finger moved")
        }
        let touchpad = c.kind == .touchpad
        if touchpad {
            if t.noTap {
                state = .failed
                return .because("the touchpad rules out taps in this touch")
            }
            if t.fingerCount > 3 {
                state = .failed
                return .because("more than three fingers: no tap on a touchpad")
            }
            // libinput's tap timer starts again at every touch and release of the tap.
            if t.landed > 0 || t.lifted > 0 { touchDeadline = t.time + c.tapMaxDuration }
        }
        if t.fingerCount > tapFingers { locationBefore = tapLocation }
        if t.fingerCount >= tapFingers && t.fingerCount > 0 { tapLocation = t.centroid }
        tapFingers = max(tapFingers, t.fingerCount)
        guard t.inputs.contains(.lastRelease) else { return .because(entered) }
        // Fingers handed on to the next sequence (a drumroll's next finger) were not part of this tap.
        tapFingers -= t.handedOff
        if fingers == 0 { fingers = tapFingers }
        let location = t.handedOff > 0 ? locationBefore : tapLocation
        guard tapFingers == fingers else {
            state = .failed
            nextRun = Run(fingers: tapFingers, location: location, lift: t.time)
            return .because("taps had different finger counts")
        }
        if n == taps {
            state = .recognized
            return .emit(GestureEvent(time: t.time, device: c.device, phase: .recognized, fingers: fingers,
                                      location: location, detail: .tap(taps: taps)),
                         "tapped")
        }
        phase = .waiting(tap: n, lift: t.time)
        return .because("the fingers lifted")
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard state == .possible, let d = deadline(c.settings), now >= d else { return .none }
        switch phase {
        case .idle: return .none
        case .touching:
            state = .failed
            return .because("held too long for a tap")
        case .waiting:
            state = .failed
            return .because("no next tap in time")
        }
    }

    public mutating func reset() {
        state = .possible
        phase = .idle
        fingers = 0
        tapFingers = 0
        nextRun = nil
    }

    /// Starts again from `run`, a tap that has just lifted, as its first tap (reset first):
    /// a single tap is then recognized, a double or triple waits for the next.
    mutating func begin(after run: Run, _ c: RecognizerContext) -> RecognizerStep {
        reset()
        fingers = run.fingers
        firstLocation = run.location
        tapLocation = run.location
        if taps == 1 {
            state = .recognized
            return .emit(GestureEvent(time: run.lift, device: c.device, phase: .recognized, fingers: fingers,
                                      location: run.location, detail: .tap(taps: 1)),
                         "tapped (a new run of taps)")
        }
        phase = .waiting(tap: 1, lift: run.lift)
        return .because("a new run of taps")
    }
}
