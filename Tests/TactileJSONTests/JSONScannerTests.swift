import Tactile
import TactileJSON
import TactileTesting
import Foundation
import Testing

struct JSONScannerTests {
    func scan<T>(_ text: String, _ body: (inout JSONScanner) throws(JSONScanner.Failure) -> T) throws -> T {
        try Array(text.utf8).withUnsafeBufferPointer { buffer in
            var s = JSONScanner(buffer)
            return try body(&s)
        }
    }

    @Test(arguments: [
        ("0.016", Int64(16_000)), ("12", 12_000_000), ("1e-3", 1_000), ("1.5E2", 150_000_000),
        ("0.0000005", 1), ("0.0000004", 0), ("1330496004.684626", 1_330_496_004_684_626), ("-0.25", -250_000),
        ("0.1234567", 123_457),
    ])
    func secondsBecomeExactMicroseconds(_ text: String, _ us: Int64) throws {
        #expect(try scan(text) { (s) throws(JSONScanner.Failure) in try s.microseconds() } == us)
    }

    @Test(arguments: ["12.5", "0.3", "-0.0", "1e-7", "123456789.123", "0.30000000000000004", "5e-324", "1.7976931348623157e308"])
    func doublesReadBackExactly(_ text: String) throws {
        let v = try scan(text) { (s) throws(JSONScanner.Failure) in try s.double() }
        #expect(v == Double(text)!)
        var out = JSONOutput()
        out.double(v)
        let again = try scan(String(decoding: out.bytes, as: UTF8.self)) { (s) throws(JSONScanner.Failure) in try s.double() }
        #expect(again.bitPattern == v.bitPattern)
    }

    /// The fast paths (Clinger's, Eisel–Lemire's) against the standard library's exact
    /// conversion: every Double's shortest form, the same with 17 digits, and random digit
    /// strings of 1 to 19 digits with exponents across and beyond the table.
    @Test func fastPathsAgreeWithTheExactConversion() throws {
        var rng = SplitMix64(seed: 7)
        var texts: [String] = ["0.30018518518518517", "85.10537057397417", "9007199254740993", "1e23", "8.98846567431158e307",
                               "2.2250738585072011e-308", "4.9406564584124654e-324", "0.1", "-0.0", "123456789012345678"]
        for _ in 0..<20_000 {
            let v = Double(bitPattern: rng.next() & 0x7FFF_FFFF_FFFF_FFFF)
            if v.isFinite { texts.append(v.description); texts.append(String(format: "%.16e", v)) }
            let digits = Int(rng.next() % 19) + 1
            var t = ""
            for k in 0..<digits { t += String(k == 0 ? rng.next() % 9 + 1 : rng.next() % 10) }
            let e = Int(rng.next() % 161) - 80
            texts.append(t + "e" + String(e))
            if digits > 1 { texts.append(String(t.prefix(1)) + "." + String(t.dropFirst()) + "e" + String(e)) }
        }
        // Plain decimals as traces hold them, every length of whole part and decimals (the
        // simple form reads their digits a word at a time, in up to three runs).
        for whole in 1...9 {
            for decimals in 1...26 {
                for _ in 0..<20 {
                    var t = String(rng.next() % 9 + 1)
                    for _ in 1..<whole { t += String(rng.next() % 10) }
                    t += "."
                    for _ in 0..<decimals { t += String(rng.next() % 10) }
                    texts.append(t)
                    texts.append("-0." + String(repeating: "0", count: Int(rng.next() % 12)) + t.filter { $0 != "." })
                }
            }
        }
        for text in texts {
            guard let expected = Double(text), expected.isFinite else { continue }
            let v = try scan(text) { (s) throws(JSONScanner.Failure) in try s.double() }
            #expect(v.bitPattern == expected.bitPattern, "\(text)")
            // With readable bytes after the text (digits, the worst case), as a line reader leaves.
            let padded = Array(text.utf8) + [UInt8](repeating: 0x37, count: LineReader.slack)
            let w = try padded.withUnsafeBufferPointer { buffer throws(JSONScanner.Failure) in
                var s = JSONScanner(UnsafeBufferPointer(rebasing: buffer[..<text.utf8.count]), slack: LineReader.slack)
                return try s.double()
            }
            #expect(w.bitPattern == expected.bitPattern, "\(text) with slack")
        }
    }

    /// The simple form of a whole number (what ids and devices are) is read a run of
    /// digits at a time; anything else (a point, an exponent, a leading zero, more than
    /// fifteen digits) is left to the general way, unread.
    @Test(arguments: [("0", 0), ("7", 7), ("42", 42), ("1234567", 1_234_567), ("12345678", 12_345_678),
                      ("-4", -4), ("123456789012345", 123_456_789_012_345), ("9223372036854775807", nil), ("007", nil), ("5.0", nil), ("3e2", nil),
                      ("12E1", nil), ("7,", 7), ("7}", 7), ("", nil), ("x", nil)] as [(String, Int?)])
    func simpleWholeNumbers(_ text: String, _ value: Int?) {
        for slack in [0, LineReader.slack] {
            let padded = Array(text.utf8) + [UInt8](repeating: 0x35, count: slack)
            let (got, index) = padded.withUnsafeBufferPointer { buffer in
                var s = JSONScanner(UnsafeBufferPointer(rebasing: buffer[..<text.utf8.count]), slack: slack)
                let v = s.simpleInt()
                return (v, s.index)
            }
            // Without slack nothing can be loaded a word at a time: nil sends any number the
            // general way.
            #expect(got == value || (slack == 0 && got == nil), "\(text) with slack \(slack)")
            let digits = text.prefix { $0 == "-" || $0.isNumber }.count
            #expect(index == (got == nil ? 0 : digits), "\(text) with slack \(slack)")
        }
    }

    @Test(arguments: ["01", "1.", ".5", "-", "1e", "+1", "NaN", "Infinity", "0x10"])
    func nonJSONNumbersAreRejected(_ text: String) {
        #expect(throws: JSONScanner.Failure.self) {
            try scan(text) { (s) throws(JSONScanner.Failure) in
                _ = try s.double()
                try s.expectEnd()
            }
        }
    }

    @Test func stringsDecodeEscapes() throws {
        let s = try scan(#""a\"b\\c\n\u00e9\ud83d\ude00""#) { (s) throws(JSONScanner.Failure) in try s.string() }
        #expect(s == "a\"b\\c\né😀")
        var out = JSONOutput()
        out.string(s + "\u{1}")
        #expect(String(decoding: out.bytes, as: UTF8.self) == #""a\"b\\c\né😀\u0001""#)
    }

    @Test func deepNestingIsRejectedNotRecursed() {
        let text = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONScanner.Failure.self) {
            try scan(text) { (s) throws(JSONScanner.Failure) in try s.skipValue() }
        }
    }
}
