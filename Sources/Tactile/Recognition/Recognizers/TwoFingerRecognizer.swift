/// The shape pinch and rotate share: a continuous gesture of two or more fingers that
/// begins when a measure of their motion (the span's scale, the turn) passes its slop,
/// writes that measure since the second finger landed and its change since the last line,
/// and ends when fewer than two fingers remain. On a touchpad it waits for the fingers'
/// motion to be classified as a pinch, and ends when it turns out to be a pan.
///
/// States: possible → began → changed… → ended | cancelled, or possible → failed.
public struct TwoFingerRecognizer<Measure: TwoFingerMeasure>: ContinuousRecognizer {
    public var state = RecognizerState.possible
    /// The measure as written so far: the running combination of every line's delta, so
    /// the deltas a reader applies add up exactly to the measure it is told.
    private var written = Measure.quantity.identity
    private var lastFingers = 2
    /// How many of them were tracked (where the ending line is: `TouchTracker.centroid(counting:)`).
    private var lastTracked = 2
    private static var quantity: TwoFingerQuantity { Measure.quantity }

    /// A recognizer waiting for two fingers.
    public init() {}

    public var kind: GestureKind { Self.quantity.kind }

    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        switch state {
        case .possible:
            if t.cancelled || t.sequenceEnded { state = .failed; return .because(Self.quantity.liftedReason) }
            guard t.trackedFingers >= 2, t.motion.allowsPinch, Self.quantity.passedSlop(t, c) else { return .none }
            state = .began
            written = Self.quantity.identity
            return .emit(line(.began, t, c), Self.quantity.beganReason)
        case .began, .changed:
            return goOn(lost: t.cancelled, over: t.trackedFingers < 2 || t.motion == .pan,
                        moved: Self.quantity.value(t) != written, t, c)
        case .ended, .cancelled, .failed, .recognized:
            return .none
        }
    }

    public mutating func line(_ phase: GesturePhase, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent {
        let delta = Self.quantity.change(from: written, to: Self.quantity.value(t))
        written = Self.quantity.applying(delta, to: written)
        if t.fingerCount >= 2 { lastFingers = t.fingerCount; lastTracked = t.trackedFingers }
        return GestureEvent(time: t.time, device: c.device, phase: phase, fingers: lastFingers, location: t.location(phase, counting: lastTracked),
                            detail: Self.quantity.detail(value: written, delta: delta, velocity: Self.quantity.velocity(t)))
    }

    public mutating func reset() {
        state = .possible
        written = Self.quantity.identity
    }
}

/// What a two-finger gesture measures (`PinchMeasure`, `RotationMeasure`): one of the
/// quantities below, named as a type so that each gesture's recognizer is specialised for
/// it and the choices in `TwoFingerQuantity` fold away at compile time.
public protocol TwoFingerMeasure: Sendable {
    /// Which quantity the recognizer follows.
    static var quantity: TwoFingerQuantity { get }
}

/// The two quantities two fingers measure, and everything in which they differ: a span's
/// scale combines by ratios from 1, a turn by differences from 0.
public enum TwoFingerQuantity: Sendable {
    /// The fingers' span relative to its length when the second finger landed.
    case scale
    /// The turn of the fingers about their centroid since then, radians clockwise.
    case rotation

    public var kind: GestureKind { self == .scale ? .pinch : .rotate }
    /// The quantity before any motion.
    public var identity: Double { self == .scale ? 1 : 0 }
    /// Since the second finger landed (`TouchTracker`).
    @inline(__always) public func value(_ t: TouchTracker) -> Double { self == .scale ? t.scale : t.rotation }
    /// Per second, now.
    public func velocity(_ t: TouchTracker) -> Double { self == .scale ? t.velocity.scale : t.velocity.rotation }
    /// The change from `old` to `new`, and that change applied.
    @inline(__always) public func change(from old: Double, to new: Double) -> Double { self == .scale ? new / old : new - old }
    /// `value` after a step of `delta`: a scale multiplies, a turn adds.
    public func applying(_ delta: Double, to value: Double) -> Double { self == .scale ? value * delta : value + delta }

    /// The fingers moved far enough in this quantity to begin (on a touchpad, a scale also
    /// begins when the fingers' motion was classified as a pinch).
    @inline(__always) public func passedSlop(_ t: TouchTracker, _ c: RecognizerContext) -> Bool {
        self == .scale ? t.motion == .pinch || t.settledSpanChange > c.settings.pinchSlop.value
            : Swift.abs(t.settledRotation) > c.settings.rotationSlop.radians
    }

    /// The line's detail for this value, step and rate.
    public func detail(value: Double, delta: Double, velocity: Double) -> GestureEvent.Detail {
        self == .scale ? .pinch(scale: value, scaleDelta: delta, velocity: velocity)
            : .rotate(rotation: Angle(radians: value), rotationDelta: Angle(radians: delta),
                      velocity: AngularVelocity(radiansPerSecond: velocity))
    }

    var beganReason: StaticString { self == .scale ? "span changed past the slop" : "turned past the slop" }
    var liftedReason: StaticString { self == .scale ? "lifted without pinching" : "lifted without turning" }
}
