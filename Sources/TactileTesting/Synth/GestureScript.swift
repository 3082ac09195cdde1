import Tactile

/// A gesture written as steps in physical units: fingers landing, moving along lines or
/// arcs, pinching, turning, resting, pressing, lifting, each with a duration. `frames()`
/// plays it into the touch frames a device would report at `rate`, with seeded noise, so
/// the same script always gives the same frames; `tactile synth` writes them as a trace,
/// a raw protocol B trace or an evemu recording that replays through uinput like a real one.
///
/// The standard gestures are one step each (`Step.tap`, `.swipe`, `.pinch`...); the
/// primitive steps (`.down`, `.move`, `.lift`...) write anything else.
public struct GestureScript: Sendable {
    /// The device the frames come from (its kind and size decide where "the middle" and
    /// "the left edge" are).
    public var device: DeviceDescription
    /// Frames per second while fingers are down.
    public var rate = 100.0
    /// The standard deviation of each finger's position noise, mm (0: none).
    public var noise = Millimetres(0)
    /// The noise's seed.
    public var seed: UInt64 = 1
    /// Quiet time between standard gestures: long enough that taps do not run together
    /// into a double tap.
    public var gap = TimeSpan.milliseconds(600)
    /// The steps, in order.
    public var steps: [Step]

    /// A script of `steps` on `device`.
    public init(device: DeviceDescription, steps: [Step]) {
        self.device = device
        self.steps = steps
    }

    /// One step.
    public enum Step: Sendable, Hashable {
        // The standard gestures: each lands its fingers, does its motion and lifts them.
        /// `taps` taps of `fingers` fingers at `at` (the middle when nil).
        case tap(fingers: Int = 1, taps: Int = 1, at: Point? = nil)
        /// Fingers held still for `duration` (a long press; libinput's hold).
        case hold(fingers: Int = 1, duration: TimeSpan = .milliseconds(800), at: Point? = nil)
        /// Fingers moved by `by` over `duration`: a pan.
        case pan(fingers: Int = 1, by: Vector, duration: TimeSpan = .milliseconds(500), at: Point? = nil)
        /// A quick stroke: `distance` in `direction` over `duration`.
        case swipe(fingers: Int = 1, direction: SwipeDirection, distance: Millimetres = Millimetres(40),
                   duration: TimeSpan = .milliseconds(120), at: Point? = nil)
        /// One finger landing 1 mm inside `edge` and moving `distance` inward.
        case edgeSwipe(edge: ScreenEdge, distance: Millimetres = Millimetres(30), duration: TimeSpan = .milliseconds(150))
        /// `fingers` fingers around a point, their span changed by `scale`.
        case pinch(fingers: Int = 2, scale: Double, duration: TimeSpan = .milliseconds(500), at: Point? = nil)
        /// `fingers` fingers turned by `degrees` clockwise around their centre.
        case rotate(fingers: Int = 2, degrees: Double, duration: TimeSpan = .milliseconds(600), at: Point? = nil)
        /// `fingers` fingers spread by `scale` and turned by `degrees` at once: a pinch while
        /// rotating (a photo zoomed as it is turned).
        case pinchRotate(fingers: Int = 2, scale: Double, degrees: Double, duration: TimeSpan = .milliseconds(600), at: Point? = nil)
        /// One finger pressing to `pressure` (0...1): a peek, or past the pop threshold a pop.
        case press(pressure: Double, duration: TimeSpan = .milliseconds(300), at: Point? = nil)
        /// A clickpad click with `fingers` fingers resting (touchpads).
        case click(fingers: Int = 1, at: Point? = nil)
        // The primitives.
        /// Fingers land at these points (with this pressure, where the device has it).
        case down([Point], pressure: Double? = nil)
        /// Every finger down moves by `by`, in a straight line.
        case move(by: Vector, duration: TimeSpan)
        /// The fingers' span around their centre changes by `scale`.
        case spread(scale: Double, duration: TimeSpan)
        /// The fingers turn `degrees` clockwise around their centre (arcs).
        case turn(degrees: Double, duration: TimeSpan)
        /// The fingers' span changes by `scale` as they turn `degrees` around their centre.
        case spreadTurn(scale: Double, degrees: Double, duration: TimeSpan)
        /// The fingers' pressure goes to `pressure`.
        case pressTo(Double, duration: TimeSpan)
        /// The fingers stay (frames keep coming), or with none down, time passes.
        case wait(TimeSpan)
        /// The clickpad's button goes down or up.
        case button(Bool)
        /// A pen lands at `at`, is drawn by `by` over `duration` and lifts, while the fingers
        /// down stay where they are (a hand resting on a 2-in-1's screen as it writes): a
        /// contact whose tool is the pen.
        case pen(at: Point, by: Vector, duration: TimeSpan = .milliseconds(500))
        /// Every finger lifts.
        case lift
    }

    /// The middle of the surface (or of an assumed 100 × 60 mm one).
    public var middle: Point {
        let size = device.size ?? Size(width: 100, height: 60)
        return Point(x: size.width.value / 2, y: size.height.value / 2)
    }

    /// The frames the script gives, from time 0.
    public func frames() -> [TouchFrame] {
        var player = ScriptPlayer(script: self)
        for (i, step) in steps.enumerated() {
            if i > 0, step.isStandard, steps[i - 1].isStandard { player.wait(gap) }
            player.play(step)
        }
        player.liftAll()
        return player.frames
    }

    /// The recording's events: its device's frames.
    public func events() -> [InputEvent] { frames().map { .touches($0) } }
}

extension GestureScript.Step {
    /// Whether it is a whole gesture (lands and lifts its fingers).
    var isStandard: Bool {
        switch self {
        case .tap, .hold, .pan, .swipe, .edgeSwipe, .pinch, .rotate, .pinchRotate, .press, .click: return true
        case .down, .move, .spread, .turn, .spreadTurn, .pressTo, .wait, .button, .pen, .lift: return false
        }
    }
}
