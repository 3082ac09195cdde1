/// Which gesture an output line is about (`gesture` in the output format).
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    case tap, longPress, pan, swipe, edgeSwipe, pinch, rotate, peek, click

    /// Gestures of moving fingers, which may run together.
    public var isMotion: Bool {
        switch self {
        case .pan, .swipe, .edgeSwipe, .pinch, .rotate: return true
        case .tap, .longPress, .peek, .click: return false
        }
    }

    /// Whether this gesture, starting, ends `other` under way instead of losing to it: a
    /// physical click ends whatever it may not run with; force ends a long press.
    public func preempts(_ other: GestureKind) -> Bool {
        switch self {
        case .click: return other != .click
        case .peek: return other == .longPress
        case .tap, .longPress, .pan, .swipe, .edgeSwipe, .pinch, .rotate: return false
        }
    }

    /// Discrete gestures emit one `recognized` line; continuous ones began/changed/ended.
    public var isDiscrete: Bool {
        switch self {
        case .tap, .swipe, .edgeSwipe, .click: return true
        case .longPress, .pan, .pinch, .rotate, .peek: return false
        }
    }
}

/// `state` in the output format.
public enum GesturePhase: String, Hashable, Sendable {
    case recognized, began, changed, ended, cancelled
}

public enum SwipeDirection: String, Hashable, Sendable { case left, right, up, down }
public enum ScreenEdge: String, Hashable, Sendable { case left, right, top, bottom }
public enum PeekStage: String, Hashable, Sendable { case peek, pop }
/// The button a click means: what the pad's button reported, or (on a clickpad, whose
/// whole surface is one button) what the fingers on it mean (`ClickRecognizer`).
public enum ClickButton: String, Hashable, Sendable { case left, right, middle }

/// One gesture output line.
public struct GestureEvent: Hashable, Sendable {
    public var time: Timestamp
    public var device: Int
    public var fingers: Int
    /// Centroid of the fingers, mm.
    public var location: Point
    public var detail: Detail
    // Last, beside the detail's tag: between `device` and `fingers`, its one byte made
    // every copy of a line straddle two stores, a store-forwarding stall per line.
    public var phase: GesturePhase

    public enum Detail: Hashable, Sendable {
        case tap(taps: Int)
        case longPress
        /// mm since began (from touch-down), mm since the previous line, mm/s.
        case pan(translation: Point, delta: Point, velocity: Point)
        /// mm/s at release.
        case swipe(direction: SwipeDirection, velocity: Point)
        case edgeSwipe(edge: ScreenEdge, direction: SwipeDirection)
        /// Span ratio since the fingers touched down, ratio to the previous line, scale/s.
        case pinch(scale: Double, scaleDelta: Double, velocity: Double)
        /// Radians clockwise since the fingers touched down (unwrapped), since the previous
        /// line, rad/s.
        case rotate(rotation: Double, rotationDelta: Double, velocity: Double)
        case peek(stage: PeekStage, pressure: Double)
        case click(button: ClickButton)
    }

    public init(time: Timestamp, device: Int, phase: GesturePhase, fingers: Int, location: Point, detail: Detail) {
        self.time = time; self.device = device; self.phase = phase
        self.fingers = fingers; self.location = location; self.detail = detail
    }

    public var kind: GestureKind {
        switch detail {
        case .tap: return .tap
        case .longPress: return .longPress
        case .pan: return .pan
        case .swipe: return .swipe
        case .edgeSwipe: return .edgeSwipe
        case .pinch: return .pinch
        case .rotate: return .rotate
        case .peek: return .peek
        case .click: return .click
        }
    }
}
