/// Pinch: two or more fingers whose span changes by more than `pinchSlop` (on a touchpad:
/// whose motion was classified as a pinch). Continuous; `scale` is the span relative to the
/// span when the second finger landed (so the began line already carries the change that
/// crossed the threshold) and is the running product of every line's `scaleDelta`. Ends
/// when fewer than two fingers remain.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public typealias PinchRecognizer = TwoFingerRecognizer<PinchMeasure>

public enum PinchMeasure: TwoFingerMeasure {
    public static var kind: GestureKind { .pinch }
    public static var identity: Double { 1 }
    @inline(__always) public static func value(_ t: TouchTracker) -> Double { t.scale }
    public static func velocity(_ t: TouchTracker) -> Double { t.velocity.scale }
    @inline(__always) public static func change(from old: Double, to new: Double) -> Double { new / old }
    public static func applying(_ delta: Double, to value: Double) -> Double { value * delta }
    @inline(__always) public static func passedSlop(_ t: TouchTracker, _ c: RecognizerContext) -> Bool {
        t.motion == .pinch || t.spanChange > c.settings.pinchSlop.value
    }
    public static func detail(value: Double, delta: Double, velocity: Double) -> GestureEvent.Detail {
        .pinch(scale: value, scaleDelta: delta, velocity: velocity)
    }
    public static var beganReason: StaticString { "span changed past the slop" }
    public static var liftedReason: StaticString { "lifted without pinching" }
}
