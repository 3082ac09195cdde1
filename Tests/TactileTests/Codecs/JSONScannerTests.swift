import Tactile
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
