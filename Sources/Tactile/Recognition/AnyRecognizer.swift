/// One of the recognizers Tactile has, as a value: how an arena is given its recognizers
/// and how it shows them. (The arena itself keeps them by type, in `RecognizerSet`, so no
/// existential box and no enum payload copy sits on the per-frame path.)
public enum AnyRecognizer: Sendable {
    case tap(TapRecognizer)
    case longPress(LongPressRecognizer)
    case pan(PanRecognizer)
    case swipe(SwipeRecognizer)
    case edgeSwipe(EdgeSwipeRecognizer)
    case pinch(PinchRecognizer)
    case rotate(RotateRecognizer)
    case peek(PeekRecognizer)
    case click(ClickRecognizer)

    public var kind: GestureKind {
        switch self {
        case .tap(let r): return r.kind
        case .longPress(let r): return r.kind
        case .pan(let r): return r.kind
        case .swipe(let r): return r.kind
        case .edgeSwipe(let r): return r.kind
        case .pinch(let r): return r.kind
        case .rotate(let r): return r.kind
        case .peek(let r): return r.kind
        case .click(let r): return r.kind
        }
    }

    public var state: RecognizerState {
        switch self {
        case .tap(let r): return r.state
        case .longPress(let r): return r.state
        case .pan(let r): return r.state
        case .swipe(let r): return r.state
        case .edgeSwipe(let r): return r.state
        case .pinch(let r): return r.state
        case .rotate(let r): return r.state
        case .peek(let r): return r.state
        case .click(let r): return r.state
        }
    }

    public func deadline(_ settings: GestureSettings) -> Timestamp? {
        switch self {
        case .tap(let r): return r.deadline(settings)
        case .longPress(let r): return r.deadline(settings)
        case .pan(let r): return r.deadline(settings)
        case .swipe(let r): return r.deadline(settings)
        case .edgeSwipe(let r): return r.deadline(settings)
        case .pinch(let r): return r.deadline(settings)
        case .rotate(let r): return r.deadline(settings)
        case .peek(let r): return r.deadline(settings)
        case .click(let r): return r.deadline(settings)
        }
    }

    /// Whether its kind ever sets a deadline (`GestureRecognizer.usesTimers`).
    public var usesTimers: Bool {
        switch self {
        case .tap: return TapRecognizer.usesTimers
        case .longPress: return LongPressRecognizer.usesTimers
        case .pan: return PanRecognizer.usesTimers
        case .swipe: return SwipeRecognizer.usesTimers
        case .edgeSwipe: return EdgeSwipeRecognizer.usesTimers
        case .pinch: return PinchRecognizer.usesTimers
        case .rotate: return RotateRecognizer.usesTimers
        case .peek: return PeekRecognizer.usesTimers
        case .click: return ClickRecognizer.usesTimers
        }
    }

    public var name: String {
        switch self {
        case .tap(let r): return r.name
        case .longPress(let r): return r.name
        case .pan(let r): return r.name
        case .swipe(let r): return r.name
        case .edgeSwipe(let r): return r.name
        case .pinch(let r): return r.name
        case .rotate(let r): return r.name
        case .peek(let r): return r.name
        case .click(let r): return r.name
        }
    }
}
