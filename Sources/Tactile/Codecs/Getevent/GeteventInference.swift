/// A device's capabilities guessed from its events, for a getevent capture without its
/// `-p` description. What it chooses, and why:
/// - the codes it saw, each on its own type;
/// - positions: 0 up to the largest value seen (the true range is at least that; with no
///   resolution the size is then the documented assumption, `DeviceGeometry`);
/// - pressure and contact size: up to the smallest usual full scale (255, 1023, 4095,
///   65535) that holds every value seen, so one firm press does not read as the maximum;
/// - slots: at least 10, Android's usual, or as many as seen, also when tracking ids
///   show protocol B and no slot was ever named; none when `SYN_MT_REPORT` shows protocol
///   A (which may send tracking ids too); tracking ids 0...65535;
/// - kind: getevent is the phone's tool, and phones have touchscreens: a device reporting
///   positions is a touchscreen (INPUT_PROP_DIRECT), unless it shows what only a touchpad
///   sends: a finger count beyond one (`BTN_TOOL_DOUBLETAP` and up, which the kernel gives
///   pointer devices, `INPUT_MT_POINTER`), a button beside `BTN_TOOL_FINGER`, or a name
///   (from the capture's `add device` lines) saying touchpad or trackpad. Then it is a
///   touchpad (INPUT_PROP_POINTER, and BUTTONPAD when it clicks). `BTN_TOOL_FINGER` alone
///   says nothing: Android touchscreen drivers (Samsung's, Synaptics' DSX) send it with
///   every touch.
struct GeteventInference {
    var codes: [UInt16: Set<UInt16>] = [:]
    var low: [UInt16: Int32] = [:]
    var high: [UInt16: Int32] = [:]

    mutating func observe(_ e: EvdevEvent) {
        codes[e.type, default: []].insert(e.code)
        guard e.type == EventType.abs else { return }
        low[e.code] = min(low[e.code] ?? e.value, e.value)
        high[e.code] = max(high[e.code] ?? e.value, e.value)
    }

    /// The capabilities; `name` is the device's name when the capture gave it.
    func capabilities(name: String? = nil) -> EvdevCapabilities {
        var caps = EvdevCapabilities()
        for (type, set) in codes where type != EventType.abs { caps.codes[type] = set.sorted() }
        caps.codes[EventType.syn] = SynCode.all
        for code in codes[EventType.abs] ?? [] {
            let lo = low[code] ?? 0, hi = high[code] ?? 0
            switch code {
            case AbsCode.mtSlot:
                caps.absinfo[code] = AbsInfo(minimum: 0, maximum: max(9, hi))
            case AbsCode.mtTrackingID:
                caps.absinfo[code] = AbsInfo(minimum: 0, maximum: 65535)
            case AbsCode.mtPressure, AbsCode.pressure, AbsCode.mtTouchMajor, AbsCode.mtTouchMinor,
                 AbsCode.mtWidthMajor, AbsCode.mtWidthMinor, AbsCode.toolWidth, AbsCode.distance, AbsCode.mtDistance:
                caps.absinfo[code] = AbsInfo(minimum: 0, maximum: Self.fullScale(hi))
            case AbsCode.mtToolType:
                caps.absinfo[code] = AbsInfo(minimum: 0, maximum: max(2, hi))
            default:
                caps.absinfo[code] = AbsInfo(minimum: min(0, lo), maximum: max(1, hi))
            }
        }
        // Tracking ids without SYN_MT_REPORT mean protocol B, which has slots even when only
        // slot 0 was used (a driver leaves ABS_MT_SLOT out while it does not change). With
        // SYN_MT_REPORT it is protocol A that also sends tracking ids (many Android drivers):
        // no slots, each frame lists every contact.
        let protocolA = codes[EventType.syn]?.contains(SynCode.mtReport) ?? false
        if caps.hasAbs(AbsCode.mtTrackingID) && !caps.hasAbs(AbsCode.mtSlot) && !protocolA {
            caps.absinfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: 9)
        }
        if !caps.absinfo.isEmpty { caps.codes[EventType.abs] = caps.absinfo.keys.sorted() }
        let keys = codes[EventType.key] ?? []
        let positions = caps.hasAbs(AbsCode.mtPositionX) || caps.hasAbs(AbsCode.x)
        let buttons = keys.contains(KeyCode.btnLeft) || keys.contains(KeyCode.btnRight) || keys.contains(KeyCode.btnMiddle)
        let fingerCounts = [KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap, KeyCode.btnToolQuadTap, KeyCode.btnToolQuintTap]
            .contains(where: keys.contains)
        let named = name.map { $0.lowercased() }.map { $0.contains("touchpad") || $0.contains("trackpad") } ?? false
        if positions && (fingerCounts || (buttons && keys.contains(KeyCode.btnToolFinger)) || named) {
            caps.properties = [InputProperty.pointer] + (keys.contains(KeyCode.btnLeft) ? [InputProperty.buttonpad] : [])
        } else if positions {
            caps.properties = [InputProperty.direct]
        }
        return caps
    }

    /// The smallest usual full scale holding `value`.
    static func fullScale(_ value: Int32) -> Int32 {
        for scale: Int32 in [255, 1023, 4095, 65535] where value <= scale { return scale }
        return value
    }
}
