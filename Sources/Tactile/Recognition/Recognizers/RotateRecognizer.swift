/// Rotate: two or more fingers turning about their centroid by more than `rotationSlop`.
/// Continuous; `rotation` is radians clockwise (y points down) since the second finger
/// landed, unwrapped (a full turn is 2π), and the running sum of every line's
/// `rotationDelta`. Ends when fewer than two fingers remain. Not on semi-MT touchpads,
/// whose two contacts are a bounding box's corners.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public typealias RotateRecognizer = TwoFingerRecognizer<RotationMeasure>

/// What a rotation measures: the turn of the line between the fingers.
public enum RotationMeasure: TwoFingerMeasure {
    /// The turn in radians.
    public static var quantity: TwoFingerQuantity { .rotation }
}
