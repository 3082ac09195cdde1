/// Edge swipe (touchscreens): the first finger lands within `edgeZone` of an edge of the
/// surface and moves inward at least `edgeSwipeMinDistance` within `edgeSwipeMaxDuration`,
/// more inward than along the edge. Discrete: recognized as the distance is crossed.
///
/// States: possible → recognized | failed.
public struct EdgeSwipeRecognizer: DiscreteRecognizer, TimedRecognizer {
    public var state = RecognizerState.possible
    private var edge: ScreenEdge?
    private var corner: ScreenCorner?
    private var finger: Int?
    private var downTime = Timestamp.zero
    private var downPosition = Point.zero

    /// An edge swipe recognizer, waiting for a touch at an edge.
    public init() {}

    public var kind: GestureKind { .edgeSwipe }
    public func deadline(_ settings: GestureSettings) -> Timestamp? {
        guard state == .possible, finger != nil else { return nil }
        return downTime + settings.edgeSwipeMaxDuration
    }

    @inline(__always)
    public mutating func decide(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        if finger == nil {
            guard let first = t.firstFinger, t.sequenceBegan else {
                state = .failed
                return .because("did not start at an edge")
            }
            guard c.kind == .touchscreen, let e = Self.edge(of: first.downPosition, size: c.size, zone: c.settings.edgeZone.value) else {
                state = .failed
                return .because("did not start at an edge")
            }
            edge = e
            corner = Self.corner(of: first.downPosition, size: c.size, zone: c.settings.edgeZone.value)
            finger = first.id
            downTime = first.downTime
            downPosition = first.downPosition
        }
        guard let id = finger, var edge, let f = t.finger(id) else {
            state = .failed
            return .because("lifted before moving inward")
        }
        let move = f.position - downPosition
        // From a corner the stroke leaves by the edge it moves most inward from: a finger
        // that lands a fraction of a millimetre nearer the left edge and goes up is a swipe
        // in from the bottom.
        if let corner, Self.split(move, from: corner.edges.1).inward > Self.split(move, from: corner.edges.0).inward {
            edge = corner.edges.1
        } else if let corner {
            edge = corner.edges.0
        }
        let (inward, along) = Self.split(move, from: edge)
        guard inward >= c.settings.edgeSwipeMinDistance.value else { return .none }
        guard Swift.abs(along) <= inward else { state = .failed; return .because("moved along the edge") }
        let direction: SwipeDirection
        switch edge {
        case .left: direction = .right
        case .right: direction = .left
        case .top: direction = .down
        case .bottom: direction = .up
        }
        state = .recognized
        return .emit(GestureEvent(time: t.time, device: c.device, phase: .recognized, fingers: t.fingerCount,
                                  location: t.centroid, detail: .edgeSwipe(edge: edge, direction: direction, corner: corner)),
                     "moved inward from the edge")
    }

    /// A motion as how far it went inward from `edge` and how far along it.
    static func split(_ move: Vector, from edge: ScreenEdge) -> (inward: Double, along: Double) {
        switch edge {
        case .left: return (move.x, move.y)
        case .right: return (-move.x, move.y)
        case .top: return (move.y, move.x)
        case .bottom: return (-move.y, move.x)
        }
    }

    /// The edge a touch-down is within `zone` mm of (the nearest, if several).
    static func edge(of p: Point, size: Size?, zone: Double) -> ScreenEdge? {
        var best: (ScreenEdge, Double)?
        func consider(_ e: ScreenEdge, _ d: Double) {
            if d <= zone, best == nil || d < best!.1 { best = (e, d) }
        }
        consider(.left, p.x)
        consider(.top, p.y)
        if let size {
            consider(.right, size.width.value - p.x)
            consider(.bottom, size.height.value - p.y)
        }
        return best?.0
    }

    /// The corner a touch-down is in: within `zone` mm of two edges at once (a surface of
    /// unknown size has only its top left).
    static func corner(of p: Point, size: Size?, zone: Double) -> ScreenCorner? {
        let vertical: ScreenEdge? = p.y <= zone ? .top : size.map { $0.height.value - p.y <= zone } == true ? .bottom : nil
        let horizontal: ScreenEdge? = p.x <= zone ? .left : size.map { $0.width.value - p.x <= zone } == true ? .right : nil
        guard let vertical, let horizontal else { return nil }
        return ScreenCorner(vertical, horizontal)
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard state == .possible, let d = deadline(c.settings), now >= d else { return .none }
        state = .failed
        return .because("too slow for an edge swipe")
    }

    public mutating func reset() {
        state = .possible
        edge = nil
        corner = nil
        finger = nil
    }
}
