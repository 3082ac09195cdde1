import FuzzSupport
import Tactile
import TactileJSON

/// The path `tactile recognize` decodes traces by: `InputPipeline` cutting the input into
/// chunks of whole lines (of a capacity the input picks, so lines straddle every kind of
/// boundary), decoded by either of its two threads and taken in order. Checked against
/// `TraceReader.next()`, the same bytes read a line at a time: the same events, encoded
/// byte for byte, and an error on the same line, or none in both.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let capacity = 16 + Int(input.u16() % 2048)
    let bytes = input.remaining
    let oneByOne = read(bytes) { reader in
        var out: [[UInt8]] = []
        var failure: TactileError?
        do {
            while let e = try reader.next() { out.append(encoded(e)) }
        } catch {
            failure = error as? TactileError
        }
        return (out, failure)
    }
    let chunked = read(bytes) { reader in
        var out: [[UInt8]] = []
        var failure: TactileError?
        let pipeline = InputPipeline(.trace(reader), stage: PassThrough(), chunkSize: capacity, depth: 2)
        defer { pipeline.stop() }
        do {
            try pipeline.forEach { out.append(encoded($0)) }
        } catch {
            failure = error as? TactileError
        }
        return (out, failure)
    }
    guard let oneByOne, let chunked else {
        precondition((oneByOne == nil) == (chunked == nil), "the header was read one way only")
        return 0
    }
    precondition(chunked.events == oneByOne.events, "chunked decoding gave other events than line by line")
    precondition(chunked.failure?.line == oneByOne.failure?.line,
                 "chunked decoding failed at line \(chunked.failure?.line ?? -1), line by line at \(oneByOne.failure?.line ?? -1)")
    return 0
}

/// The events of `bytes` read as a trace by `body`, or nil when the header is refused.
private func read(_ bytes: [UInt8], _ body: (TraceReader) -> ([[UInt8]], TactileError?)) -> (events: [[UInt8]], failure: TactileError?)? {
    let lines = LineReader(source: .memory(MemoryBytes(bytes, maxChunk: 61)), name: "fuzz", maxLineLength: 1 << 12)
    guard let reader = try? TraceReader(lines: lines) else { return nil }
    let (events, failure) = body(reader)
    return (events, failure)
}

private func encoded(_ e: InputEvent) -> [UInt8] {
    var out = JSONOutput()
    e.encode(into: &out)
    return out.bytes
}

@_cdecl("fuzz_trace_chunks_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
