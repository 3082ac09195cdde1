/// Every recognizer threshold, in physical units (mm, ms, mm/s, radians, pressure 0...1).
///
/// Defaults and where each comes from are in `docs/gestures.md`. Distances are in
/// millimetres on the surface, so they mean the same on every device whatever its
/// resolution.
public struct GestureSettings: Hashable, Sendable {
    /// How far a finger may move and still be a tap or a long press, and how far the
    /// fingers' centroid must move before a pan begins. Android's TOUCH_SLOP is 8 dp
    /// (1.27 mm); UIKit's allowableMovement is 10 pt (1.6 mm on a 163 ppi phone).
    public var touchSlop = Millimetres(1.5)
    /// Longest touch that is still a tap (Android: LONG_PRESS_TIMEOUT, 400 ms).
    public var tapMaxDuration = TimeSpan.milliseconds(400)
    /// Longest wait from one tap's lift to the next tap's touch-down (Android:
    /// DOUBLE_TAP_TIMEOUT, 300 ms).
    public var multiTapInterval = TimeSpan.milliseconds(300)
    /// Farthest the next tap of a multi-tap may land from the first (Android:
    /// DOUBLE_TAP_SLOP, 100 dp = 16 mm).
    public var multiTapSlop = Millimetres(16)
    /// The most taps in a row recognized as one gesture (a triple tap by default). A tap
    /// waits `multiTapInterval` after its lift for the next only while a longer run could
    /// still come: with 1, every tap is recognized as it lifts (Android's `onSingleTapUp`
    /// rather than `onSingleTapConfirmed`). `tactile bind` sets it to the most `taps` its
    /// bindings name.
    public var maxTaps = 3
    /// Shortest press that is a long press (UIKit: minimumPressDuration, 500 ms).
    public var longPressMinDuration = TimeSpan.milliseconds(500)
    /// How long after a finger lands its position may still be a landing transient (a
    /// finger flattening onto the surface, a controller's first estimates): one or two
    /// frames at the common 60–120 Hz report rates, so a spike in the first 20 ms has
    /// returned by the first frame after it. Travel counts from where the finger was when
    /// it ended (a tap stays a tap, a hold a hold), and pan, pinch and rotate begin on the
    /// motion after it, their lines still counting from the landing: a drag loses nothing.
    public var landingSettle = TimeSpan.milliseconds(30)
    /// Slowest release that is a swipe, mm/s. A deliberate flick moves at 200–1000 mm/s,
    /// a pan that is let go of slows below 100 mm/s.
    public var swipeMinVelocity = Speed(millimetresPerSecond: 150)
    /// Shortest movement, since touch-down, that is a swipe.
    public var swipeMinDistance = Millimetres(10)
    /// The window release velocity is measured over (Android's VelocityTracker uses the
    /// last 100 ms).
    public var velocityWindow = TimeSpan.milliseconds(100)
    /// Largest angle from the axis for a swipe direction (45° means the nearer axis wins).
    public var swipeMaxAngle = Angle(degrees: 30)
    /// How close to an edge a touch must land to start an edge swipe (UIKit's screen-edge
    /// region is about 20 pt, 3 mm on a phone; Android's EDGE_SLOP is 12 dp, 1.9 mm).
    public var edgeZone = Millimetres(4)
    /// How far inward an edge swipe must move, and how fast (within this time).
    public var edgeSwipeMinDistance = Millimetres(10)
    /// How long an edge swipe may take.
    public var edgeSwipeMaxDuration = TimeSpan.milliseconds(500)
    /// How much the finger span must change before a pinch begins.
    public var pinchSlop = Millimetres(5)
    /// How far the fingers must turn before a rotation begins (UIKit's rotation
    /// recognizer starts after a few degrees; 10° keeps two-finger scrolls out).
    public var rotationSlop = Angle(degrees: 10)
    /// Pressure at which a peek begins, and at which it pops (3D Touch's peek and pop
    /// were at about half and most of the sensor's range).
    public var peekPressure = 0.5
    /// Pressure at which a peek pops.
    public var popPressure = 0.8
    /// Pressure must move this much from the last line before another line is written, so
    /// a pressure hovering at a threshold does not flicker.
    public var pressureHysteresis = 0.05

    // Touchpads (libinput's conventions; see docs/gestures.md).

    /// `touchSlop` on touchpads: a finger on a touchpad rolls as it lands, presses and
    /// lifts (1 to 2.5 mm in the ChromeOS drumroll recordings); libinput's tap motion
    /// threshold is 1.3 mm on top of pressure-based touch ends, which light fingers defeat.
    public var touchpadTouchSlop = Millimetres(3)
    /// `tapMaxDuration` on touchpads, counted from the last finger that landed or lifted:
    /// libinput's tap timeout (`DEFAULT_TAP_TIMEOUT_PERIOD`, 180 ms), which its tap state
    /// machine sets again at every touch and release of a tap.
    public var touchpadTapMaxDuration = TimeSpan.milliseconds(180)
    /// `longPressMinDuration` on touchpads: libinput's hold begins when its tap times out
    /// (`DEFAULT_GESTURE_HOLD_TIMEOUT`, 180 ms).
    public var touchpadHoldMinDuration = TimeSpan.milliseconds(180)
    /// The bottom part of a touchpad, as a fraction of its height, where a still contact
    /// beside a finger is a thumb (libinput's thumb line is at 85% of the height).
    public var thumbZone = 0.15
    /// How far a finger pinned by a click must move before its motion counts again
    /// (libinput's `tp_unpin_finger`: 1.5 mm).
    public var pinDistance = Millimetres(1.5)
    /// 0: a clickpad's click is left, right or middle by the fingers on the pad (1, 2, 3:
    /// libinput's clickfinger, the default); 1: by where the finger is, the bottom
    /// `buttonAreaHeight` split in left, middle and right (libinput's software buttons).
    public var clickButtonAreas = 0.0
    /// Height of the software button areas at the bottom of a clickpad.
    public var buttonAreaHeight = Millimetres(10)

    /// The defaults (docs/gestures.md says where each comes from).
    public init() {}
}

extension GestureSettings {
    /// Every setting by name, with its unit and how it is read and written: the one list
    /// that configuration files, `--set` and `--list-settings` use. A new threshold is a
    /// stored property above and a line here.
    public static let all: [Setting] = [
        .length("touchSlop", \.touchSlop), .time("tapMaxDuration", \.tapMaxDuration),
        .time("multiTapInterval", \.multiTapInterval), .length("multiTapSlop", \.multiTapSlop), .count("maxTaps", \.maxTaps, 1...10),
        .time("longPressMinDuration", \.longPressMinDuration), .time("landingSettle", \.landingSettle), .speed("swipeMinVelocity", \.swipeMinVelocity),
        .length("swipeMinDistance", \.swipeMinDistance), .time("velocityWindow", \.velocityWindow, aboveZero: true),
        .angle("swipeMaxAngle", \.swipeMaxAngle), .length("edgeZone", \.edgeZone),
        .length("edgeSwipeMinDistance", \.edgeSwipeMinDistance), .time("edgeSwipeMaxDuration", \.edgeSwipeMaxDuration),
        .length("pinchSlop", \.pinchSlop), .angle("rotationSlop", \.rotationSlop),
        .fraction("peekPressure", \.peekPressure, "a pressure"), .fraction("popPressure", \.popPressure, "a pressure"),
        .fraction("pressureHysteresis", \.pressureHysteresis, "a pressure"),
        .length("touchpadTouchSlop", \.touchpadTouchSlop), .time("touchpadTapMaxDuration", \.touchpadTapMaxDuration),
        .time("touchpadHoldMinDuration", \.touchpadHoldMinDuration), .fraction("thumbZone", \.thumbZone, "a fraction of the height"),
        .length("pinDistance", \.pinDistance), .flag("clickButtonAreas", \.clickButtonAreas, off: "clickfinger", on: "areas"),
        .length("buttonAreaHeight", \.buttonAreaHeight),
    ]

    /// The settings by name, with their units.
    public static var keys: [(name: String, unit: String)] { all.map { ($0.name, $0.unit) } }

    /// Sets one value by name, in the unit `all` gives. Throws a message naming the key.
    public mutating func set(_ name: String, _ value: Double) throws(SettingError) {
        guard value.isFinite, value >= 0, value <= 1e9 else {
            throw SettingError("\(name) must be a number from 0 to 1e9, not \(value)")
        }
        guard let setting = Self.all.first(where: { $0.name == name }) else {
            throw SettingError("unknown setting \"\(name)\"; known: \(Self.all.map(\.name).joined(separator: ", "))")
        }
        try setting.write(&self, value)
    }

    /// The value of a setting in its unit (`Setting.read`), or nil for an unknown name.
    public func value(of name: String) -> Double? {
        Self.all.first { $0.name == name }?.read(self)
    }

    /// A setting that cannot be set: an unknown name, or a value out of range.
    public struct SettingError: Error, Sendable {
        /// What is wrong.
        public var message: String
        init(_ message: String) { self.message = message }
    }

    /// One setting: its name, its unit as written in configuration, and the conversion
    /// between that unit and the stored value (mm, `TimeSpan`, radians, 0...1).
    public struct Setting: Sendable {
        /// The setting's name, as `--set` takes it.
        public let name: String
        /// The unit its value is given in.
        public let unit: String
        /// The stored value in `unit`.
        public let read: @Sendable (GestureSettings) -> Double
        let write: @Sendable (inout GestureSettings, Double) throws(SettingError) -> Void

        static func length(_ name: String, _ key: WritableKeyPath<GestureSettings, Millimetres> & Sendable) -> Setting {
            Setting(name: name, unit: "mm", read: { $0[keyPath: key].value }, write: { $0[keyPath: key] = Millimetres($1) })
        }

        static func time(_ name: String, _ key: WritableKeyPath<GestureSettings, TimeSpan> & Sendable, aboveZero: Bool = false) -> Setting {
            Setting(name: name, unit: "ms", read: { $0[keyPath: key].milliseconds }, write: { s, v throws(SettingError) in
                if aboveZero && v <= 0 { throw SettingError("\(name) must be above 0 ms") }
                s[keyPath: key] = .milliseconds(v)
            })
        }

        static func speed(_ name: String, _ key: WritableKeyPath<GestureSettings, Speed> & Sendable) -> Setting {
            Setting(name: name, unit: "mm/s", read: { $0[keyPath: key].millimetresPerSecond },
                    write: { $0[keyPath: key] = Speed(millimetresPerSecond: $1) })
        }

        /// Stored in radians, written in degrees (read back rounded to the degree).
        static func angle(_ name: String, _ key: WritableKeyPath<GestureSettings, Angle> & Sendable) -> Setting {
            Setting(name: name, unit: "degrees", read: { $0[keyPath: key].degrees.rounded() },
                    write: { $0[keyPath: key] = Angle(degrees: $1) })
        }

        static func fraction(_ name: String, _ key: WritableKeyPath<GestureSettings, Double> & Sendable, _ what: String) -> Setting {
            Setting(name: name, unit: "0...1", read: { $0[keyPath: key] }, write: { s, v throws(SettingError) in
                guard v <= 1 else { throw SettingError("\(name) is \(what), 0...1, not \(v)") }
                s[keyPath: key] = v
            })
        }

        static func count(_ name: String, _ key: WritableKeyPath<GestureSettings, Int> & Sendable, _ range: ClosedRange<Int>) -> Setting {
            Setting(name: name, unit: "count", read: { Double($0[keyPath: key]) }, write: { s, v throws(SettingError) in
                guard v == v.rounded(), range.contains(Int(v)) else { throw SettingError("\(name) is a whole number from \(range.lowerBound) to \(range.upperBound), not \(v)") }
                s[keyPath: key] = Int(v)
            })
        }

        static func flag(_ name: String, _ key: WritableKeyPath<GestureSettings, Double> & Sendable, off: String, on: String) -> Setting {
            Setting(name: name, unit: "0 or 1", read: { $0[keyPath: key] }, write: { s, v throws(SettingError) in
                guard v == 0 || v == 1 else { throw SettingError("\(name) is 0 (\(off)) or 1 (\(on)), not \(v)") }
                s[keyPath: key] = v
            })
        }
    }
}
