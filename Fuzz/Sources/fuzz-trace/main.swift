import FuzzSupport
import Tactile
import TactileJSON

/// The trace reader on arbitrary bytes, split into reads of a size the input chooses.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunk = Int(input.byte()) + 1
    let lines = LineReader(source: .memory(MemoryBytes(input.remaining, maxChunk: chunk)), name: "fuzz", maxLineLength: 1 << 16)
    guard let reader = try? TraceReader(lines: lines) else { return 0 }
    var out = JSONOutput()
    drain {
        let e = try reader.next()
        if let e { out.clear(); e.encode(into: &out) }  // whatever reads must also write
        return e
    }
    return 0
}

@_cdecl("fuzz_trace_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
