import Tactile
import Testing

/// Devices as data, the way libinput's litest describes its test devices: each one a set
/// of capabilities that exercises one path through the assembler.
enum DeviceFixtures {
    /// Protocol B touchscreen, 10 slots, 150 × 90 mm at 10 units/mm, MT pressure 0...255,
    /// contact size, tool type.
    static let touchscreen = DeviceDescription(id: 0, name: "Test touchscreen", evdev: EvdevCapabilities(
        inputID: InputID(bustype: 3, vendor: 1, product: 2, version: 1),
        properties: [InputProperty.direct],
        codes: [EventType.syn: [0, 1, 3], EventType.key: [KeyCode.btnTouch]],
        absinfo: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1500, resolution: 10),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 900, resolution: 10),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1500, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 900, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
            AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 255, resolution: 10),
            AbsCode.mtTouchMinor: AbsInfo(minimum: 0, maximum: 255, resolution: 10),
            AbsCode.mtToolType: AbsInfo(minimum: 0, maximum: 2),
        ]))

    /// Semi-MT touchpad: 2 slots but up to 5 fingers by BTN_TOOL_*TAP, ABS_PRESSURE only,
    /// no resolution (so the assumed 69 × 50 mm applies).
    static let semiMTTouchpad = device("Test semi-mt touchpad", properties: [InputProperty.pointer, InputProperty.semiMT],
        keys: [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnToolQuintTap, KeyCode.btnTouch,
               KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap, KeyCode.btnToolQuadTap],
        axes: [
            AbsCode.x: AbsInfo(minimum: 1000, maximum: 6000),
            AbsCode.y: AbsInfo(minimum: 1000, maximum: 5000),
            AbsCode.pressure: AbsInfo(minimum: 0, maximum: 255),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
            AbsCode.mtPositionX: AbsInfo(minimum: 1000, maximum: 6000),
            AbsCode.mtPositionY: AbsInfo(minimum: 1000, maximum: 5000),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// Protocol B clickpad like the ChromeOS "lumpy" board's: 106.7 × 68 mm (12 and 10
    /// units/mm), 5 slots, MT pressure 0...255 (contact area, not force), a fuzz of 4 on x.
    static let clickpad = device("Test clickpad", properties: [InputProperty.pointer, InputProperty.buttonpad],
        keys: [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnTouch, KeyCode.btnToolDoubleTap],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1280, resolution: 12),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 680, resolution: 10),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 4),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1280, fuzz: 4, resolution: 12),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 680, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 255),
        ])

    /// Protocol B touchpad with two slots and BTN_TOOL_* up to five fingers, as Synaptics
    /// PS/2 pads are: with three fingers down both slots are in use and the flag knows more.
    static let twoSlotTouchpad = device("Test two-slot touchpad", properties: [InputProperty.pointer],
        keys: [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnTouch, KeyCode.btnToolDoubleTap,
               KeyCode.btnToolTripleTap, KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap],
        axes: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
            AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 1),
            AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
            AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
            AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
        ])

    /// Protocol A (SYN_MT_REPORT) touchscreen without tracking ids, 100 × 100 mm.
    static let protocolA = device("Test protocol A", keys: [KeyCode.btnTouch], axes: [
        AbsCode.x: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        AbsCode.y: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
    ])

    /// Single-touch touchscreen: ABS_X/ABS_Y, BTN_TOUCH, ABS_PRESSURE 0...1023.
    static let singleTouch = device("Test single touch", properties: [InputProperty.direct], keys: [KeyCode.btnTouch], axes: [
        AbsCode.x: AbsInfo(minimum: 0, maximum: 4000, resolution: 20),
        AbsCode.y: AbsInfo(minimum: 0, maximum: 3000, resolution: 20),
        AbsCode.pressure: AbsInfo(minimum: 0, maximum: 1023),
    ])

    /// Pen tablet: single touch with BTN_TOOL_PEN.
    static let penTablet = device("Test pen", properties: [InputProperty.pointer],
                                  keys: [KeyCode.btnToolPen, KeyCode.btnTouch, KeyCode.btnStylus], axes: [
        AbsCode.x: AbsInfo(minimum: 0, maximum: 20000, resolution: 100),
        AbsCode.y: AbsInfo(minimum: 0, maximum: 10000, resolution: 100),
        AbsCode.pressure: AbsInfo(minimum: 0, maximum: 2047),
    ])

    /// Accelerometer, 256 units per g, ±2 g.
    static let accelerometer = DeviceDescription(id: 1, name: "Test accelerometer", evdev: EvdevCapabilities(
        properties: [InputProperty.accelerometer],
        absinfo: [
            AbsCode.x: AbsInfo(minimum: -512, maximum: 512, resolution: 256),
            AbsCode.y: AbsInfo(minimum: -512, maximum: 512, resolution: 256),
            AbsCode.z: AbsInfo(minimum: -512, maximum: 512, resolution: 256),
        ]))

    /// A device as most fixtures are written: its name, input properties, keys and buttons
    /// (`EV_KEY` codes) and absolute axes; nothing else (no id of its own, no LEDs).
    static func device(_ name: String, properties: [UInt16] = [], keys: [UInt16], axes: [UInt16: AbsInfo]) -> DeviceDescription {
        DeviceDescription(id: 0, name: name, evdev: EvdevCapabilities(properties: properties, codes: [EventType.key: keys], absinfo: axes))
    }
}

/// Shorthand for writing evdev frames in tests.
func axis(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: EventType.abs, code: code, value: value) }
func key(_ code: UInt16, _ value: Int32) -> EvdevEvent { EvdevEvent(type: EventType.key, code: code, value: value) }
let synReport = EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0)
let synMTReport = EvdevEvent(type: EventType.syn, code: SynCode.mtReport, value: 0)
let synDropped = EvdevEvent(type: EventType.syn, code: SynCode.dropped, value: 0)

/// A frame at `ms` milliseconds; a SYN_REPORT is added unless the events end with one.
func frame(_ ms: Double, _ events: EvdevEvent...) -> EvdevFrame {
    var list = events
    if list.last?.isSynReport != true { list.append(synReport) }
    let t = Timestamp(microseconds: Int64(ms * 1000))
    return EvdevFrame(events: list.map { var e = $0; e.time = t; return e })
}

extension FrameAssembler {
    /// The touch frame a frame produces, if any.
    mutating func touches(_ f: EvdevFrame) -> TouchFrame? {
        if case .touches(let t)? = process(f) { return t }
        return nil
    }
}

extension TouchFrame {
    var ids: [Int] { contacts.map { $0.id } }
    func contact(_ id: Int) -> Contact? { contacts.first { $0.id == id } }
}

/// `#require` for a value computed by a mutating call (the macro cannot capture `inout`).
func required<T>(_ value: T?, sourceLocation: SourceLocation = #_sourceLocation) throws -> T {
    try #require(value, sourceLocation: sourceLocation)
}
