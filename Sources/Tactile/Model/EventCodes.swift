// Event types and codes from linux/input-event-codes.h: the few the assembler reads.
// Names follow the kernel's, so a grep finds both.

/// Event types (`EV_*`).
public enum EventType {
    /// `EV_SYN`
    public static let syn: UInt16 = 0x00
    /// `EV_KEY`
    public static let key: UInt16 = 0x01
    /// `EV_REL`
    public static let rel: UInt16 = 0x02
    /// `EV_ABS`
    public static let abs: UInt16 = 0x03
    /// `EV_MSC`
    public static let msc: UInt16 = 0x04
    /// `EV_SW`
    public static let sw: UInt16 = 0x05
    /// `EV_LED`
    public static let led: UInt16 = 0x11
    /// `EV_SND`
    public static let snd: UInt16 = 0x12
    /// `EV_REP`
    public static let rep: UInt16 = 0x14
    /// `EV_FF`
    public static let ff: UInt16 = 0x15
    /// `EV_PWR`
    public static let pwr: UInt16 = 0x16
    /// `EV_FF_STATUS`
    public static let ffStatus: UInt16 = 0x17
    /// EV_MAX
    public static let max: UInt16 = 0x1f
}

/// `EV_SYN` codes (`SYN_*`).
public enum SynCode {
    /// `SYN_REPORT`
    public static let report: UInt16 = 0
    /// `SYN_CONFIG`
    public static let config: UInt16 = 1
    /// `SYN_MT_REPORT`
    public static let mtReport: UInt16 = 2
    /// `SYN_DROPPED`
    public static let dropped: UInt16 = 3
    /// The codes every evdev device reports as supported for `EV_SYN`.
    public static let all: [UInt16] = [report, config, mtReport, dropped]
}

/// `EV_ABS` codes (`ABS_*`): the axes touch devices and accelerometers report.
public enum AbsCode {
    /// `ABS_X`
    public static let x: UInt16 = 0x00
    /// `ABS_Y`
    public static let y: UInt16 = 0x01
    /// `ABS_Z`
    public static let z: UInt16 = 0x02
    /// `ABS_PRESSURE`
    public static let pressure: UInt16 = 0x18
    /// `ABS_DISTANCE`
    public static let distance: UInt16 = 0x19
    /// `ABS_TOOL_WIDTH`
    public static let toolWidth: UInt16 = 0x1c
    /// `ABS_RESERVED`, the code just below `ABS_MT_SLOT`: a device that has it declares every
    /// axis of a range (a game controller), not a multitouch surface (libevdev's "fake MT").
    public static let reserved: UInt16 = 0x2e
    /// `ABS_MT_SLOT`
    public static let mtSlot: UInt16 = 0x2f
    /// `ABS_MT_TOUCH_MAJOR`
    public static let mtTouchMajor: UInt16 = 0x30
    /// `ABS_MT_TOUCH_MINOR`
    public static let mtTouchMinor: UInt16 = 0x31
    /// `ABS_MT_WIDTH_MAJOR`
    public static let mtWidthMajor: UInt16 = 0x32
    /// `ABS_MT_WIDTH_MINOR`
    public static let mtWidthMinor: UInt16 = 0x33
    /// `ABS_MT_ORIENTATION`
    public static let mtOrientation: UInt16 = 0x34
    /// `ABS_MT_POSITION_X`
    public static let mtPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`
    public static let mtPositionY: UInt16 = 0x36
    /// `ABS_MT_TOOL_TYPE`
    public static let mtToolType: UInt16 = 0x37
    /// `ABS_MT_BLOBID`
    public static let mtBlobID: UInt16 = 0x38
    /// `ABS_MT_TRACKING_ID`
    public static let mtTrackingID: UInt16 = 0x39
    /// `ABS_MT_PRESSURE`
    public static let mtPressure: UInt16 = 0x3a
    /// `ABS_MT_DISTANCE`
    public static let mtDistance: UInt16 = 0x3b
    /// ABS_MAX
    public static let max: UInt16 = 0x3f
}

/// `EV_KEY` codes: the buttons and tool bits touch devices report (`BTN_*`).
public enum KeyCode {
    /// `BTN_LEFT`
    public static let btnLeft: UInt16 = 0x110
    /// `BTN_RIGHT`
    public static let btnRight: UInt16 = 0x111
    /// `BTN_MIDDLE`
    public static let btnMiddle: UInt16 = 0x112
    /// `BTN_TOOL_PEN`
    public static let btnToolPen: UInt16 = 0x140
    /// `BTN_TOOL_RUBBER`
    public static let btnToolRubber: UInt16 = 0x141
    /// `BTN_TOOL_BRUSH`
    public static let btnToolBrush: UInt16 = 0x142
    /// `BTN_TOOL_PENCIL`
    public static let btnToolPencil: UInt16 = 0x143
    /// `BTN_TOOL_AIRBRUSH`
    public static let btnToolAirbrush: UInt16 = 0x144
    /// `BTN_TOOL_FINGER`
    public static let btnToolFinger: UInt16 = 0x145
    /// `BTN_TOOL_MOUSE`
    public static let btnToolMouse: UInt16 = 0x146
    /// `BTN_TOOL_LENS`
    public static let btnToolLens: UInt16 = 0x147
    /// `BTN_TOOL_QUINTTAP`
    public static let btnToolQuintTap: UInt16 = 0x148
    /// `BTN_STYLUS3`
    public static let btnStylus3: UInt16 = 0x149
    /// `BTN_TOUCH`
    public static let btnTouch: UInt16 = 0x14a
    /// `BTN_STYLUS`
    public static let btnStylus: UInt16 = 0x14b
    /// `BTN_STYLUS2`
    public static let btnStylus2: UInt16 = 0x14c
    /// `BTN_TOOL_DOUBLETAP`
    public static let btnToolDoubleTap: UInt16 = 0x14d
    /// `BTN_TOOL_TRIPLETAP`
    public static let btnToolTripleTap: UInt16 = 0x14e
    /// `BTN_TOOL_QUADTAP`
    public static let btnToolQuadTap: UInt16 = 0x14f
    /// KEY_MAX
    public static let max: UInt16 = 0x2ff
}

/// `EV_REL` codes: a pointer's motion and its wheels (what `tactile bind`'s virtual
/// pointer writes).
public enum RelCode {
    /// `REL_X`
    public static let x: UInt16 = 0x00
    /// `REL_Y`
    public static let y: UInt16 = 0x01
    /// `REL_HWHEEL`: one notch right per +1.
    public static let hwheel: UInt16 = 0x06
    /// `REL_WHEEL`: one notch up (away from the user) per +1.
    public static let wheel: UInt16 = 0x08
    /// `REL_WHEEL_HI_RES`: 120 per notch.
    public static let wheelHiRes: UInt16 = 0x0b
    /// `REL_HWHEEL_HI_RES`: 120 per notch.
    public static let hwheelHiRes: UInt16 = 0x0c
}

/// `ABS_MT_TOOL_TYPE` values.
public enum MTToolType {
    /// `MT_TOOL_FINGER`
    public static let finger: Int32 = 0
    /// `MT_TOOL_PEN`
    public static let pen: Int32 = 1
    /// `MT_TOOL_PALM`
    public static let palm: Int32 = 2
}

/// `INPUT_PROP_*` bits.
public enum InputProperty {
    /// `INPUT_PROP_POINTER`
    public static let pointer: UInt16 = 0x00
    /// `INPUT_PROP_DIRECT`
    public static let direct: UInt16 = 0x01
    /// `INPUT_PROP_BUTTONPAD`
    public static let buttonpad: UInt16 = 0x02
    /// `INPUT_PROP_SEMI_MT`
    public static let semiMT: UInt16 = 0x03
    /// `INPUT_PROP_TOPBUTTONPAD`
    public static let topButtonpad: UInt16 = 0x04
    /// `INPUT_PROP_POINTING_STICK`
    public static let pointingStick: UInt16 = 0x05
    /// `INPUT_PROP_ACCELEROMETER`
    public static let accelerometer: UInt16 = 0x06
    /// The touchpad's pressure measures force (a haptic touchpad), not contact area.
    public static let pressurePad: UInt16 = 0x07
    /// INPUT_PROP_MAX
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
