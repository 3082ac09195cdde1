import FuzzSupport
import Tactile
import TactileJSON

/// The gesture engine fed random touch frames: up to 16 contacts, ids reused and jumping,
/// positions anywhere (NaN and infinities included), time going anywhere; then checks the
/// output's promises.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let device = DeviceDescription(id: 0, name: "fuzz", kind: input.byte() & 1 == 0 ? .touchscreen : .touchpad,
                                   size: Size(width: 150, height: 90), pressure: input.byte() & 1 == 0)
    var recognizer = Recognition(devices: InputDevices(devices: [device]))
    var out: [RecognizedEvent] = []
    var t: Int64 = 0
    while !input.isEmpty {
        let control = input.byte()
        t += control & 0x80 != 0 ? Int64(input.u16()) * 1000 : Int64(control & 0x3f) * 500
        if control == 0xff { t -= Int64(input.u16()) }  // time going backwards
        var frame = TouchFrame(time: Timestamp(microseconds: t), device: 0)
        if control & 0x40 != 0 { frame.buttons = PhysicalButtons(rawValue: input.byte() & 7) }
        let n = Int(input.byte() % 17)
        for _ in 0..<n {
            let id = Int(input.byte() % 24)
            let wild = input.byte() == 0xfe
            let p = wild ? Point(x: input.anyDouble(), y: input.anyDouble()) : Point(x: input.double(-20...200), y: input.double(-20...120))
            frame.contacts.append(Contact(id: id, position: p, pressure: Pressure(input.double(0...1))))
        }
        if input.byte() == 0x42 { frame.cancelled.append(Int(input.byte() % 24)) }
        recognizer.process(.touches(frame), into: &out)
        if out.count > 4096 { out.removeAll(keepingCapacity: true) }
    }
    recognizer.finish(into: &out)
    var json = JSONOutput()
    for e in out { json.clear(); e.encode(into: &json) }
    return 0
}

@_cdecl("fuzz_gestures_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
