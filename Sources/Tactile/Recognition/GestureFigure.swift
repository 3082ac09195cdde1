/// How a picture marks a gesture: one of a few shapes that every renderer draws, its words
/// and its name. A gesture says which, beside its detail (`GestureEvent.figure`), so the
/// pictures (`tactile plot`, `tactile view`) know shapes, not gestures, and a new gesture
/// needs no change there.
public struct GestureFigure: Hashable, Sendable {
    /// What is drawn at the gesture's place, in the surface's mm.
    public enum Shape: Hashable, Sendable {
        /// A small ring: something touched.
        case ring
        /// A dashed ring, a little larger: something held.
        case dashedRing
        /// A broad band with an arrowhead from `from` to the place: a path followed.
        case band(from: Point)
        /// A short arrow that ends at the place, pointing `direction`: a stroke that arrived.
        case arrowIn(SwipeDirection)
        /// A short arrow that starts at the place, pointing `direction`: a stroke that left.
        case arrowOut(SwipeDirection)
        /// A dashed ring and a ring `scale` times its size: a span that grew or shrank.
        case circles(scale: Double)
        /// An arc with an arrowhead, the angle clockwise from the top: a turn.
        case arc(Angle)
        /// A diamond, filled at its second stage: pressure.
        case diamond(filled: Bool)
        /// A small square: a button.
        case square
    }

    /// The shape.
    public var shape: Shape
    /// The words beside it: `tap ×2`, `pan 12.3 mm`, `pinch ×1.25`, `rotate 45°`.
    public var caption: String
    /// The shape's name in a picture's legend: `tap`, `long press`, `pop`.
    public var name: String

    /// A figure.
    public init(_ shape: Shape, caption: String, name: String) {
        self.shape = shape; self.caption = caption; self.name = name
    }
}
