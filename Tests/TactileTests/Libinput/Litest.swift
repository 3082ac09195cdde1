import Tactile
import TestSupport

/// libinput's test devices and its test calls, so that a case of libinput's own touchpad
/// tests (`test/test-touchpad-tap.c`, `test-gestures.c`, `test-touchpad.c`,
/// `test-touchpad-buttons.c`, libinput 1.22) can be written here call by call, and its
/// events go through frame assembly as a recording of the device would.
///
/// What litest does, and so what this does: positions are percentages of the axis ranges;
/// every call writes its events and a `SYN_REPORT` (unless a frame is pushed), with
/// `BTN_TOUCH` and the `BTN_TOOL_*` of the new finger count in the frame of every touch
/// down and up; `touchMoveTo` writes `steps - 1` frames 10 ms apart, then the last one;
/// the timeouts sleep as long as litest's (`litest_timeout_tap` 300 ms). Between calls
/// with no sleep, time moves on by `callGap` (a dispatch on a real machine takes some
/// microseconds).
struct Litest {
    /// The device the events come from.
    let device: DeviceDescription
    /// Milliseconds since the recording began.
    private(set) var now = 0.0
    /// The events so far.
    private(set) var events: [InputEvent] = []
    /// Time that passes between two frames written with no sleep between them.
    var callGap = 0.1
    private var pending: [EvdevEvent] = []
    private var pushed = 0
    private var down = 0
    private var slotsDown = Set<Int>()
    private var trackingID: Int32 = 0
    private var lastFrame = -1.0

    init(_ device: DeviceDescription) {
        self.device = device
    }

    // MARK: Calls as litest names them

    /// `litest_touch_down`: a finger lands in `slot` at (x, y) percent.
    mutating func touchDown(_ slot: Int, _ x: Double, _ y: Double) {
        down += 1
        slotsDown.insert(slot)
        sendTool()
        trackingID += 1
        let (ux, uy) = units(x, y)
        event(EventType.abs, AbsCode.x, ux)
        event(EventType.abs, AbsCode.y, uy)
        event(EventType.abs, AbsCode.pressure, 30)
        event(EventType.abs, AbsCode.mtSlot, Int32(slot))
        event(EventType.abs, AbsCode.mtTrackingID, trackingID)
        event(EventType.abs, AbsCode.mtPositionX, ux)
        event(EventType.abs, AbsCode.mtPositionY, uy)
        if hasMTPressure { event(EventType.abs, AbsCode.mtPressure, 30) }
        syn()
    }

    /// `litest_touch_move`: the finger in `slot` moves to (x, y) percent.
    mutating func touchMove(_ slot: Int, _ x: Double, _ y: Double) {
        let (ux, uy) = units(x, y)
        event(EventType.abs, AbsCode.mtSlot, Int32(slot))
        event(EventType.abs, AbsCode.x, ux)
        event(EventType.abs, AbsCode.y, uy)
        event(EventType.abs, AbsCode.pressure, 30)
        event(EventType.abs, AbsCode.mtPositionX, ux)
        event(EventType.abs, AbsCode.mtPositionY, uy)
        if hasMTPressure { event(EventType.abs, AbsCode.mtPressure, 30) }
        syn()
    }

    /// `litest_touch_up`: the finger in `slot` lifts.
    mutating func touchUp(_ slot: Int) {
        down -= 1
        slotsDown.remove(slot)
        sendTool()
        event(EventType.abs, AbsCode.mtSlot, Int32(slot))
        event(EventType.abs, AbsCode.mtTrackingID, -1)
        if hasMTPressure { event(EventType.abs, AbsCode.mtPressure, 0) }
        syn()
    }

    /// `litest_touch_move_to`: `steps - 1` positions 10 ms apart along the line, then the end.
    mutating func touchMoveTo(_ slot: Int, from: (Double, Double), to: (Double, Double), steps: Int) {
        for i in 1..<max(1, steps) {
            let k = Double(i) / Double(steps)
            touchMove(slot, from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k)
            sleep(10)
        }
        touchMove(slot, to.0, to.1)
    }

    /// `litest_touch_move_two_touches`: both fingers by (dx, dy) in `steps` frames 10 ms apart.
    mutating func touchMoveTwoTouches(_ a: (Double, Double), _ b: (Double, Double), by d: (Double, Double), steps: Int) {
        for i in 1..<max(1, steps) {
            let k = Double(i) / Double(steps)
            pushFrame()
            touchMove(0, a.0 + d.0 * k, a.1 + d.1 * k)
            touchMove(1, b.0 + d.0 * k, b.1 + d.1 * k)
            popFrame()
            sleep(10)
        }
        pushFrame()
        touchMove(0, a.0 + d.0, a.1 + d.1)
        touchMove(1, b.0 + d.0, b.1 + d.1)
        popFrame()
    }

    /// `litest_touch_move_three_touches`: three fingers by (dx, dy), `steps` frames 10 ms apart.
    mutating func touchMoveThreeTouches(_ a: (Double, Double), _ b: (Double, Double), _ c: (Double, Double),
                                        by d: (Double, Double), steps: Int) {
        for i in 1...max(1, steps) {
            let k = Double(i) / Double(steps)
            pushFrame()
            touchMove(0, a.0 + d.0 * k, a.1 + d.1 * k)
            touchMove(1, b.0 + d.0 * k, b.1 + d.1 * k)
            touchMove(2, c.0 + d.0 * k, c.1 + d.1 * k)
            popFrame()
            sleep(10)
        }
    }

    /// Several fingers moving by (dx, dy) together, a frame every 10 ms (litest's
    /// `litest_touch_move_extended` loops in the four-finger tests).
    mutating func touchMoveAll(_ fingers: [(slot: Int, x: Double, y: Double)], by d: (Double, Double), steps: Int) {
        for i in 1...max(1, steps) {
            let k = Double(i) / Double(steps)
            pushFrame()
            for f in fingers { touchMove(f.slot, f.x + d.0 * k, f.y + d.1 * k) }
            popFrame()
            sleep(10)
        }
    }

    /// `litest_button_click`: a physical button goes down or up.
    mutating func buttonClick(_ code: UInt16 = KeyCode.btnLeft, _ pressed: Bool) {
        event(EventType.key, code, pressed ? 1 : 0)
        syn()
    }

    /// `litest_event`: one raw event (a `SYN_REPORT` among them ends the frame).
    mutating func rawEvent(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        if type == EventType.syn && code == SynCode.report {
            syn()
        } else {
            event(type, code, value)
        }
    }

    /// `litest_push_event_frame`: what follows is one frame, until `popFrame`.
    mutating func pushFrame() { pushed += 1 }

    /// `litest_pop_event_frame`.
    mutating func popFrame() {
        pushed -= 1
        if pushed == 0 { syn() }
    }

    /// `msleep`.
    mutating func sleep(_ ms: Double) { now += ms }

    /// `litest_timeout_tap`.
    mutating func timeoutTap() { sleep(300) }
    /// `litest_timeout_tapndrag`.
    mutating func timeoutTapndrag() { sleep(520) }
    /// `litest_timeout_gesture_hold`.
    mutating func timeoutGestureHold() { sleep(300) }
    /// `litest_timeout_gesture_quick_hold`.
    mutating func timeoutGestureQuickHold() { sleep(60) }
    /// `litest_timeout_gesture`.
    mutating func timeoutGesture() { sleep(120) }

    // MARK: What Tactile makes of it

    /// Tactile's lines for the events so far (the recording ends here).
    func lines(settings: GestureSettings = GestureSettings()) -> [GestureEvent] {
        recognize(InputDevices(devices: [device]), events, settings: settings)
    }

    /// The lines that start and end gestures, as `"tap 2fg"`, `"tap 1fg x2"`, `"pan began 3fg"`,
    /// `"click right 2fg"`: what a case's expectations are written in.
    func summary(settings: GestureSettings = GestureSettings()) -> [String] {
        Self.summary(lines(settings: settings))
    }

    static func summary(_ lines: [GestureEvent]) -> [String] {
        lines.filter { $0.phase != .changed }.map { e in
            switch e.detail {
            case .tap(let taps): return taps == 1 ? "tap \(e.fingers)fg" : "tap \(e.fingers)fg x\(taps)"
            case .click(let button): return "click \(button.rawValue) \(e.fingers)fg"
            case .swipe(let direction, _): return "swipe \(direction.rawValue) \(e.fingers)fg"
            default: return "\(e.kind.rawValue) \(e.phase.rawValue) \(e.fingers)fg"
            }
        }
    }

    // MARK: Writing events

    private var hasMTPressure: Bool { device.evdev?.hasAbs(AbsCode.mtPressure) ?? false }

    /// `litest_scale`: a percentage of the axis range, in device units.
    private func units(_ x: Double, _ y: Double) -> (Int32, Int32) {
        func scale(_ code: UInt16, _ percent: Double) -> Int32 {
            guard let a = device.evdev?.absinfo[code] else { return 0 }
            return a.minimum + Int32((Double(a.maximum - a.minimum) * percent / 100).rounded(.towardZero))
        }
        return (scale(AbsCode.x, x), scale(AbsCode.y, y))
    }

    /// `send_btntool`: BTN_TOUCH and the tool bit of the finger count, where the device has them.
    private mutating func sendTool() {
        event(EventType.key, KeyCode.btnTouch, down > 0 ? 1 : 0)
        let tools = [KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap,
                     KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap]
        for (i, code) in tools.enumerated() { event(EventType.key, code, down == i + 1 ? 1 : 0) }
    }

    private mutating func event(_ type: UInt16, _ code: UInt16, _ value: Int32) {
        guard device.evdev?.has(type: type, code: code) ?? false else { return }
        pending.append(EvdevEvent(type: type, code: code, value: value))
    }

    private mutating func syn() {
        guard pushed == 0 else { return }
        if now <= lastFrame { now = lastFrame + callGap }
        lastFrame = now
        pending.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0))
        let t = Timestamp(microseconds: Int64((now * 1000).rounded()))
        events.append(.evdev(device: device.id, frame: EvdevFrame(events: pending.map { var e = $0; e.time = t; return e })))
        pending.removeAll()
    }
}

/// The litest devices the cases run on, described as their `test/litest-device-*.c` files
/// describe them (ranges, resolutions, properties, buttons, bus).
enum LitestDevices {
    /// `synaptics-rmi4`: a 97 × 53 mm clickpad with five slots on the RMI4 bus: wide
    /// enough (70 mm and more) for libinput's palm edge zones; too short (55 mm or less)
    /// for its top one.
    static let synapticsRMI4 = touchpad(
        "Synaptics TM3053-004", InputID(bustype: 0x1d, vendor: 0x6cb, product: 0, version: 0),
        properties: [InputProperty.pointer, InputProperty.buttonpad],
        x: AbsInfo(minimum: 0, maximum: 1940, resolution: 20), y: AbsInfo(minimum: 0, maximum: 1062, resolution: 20),
        slots: 5, mtPressure: true)

    /// `synaptics-i2c`: a 101 × 57 mm clickpad with two slots and `BTN_TOOL_TRIPLETAP`:
    /// wide and tall enough for every palm edge zone, the top one too.
    static let synapticsI2C = touchpad(
        "DLL0704:01 06CB:76AD Touchpad", InputID(bustype: 0x18, vendor: 0x6cb, product: 0x76ad, version: 0x100),
        properties: [InputProperty.pointer, InputProperty.buttonpad],
        x: AbsInfo(minimum: 0, maximum: 1216, resolution: 12), y: AbsInfo(minimum: 0, maximum: 680, resolution: 12),
        slots: 2, mtPressure: false, maxTool: 3)

    /// `magic-trackpad`: Apple's Bluetooth trackpad, 131 × 111 mm and 16 slots: an external
    /// touchpad, so no palm edge zones however wide.
    static let magicTrackpad = touchpad(
        "Apple Wireless Trackpad", InputID(bustype: 0x5, vendor: 0x5ac, product: 0x30e, version: 0x160),
        properties: [InputProperty.buttonpad],
        x: AbsInfo(minimum: -2909, maximum: 3167, fuzz: 4, resolution: 46),
        y: AbsInfo(minimum: -2456, maximum: 2565, fuzz: 4, resolution: 45),
        slots: 16, mtPressure: false)

    static func touchpad(_ name: String, _ id: InputID, properties: [UInt16], x: AbsInfo, y: AbsInfo, slots: Int,
                         mtPressure: Bool, maxTool: Int = 5) -> DeviceDescription {
        let tools = [KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap,
                     KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap]
        var absinfo: [UInt16: AbsInfo] = [
            AbsCode.x: x, AbsCode.y: y, AbsCode.mtPositionX: x, AbsCode.mtPositionY: y,
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: Int32(slots - 1)),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ]
        if mtPressure {
            absinfo[AbsCode.mtPressure] = AbsInfo(minimum: 0, maximum: 255)
            absinfo[AbsCode.pressure] = AbsInfo(minimum: 0, maximum: 255)
        }
        let keys = [KeyCode.btnLeft, KeyCode.btnTouch] + tools.prefix(maxTool)
        return DeviceDescription(id: 0, name: name, evdev: EvdevCapabilities(
            inputID: id, properties: properties, codes: [EventType.key: keys.sorted(), EventType.syn: [0, 1, 3]],
            absinfo: absinfo))
    }
}
