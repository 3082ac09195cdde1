import Tactile
import Testing

/// Lines are found eight bytes at a time; every length, position and chunking of the
/// input must give the lines splitting on `\n` gives (a `\r` before it dropped).
struct LineReaderTests {
    static func lines(_ bytes: [UInt8], chunk: Int) throws -> [[UInt8]] {
        let reader = LineReader(source: .memory(MemoryBytes(bytes, maxChunk: chunk)), name: "t")
        var out: [[UInt8]] = []
        while let line = try reader.nextLine({ Array($0) }) { out.append(line) }
        return out
    }

    /// Lines ended by `\n` lose a `\r` before it; a last line without one is kept as it is.
    static func expected(_ bytes: [UInt8]) -> [[UInt8]] {
        let parts = bytes.split(separator: 0x0a, omittingEmptySubsequences: false).map(Array.init)
        var lines = parts.dropLast().map { $0.last == 0x0d ? Array($0.dropLast()) : $0 }
        if let last = parts.last, !last.isEmpty { lines.append(last) }
        return lines
    }

    @Test(arguments: [1, 3, 8, 13, 64, 1 << 20])
    func linesAreFoundWhereverTheNewlinesFall(_ chunk: Int) throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let n = Int.random(in: 0..<80, using: &rng)
            // Mostly text, newlines and carriage returns often, every byte value sometimes.
            let bytes: [UInt8] = (0..<n).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0, 1: return 0x0a
                case 2: return 0x0d
                case 3: return UInt8.random(in: 0...255, using: &rng)
                default: return UInt8.random(in: 0x20...0x7e, using: &rng)
                }
            }
            #expect(try Self.lines(bytes, chunk: chunk) == Self.expected(bytes), "\(bytes)")
        }
    }
}

/// Whole lines copied out in chunks (`nextLines`) are the lines `nextLine` gives, for every
/// chunk capacity, including lines longer than a chunk, and every chunk ends at a line.
struct LineChunkTests {
    static func forEachLine(_ chunk: LineChunk, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = 0
        while start < chunk.count {
            let (line, next) = chunk.line(at: start)
            body(line)
            start = next
        }
    }

    static func lines(_ bytes: [UInt8], capacity: Int, read: Int) -> (lines: [[UInt8]], ends: [LineChunk.End]) {
        let reader = LineReader(source: .memory(MemoryBytes(bytes, maxChunk: read)), name: "t")
        let chunk = LineChunk(capacity: capacity)
        var out: [[UInt8]] = [], ends: [LineChunk.End] = []
        while true {
            reader.nextLines(into: chunk)
            ends.append(chunk.end)
            var given = 0
            Self.forEachLine(chunk) { out.append(Array($0)); given += 1 }
            if case .more = chunk.end {
                // Anything but the last chunk holds whole lines, newlines and all.
                #expect(chunk.bytes.last == 0x0a)
                #expect(given > 0)
                continue
            }
            return (out, ends)
        }
    }

    @Test(arguments: [1, 5, 16, 64, 1 << 16])
    func chunksHoldTheLinesNextLineGives(_ capacity: Int) throws {
        var rng = SplitMix64(seed: UInt64(capacity))
        for _ in 0..<200 {
            let n = Int.random(in: 0..<120, using: &rng)
            let bytes: [UInt8] = (0..<n).map { _ in
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: return 0x0a
                case 1: return 0x0d
                case 2: return UInt8.random(in: 0...255, using: &rng)
                default: return UInt8.random(in: 0x20...0x7e, using: &rng)
                }
            }
            for read in [3, 1 << 20] {
                let got = Self.lines(bytes, capacity: capacity, read: read)
                #expect(got.lines == LineReaderTests.expected(bytes), "\(bytes) capacity \(capacity) read \(read)")
                guard case .endOfInput = got.ends.last else {
                    Issue.record("did not end at the end: \(got.ends)"); continue
                }
            }
        }
    }

    /// A line longer than the reader allows ends the chunks after the lines before it.
    @Test func aLineTooLongEndsTheChunksAfterTheLinesBeforeIt() throws {
        let bytes = Array("one\ntwo\n".utf8) + [UInt8](repeating: 0x41, count: 300) + Array("\nafter\n".utf8)
        let reader = LineReader(source: .memory(MemoryBytes(bytes, maxChunk: 7)), name: "t", maxLineLength: 100)
        let chunk = LineChunk(capacity: 16)
        var lines: [String] = []
        while true {
            reader.nextLines(into: chunk)
            Self.forEachLine(chunk) { lines.append(String(decoding: $0, as: UTF8.self)) }
            guard case .more = chunk.end else { break }
        }
        #expect(lines == ["one", "two"])
        guard case .lineTooLong(100) = chunk.end else { Issue.record("ended with \(chunk.end)"); return }
    }
}
