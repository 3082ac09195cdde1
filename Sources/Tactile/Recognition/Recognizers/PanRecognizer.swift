/// Pan: the fingers' centroid moves more than `touchSlop` from where they settled
/// (`TouchTracker.settledTranslation`).
/// Continuous; `translation` counts from touch-down (so the began line carries the
/// movement that crossed the threshold) and is the running sum of every line's `delta`.
/// Fingers may land and lift mid-pan without a jump: motion is measured over the fingers
/// present in consecutive frames. Ends when the last finger lifts.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct PanRecognizer: ContinuousRecognizer {
    /// The fewest fingers that pan.
    public let minFingers: Int
    /// The most fingers that pan.
    public let maxFingers: Int
    public var state = RecognizerState.possible
    /// The sum of the deltas written so far.
    private var written = Vector.zero
    /// Fingers on the last line, for the line written as they lift, and how many of them
    /// were tracked (where the ending line is: `TouchTracker.centroid(counting:)`).
    private var lastFingers = 0, lastTracked = 0

    /// A pan of `minFingers` to `maxFingers` fingers.
    public init(minFingers: Int = 1, maxFingers: Int = 10) {
        self.minFingers = max(1, minFingers)
        self.maxFingers = max(self.minFingers, maxFingers)
    }

    public var kind: GestureKind { .pan }
    public var name: String { minFingers == 1 && maxFingers == 10 ? "pan" : "pan(\(minFingers)-\(maxFingers))" }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled || t.sequenceEnded { state = .failed; return .because(t.cancelled ? "contacts were lost" : "lifted without moving") }
            guard t.fingerCount >= minFingers, t.fingerCount <= maxFingers, t.motion.allowsPan,
                  t.settledTranslation.length > c.touchSlop
            else { return .none }
            state = .began
            written = .zero
            return .emit(line(.began, t, c), "moved past the slop")
        case .began, .changed:
            // On a touchpad a pan ends when its fingers' motion turns out to be a pinch.
            let over = t.sequenceEnded || t.fingerCount < minFingers || t.motion == .pinch
            return goOn(lost: t.cancelled, over: over, moved: t.translation != written, t, c)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    public mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        let delta = t.translation - written
        written = written + delta
        let v = t.velocity.translation
        // A pan of two or more that ends as a finger lifts is still a pan of its fingers.
        if t.fingerCount >= minFingers { lastFingers = t.fingerCount; lastTracked = t.trackedFingers }
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: lastFingers,
                            location: t.location(phase, counting: lastTracked), detail: .pan(translation: written, delta: delta, velocity: v))
    }

    public mutating func reset() {
        state = .possible
        written = .zero
    }
}
