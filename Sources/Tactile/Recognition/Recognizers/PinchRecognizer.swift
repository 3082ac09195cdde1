/// Pinch: two or more fingers whose span changes by more than `pinchSlop` (on a touchpad:
/// whose motion was classified as a pinch). Continuous; `scale` is the span relative to the
/// span when the second finger landed (so the began line already carries the change that
/// crossed the threshold) and is the running product of every line's `scaleDelta`. Ends
/// when fewer than two fingers remain.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public typealias PinchRecognizer = TwoFingerRecognizer<PinchMeasure>

/// What a pinch measures: the fingers' span, as a scale.
public enum PinchMeasure: TwoFingerMeasure {
    /// The span's ratio.
    public static var quantity: TwoFingerQuantity { .scale }
}
