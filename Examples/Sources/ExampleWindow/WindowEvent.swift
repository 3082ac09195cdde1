import CSDL2

/// What happened in the window, from SDL's events: the touches and mouse presses the
/// examples turn into touches, keys that close, and the window closing.
public enum WindowEvent: Sendable {
    /// A finger on a touch device (SDL_FINGERDOWN, SDL_FINGERMOTION, SDL_FINGERUP): `x`
    /// and `y` are normalized to the window, 0...1.
    case finger(Finger)
    /// The mouse, when it is a mouse (not SDL's copy of a touch): `x` and `y` in window
    /// pixels, `down` whether the left button is held after the event.
    case mouse(x: Double, y: Double, down: Bool, seconds: Double)
    /// The window was closed, or Escape or q pressed.
    case close
    /// The window was shown, uncovered or resized: draw it again.
    case redraw

    /// One finger's event.
    public struct Finger: Sendable {
        /// The touch device and the finger on it, as SDL numbers them.
        public var device: Int64, id: Int64
        /// Where, normalized to the window.
        public var x, y: Double
        /// Whether the finger is down after the event.
        public var down: Bool
        /// The event's time, seconds since SDL started.
        public var seconds: Double

        /// A finger's event, as SDL gives it (tests make their own).
        public init(device: Int64, id: Int64, x: Double, y: Double, down: Bool, seconds: Double) {
            self.device = device; self.id = id; self.x = x; self.y = y; self.down = down; self.seconds = seconds
        }
    }

    init?(_ e: SDL_Event) {
        let seconds = Double(e.common.timestamp) / 1000
        switch e.type {
        // docs:begin sdl-events
        case SDL_FINGERDOWN.rawValue, SDL_FINGERMOTION.rawValue, SDL_FINGERUP.rawValue:
            let f = e.tfinger
            self = .finger(Finger(device: f.touchId, id: f.fingerId, x: Double(f.x), y: Double(f.y),
                                  down: e.type != SDL_FINGERUP.rawValue, seconds: seconds))
        case SDL_MOUSEBUTTONDOWN.rawValue, SDL_MOUSEBUTTONUP.rawValue:
            let b = e.button
            // SDL also reports each touch as a mouse: those come as fingers already.
            guard b.which != tactile_touch_mouse_id, b.button == UInt8(SDL_BUTTON_LEFT) else { return nil }
            self = .mouse(x: Double(b.x), y: Double(b.y), down: e.type == SDL_MOUSEBUTTONDOWN.rawValue, seconds: seconds)
        // docs:end sdl-events
        case SDL_MOUSEMOTION.rawValue:
            let m = e.motion
            guard m.which != tactile_touch_mouse_id else { return nil }
            self = .mouse(x: Double(m.x), y: Double(m.y), down: m.state & tactile_button_left_mask != 0, seconds: seconds)
        case SDL_WINDOWEVENT.rawValue:
            self = .redraw
        case SDL_QUIT.rawValue:
            self = .close
        case SDL_KEYDOWN.rawValue:
            let key = e.key.keysym.sym
            guard key == SDLK_ESCAPE.rawValue || key == SDLK_q.rawValue else { return nil }
            self = .close
        default:
            return nil
        }
    }
}
