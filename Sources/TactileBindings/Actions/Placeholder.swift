/// The values a command gets: in its argv as `{name}`, and in its environment as
/// `TACTILE_NAME`. One list, so the two never disagree.
public enum Placeholder: String, Sendable, Hashable, CaseIterable {
    /// Every action's: when, and which device.
    case time, device
    /// A gesture's: what it is.
    case gesture, state, fingers, direction, edge, button, taps
    /// A gesture's: where and how much.
    case x, y, dx, dy, scale, rotation, pressure, progress, sign, steps
    /// The application that had focus (live, or `--app`), when a desktop says.
    case app
    /// An orientation change's.
    case orientation, previous, angle, xrandr, transform
    /// An orientation change's touch calibration matrices.
    case libinputMatrix = "libinput_matrix", x11Matrix = "x11_matrix"

    /// `TACTILE_` and the name in capitals.
    public var environmentName: String { "TACTILE_" + rawValue.uppercased() }

    /// Which actions have a placeholder.
    public enum Scope: Sendable { case any, gesture, orientation }

    /// Which bindings have it.
    public var scope: Scope {
        switch self {
        case .time, .device: return .any
        case .gesture, .state, .fingers, .direction, .edge, .button, .taps, .x, .y, .dx, .dy, .scale, .rotation,
             .pressure, .progress, .sign, .steps, .app:
            return .gesture
        case .orientation, .previous, .angle, .xrandr, .transform, .libinputMatrix, .x11Matrix: return .orientation
        }
    }

    /// How many arguments `{name...}` spreads into (a matrix's numbers); nil when it cannot.
    public var spreadCount: Int? {
        switch self {
        case .libinputMatrix: return 6
        case .x11Matrix: return 9
        default: return nil
        }
    }

    /// What it holds, for docs/bindings.md and `tactile bind --help`.
    public var help: String {
        switch self {
        case .time: return "seconds since the recording's start (live: CLOCK_MONOTONIC)"
        case .device: return "the device's name"
        case .gesture: return "tap, hold, pan, swipe, edgeSwipe, pinch, rotate, peek, pop or click"
        case .state: return "began, update, ended, cancelled or recognized"
        case .fingers: return "fingers on the surface"
        case .direction: return "left, right, up, down, in, out, clockwise or anticlockwise"
        case .edge: return "left, right, top or bottom, or top-left, top-right, bottom-left or bottom-right from a corner (edge swipes)"
        case .button: return "left, right or middle (clicks)"
        case .taps: return "taps in a row"
        case .x, .y: return "where the fingers are, mm from the surface's top left"
        case .dx, .dy: return "translation since touch-down, mm (pan, swipe)"
        case .scale: return "span relative to touch-down (pinch)"
        case .rotation: return "degrees clockwise since touch-down (rotate)"
        case .pressure: return "pressure 0...1 (peek, pop)"
        case .progress: return "how far toward the threshold or the next step, 0...1"
        case .sign: return "+ or -: the way a repeat step went, relative to the binding's direction"
        case .steps: return "steps this run stands for (more than 1 when an interval held them back)"
        case .app: return "the focused application's first name (app_id, or X11 class), when a desktop says"
        case .orientation: return "portrait, landscapeLeft, landscapeRight or portraitUpsideDown"
        case .previous: return "the orientation before, or unknown"
        case .angle: return "degrees the content turns clockwise: 0, 90, 180 or 270"
        case .xrandr: return "xrandr --rotate's name for it: normal, right, inverted or left"
        case .transform: return "sway's output transform: normal, 90, 180 or 270"
        case .libinputMatrix: return "LIBINPUT_CALIBRATION_MATRIX for the touchscreen: six numbers"
        case .x11Matrix: return "X11's Coordinate Transformation Matrix: nine numbers"
        }
    }
}
