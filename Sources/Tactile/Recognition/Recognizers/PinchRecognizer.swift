/// Pinch: two or more fingers whose span changes by more than `pinchSlop`. Continuous;
/// `scale` is the span relative to the span when the second finger landed (so the began
/// line already carries the change that crossed the threshold) and is the running product
/// of every line's `scaleDelta`. Ends when fewer than two fingers remain.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct PinchRecognizer: GestureRecognizer {
    public private(set) var state = RecognizerState.possible
    /// The product of the scale deltas written so far.
    private var written = 1.0
    private var lastFingers = 2

    public init() {}

    public var kind: GestureKind { .pinch }
    public var name: String { "pinch" }
    public func deadline(_ settings: GestureSettings) -> Timestamp? { nil }
    public static var usesTimers: Bool { false }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled || t.sequenceEnded { state = .failed; return .because("lifted without pinching") }
            // A touchpad pinches only when its fingers' motion was classified as a pinch.
            guard t.trackedFingers >= 2, t.motion.allowsPinch,
                  t.motion == .pinch || t.spanChange > c.settings.pinchSlop.value else { return .none }
            state = .began
            written = 1
            return .emit(line(.began, t, c), "span changed past the slop")
        case .began, .changed:
            // On a touchpad a pinch ends when its fingers' motion turns out to be a pan.
            guard let phase = GesturePhase.underWay(lost: t.cancelled, over: t.trackedFingers < 2 || t.motion == .pan,
                                                    moved: t.scale != written) else {
                return .none
            }
            state = phase.state
            return .emit(line(phase, t, c), phase.reason)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    private mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        let delta = t.scale / written
        written *= delta
        if t.fingerCount >= 2 { lastFingers = t.fingerCount }
        let v = t.velocity.scale
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: lastFingers, location: t.centroid,
                            detail: .pinch(scale: written, scaleDelta: delta, velocity: v))
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep { .none }

    public mutating func fail(_ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent? {
        let wasActive = state.isActive
        state = state.afterForcedFailure
        return wasActive ? line(.cancelled, t, c) : nil
    }

    public mutating func reset() {
        state = .possible
        written = 1
    }
}
