#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Debounces accelerometer samples into a device pose and an interface orientation.
///
/// Pure and driven by sample timestamps. Each sample is put through the mount matrix;
/// glitches (beyond `outlierLimit` g, not finite) are dropped; a sample whose magnitude is
/// not about 1 g shows the device being accelerated and holds decisions off; the rest feed
/// a time-based low-pass filter. From the filtered vector: how far the screen leans back
/// (lying flat is face up or down) and the angle of "up" in the screen's plane, which
/// picks the orientation with hysteresis. A new pose is reported once the device has
/// stopped turning (`maxSwingRate`) and the pose has held for `settleTime`.
public struct OrientationFilter: Sendable {
    /// The filter's parameters.
    public let settings: OrientationSettings
    /// The accelerometer's id, written in the lines.
    public let device: Int
    /// The sensor-to-device axes (`settings.mountMatrix`, the identity when none is given).
    private let mount: MountMatrix

    /// Filter state: the low-passed vector, in device axes, m/s².
    private var filtered: SpecificForce?
    private var lastTime: Timestamp?
    private var lastAngle = 0.0
    /// Unwrapped in-plane angle, for the turn direction of a half turn.
    private var unwrappedAngle = 0.0
    private var angleAtLastDecision = 0.0
    /// Degrees per second the device is turning in its plane.
    private var swingRate = 0.0
    private var lastRawAngle = 0.0
    private var rawHistory = InlineArray<64, (Timestamp, Double)>(repeating: (.zero, 0))
    private var rawHead = 0
    private var rawCount = 0
    private var disturbedAt: Timestamp?
    private var lastAccepted: Timestamp?
    private var candidate: DevicePose = .unknown
    private var candidateSince = Timestamp.zero

    /// What the filter sees, for logs: the filtered in-plane angle (degrees, counter-
    /// clockwise), the lean back (degrees), the turn rate (degrees/s), the pose it would
    /// report, and whether the last sample was rejected as accelerated.
    public var diagnostics: (angle: Double, lean: Double, swingRate: Double, candidate: DevicePose, disturbed: Bool) {
        let f = filtered ?? SpecificForce(x: 0, y: 0, z: 0)
        let inPlane = (f.x * f.x + f.y * f.y).squareRoot()
        let lean = Swift.max(atan2(Swift.abs(f.z), inPlane), asin(Swift.min(1, Swift.abs(f.z) / SpecificForce.standardGravity)))
        return (Angle(radians: atan2(f.x, f.y)).degrees, Angle(radians: lean).degrees, swingRate, candidate,
                disturbedAt != nil && disturbedAt == lastTime)
    }

    /// The pose last reported.
    public private(set) var pose: DevicePose = .unknown
    /// The interface orientation last reported; nil before the first decision.
    public private(set) var orientation: InterfaceOrientation?

    /// A filter for accelerometer `device`.
    public init(device: Int = 0, settings: OrientationSettings = OrientationSettings()) {
        self.device = device
        self.settings = settings
        mount = settings.mountMatrix ?? .identity
    }

    /// Takes one sample; returns a line when the pose or the orientation changed.
    public mutating func process(_ sample: AccelerometerSample) -> OrientationEvent? {
        let g = SpecificForce.standardGravity
        let t = sample.time
        if let last = lastTime, t < last || t - last > settings.maxGap { restart() }
        let v = mount.apply(sample.force)
        let magnitude = v.magnitude
        guard magnitude.isFinite, magnitude <= settings.outlierLimit * g else {
            disturbedAt = t
            lastTime = t
            return nil
        }
        if Swift.abs(magnitude - g) > settings.accelerationTolerance * g {
            disturbedAt = t
            lastTime = t
            return nil
        }
        // Low-pass, by elapsed time. After a long run of rejected samples the filter holds a
        // stale direction: start again from this sample instead of creeping towards it.
        if let accepted = lastAccepted, let d = disturbedAt, d > accepted,
           t - accepted > settings.filterTimeConstant + settings.filterTimeConstant {
            filtered = nil
            rawCount = 0  // nor does a turn rate measured across the rejected stretch mean anything
        }
        lastAccepted = t
        if let f = filtered, let last = lastTime {
            let dt = Swift.max(0, (t - last).seconds)
            let alpha = 1 - exp(-dt / Swift.max(1e-6, settings.filterTimeConstant.seconds))
            filtered = SpecificForce(x: f.x + alpha * (v.x - f.x), y: f.y + alpha * (v.y - f.y), z: f.z + alpha * (v.z - f.z))
        } else {
            filtered = v
        }
        let previousTime = lastTime
        lastTime = t
        guard let f = filtered else { return nil }

        // Geometry of the filtered vector.
        // How far the screen leans back (0 upright, 90 flat), measured two ways: the vector's
        // own angle to the screen, and its out-of-screen part against 1 g. A push in the
        // screen's plane (the centripetal pull of a phone spun flat on a table) fools the
        // first; a push into the table (a tap) fools the second. The device counts as
        // upright only when both say so.
        let inPlane = (f.x * f.x + f.y * f.y).squareRoot()
        let lean = Angle(radians: Swift.max(atan2(Swift.abs(f.z), inPlane), asin(Swift.min(1, Swift.abs(f.z) / g)))).degrees
        let angle = atan2(f.x, f.y)  // counter-clockwise roll of the device, radians
        let step = Angle(radians: angle - lastAngle).shortWay.radians
        _ = previousTime
        // How fast the device turns in its plane: the change of the raw (gated, unfiltered)
        // angle over the last `swingWindow`, so it has no filter lag and, measured over a
        // fixed time, reads the same at any sample rate.
        let rawStep = Angle(radians: atan2(v.x, v.y) - lastRawAngle).shortWay.radians
        lastRawAngle += rawStep
        rawHistory[rawHead] = (t, lastRawAngle)
        rawHead = (rawHead + 1) % 64
        rawCount = Swift.min(64, rawCount + 1)
        swingRate = 0
        if rawCount >= 2 {
            // The newest sample at least a window old (or the oldest kept).
            let history = rawHistory.span
            var anchor = history[(rawHead + 64 - 2) % 64]
            for k in 2...rawCount {
                let s = history[(rawHead + 64 - k) % 64]
                anchor = s
                if t - s.0 >= settings.swingWindow { break }
            }
            let span = (t - anchor.0).seconds
            if span > 0 { swingRate = Angle(radians: Swift.abs(lastRawAngle - anchor.1)).degrees / span }
        }
        unwrappedAngle += step
        lastAngle = angle

        // What the device looks like now.
        let flatNow = pose == .faceUp || pose == .faceDown ? lean > settings.flatExit : lean > settings.flatEnter
        let seen: DevicePose
        if flatNow {
            seen = f.z > 0 ? .faceUp : .faceDown
        } else if let o = sector(angle) {
            seen = DevicePose(o)
        } else {
            seen = pose == .faceUp || pose == .faceDown ? .unknown : pose
        }
        if seen != candidate {
            candidate = seen
            candidateSince = t
        }
        // Decide only when still, undisturbed and settled.
        if let d = disturbedAt, t - d < settings.accelerationHoldoff { return nil }
        if !flatNow && swingRate > settings.maxSwingRate { return nil }
        guard candidate != .unknown, candidate != pose, t - candidateSince >= settings.settleTime else { return nil }
        return decide(candidate, at: t)
    }

    /// The orientation sector of an in-plane angle, with hysteresis around the current one.
    private func sector(_ angle: Double) -> InterfaceOrientation? {
        let degrees = Angle(radians: angle).degrees
        let nearest = InterfaceOrientation(quarterTurns: Int((degrees / 90).rounded()))
        let offNearest = Swift.abs(wrap(degrees - Double(nearest.quarterTurns) * 90))
        guard let current = pose.orientation ?? orientation else {
            return offNearest <= settings.firstDecisionMargin ? nearest : nil
        }
        let offCurrent = Swift.abs(wrap(degrees - Double(current.quarterTurns) * 90))
        return offCurrent <= 45 + settings.hysteresis ? current : nearest
    }

    private func wrap(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 } else if d <= -180 { d += 360 }
        return d
    }

    private mutating func decide(_ newPose: DevicePose, at t: Timestamp) -> OrientationEvent? {
        pose = newPose
        let previous = orientation
        var next = orientation
        if let lock = settings.lock {
            next = lock
        } else if let o = newPose.orientation, settings.allowed.contains(o) {
            next = o
        } else if next == nil, newPose.orientation == nil, let fallback = settings.flatFallback {
            next = fallback  // first seen lying flat: the app's chosen orientation
        }
        guard let interface = next else { return nil }  // flat before any orientation: nothing to say yet
        orientation = interface
        let from = previous?.rotation.radians ?? 0
        var delta = Angle(radians: interface.rotation.radians - from).shortWay.radians
        if Swift.abs(Swift.abs(delta) - Double.pi) < 1e-9 {
            // A half turn: animate the way the device went (content turns with the roll).
            delta = unwrappedAngle - angleAtLastDecision >= 0 ? Double.pi : -Double.pi
        }
        if previous != interface { angleAtLastDecision = unwrappedAngle }
        let (bounds, transform) = OrientationGeometry.layout(interface, screen: settings.screen)
        return OrientationEvent(time: t, device: device, orientation: interface, previous: previous, pose: newPose,
                                rotation: interface.rotation, rotationDelta: Angle(radians: previous == interface ? 0 : delta),
                                bounds: bounds, transform: transform)
    }

    /// Forgets the filter (after a gap or time going backwards); the pose and orientation
    /// stay until new samples decide otherwise.
    private mutating func restart() {
        filtered = nil
        lastTime = nil
        swingRate = 0
        rawCount = 0
        disturbedAt = nil
        lastAccepted = nil
        candidate = .unknown
    }
}

/// Where content goes on the screen for each orientation.
public enum OrientationGeometry {
    /// The content's size after the turn and the transform from content to screen
    /// coordinates that puts the content's corners on the screen's corners, upright.
    public static func layout(_ o: InterfaceOrientation, screen: Size) -> (Size, AffineTransform) {
        let w = screen.width.value, h = screen.height.value
        let bounds = o.isLandscape ? Size(width: h, height: w) : Size(width: w, height: h)
        let r = AffineTransform(rotation: o.rotation.radians)
        // Move the turned content box back onto the screen: its lowest corner to the origin.
        let bw = bounds.width.value, bh = bounds.height.value
        var minX = 0.0, minY = 0.0
        for corner in 1...3 {
            let p = r.apply(to: Point(x: corner & 1 == 1 ? bw : 0, y: corner & 2 == 2 ? bh : 0))
            minX = Swift.min(minX, p.x)
            minY = Swift.min(minY, p.y)
        }
        return (bounds, r.concatenating(AffineTransform(translationX: -minX, y: -minY)))
    }
}
