/// One of the recognizers Tactile has, as a value: the arena keeps these in an array and
/// dispatches with a switch, so no existential boxes sit on the per-frame path.
public enum AnyRecognizer: Sendable {
    case tap(TapRecognizer)
    case longPress(LongPressRecognizer)
    case pan(PanRecognizer)
    case swipe(SwipeRecognizer)
    case edgeSwipe(EdgeSwipeRecognizer)
    case pinch(PinchRecognizer)
    case rotate(RotateRecognizer)
    case peek(PeekRecognizer)

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
        }
    }

    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.frame(t, c); self = .tap(r); return s
        case .longPress(var r): let s = r.frame(t, c); self = .longPress(r); return s
        case .pan(var r): let s = r.frame(t, c); self = .pan(r); return s
        case .swipe(var r): let s = r.frame(t, c); self = .swipe(r); return s
        case .edgeSwipe(var r): let s = r.frame(t, c); self = .edgeSwipe(r); return s
        case .pinch(var r): let s = r.frame(t, c); self = .pinch(r); return s
        case .rotate(var r): let s = r.frame(t, c); self = .rotate(r); return s
        case .peek(var r): let s = r.frame(t, c); self = .peek(r); return s
        }
    }

    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch self {
        case .tap(var r): let s = r.timer(now, t, c); self = .tap(r); return s
        case .longPress(var r): let s = r.timer(now, t, c); self = .longPress(r); return s
        case .pan(var r): let s = r.timer(now, t, c); self = .pan(r); return s
        case .swipe(var r): let s = r.timer(now, t, c); self = .swipe(r); return s
        case .edgeSwipe(var r): let s = r.timer(now, t, c); self = .edgeSwipe(r); return s
        case .pinch(var r): let s = r.timer(now, t, c); self = .pinch(r); return s
        case .rotate(var r): let s = r.timer(now, t, c); self = .rotate(r); return s
        case .peek(var r): let s = r.timer(now, t, c); self = .peek(r); return s
        }
    }

    public mutating func fail(_ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent? {
        switch self {
        case .tap(var r): let e = r.fail(t, c); self = .tap(r); return e
        case .longPress(var r): let e = r.fail(t, c); self = .longPress(r); return e
        case .pan(var r): let e = r.fail(t, c); self = .pan(r); return e
        case .swipe(var r): let e = r.fail(t, c); self = .swipe(r); return e
        case .edgeSwipe(var r): let e = r.fail(t, c); self = .edgeSwipe(r); return e
        case .pinch(var r): let e = r.fail(t, c); self = .pinch(r); return e
        case .rotate(var r): let e = r.fail(t, c); self = .rotate(r); return e
        case .peek(var r): let e = r.fail(t, c); self = .peek(r); return e
        }
    }

    public mutating func reset() {
        switch self {
        case .tap(var r): r.reset(); self = .tap(r)
        case .longPress(var r): r.reset(); self = .longPress(r)
        case .pan(var r): r.reset(); self = .pan(r)
        case .swipe(var r): r.reset(); self = .swipe(r)
        case .edgeSwipe(var r): r.reset(); self = .edgeSwipe(r)
        case .pinch(var r): r.reset(); self = .pinch(r)
        case .rotate(var r): r.reset(); self = .rotate(r)
        case .peek(var r): r.reset(); self = .peek(r)
        }
    }
}
