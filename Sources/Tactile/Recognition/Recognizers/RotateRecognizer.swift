/// Rotate: two or more fingers turning about their centroid by more than `rotationSlop`.
/// Continuous; `rotation` is radians clockwise (y points down) since the second finger
/// landed, unwrapped (a full turn is 2π), and the running sum of every line's
/// `rotationDelta`. Ends when fewer than two fingers remain. Not on semi-MT touchpads,
/// whose two contacts are a bounding box's corners.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public typealias RotateRecognizer = TwoFingerRecognizer<RotationMeasure>

public enum RotationMeasure: TwoFingerMeasure {
    public static var kind: GestureKind { .rotate }
    public static var identity: Double { 0 }
    @inline(__always) public static func value(_ t: TouchTracker) -> Double { t.rotation }
    public static func velocity(_ t: TouchTracker) -> Double { t.velocity.rotation }
    @inline(__always) public static func change(from old: Double, to new: Double) -> Double { new - old }
    public static func applying(_ delta: Double, to value: Double) -> Double { value + delta }
    @inline(__always) public static func passedSlop(_ t: TouchTracker, _ c: RecognizerContext) -> Bool {
        Swift.abs(t.rotation) > c.settings.rotationSlop
    }
    public static func detail(value: Double, delta: Double, velocity: Double) -> GestureEvent.Detail {
        .rotate(rotation: value, rotationDelta: delta, velocity: velocity)
    }
    public static var beganReason: StaticString { "turned past the slop" }
    public static var liftedReason: StaticString { "lifted without turning" }
}
