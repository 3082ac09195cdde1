/// The assembler run backwards: turns touch frames into multitouch protocol B events and
/// accelerometer samples into `ABS_X/Y/Z`, for a virtual device described here.
///
/// Used to write a `touches` trace as evemu or `libinput record`, and to replay it
/// through uinput. Positions are quantised to the virtual device's resolution.
public struct EvdevSynthesizer {
    /// Units per millimetre of the virtual touch device (0.05 mm steps).
    public static let touchResolution: Int32 = 20
    /// Units per g of the virtual accelerometer (a common 16-bit, ±2 g sensor's step,
    /// with the range widened to ±16 g so shakes do not clip).
    public static let accelResolution: Int32 = 16384
    /// `ABS_MT_PRESSURE`'s maximum on a synthesized device: pressure 0...1 maps to 0...1024.
    public static let pressureMax: Int32 = 1024

    /// The capabilities of the virtual device the frames become events of.
    public let caps: EvdevCapabilities
    private let kind: DeviceKind
    /// Contact id held by each slot, or nil.
    private var slotContact = FixedList<16, Int?>()
    private var sent = FixedList<16, SlotState>()
    private var currentSlot = 0
    private var nextTrackingID: Int32 = 0
    private var touching = false
    private var toolFingers = 0
    /// Physical buttons as last sent.
    private var buttons = PhysicalButtons()
    private var legacy = SlotState()
    private var events: [EvdevEvent] = []
    /// The accelerometer values last sent, in device units.
    private var lastAccel: (Int32, Int32, Int32)?

    /// A synthesizer for `device`: its evdev capabilities if it has them, else a protocol B device made to its size.
    public init(device: DeviceDescription) {
        kind = device.kind
        caps = device.evdev ?? Self.capabilities(for: device)
        for _ in 0..<TouchFrame.capacity {
            slotContact.append(nil)
            sent.append(SlotState())
        }
        events.reserveCapacity(64)
    }

    /// Capabilities of a virtual device that can carry everything a trace holds for `device`.
    public static func capabilities(for device: DeviceDescription) -> EvdevCapabilities {
        var caps = EvdevCapabilities(inputID: InputID(bustype: 0x06, vendor: 0x7461, product: 0x6374, version: 1))
        caps.codes[EventType.syn] = SynCode.all
        if device.kind == .accelerometer {
            caps.properties = [InputProperty.accelerometer]
            let r = accelResolution
            for axis in [AbsCode.x, AbsCode.y, AbsCode.z] {
                caps.absinfo[axis] = AbsInfo(minimum: -16 * r, maximum: 16 * r, resolution: r)
            }
            caps.codes[EventType.abs] = [AbsCode.x, AbsCode.y, AbsCode.z]
            return caps
        }
        let size = device.size ?? Size(width: 100, height: 100)
        let r = touchResolution
        let maxX = Int32((size.width.value * Double(r)).rounded()), maxY = Int32((size.height.value * Double(r)).rounded())
        caps.absinfo[AbsCode.x] = AbsInfo(minimum: 0, maximum: maxX, resolution: r)
        caps.absinfo[AbsCode.y] = AbsInfo(minimum: 0, maximum: maxY, resolution: r)
        caps.absinfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: Int32(TouchFrame.capacity - 1))
        caps.absinfo[AbsCode.mtTouchMajor] = AbsInfo(minimum: 0, maximum: Swift.max(maxX, maxY), resolution: r)
        caps.absinfo[AbsCode.mtTouchMinor] = AbsInfo(minimum: 0, maximum: Swift.max(maxX, maxY), resolution: r)
        caps.absinfo[AbsCode.mtPositionX] = AbsInfo(minimum: 0, maximum: maxX, resolution: r)
        caps.absinfo[AbsCode.mtPositionY] = AbsInfo(minimum: 0, maximum: maxY, resolution: r)
        caps.absinfo[AbsCode.mtToolType] = AbsInfo(minimum: 0, maximum: 2)
        caps.absinfo[AbsCode.mtTrackingID] = AbsInfo(minimum: 0, maximum: 65535)
        if device.pressure {
            caps.absinfo[AbsCode.pressure] = AbsInfo(minimum: 0, maximum: pressureMax)
            caps.absinfo[AbsCode.mtPressure] = AbsInfo(minimum: 0, maximum: pressureMax)
        }
        caps.codes[EventType.abs] = caps.absinfo.keys.sorted()
        var keys: [UInt16] = [KeyCode.btnTouch]
        if device.kind == .touchpad {
            caps.properties = [InputProperty.pointer, InputProperty.buttonpad] + (device.semiMT ? [InputProperty.semiMT] : [])
            keys += [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnToolQuintTap,
                     KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap, KeyCode.btnToolQuadTap]
        } else {
            caps.properties = [InputProperty.direct]
        }
        caps.codes[EventType.key] = keys.sorted()
        return caps
    }

    /// A value in device units: rounded and clamped to 32 bits (NaN as 0), never a trap.
    static func units(_ v: Double) -> Int32 {
        guard !v.isNaN else { return 0 }
        return Int32(Swift.max(Double(Int32.min), Swift.min(Double(Int32.max), v.rounded())))
    }

    /// The events of one accelerometer sample, ending in `SYN_REPORT`. An axis whose value
    /// did not change is left out, as the kernel leaves it out (input core drops repeated
    /// values), so the stream is what a reader of a real device would see.
    public mutating func events(for sample: AccelerometerSample) -> EvdevFrame {
        let t = sample.time
        func units(_ v: Double, _ code: UInt16) -> Int32 {
            let a = caps.absinfo[code] ?? AbsInfo(minimum: -1, maximum: 1, resolution: Self.accelResolution)
            let perG = a.resolution > 0 ? Double(a.resolution) : Double(Swift.max(a.maximum.magnitude, 1)) / 2
            let raw = Double(Self.units(v / SpecificForce.standardGravity * perG))
            return Int32(Swift.min(Double(a.maximum), Swift.max(Double(a.minimum), raw)))
        }
        var events: [EvdevEvent] = []
        events.reserveCapacity(4)
        let values = (units(sample.force.x, AbsCode.x), units(sample.force.y, AbsCode.y), units(sample.force.z, AbsCode.z))
        if lastAccel?.0 != values.0 { events.append(EvdevEvent(type: EventType.abs, code: AbsCode.x, value: values.0, time: t)) }
        if lastAccel?.1 != values.1 { events.append(EvdevEvent(type: EventType.abs, code: AbsCode.y, value: values.1, time: t)) }
        if lastAccel?.2 != values.2 { events.append(EvdevEvent(type: EventType.abs, code: AbsCode.z, value: values.2, time: t)) }
        lastAccel = values
        events.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0, time: t))
        return EvdevFrame(events: events)
    }

    /// The protocol B events that take the device from the last frame to `frame`.
    public mutating func events(for frame: TouchFrame) -> EvdevFrame {
        events.removeAll(keepingCapacity: true)
        let t = frame.time
        func emit(_ type: UInt16, _ code: UInt16, _ value: Int32) {
            events.append(EvdevEvent(type: type, code: code, value: value, time: t))
        }
        func select(_ slot: Int) {
            if slot != currentSlot { emit(EventType.abs, AbsCode.mtSlot, Int32(slot)); currentSlot = slot }
        }
        // Lifts first, so their slots are free for new contacts.
        for s in 0..<slotContact.count {
            guard let id = slotContact[s] else { continue }
            if !frame.contacts.contains(where: { $0.id == id }) {
                select(s)
                emit(EventType.abs, AbsCode.mtTrackingID, -1)
                slotContact[s] = nil
            }
        }
        let r = Double(caps.absinfo[AbsCode.mtPositionX]?.resolution ?? Self.touchResolution)
        let pressureMax = Double(caps.absinfo[AbsCode.mtPressure]?.maximum ?? Self.pressureMax)
        var first: SlotState?
        for c in frame.contacts {
            var slot = -1
            for s in 0..<slotContact.count where slotContact[s] == c.id { slot = s }
            var state = SlotState()
            state.x = Self.units(c.position.x * r)
            state.y = Self.units(c.position.y * r)
            if let p = c.pressure { state.pressure = Int32((p.value * pressureMax).rounded()); state.hasPressure = true }
            if let m = c.major { state.major = Self.units(m.value * r); state.hasMajor = true }
            if let m = c.minor { state.minor = Self.units(m.value * r); state.hasMinor = true }
            state.toolType = c.tool == .pen ? MTToolType.pen : c.tool == .palm ? MTToolType.palm : MTToolType.finger
            let old: SlotState
            if slot < 0 {
                guard let free = slotContact.firstIndex(where: { $0 == nil }) else { continue }
                slot = free
                slotContact[slot] = c.id
                select(slot)
                emit(EventType.abs, AbsCode.mtTrackingID, nextTrackingID)
                nextTrackingID = (nextTrackingID + 1) & 0xffff
            }
            // The kernel keeps each slot's values from one contact to the next and drops
            // a value equal to the one it holds, so only changes are sent, a new contact's
            // included (readers keep slot values the same way).
            old = sent[slot]
            func axis(_ code: UInt16, _ new: Int32, _ before: Int32, _ present: Bool = true) {
                guard present, new != before else { return }
                select(slot)
                emit(EventType.abs, code, new)
            }
            axis(AbsCode.mtPositionX, state.x, old.x)
            axis(AbsCode.mtPositionY, state.y, old.y)
            axis(AbsCode.mtPressure, state.pressure, old.pressure, state.hasPressure && caps.hasAbs(AbsCode.mtPressure))
            axis(AbsCode.mtTouchMajor, state.major, old.major, state.hasMajor && caps.hasAbs(AbsCode.mtTouchMajor))
            axis(AbsCode.mtTouchMinor, state.minor, old.minor, state.hasMinor && caps.hasAbs(AbsCode.mtTouchMinor))
            axis(AbsCode.mtToolType, state.toolType, old.toolType, caps.hasAbs(AbsCode.mtToolType))
            sent[slot] = state
            if first == nil { first = state }
        }
        let down = !frame.contacts.isEmpty
        if down != touching {
            emit(EventType.key, KeyCode.btnTouch, down ? 1 : 0)
            touching = down
        }
        if kind == .touchpad {
            let fingers = Swift.min(5, frame.fingerCount)
            if fingers != toolFingers {
                let codes = [KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap,
                             KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap]
                if toolFingers > 0 { emit(EventType.key, codes[toolFingers - 1], 0) }
                if fingers > 0 { emit(EventType.key, codes[fingers - 1], 1) }
                toolFingers = fingers
            }
        }
        if frame.buttons != buttons {
            for (_, b) in PhysicalButtons.named where frame.buttons.contains(b) != buttons.contains(b) {
                let code = b == .left ? KeyCode.btnLeft : b == .right ? KeyCode.btnRight : KeyCode.btnMiddle
                if caps.hasKey(code) { emit(EventType.key, code, frame.buttons.contains(b) ? 1 : 0) }
            }
            buttons = frame.buttons
        }
        if let f = first {
            if f.x != legacy.x { emit(EventType.abs, AbsCode.x, f.x) }
            if f.y != legacy.y { emit(EventType.abs, AbsCode.y, f.y) }
            if f.hasPressure, caps.hasAbs(AbsCode.pressure), f.pressure != legacy.pressure {
                emit(EventType.abs, AbsCode.pressure, f.pressure)
            }
            legacy = f
        } else if legacy.hasPressure && caps.hasAbs(AbsCode.pressure) && legacy.pressure != 0 {
            emit(EventType.abs, AbsCode.pressure, 0)
            legacy.pressure = 0
        }
        emit(EventType.syn, SynCode.report, 0)
        return EvdevFrame(events: events)
    }
}
