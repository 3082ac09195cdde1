import Tactile

/// A built-in action: input written to a virtual keyboard and pointer that `tactile bind`
/// creates through uinput, so it works on every desktop (X11, any Wayland compositor, the
/// console) without xdotool, wtype or ydotool, and runs no process per gesture.
///
/// Discrete actions (`keys`, `click`, a `scroll` direction) happen at once, each time the
/// binding runs. The others last as long as the gesture: keys under `hold` are pressed at
/// the binding's first run and released when its gesture ends or is cancelled (the
/// alt-tab switcher's alt); `drag` presses a button at the first run, moves the pointer with
/// the fingers, and releases it at the end; a following `scroll` turns the wheel with the
/// fingers.
public struct InputAction: Sendable, Hashable {
    /// Keys pressed in order, then released in reverse, at each run (`keys: [ctrl, alt, right]`);
    /// with a `click` or a `scroll` direction, held around it (`keys: [ctrl], scroll: up`:
    /// ctrl+wheel, the zoom of fusuma's and libinput-gestures' configurations).
    public var keys: [KeyName] = []
    /// Keys pressed instead of `keys` on a step back (a repeat's `-` step, an update that
    /// went the other way): touchégg's `decreaseKeys` (`reverse: [ctrl, minus]`); empty
    /// (`reverse: []`), a step back presses nothing (touchégg's and lisgd's repeats with no
    /// way back); nil, the same keys.
    public var reverse: [KeyName]?
    /// Keys pressed at the first run and released when the gesture ends (`hold: [alt]`).
    public var hold: [KeyName] = []
    /// A button pressed and released at each run (`click: right`).
    public var click: ClickButton?
    /// The wheel: a notch per run (or per step) one way, or following the fingers.
    public var scroll: Scroll?
    /// A button held from the first run to the end of the gesture, the pointer following
    /// the fingers (`drag: left`: three-finger drag).
    public var drag: ClickButton?

    /// How a binding turns the wheel.
    public enum Scroll: String, Sendable, Hashable, CaseIterable {
        /// One notch per run (`{steps}` notches for a repeat), reversed on a `-` step.
        case up, down, left, right
        /// Following the fingers, the content moving with them (as on a phone).
        case natural
        /// Following the fingers the way a wheel turns (content against them).
        case traditional

        /// Whether it turns the wheel with the fingers rather than a notch per run.
        public var follows: Bool { self == .natural || self == .traditional }
    }

    /// An action of nothing yet.
    public init() {}

    /// Whether it lasts from its first run to the gesture's end (held keys, a drag, a
    /// following scroll), so its gesture must be continuous.
    public var lasts: Bool { !hold.isEmpty || drag != nil || (scroll?.follows ?? false) }

    /// Whether `keys` are modifiers held around a click or a wheel notch, rather than a chord
    /// of their own.
    public var modifiesClick: Bool { !keys.isEmpty && (click != nil || scroll.map { !$0.follows } == true) }

    /// Whether it runs with the gesture's motion, at every update (drag, following scroll).
    public var followsMotion: Bool { drag != nil || (scroll?.follows ?? false) }

    /// The finger travel that turns the wheel one notch when a scroll follows the fingers,
    /// and the unit a wheel notch is split into (`REL_WHEEL_HI_RES`, as the kernel defines it).
    public static let scrollNotch = Millimetres(10)
    /// Hi-res wheel units in one notch.
    public static let hiResPerNotch = 120
    /// Relative pointer units per millimetre of finger travel: libinput reads a pointer
    /// without a DPI entry as 1000 dpi, and moves a touchpad's millimetre as that many
    /// units (before acceleration), so a drag moves the pointer as a touchpad would.
    public static let pointerUnitsPerMillimetre = 1000 / 25.4

    /// The event codes the virtual device must have for every action: every key of a
    /// keyboard, three buttons, pointer motion and both wheels.
    public static var capabilities: EvdevCapabilities {
        var keys = Array(UInt16(1)...UInt16(255))
        keys += [KeyCode.btnLeft, KeyCode.btnRight, KeyCode.btnMiddle]
        return EvdevCapabilities(
            inputID: InputID(bustype: 0x06, vendor: 0x7461, product: 0x6374, version: 1),  // BUS_VIRTUAL, "ta" "ct"
            codes: [EventType.syn: [SynCode.report], EventType.key: keys,
                    EventType.rel: [RelCode.x, RelCode.y, RelCode.hwheel, RelCode.wheel, RelCode.wheelHiRes, RelCode.hwheelHiRes]])
    }
}

/// A key as a configuration names it: `ctrl`, `alt`, `shift`, `super`, `tab`, `right`, `f5`,
/// `a`, or any of the kernel's `KEY_*` names (`KEY_BRIGHTNESSUP`); case does not matter.
public struct KeyName: Sendable, Hashable, CustomStringConvertible {
    /// The name as written.
    public var name: String
    /// Its `KEY_*` code.
    public var code: UInt16

    /// The key `name` names, or nil.
    public init?(_ name: String) {
        let lower = String(name.lowercased())
        let kernel: String
        if let alias = Self.aliases[lower] {
            kernel = alias
        } else if lower.hasPrefix("key_") {
            kernel = lower.uppercased()
        } else {
            kernel = "KEY_" + lower.uppercased()
        }
        guard let c = EventCodeNames.code(named: kernel), c.type == EventType.key, c.code > 0, c.code < 0x100 else { return nil }
        self.name = name
        self.code = c.code
    }

    /// The name as written.
    public var description: String { name }

    /// The names xdotool, wtype and the desktops use that are not the kernel's: short
    /// names, and X keysyms (what xdotool, touchégg and libinput-gestures configurations
    /// write), lower-cased.
    static let aliases: [String: String] = [
        "ctrl": "KEY_LEFTCTRL", "control": "KEY_LEFTCTRL", "alt": "KEY_LEFTALT", "shift": "KEY_LEFTSHIFT",
        "super": "KEY_LEFTMETA", "meta": "KEY_LEFTMETA", "logo": "KEY_LEFTMETA", "win": "KEY_LEFTMETA", "cmd": "KEY_LEFTMETA",
        "altgr": "KEY_RIGHTALT", "esc": "KEY_ESC", "escape": "KEY_ESC", "return": "KEY_ENTER",
        "pgup": "KEY_PAGEUP", "pgdn": "KEY_PAGEDOWN", "del": "KEY_DELETE", "ins": "KEY_INSERT",
        "print": "KEY_SYSRQ",
        // X keysyms.
        "control_l": "KEY_LEFTCTRL", "control_r": "KEY_RIGHTCTRL", "ctrl_l": "KEY_LEFTCTRL", "ctrl_r": "KEY_RIGHTCTRL",
        "alt_l": "KEY_LEFTALT", "alt_r": "KEY_RIGHTALT", "shift_l": "KEY_LEFTSHIFT", "shift_r": "KEY_RIGHTSHIFT",
        "super_l": "KEY_LEFTMETA", "super_r": "KEY_RIGHTMETA", "meta_l": "KEY_LEFTMETA", "meta_r": "KEY_RIGHTMETA",
        "iso_level3_shift": "KEY_RIGHTALT", "iso_left_tab": "KEY_TAB",
        "page_up": "KEY_PAGEUP", "page_down": "KEY_PAGEDOWN", "prior": "KEY_PAGEUP", "next": "KEY_PAGEDOWN",
        "backspace": "KEY_BACKSPACE", "delete": "KEY_DELETE", "insert": "KEY_INSERT", "caps_lock": "KEY_CAPSLOCK",
        "num_lock": "KEY_NUMLOCK", "scroll_lock": "KEY_SCROLLLOCK", "menu": "KEY_COMPOSE",
        "kp_add": "KEY_KPPLUS", "kp_subtract": "KEY_KPMINUS", "kp_multiply": "KEY_KPASTERISK", "kp_divide": "KEY_KPSLASH",
        "kp_enter": "KEY_KPENTER", "kp_decimal": "KEY_KPDOT", "kp_separator": "KEY_KPCOMMA", "kp_equal": "KEY_KPEQUAL",
        "kp_0": "KEY_KP0", "kp_1": "KEY_KP1", "kp_2": "KEY_KP2", "kp_3": "KEY_KP3", "kp_4": "KEY_KP4",
        "kp_5": "KEY_KP5", "kp_6": "KEY_KP6", "kp_7": "KEY_KP7", "kp_8": "KEY_KP8", "kp_9": "KEY_KP9",
        // The keypad's keysyms with Num Lock off: the same keys (KDE's tiling shortcuts,
        // meta+KP_Home). With Num Lock on, the desktop reads them as KP_7 and so on.
        "kp_home": "KEY_KP7", "kp_up": "KEY_KP8", "kp_page_up": "KEY_KP9", "kp_prior": "KEY_KP9",
        "kp_left": "KEY_KP4", "kp_begin": "KEY_KP5", "kp_right": "KEY_KP6", "kp_end": "KEY_KP1",
        "kp_down": "KEY_KP2", "kp_page_down": "KEY_KP3", "kp_next": "KEY_KP3", "kp_insert": "KEY_KP0", "kp_delete": "KEY_KPDOT",
        "plus": "KEY_KPPLUS", "period": "KEY_DOT", "bracketleft": "KEY_LEFTBRACE", "bracketright": "KEY_RIGHTBRACE",
        "semicolon": "KEY_SEMICOLON", "apostrophe": "KEY_APOSTROPHE", "grave": "KEY_GRAVE", "backslash": "KEY_BACKSLASH",
        "slash": "KEY_SLASH", "equal": "KEY_EQUAL",
        "xf86audioraisevolume": "KEY_VOLUMEUP", "xf86audiolowervolume": "KEY_VOLUMEDOWN", "xf86audiomute": "KEY_MUTE",
        "xf86audioplay": "KEY_PLAYPAUSE", "xf86audiopause": "KEY_PAUSECD", "xf86audionext": "KEY_NEXTSONG",
        "xf86audioprev": "KEY_PREVIOUSSONG", "xf86audiostop": "KEY_STOPCD",
        "xf86monbrightnessup": "KEY_BRIGHTNESSUP", "xf86monbrightnessdown": "KEY_BRIGHTNESSDOWN",
        "xf86back": "KEY_BACK", "xf86forward": "KEY_FORWARD", "xf86reload": "KEY_REFRESH", "xf86search": "KEY_SEARCH",
    ]
}
