/// Peek and pop: one finger pressing harder. Begins (stage `peek`) when pressure reaches
/// `peekPressure`, changes to stage `pop` at `popPressure` (never back), and ends when the
/// finger lifts. A line is written only when the stage changes or the pressure has moved
/// by `pressureHysteresis` since the last line, so a pressure hovering at a threshold does
/// not flicker. On devices without pressure, or whose pressure range is a guess (a capture
/// without its ranges), it never fires: a long press serves instead.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct PeekRecognizer: ContinuousRecognizer {
    public var state = RecognizerState.possible
    private var stage = PeekStage.peek
    private var lastPressure = 0.0

    /// A peek recognizer, waiting for pressure.
    public init() {}

    public var kind: GestureKind { .peek }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        let pressure = t.firstFinger?.pressure?.value ?? lastPressure
        switch state {
        case .possible:
            if !c.hasPressure { state = .failed; return .because("the device has no pressure") }
            if !c.pressureRangeKnown { state = .failed; return .because("the pressure range is a guess") }
            if t.cancelled || t.sequenceEnded { state = .failed; return .because("lifted before pressing") }
            if t.fingerCount > 1 { state = .failed; return .because("more than one finger") }
            guard pressure >= c.settings.peekPressure else { return .none }
            state = .began
            stage = pressure >= c.settings.popPressure ? .pop : .peek
            return .emit(line(.began, pressure, t, c), "pressed to peek")
        case .began, .changed:
            if t.cancelled {
                state = .cancelled
                return .emit(line(.cancelled, lastPressure, t, c), "contacts were lost")
            }
            if t.sequenceEnded || t.fingerCount > 1 {
                state = .ended
                return .emit(line(.ended, lastPressure, t, c), t.sequenceEnded ? "lifted" : "another finger landed")
            }
            if stage == .peek && pressure >= c.settings.popPressure {
                stage = .pop
                state = .changed
                return .emit(line(.changed, pressure, t, c), "pressed to pop")
            }
            guard Swift.abs(pressure - lastPressure) >= c.settings.pressureHysteresis else { return .none }
            state = .changed
            return .emit(line(.changed, pressure, t, c), "pressure changed")
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    private mutating func line(_ phase: GesturePhase, _ pressure: Double, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        lastPressure = pressure
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: 1, location: t.centroid,
                            detail: .peek(stage: stage, pressure: Pressure(pressure)))
    }

    /// A line at the pressure of the last one (a cancelled line, forced).
    public mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        line(phase, lastPressure, t, c)
    }

    public mutating func reset() {
        state = .possible
        stage = .peek
        lastPressure = 0
    }
}
