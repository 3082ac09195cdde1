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
