@testable import TactileJSON
import Testing

/// `ShortestDigits` must write exactly what `description` writes, for every normal Double:
/// the same digits (shortest, closest, ties to even) in the same layout.
struct ShortestDigitsTests {
    static func written(_ v: Double) -> String? {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ShortestDigits.room) { buffer in
            guard let n = ShortestDigits.write(v, at: buffer.baseAddress!) else { return nil }
            #expect(n <= ShortestDigits.maxLength)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<n]), as: UTF8.self)
        }
    }

    func check(_ v: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Self.written(v) == v.description, "bits 0x\(String(v.bitPattern, radix: 16))", sourceLocation: sourceLocation)
    }

    /// Every binary exponent, at its power of two (where the gap below halves), its
    /// largest significand, and random significands between; both signs.
    @Test func everyExponent() {
        var rng = SplitMix64(seed: 11)
        for bq in UInt64(1)...2046 {
            let fixed: [UInt64] = [0, 1, 2, (1 << 52) - 1, (1 << 52) - 2, 1 << 51]
            for t in fixed + (0..<40).map({ _ in rng.next() & ((1 << 52) - 1) }) {
                let bits = bq << 52 | t
                check(Double(bitPattern: bits))
                check(Double(bitPattern: bits | 1 << 63))
            }
        }
    }

    /// Powers of ten and their neighbours, and the edges of the decimal layout (0.0001 and
    /// 2^53, past which the form turns exponential).
    @Test func powersOfTenAndLayoutEdges() {
        var edges: [Double] = [0x1p53, 1e-4, 1e15, 1e16, 1e17, 1e22, 1e23, 0.1 + 0.2, 2.0 / 3, 5e-5, 123456.789, 4.35e-4,
                               .greatestFiniteMagnitude, .leastNormalMagnitude, 1.7976931348623157e308]
        var p = 1.0
        for _ in 0..<308 { p *= 10; edges.append(p); edges.append(1 / p) }
        for e in Array(edges) { edges += [e.nextUp, e.nextDown, e.nextUp.nextUp, e.nextDown.nextDown] }
        for v in edges where v.isNormal { check(v); check(-v) }
    }

    /// Numbers as the recognizers produce them: a few digits, sums of steps, ratios.
    @Test func randomValuesAndBitPatterns() {
        var rng = SplitMix64(seed: 12)
        for _ in 0..<200_000 {
            let v = Double(bitPattern: rng.next())
            if v.isNormal { check(v) }
            let digits = Double(rng.next() % 1_000_000) / Double([1, 10, 100, 1000, 10_000][Int(rng.next() % 5)])
            if digits.isNormal { check(digits); check(digits * 1.0000001); check(digits / 3) }
        }
    }

    @Test func zeroSubnormalsAndNonFiniteAreLeftToTheCaller() {
        for v in [0.0, -0.0, .leastNonzeroMagnitude, 1e-310, .infinity, -.infinity, .nan] {
            #expect(Self.written(v) == nil, "\(v)")
        }
    }
}
