import Tactile
import Testing

/// A trace read in chunks of lines (`TraceLines`, as `tactile recognize` shares decoding
/// between threads) gives the events and the error, with its line number, that reading it
/// line by line gives, wherever the chunks fall.
struct TraceLinesTests {
    /// Events up to the first error, and the error's description.
    typealias Outcome = (events: [InputEvent], error: String?)

    static func lineByLine(_ bytes: [UInt8], maxLineLength: Int) -> Outcome {
        var events: [InputEvent] = []
        do {
            let reader = try TraceReader(lines: LineReader(source: .memory(MemoryBytes(bytes, maxChunk: 5)), name: "t.jsonl",
                                                           maxLineLength: maxLineLength))
            while let e = try reader.next() { events.append(e) }
            return (events, nil)
        } catch {
            return (events, "\(error)")
        }
    }

    static func inChunks(_ bytes: [UInt8], capacity: Int, maxLineLength: Int) -> Outcome {
        var events: [InputEvent] = []
        do {
            let reader = try TraceReader(lines: LineReader(source: .memory(MemoryBytes(bytes, maxChunk: 1 << 20)), name: "t.jsonl",
                                                           maxLineLength: maxLineLength))
            var order = reader.chunkOrder()
            let chunk = LineChunk(capacity: capacity)
            var lines = TraceLines()
            while true {
                reader.nextLines(into: chunk)
                lines.decode(chunk, header: reader.header)
                for i in lines.events.indices {
                    try order.check(lines.events[i], i, of: lines)
                    events.append(lines.events[i])
                }
                if try order.finish(lines, end: chunk.end) { return (events, nil) }
            }
        } catch {
            return (events, "\(error)")
        }
    }

    static func expectSame(_ text: String, maxLineLength: Int = LineReader.defaultMaxLineLength,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let bytes = Array(text.utf8)
        let want = lineByLine(bytes, maxLineLength: maxLineLength)
        for capacity in [1, 40, 200, 1 << 16] {
            let got = inChunks(bytes, capacity: capacity, maxLineLength: maxLineLength)
            #expect(got.error == want.error, "capacity \(capacity)", sourceLocation: sourceLocation)
            #expect(got.events == want.events, "capacity \(capacity)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: 0..<10)
    func randomTracesReadTheSame(seed: Int) {
        var random = RandomTraces(seed: UInt64(seed))
        let header = random.header()
        var text = String(decoding: header.encoded(), as: UTF8.self) + "\n"
        for e in random.events(count: 100) { text += e.jsonLine + (seed % 3 == 0 ? "\r\n" : "\n") }
        Self.expectSame(text)
    }

    /// Every bad line of the trace codec's tests, after good lines and blank ones, so the
    /// error falls in a later chunk; and time going backwards across chunks.
    @Test(arguments: TraceCodecTests.badLines.map(\.0))
    func errorsNameTheSameLine(_ bad: String) {
        let good = (0..<12).map { #"{"t":0,"dev":0,"touches":[{"id":\#($0),"x":1.5,"y":2}]}"# }
        let text = TraceCodecTests.header + "\n" + good.joined(separator: "\n") + "\n  \n\t\n" + bad + "\n"
        let want = Self.lineByLine(Array(text.utf8), maxLineLength: LineReader.defaultMaxLineLength)
        #expect(want.error != nil)
        #expect(want.events.count >= 12)
        Self.expectSame(text)
    }

    @Test func aLineTooLongIsNumberedTheSame() {
        let good = #"{"t":0.1,"dev":0,"touches":[]}"#
        let text = TraceCodecTests.header + "\n" + good + "\n\n" + good + String(repeating: " ", count: 400) + "\n" + good + "\n"
        #expect(Self.lineByLine(Array(text.utf8), maxLineLength: 300).error?.contains(":4: line is longer") == true)
        Self.expectSame(text, maxLineLength: 300)
    }

    @Test func aLastLineWithoutANewlineReadsTheSame() {
        Self.expectSame(TraceCodecTests.header + "\n" + #"{"t":0.5,"dev":0,"touches":[]}"#)
        Self.expectSame(TraceCodecTests.header + "\n")
    }
}
