import Foundation
import Tactile
import Testing
import TestSupport

/// Small writes are gathered and large ones written straight through; either way the file
/// holds every byte in the order written, and only once committed.
struct OutputFileTests {
    @Test func writesOfEverySizeComeOutInOrder() throws {
        let path = Paths.scratch().appendingPathComponent("out.bin").path
        var rng = SplitMix64(seed: 9)
        var expected: [UInt8] = []
        let output = try OutputFile(path: path)
        for round in 0..<200 {
            let size = Int.random(in: 0...(round % 3 == 0 ? 200_000 : 3_000), using: &rng)
            let chunk = (0..<size).map { _ in UInt8.random(in: 0...255, using: &rng) }
            expected += chunk
            try chunk.withUnsafeBufferPointer { try output.write($0) }
        }
        #expect(!FileManager.default.fileExists(atPath: path))
        try output.commit()
        #expect(FileManager.default.contents(atPath: path).map(Array.init) == expected)
    }
}
