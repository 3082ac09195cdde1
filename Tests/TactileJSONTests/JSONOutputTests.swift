import TactileJSON
import TactileTesting
import Testing

/// The number writers take shortcuts for speed; each is checked against the plain form it
/// stands for, on values spread over every magnitude the output meets and beyond.
struct JSONOutputTests {
    static func text(_ body: (inout JSONOutput) -> Void) -> String {
        var out = JSONOutput()
        body(&out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// What `double` must write: Swift's shortest round-trip form, `.0` on whole numbers.
    static func reference(_ v: Double) -> String {
        guard v.isFinite else { return "null" }
        if v == v.rounded(), v.magnitude < 1e15 { return (v.sign == .minus && v == 0 ? "-" : "") + "\(Int64(v)).0" }
        return v.description
    }

    static func samples(_ count: Int) -> [Double] {
        var rng = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, -1, 0.5, 0.00005, -0.00005, 0.00015, 123.45675, 1e-9, 1e9, 999_999_999.99995,
                                1e13, 1e16, 1e300, -1e-300, .pi, 1.0 / 3, 0.1 + 0.2, .greatestFiniteMagnitude,
                                .leastNonzeroMagnitude, .infinity, -.infinity, .nan]
        for _ in 0..<count {
            let magnitude = Double.random(in: -12...18, using: &rng)
            let sign: Double = Bool.random(using: &rng) ? 1 : -1
            values.append(sign * Double.random(in: 1..<10, using: &rng) * pow10(magnitude.rounded(.down)))
            values.append(Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng)))
        }
        return values
    }

    static func pow10(_ e: Double) -> Double {
        var r = 1.0
        for _ in 0..<Int(e.magnitude) { r *= 10 }
        return e < 0 ? 1 / r : r
    }

    @Test func doublesAreShortestRoundTrip() {
        for v in Self.samples(20_000) {
            #expect(Self.text { $0.double(v) } == Self.reference(v), "\(v.bitPattern)")
        }
    }

    @Test(arguments: 0...6)
    func roundedIsTheShortestFormOfTheRoundedValue(_ decimals: Int) {
        let scale = Self.pow10(Double(decimals))
        for v in Self.samples(5_000) {
            let r = (v * scale).rounded() / scale
            #expect(Self.text { $0.rounded(v, decimals: decimals) } == Self.reference(r == 0 ? 0 : r), "\(v) to \(decimals)")
        }
    }

    /// Four decimals of values below 10⁴ come from one register of eight digits: every
    /// length of the whole part, decimals with and without trailing zeros, and the values
    /// either side of each (which round the other way at a half).
    @Test func fourDecimalsFromOneRegister() {
        var rng = SplitMix64(seed: 4)
        var values: [Double] = [9999.99995, 9999.99994, 0.00005, 0.00004999, 1000, 999.9999, 0.5, 10.05]
        for digits in 1...8 {
            for _ in 0..<2_000 {
                let k = Double(UInt64.random(in: 0..<[1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000][digits], using: &rng))
                let trimmed = Bool.random(using: &rng) ? (k / 100).rounded(.down) * 100 : k
                for v in [trimmed / 1e4, (trimmed + 0.5) / 1e4] {
                    values += [v, v.nextUp, v.nextDown, -v]
                }
            }
        }
        for v in values {
            let r = (v * 1e4).rounded() / 1e4
            #expect(Self.text { $0.rounded(v, decimals: 4) } == Self.reference(r == 0 ? 0 : r), "\(v)")
        }
    }

    @Test func roundedExamples() {
        #expect(Self.text { $0.rounded(76.64814999, decimals: 4) } == "76.6481")
        #expect(Self.text { $0.rounded(-0.32414, decimals: 4) } == "-0.3241")
        #expect(Self.text { $0.rounded(2.00001, decimals: 4) } == "2.0")
        #expect(Self.text { $0.rounded(-0.00001, decimals: 4) } == "0.0")
        #expect(Self.text { $0.rounded(0.0001, decimals: 4) } == "0.0001")
    }

    @Test func wholeNumbersAndSeconds() {
        var rng = SystemRandomNumberGenerator()
        var values: [Int64] = [0, 1, -1, 9, 10, 99, 100, 101, 999, 1000, -100, .max, .min, .min + 1]
        for _ in 0..<20_000 { values.append(Int64.random(in: .min ... .max, using: &rng) >> Int64.random(in: 0...63, using: &rng)) }
        for v in values {
            #expect(Self.text { $0.int(v) } == String(v))
            let seconds = v / 1_000_000, us = (v % 1_000_000).magnitude
            var expected = (v < 0 ? "-" : "") + String(seconds.magnitude)
            if us != 0 {
                var digits = String(us)
                digits = String(repeating: "0", count: 6 - digits.count) + digits
                while digits.hasSuffix("0") { digits.removeLast() }
                expected += "." + digits
            }
            #expect(Self.text { $0.seconds(v) } == expected, "\(v) µs")
        }
    }

    /// The buffer is shared by copies until one writes; it grows past its first capacity.
    @Test func copiesAreValuesAndTheBufferGrows() {
        var a = JSONOutput(capacity: 8)
        a.raw("abc")
        var b = a
        b.raw("def")
        #expect(String(decoding: a.bytes, as: UTF8.self) == "abc")
        #expect(String(decoding: b.bytes, as: UTF8.self) == "abcdef")
        var c = b
        c.clear()
        c.int(-42)
        #expect(String(decoding: b.bytes, as: UTF8.self) == "abcdef")
        #expect(String(decoding: c.bytes, as: UTF8.self) == "-42")
        for _ in 0..<1000 { a.byte(0x78) }
        #expect(a.count == 1003)
        #expect(a.bytes.prefix(3) == [0x61, 0x62, 0x63])
        #expect(a.bytes.dropFirst(3).allSatisfy { $0 == 0x78 })
    }
}
