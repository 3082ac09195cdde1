/// The orientation filter's parameters. Defaults and the reasoning behind them are in
/// `docs/orientation.md`.
public struct OrientationSettings: Hashable, Sendable {
    /// Low-pass time constant. Time-based (α = 1 − e^(−Δt/τ)), so the filter behaves the
    /// same at 5 Hz and 400 Hz. Android uses 200 ms; 50 ms is enough once swings and
    /// accelerations are rejected separately, and cuts the latency by 150 ms.
    public var filterTimeConstant = TimeSpan.milliseconds(50)
    /// A sample whose magnitude is further than this from 1 g shows the device is being
    /// accelerated, not held: it is left out of the filter and decisions wait.
    public var accelerationTolerance = 0.2  // in g
    /// Samples beyond this many g are sensor glitches and are dropped outright.
    public var outlierLimit = 4.0
    /// How long decisions wait after an accelerated sample.
    public var accelerationHoldoff = TimeSpan.milliseconds(60)
    /// While the device turns in its plane faster than this (degrees/s, measured on raw
    /// samples over `swingWindow`) it is still turning or swinging: no decision. A hand
    /// holding still turns < 20°/s; a turn runs at 100–1000°/s.
    public var maxSwingRate = 50.0
    /// How far back the turn rate is measured.
    public var swingWindow = TimeSpan.milliseconds(80)
    /// How long a new pose must hold before it is reported.
    public var settleTime = TimeSpan.milliseconds(40)
    /// Past its sector's ±45°, the in-plane angle must go this much further before the
    /// orientation changes: switching to landscape at 62.5° and back at 27.5° — 35° of
    /// hysteresis, measured in the screen's plane so it is the same at every lean.
    public var hysteresis = 17.5
    /// The first decision needs the angle within this of a sector's centre.
    public var firstDecisionMargin = 35.0
    /// The screen leaning back more than this from vertical (degrees) is lying flat:
    /// face up or face down. It must come back under `flatExit` to leave.
    public var flatEnter = 75.0
    /// The lean (degrees) under which a device lying flat is held up again.
    public var flatExit = 70.0
    /// A gap longer than this between samples, or time going backwards, resets the filter.
    public var maxGap = TimeSpan.seconds(1)
    /// Orientations the interface may take; a pose outside them keeps the current one.
    public var allowed: Set<InterfaceOrientation> = Set(InterfaceOrientation.allCases)
    /// When set, the interface stays in this orientation whatever the pose.
    public var lock: InterfaceOrientation?
    /// The orientation to take when the device is first seen lying flat (face up or face
    /// down) before any orientation was decided: an app started on a table shows its
    /// content this way at once. Nil (the default) decides nothing until the device is
    /// held up. Once an orientation is known, lying flat keeps it either way.
    public var flatFallback: InterfaceOrientation?
    /// The screen's size in portrait, mm, for `bounds` and `transform`.
    public var screen = Size(width: 90, height: 160)
    /// The sensor-to-device axes a person gave. Nil (the default): the matrix the system
    /// reports for the device (udev's `ACCEL_MOUNT_MATRIX`, handed to
    /// `Recognition.add(_:mountMatrix:)`), else the identity. One given here wins over the
    /// system's, the identity included: that is how a wrong system matrix is overridden.
    public var mountMatrix: MountMatrix?

    /// These settings for a device whose system reports `systemMatrix`: the matrix a
    /// person gave wins; else the system's; else none (the identity).
    public func mounted(system systemMatrix: MountMatrix?) -> OrientationSettings {
        var s = self
        if s.mountMatrix == nil { s.mountMatrix = systemMatrix }
        return s
    }

    /// The defaults (docs/orientation.md).
    public init() {}
}
