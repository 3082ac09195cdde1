import FuzzSupport
import Tactile
import TactileJSON

/// The orientation filter fed random samples (any value, any timing, any mount matrix, and
/// sometimes a lock, an allowed set or a flat fallback).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var settings = OrientationSettings()
    if input.byte() & 1 == 1 {
        settings.mountMatrix = MountMatrix(rows: (0..<3).map { _ in (0..<3).map { _ in input.double(-2...2) } })
    }
    let options = input.byte()
    if options & 2 == 2 { settings.flatFallback = InterfaceOrientation(quarterTurns: Int(options >> 4)) }
    if options & 4 == 4 { settings.lock = InterfaceOrientation(quarterTurns: Int(options >> 5)) }
    if options & 8 == 8 {
        settings.allowed = Set(InterfaceOrientation.allCases.filter { (options >> (4 + $0.quarterTurns)) & 1 == 1 })
    }
    var filter = OrientationFilter(device: 1, settings: settings)
    var t: Int64 = 0
    var json = JSONOutput()
    while !input.isEmpty {
        t += Int64(input.u16()) * 10 - (input.byte() == 0xff ? 200_000 : 0)
        let wild = input.byte() == 0xfe
        let force = wild
            ? SpecificForce(x: input.anyDouble(), y: input.anyDouble(), z: input.anyDouble())
            : SpecificForce(x: input.double(-40...40), y: input.double(-40...40), z: input.double(-40...40))
        if let e = filter.process(AccelerometerSample(time: Timestamp(microseconds: t), device: 1, force: force)) {
            json.clear()
            e.encode(into: &json)
        }
    }
    return 0
}

@_cdecl("fuzz_orientation_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
