#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Swipe: a quick stroke in one of four directions with any number of fingers, decided
/// when the first finger lifts: the release velocity (over `velocityWindow`) is at least
/// `swipeMinVelocity`, the fingers moved at least `swipeMinDistance` since touch-down, and
/// the stroke is within `swipeMaxAngle` of an axis. Discrete.
///
/// States: possible → recognized | failed.
public struct SwipeRecognizer: DiscreteRecognizer {
    public var state = RecognizerState.possible

    /// A swipe recognizer, waiting for a fast release.
    public init() {}

    public var kind: GestureKind { .swipe }

    @inline(__always)
    public mutating func decide(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard t.lifted > 0 else { return .none }
        if t.motion == .pinch { state = .failed; return .because("the fingers pinched") }
        let v = t.velocity.translation
        let speed = v.speed
        guard speed >= c.settings.swipeMinVelocity else { state = .failed; return .because("released too slowly") }
        guard t.translation.length >= c.settings.swipeMinDistance else { state = .failed; return .because("moved too little") }
        let horizontal = Swift.abs(v.x) >= Swift.abs(v.y)
        let major = horizontal ? Swift.abs(v.x) : Swift.abs(v.y), minor = horizontal ? Swift.abs(v.y) : Swift.abs(v.x)
        guard atan2(minor, major) <= c.settings.swipeMaxAngle.radians else { state = .failed; return .because("diagonal") }
        // The stroke as a whole must go the way it was going at release.
        guard t.translation.x * v.x + t.translation.y * v.y > 0 else { state = .failed; return .because("reversed") }
        let direction: SwipeDirection = horizontal ? (v.x > 0 ? .right : .left) : (v.y > 0 ? .down : .up)
        state = .recognized
        return .emit(GestureEvent(time: t.time, device: c.device, phase: .recognized, fingers: t.maxFingerCount,
                                  location: t.centroid(counting: t.trackedFingers + t.lifted), detail: .swipe(direction: direction, velocity: v)), "released fast")
    }

    public mutating func reset() { state = .possible }
}
