import FuzzSupport
import Tactile

/// The frame assembler fed random evdev events on devices the input describes: protocol
/// A or B, any slot count, axes with any range and resolution (zero, negative, huge).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var caps = EvdevCapabilities()
    let flags = input.byte()
    if flags & 1 != 0 { caps.properties.append(InputProperty.direct) }
    if flags & 2 != 0 { caps.properties.append(InputProperty.semiMT) }
    if flags & 4 != 0 { caps.properties.append(InputProperty.accelerometer) }
    if flags & 8 != 0 { caps.properties.append(InputProperty.pointer) }
    if flags & 16 != 0 { caps.properties.append(InputProperty.buttonpad) }
    let axes: [UInt16] = [AbsCode.x, AbsCode.y, AbsCode.z, AbsCode.pressure, AbsCode.mtSlot, AbsCode.mtPositionX,
                          AbsCode.mtPositionY, AbsCode.mtTrackingID, AbsCode.mtPressure, AbsCode.mtTouchMajor,
                          AbsCode.mtTouchMinor, AbsCode.mtToolType]
    let mask = input.u16()
    for (k, code) in axes.enumerated() where mask & (1 << k) != 0 {
        let a = input.i32(), b = input.i32()
        caps.absinfo[code] = AbsInfo(minimum: min(a, b), maximum: max(a, b), resolution: Int32(input.byte()) - 8)
    }
    var keys: [UInt16] = []
    let keyMask = input.byte()
    for (k, code) in [KeyCode.btnTouch, KeyCode.btnToolFinger, KeyCode.btnToolDoubleTap, KeyCode.btnToolTripleTap,
                      KeyCode.btnToolQuintTap, KeyCode.btnToolPen, KeyCode.btnLeft].enumerated() where keyMask & (1 << k) != 0 {
        keys.append(code)
    }
    caps.codes[EventType.key] = keys
    var assembler = FrameAssembler(device: DeviceDescription(id: 0, name: "fuzz", evdev: caps))
    var engine = GestureEngine(device: DeviceDescription(id: 0, name: "fuzz", evdev: caps))
    var out: [GestureEvent] = []
    var t: Int64 = 0
    while !input.isEmpty {
        let kind = input.byte()
        t += Int64(input.byte()) * 100
        let e: EvdevEvent
        switch kind % 8 {
        case 0: e = EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0)
        case 1: e = EvdevEvent(type: EventType.syn, code: UInt16(input.byte() % 4), value: 0)
        case 2: e = EvdevEvent(type: EventType.key, code: keys.isEmpty ? KeyCode.btnTouch : keys[Int(input.byte()) % keys.count], value: Int32(input.byte() % 3))
        default: e = EvdevEvent(type: EventType.abs, code: axes[Int(input.byte()) % axes.count], value: input.i32())
        }
        var timed = e
        timed.time = Timestamp(microseconds: t)
        if case .touches(let f)? = assembler.process(timed) {
            engine.process(f, into: &out)
            out.removeAll(keepingCapacity: true)
        }
    }
    engine.finish(into: &out)
    return 0
}

@_cdecl("fuzz_assembler_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
