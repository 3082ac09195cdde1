import FuzzSupport
import Tactile

/// The evemu reader on arbitrary bytes; the first byte picks whether a second part is a
/// separate description file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let split = Int(input.u16())
    let rest = input.remaining
    let cut = min(split, rest.count)
    let useDesc = split & 1 == 1 && cut > 0
    let events = useDesc ? Array(rest[cut...]) : rest
    let desc = useDesc ? LineReader(source: .memory(MemoryBytes(Array(rest[..<cut]))), name: "desc", maxLineLength: 1 << 16) : nil
    let lines = LineReader(source: .memory(MemoryBytes(events, maxChunk: 7)), name: "fuzz", maxLineLength: 1 << 16)
    guard let reader = try? EvemuReader(lines: lines, description: desc) else { return 0 }
    var assembler = Assembler(header: reader.header)
    drain {
        let e = try reader.next()
        if let e { _ = assembler.process(e) }
        return e
    }
    return 0
}

@_cdecl("fuzz_evemu_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
