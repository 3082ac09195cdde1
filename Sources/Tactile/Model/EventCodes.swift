// Event types and codes from linux/input-event-codes.h: the few the assembler reads.
// Names follow the kernel's, so a grep finds both.

/// Event types (`EV_*`).
public enum EventType {
    /// `EV_SYN`, `EV_KEY`, `EV_REL`, `EV_ABS`: what touch devices and accelerometers report.
    public static let syn: UInt16 = 0x00, key: UInt16 = 0x01, rel: UInt16 = 0x02, abs: UInt16 = 0x03
    /// `EV_MSC` (timestamps, scan codes) and `EV_SW` (switches: lid, tablet mode).
    public static let msc: UInt16 = 0x04, sw: UInt16 = 0x05
    /// `EV_LED`, `EV_SND`, `EV_REP`: keyboard lights, beeps and autorepeat.
    public static let led: UInt16 = 0x11, snd: UInt16 = 0x12, rep: UInt16 = 0x14
    /// `EV_FF`, `EV_PWR`, `EV_FF_STATUS`: force feedback and power buttons.
    public static let ff: UInt16 = 0x15, pwr: UInt16 = 0x16, ffStatus: UInt16 = 0x17
    /// `EV_MAX`
    public static let max: UInt16 = 0x1f
}

/// `EV_SYN` codes (`SYN_*`).
public enum SynCode {
    /// `SYN_REPORT`, `SYN_CONFIG`, `SYN_MT_REPORT` (the end of a protocol A contact) and
    /// `SYN_DROPPED` (the kernel's buffer overflowed: resynchronise).
    public static let report: UInt16 = 0, config: UInt16 = 1, mtReport: UInt16 = 2, dropped: UInt16 = 3
    /// The codes every evdev device reports as supported for `EV_SYN`.
    public static let all: [UInt16] = [report, config, mtReport, dropped]
}

/// `EV_ABS` codes (`ABS_*`): the axes touch devices and accelerometers report.
public enum AbsCode {
    /// `ABS_X`, `ABS_Y`, `ABS_Z`: a single-touch position, or an accelerometer's axes.
    public static let x: UInt16 = 0x00, y: UInt16 = 0x01, z: UInt16 = 0x02
    /// `ABS_PRESSURE`, `ABS_DISTANCE` (hover) and `ABS_TOOL_WIDTH` of the single touch.
    public static let pressure: UInt16 = 0x18, distance: UInt16 = 0x19, toolWidth: UInt16 = 0x1c
    /// `ABS_RESERVED`, the code just below `ABS_MT_SLOT`: a device that has it declares every
    /// axis of a range (a game controller), not a multitouch surface (libevdev's "fake MT").
    public static let reserved: UInt16 = 0x2e
    /// `ABS_MT_SLOT`, `ABS_MT_TRACKING_ID`, `ABS_MT_TOOL_TYPE`, `ABS_MT_BLOBID`: which contact
    /// the next values are for, and what it is.
    public static let mtSlot: UInt16 = 0x2f, mtTrackingID: UInt16 = 0x39, mtToolType: UInt16 = 0x37, mtBlobID: UInt16 = 0x38
    /// `ABS_MT_POSITION_X` and `ABS_MT_POSITION_Y`: a contact's centre.
    public static let mtPositionX: UInt16 = 0x35, mtPositionY: UInt16 = 0x36
    /// `ABS_MT_TOUCH_MAJOR`, `ABS_MT_TOUCH_MINOR`, `ABS_MT_WIDTH_MAJOR`, `ABS_MT_WIDTH_MINOR`
    /// and `ABS_MT_ORIENTATION`: a contact's ellipse, and its tool's.
    public static let mtTouchMajor: UInt16 = 0x30, mtTouchMinor: UInt16 = 0x31,
        mtWidthMajor: UInt16 = 0x32, mtWidthMinor: UInt16 = 0x33, mtOrientation: UInt16 = 0x34
    /// `ABS_MT_PRESSURE` and `ABS_MT_DISTANCE` (hover) of a contact.
    public static let mtPressure: UInt16 = 0x3a, mtDistance: UInt16 = 0x3b
    /// `ABS_MAX`
    public static let max: UInt16 = 0x3f
}

/// `EV_KEY` codes: the buttons and tool bits touch devices report (`BTN_*`).
public enum KeyCode {
    /// `BTN_LEFT`, `BTN_RIGHT`, `BTN_MIDDLE`: a pointer's (or a clickpad's) buttons.
    public static let btnLeft: UInt16 = 0x110, btnRight: UInt16 = 0x111, btnMiddle: UInt16 = 0x112
    /// `BTN_TOOL_PEN`, `BTN_TOOL_RUBBER`, `BTN_TOOL_BRUSH`, `BTN_TOOL_PENCIL`,
    /// `BTN_TOOL_AIRBRUSH`: a tablet tool in range.
    public static let btnToolPen: UInt16 = 0x140, btnToolRubber: UInt16 = 0x141, btnToolBrush: UInt16 = 0x142,
        btnToolPencil: UInt16 = 0x143, btnToolAirbrush: UInt16 = 0x144
    /// `BTN_TOOL_FINGER`, `BTN_TOOL_DOUBLETAP`, `BTN_TOOL_TRIPLETAP`, `BTN_TOOL_QUADTAP`,
    /// `BTN_TOOL_QUINTTAP`: how many fingers touch, beyond the slots a touchpad tracks.
    public static let btnToolFinger: UInt16 = 0x145, btnToolDoubleTap: UInt16 = 0x14d, btnToolTripleTap: UInt16 = 0x14e,
        btnToolQuadTap: UInt16 = 0x14f, btnToolQuintTap: UInt16 = 0x148
    /// `BTN_TOOL_MOUSE` and `BTN_TOOL_LENS`: a tablet's puck.
    public static let btnToolMouse: UInt16 = 0x146, btnToolLens: UInt16 = 0x147
    /// `BTN_TOUCH`: something touches.
    public static let btnTouch: UInt16 = 0x14a
    /// `BTN_STYLUS`, `BTN_STYLUS2`, `BTN_STYLUS3`: a pen's side buttons.
    public static let btnStylus: UInt16 = 0x14b, btnStylus2: UInt16 = 0x14c, btnStylus3: UInt16 = 0x149
    /// `KEY_MAX`
    public static let max: UInt16 = 0x2ff
}

/// `EV_REL` codes: a pointer's motion and its wheels (what `tactile bind`'s virtual
/// pointer writes).
public enum RelCode {
    /// `REL_X` and `REL_Y`: motion.
    public static let x: UInt16 = 0x00, y: UInt16 = 0x01
    /// `REL_WHEEL` (one notch up, away from the user, per +1) and `REL_HWHEEL` (one notch
    /// right per +1).
    public static let wheel: UInt16 = 0x08, hwheel: UInt16 = 0x06
    /// `REL_WHEEL_HI_RES` and `REL_HWHEEL_HI_RES`: 120 per notch.
    public static let wheelHiRes: UInt16 = 0x0b, hwheelHiRes: UInt16 = 0x0c
}

/// `ABS_MT_TOOL_TYPE` values.
public enum MTToolType {
    /// `MT_TOOL_FINGER`, `MT_TOOL_PEN`, `MT_TOOL_PALM`.
    public static let finger: Int32 = 0, pen: Int32 = 1, palm: Int32 = 2
}

/// `INPUT_PROP_*` bits.
public enum InputProperty {
    /// `INPUT_PROP_POINTER` (the device moves a pointer: a touchpad) and
    /// `INPUT_PROP_DIRECT` (touches land on a screen).
    public static let pointer: UInt16 = 0x00, direct: UInt16 = 0x01
    /// `INPUT_PROP_BUTTONPAD` (a clickpad: the whole surface clicks), `INPUT_PROP_SEMI_MT`
    /// (two contacts reported as their bounding box) and `INPUT_PROP_TOPBUTTONPAD` (buttons
    /// along the top edge, for a pointing stick).
    public static let buttonpad: UInt16 = 0x02, semiMT: UInt16 = 0x03, topButtonpad: UInt16 = 0x04
    /// `INPUT_PROP_POINTING_STICK` and `INPUT_PROP_ACCELEROMETER`.
    public static let pointingStick: UInt16 = 0x05, accelerometer: UInt16 = 0x06
    /// `INPUT_PROP_PRESSUREPAD`: the touchpad's pressure measures force (a haptic
    /// touchpad), not contact area.
    public static let pressurePad: UInt16 = 0x07
    /// `INPUT_PROP_MAX`
    public static let max: UInt16 = 0x1f
}

/// The highest code of each event type (`*_MAX`), for bounds checks on untrusted input.
public enum EventCodeLimits {
    /// The highest code `type` has, or nil for a type the kernel does not define.
    public static func maxCode(forType type: UInt16) -> UInt16? {
        switch type {
        case EventType.syn: return 0x0f
        case EventType.key: return KeyCode.max
        case EventType.rel: return 0x0f
        case EventType.abs: return AbsCode.max
        case EventType.msc: return 0x07
        case EventType.sw: return 0x11
        case EventType.led: return 0x0f
        case EventType.snd: return 0x07
        case EventType.rep: return 0x01
        case EventType.ff: return 0x7f
        case EventType.pwr: return 0x0f
        case EventType.ffStatus: return 0x01
        default: return nil
        }
    }
}
