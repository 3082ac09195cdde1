import Tactile

/// How far an output value may be from the expected one and still count as the same, in
/// the units a person thinks in. Recognition from the same input is exact, so the defaults
/// are for what legitimately wobbles: a replay's timing, a recording from another board of
/// the same device, a refactor's last floating-point bit.
public struct LineTolerance: Sendable, Hashable {
    /// Times (`t`, `TACTILE_TIME`): 5 ms, a frame of a 200 Hz device.
    public var time = TimeSpan.milliseconds(5)
    /// Positions and distances (`location`, `translation`, `delta`, `bounds`, `{x}`,
    /// `{dx}`): 0.5 mm, a finger's wander at rest.
    public var position = Millimetres(0.5)
    /// Scale factors (`scale`, `scaleDelta`, `{scale}`): 0.01.
    public var scale = 0.01
    /// Angles (`rotation`, `rotationDelta` in radians, `{rotation}` in degrees): 1°.
    public var degrees = 1.0
    /// Velocities (mm/s, scale/s, rad/s): this share of the larger of the two, since a
    /// speed follows the frame timing (10%).
    public var speedShare = 0.1
    /// Pressures and progress, 0...1: 0.01.
    public var pressure = 0.01
    /// Whether a derived member of a gesture line (a `velocity`, or a `delta`,
    /// `scaleDelta` or `rotationDelta`) is left alone while the member it is computed from
    /// (the line's `translation`, `scale` or `rotation`) agrees: it follows the frame timing
    /// more than the gesture, so a near-zero velocity at a pinch's end is not a difference
    /// of its own. True by default; `exact` compares every number.
    public var derivedFollowSource = true

    /// The defaults above.
    public init() {}

    /// No tolerance at all: every number must be equal.
    public static let exact: LineTolerance = {
        var t = LineTolerance()
        t.time = .zero
        t.position = Millimetres(0)
        t.scale = 0
        t.degrees = 0
        t.speedShare = 0
        t.pressure = 0
        t.derivedFollowSource = false
        return t
    }()

    /// The member of a gesture line that `key` is derived from, when the line (whose
    /// member names are `members`) has it: a velocity is the rate of the scale (pinch),
    /// rotation (rotate) or translation (pan), a delta the last step of it. Nil for a
    /// member that is not derived, or whose source the line lacks (a swipe's velocity).
    static func source(ofDerived key: String, among members: [String]) -> String? {
        let source: String? = switch key {
        case "velocity": ["scale", "rotation", "translation"].first(where: members.contains)
        case "scaleDelta": "scale"
        case "rotationDelta": "rotation"
        case "delta": "translation"
        default: nil
        }
        return source.flatMap { members.contains($0) ? $0 : nil }
    }

    /// What kind of quantity a value under `key` is (a line's member, or a `TACTILE_*`
    /// variable of a bind action).
    enum Quantity: Equatable {
        case time, position, scale, radians, degrees, speed, pressure, exact

        init(key: String) {
            switch key {
            case "t", "TACTILE_TIME": self = .time
            case "location", "translation", "delta", "bounds", "TACTILE_X", "TACTILE_Y", "TACTILE_DX", "TACTILE_DY": self = .position
            case "scale", "scaleDelta", "TACTILE_SCALE": self = .scale
            case "rotation", "rotationDelta": self = .radians
            case "TACTILE_ROTATION": self = .degrees
            case "velocity": self = .speed
            case "pressure", "TACTILE_PRESSURE", "TACTILE_PROGRESS": self = .pressure
            default: self = .exact
            }
        }

        /// As a difference names it; nil for what must be equal.
        var named: LineDifference.Quantity? {
            switch self {
            case .time: return .time
            case .position: return .position
            case .scale: return .scale
            case .radians, .degrees: return .angle
            case .speed: return .speed
            case .pressure: return .pressure
            case .exact: return nil
            }
        }

        /// How it is named in a difference: its unit.
        var unit: String {
            switch self {
            case .time: return "s"
            case .position: return "mm"
            case .radians, .degrees: return "°"
            case .scale, .speed, .pressure, .exact: return ""
            }
        }
    }

    /// Whether `a` and `b` agree within the tolerance of `q`. A difference equal to the
    /// tolerance agrees, to within the rounding of numbers read from text (0.34 - 0.33 is
    /// 0.010000000000000009) and of the tolerance's own unit (1° in radians).
    func agree(_ q: Quantity, _ a: Double, _ b: Double) -> Bool {
        let limit = allowed(q, a, b)
        return Swift.abs(a - b) <= limit + 1e-9 * limit + 1e-12 * Swift.max(1, Swift.abs(a), Swift.abs(b))
    }

    /// The largest difference allowed between `a` and `b`, in the value's own unit.
    func allowed(_ q: Quantity, _ a: Double, _ b: Double) -> Double {
        switch q {
        case .time: return Double(time.microseconds) / 1e6
        case .position: return position.value
        case .scale: return scale
        case .radians: return Angle(degrees: degrees).radians
        case .degrees: return degrees
        case .speed: return speedShare * Swift.max(Swift.abs(a), Swift.abs(b)) + 1e-3
        case .pressure: return pressure
        case .exact: return 0
        }
    }
}
