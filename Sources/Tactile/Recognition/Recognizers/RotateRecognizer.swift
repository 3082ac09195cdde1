/// Rotate: two or more fingers turning about their centroid by more than `rotationSlop`.
/// Continuous; `rotation` is radians clockwise (y points down) since the second finger
/// landed, unwrapped (a full turn is 2π), and the running sum of every line's
/// `rotationDelta`. Ends when fewer than two fingers remain.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct RotateRecognizer: GestureRecognizer {
    public private(set) var state = RecognizerState.possible
    /// The sum of the rotation deltas written so far.
    private var written = 0.0
    private var lastFingers = 2

    public init() {}

    public var kind: GestureKind { .rotate }
    public var name: String { "rotate" }
    public func deadline(_ settings: GestureSettings) -> Timestamp? { nil }
    public static var usesTimers: Bool { false }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled || t.sequenceEnded { state = .failed; return .because("lifted without turning") }
            guard t.trackedFingers >= 2, t.motion.allowsPinch, Swift.abs(t.rotation) > c.settings.rotationSlop else { return .none }
            state = .began
            written = 0
            return .emit(line(.began, t, c), "turned past the slop")
        case .began, .changed:
            guard let phase = GesturePhase.underWay(lost: t.cancelled, over: t.trackedFingers < 2 || t.motion == .pan,
                                                    moved: t.rotation != written) else {
                return .none
            }
            state = phase.state
            return .emit(line(phase, t, c), phase.reason)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    private mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        let delta = t.rotation - written
        written += delta
        if t.fingerCount >= 2 { lastFingers = t.fingerCount }
        let v = t.velocity.rotation
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: lastFingers, location: t.centroid,
                            detail: .rotate(rotation: written, rotationDelta: delta, velocity: v))
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep { .none }

    public mutating func fail(_ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent? {
        let wasActive = state.isActive
        state = state.afterForcedFailure
        return wasActive ? line(.cancelled, t, c) : nil
    }

    public mutating func reset() {
        state = .possible
        written = 0
    }
}
