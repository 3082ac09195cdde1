import FuzzSupport
import Tactile

/// The Android getevent reader on arbitrary bytes (a description, then `-t` or `-lt`
/// lines, or anything else); whatever it reads is assembled, with devices inferred from
/// their events where no description came first.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let chunk = Int(input.byte()) + 1
    let lines = LineReader(source: .memory(MemoryBytes(input.remaining, maxChunk: chunk)), name: "fuzz", maxLineLength: 1 << 12)
    guard let (header, frames) = try? GeteventReader.read(lines) else { return 0 }
    assemble(header, frames)
    return 0
}

@_cdecl("fuzz_getevent_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
