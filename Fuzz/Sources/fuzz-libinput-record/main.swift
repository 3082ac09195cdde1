import FuzzSupport
import Tactile
import TactileLibinputRecord

/// The libinput record reader on arbitrary bytes (valid YAML or not).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = FuzzInput(data, size)
    guard let (header, events) = try? LibinputRecordReader.read(input.remaining, name: "fuzz") else { return 0 }
    assemble(header, events)
    return 0
}

@_cdecl("fuzz_libinput_record_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
