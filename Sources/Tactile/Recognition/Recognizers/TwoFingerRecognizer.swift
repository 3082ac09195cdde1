/// The shape pinch and rotate share: a continuous gesture of two or more fingers that
/// begins when a measure of their motion (the span's scale, the turn) passes its slop,
/// writes that measure since the second finger landed and its change since the last line,
/// and ends when fewer than two fingers remain. On a touchpad it waits for the fingers'
/// motion to be classified as a pinch, and ends when it turns out to be a pan.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct TwoFingerRecognizer<Measure: TwoFingerMeasure>: ContinuousRecognizer {
    public var state = RecognizerState.possible
    /// The measure as written so far: the running combination of every line's delta, so
    /// the deltas a reader applies add up exactly to the measure it is told.
    private var written = Measure.identity
    private var lastFingers = 2

    public init() {}

    public var kind: GestureKind { Measure.kind }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled || t.sequenceEnded { state = .failed; return .because(Measure.liftedReason) }
            guard t.trackedFingers >= 2, t.motion.allowsPinch, Measure.passedSlop(t, c) else { return .none }
            state = .began
            written = Measure.identity
            return .emit(line(.began, t, c), Measure.beganReason)
        case .began, .changed:
            return goOn(lost: t.cancelled, over: t.trackedFingers < 2 || t.motion == .pan,
                        moved: Measure.value(t) != written, t, c)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    public mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        let delta = Measure.change(from: written, to: Measure.value(t))
        written = Measure.applying(delta, to: written)
        if t.fingerCount >= 2 { lastFingers = t.fingerCount }
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: lastFingers, location: t.centroid,
                            detail: Measure.detail(value: written, delta: delta, velocity: Measure.velocity(t)))
    }

    public mutating func reset() {
        state = .possible
        written = Measure.identity
    }
}

/// What a two-finger gesture measures (`PinchMeasure`, `RotationMeasure`).
public protocol TwoFingerMeasure: Sendable {
    static var kind: GestureKind { get }
    /// The measure before any motion: 1 for a scale, 0 for a turn.
    static var identity: Double { get }
    /// Since the second finger landed (`TouchTracker`).
    static func value(_ t: TouchTracker) -> Double
    /// Per second, now.
    static func velocity(_ t: TouchTracker) -> Double
    /// The change from `old` to `new` (a ratio for a scale, a difference for a turn), and
    /// that change applied.
    static func change(from old: Double, to new: Double) -> Double
    static func applying(_ delta: Double, to value: Double) -> Double
    /// The fingers moved far enough in this measure to begin.
    static func passedSlop(_ t: TouchTracker, _ c: RecognizerContext) -> Bool
    static func detail(value: Double, delta: Double, velocity: Double) -> GestureEvent.Detail
    static var beganReason: StaticString { get }
    static var liftedReason: StaticString { get }
}
