/// A pull scanner over the bytes of one JSON text (one line of a trace).
///
/// Trace event lines are read key by key straight into the event model, with no generic
/// JSON tree and no allocation for numbers or known keys. Errors carry the byte column.
public struct JSONScanner: ~Copyable {
    /// The text being read.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading is.
    public var index: Int = 0
    /// How many bytes after `bytes` may be read (never as text): digit runs load eight
    /// bytes at a time, and a number near the end of a line can then still be read in one
    /// load. `LineReader` guarantees `LineReader.slack` after every line.
    public let slack: Int
    /// Nesting limit for skipped and generic values: deeper input is rejected, not recursed.
    public static let maxDepth = 64

    /// Reads `bytes`; `slack` readable bytes past the end let number scans skip bounds checks.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, slack: Int = 0) {
        self.bytes = bytes
        self.slack = slack
    }

    /// What is wrong, and at which column.
    public struct Failure: Error, Sendable {
        /// 1-based column of the problem.
        public var column: Int
        /// The problem, in words.
        public var message: String
    }

    /// A failure at the current position.
    public func fail(_ message: String) -> Failure {
        Failure(column: index + 1, message: message)
    }

    /// Whether every byte has been read.
    @inlinable public var isAtEnd: Bool { index >= bytes.count }

    /// Moves past spaces, tabs and line ends.
    @inlinable public mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0a, 0x0d: index += 1
            default: return
            }
        }
    }

    /// The next non-blank byte, not consumed.
    @inlinable public mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Moves past `byte` after any white space, or fails naming what was there.
    @inlinable public mutating func expect(_ byte: UInt8) throws(Failure) {
        skipWhitespace()
        guard index < bytes.count else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))' but the line ended")
        }
        guard bytes[index] == byte else {
            throw fail("expected '\(Character(Unicode.Scalar(byte)))', found \(describe(bytes[index]))")
        }
        index += 1
    }

    /// `[a, b, c]`: an array of exactly three values, each read by `value` (an accelerometer
    /// sample's axes, an evdev event's type, code and value).
    @inlinable
    @inline(__always)
    public mutating func triple<T>(_ value: (inout JSONScanner) throws(Failure) -> T) throws(Failure) -> (T, T, T) {
        try expect(0x5b)
        let a = try value(&self)
        try expect(0x2c)
        let b = try value(&self)
        try expect(0x2c)
        let c = try value(&self)
        try expect(0x5d)
        return (a, b, c)
    }

    /// Consumes `byte` if it is next.
    @inlinable public mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        if index < bytes.count && bytes[index] == byte { index += 1; return true }
        return false
    }

    /// After `{` or `[`: true if there is another member, consuming the comma between.
    /// `first` is true for the first call after the opening bracket.
    @inlinable public mutating func hasNext(closing: UInt8, first: Bool) throws(Failure) -> Bool {
        skipWhitespace()
        if consume(closing) { return false }
        if !first { try expect(0x2c) }
        return true
    }

    /// Reads an object key and its colon. Keys without escapes compare as bytes, so known
    /// keys cost no allocation; `KeyMatch` holds the raw range.
    @inlinable public mutating func key() throws(Failure) -> KeyMatch {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a key in quotes") }
        let start = index + 1
        var i = start
        while i < bytes.count, bytes[i] != 0x22 {
            if bytes[i] == 0x5c || bytes[i] < 0x20 {
                // Rare: escaped key. Decode it properly and compare as text.
                let text = try string()
                try expect(0x3a)
                return KeyMatch(text: text)
            }
            i += 1
        }
        guard i < bytes.count else { throw fail("unterminated key") }
        index = i + 1
        try expect(0x3a)
        return KeyMatch(raw: UnsafeBufferPointer(rebasing: bytes[start..<i]))
    }

    /// Reads a string value, decoding escapes. Invalid UTF-8 is an error.
    public mutating func string() throws(Failure) -> String {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == 0x22 else { throw fail("expected a string") }
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw fail("unterminated string") }
            let b = bytes[index]
            index += 1
            switch b {
            case 0x22:
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw fail("string is not valid UTF-8")
                }
                return text
            case 0x5c:
                guard index < bytes.count else { throw fail("unterminated escape") }
                let e = bytes[index]
                index += 1
                switch e {
                case 0x22, 0x5c, 0x2f: out.append(e)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0c)
                case 0x6e: out.append(0x0a)
                case 0x72: out.append(0x0d)
                case 0x74: out.append(0x09)
                case 0x75:
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard literal("\\u") else { throw fail("lone surrogate in \\u escape") }
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw fail("bad \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("bad escape \\\(Character(Unicode.Scalar(e)))")
                }
            case 0..<0x20:
                throw fail("control character in string")
            default:
                out.append(b)
            }
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("short \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail("bad hex digit in \\u escape")
            }
            v = v << 4 | d
            index += 1
        }
        return v
    }

    /// The eight bytes at `i` as a number when all are digits (a full `digitRun`): the
    /// general way's loop takes a double's 17 digits in two steps and one digit at a time.
    @inline(__always) @inlinable func eightDigits(at i: Int) -> UInt64? {
        guard let run = digitRun(at: i), run.count == 8 else { return nil }
        return run.value
    }

    /// The digits that start the eight bytes at `i`: how many (0...8) and their value,
    /// from one load (nil when fewer than eight bytes may be read). A byte is a digit when
    /// its high nibble is 3 and adding 6 carries none past 9; the first that is not, or the
    /// end of the text, ends the run. The run is moved to the top of the word, so the bytes
    /// after it become leading zeros, and combined as simdjson combines eight digits:
    /// pairs, then fours, then the eight.
    @inline(__always) @inlinable func digitRun(at i: Int) -> (count: Int, value: UInt64)? {
        guard i + 8 <= bytes.count + slack else { return nil }
        let v = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self))
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes: UInt64 = 0x3030_3030_3030_3030
        let notDigit = ((v & high) ^ threes) | (((v &+ 0x0606_0606_0606_0606) & high) ^ threes)
        let n = Swift.min(notDigit.trailingZeroBitCount >> 3, bytes.count - i)
        guard n > 0 else { return (0, 0) }
        var x = (v & 0x0F0F_0F0F_0F0F_0F0F) << UInt64((8 - n) * 8)
        x = (x &* 2561) >> 8
        x = ((x & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
        return (n, ((x & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32)
    }

    /// A number in its simple form, what traces hold: at most 19 digits, no exponent.
    /// Read a digit run at a time from `index` (after no blanks); consumes nothing. Nil
    /// for anything else (an exponent, more digits, a leading zero, the end of the text
    /// too near without slack, a syntax error): the general way reads those and words
    /// the errors.
    @inline(__always)
    @inlinable func simpleNumber() -> (negative: Bool, mantissa: UInt64, fractionDigits: Int, end: Int)? {
        var i = index
        guard i < bytes.count else { return nil }
        let negative = bytes[i] == 0x2d
        if negative { i += 1 }
        guard let whole = digitRun(at: i), whole.count > 0,
              whole.count == 1 || bytes[i] != 0x30 else { return nil }
        i += whole.count
        // The common case, a few whole digits and decimals up to 19 digits in all (what a
        // trace holds): the decimals from up to three runs, no loop.
        if whole.count < 8, i < bytes.count, bytes[i] == 0x2e, let a = digitRun(at: i &+ 1), a.count > 0 {
            var end = i &+ 1 &+ a.count, fraction = a.value, count = a.count
            if a.count == 8 {
                guard let b = digitRun(at: end) else { return nil }
                fraction = fraction &* DecimalDigits.powers[b.count] &+ b.value
                count &+= b.count
                end &+= b.count
                if b.count == 8 {
                    guard let c = digitRun(at: end), c.count < 8 else { return nil }
                    fraction = fraction &* DecimalDigits.powers[c.count] &+ c.value
                    count &+= c.count
                    end &+= c.count
                }
            }
            if whole.count &+ count <= 19 {
                guard end >= bytes.count || bytes[end] | 0x20 != 0x65 else { return nil }
                return (negative, whole.value &* DecimalDigits.powers[count] &+ fraction, count, end)
            }
        }
        // Digits from the first nonzero one: at most 19 fit the mantissa.
        var mantissa = whole.value, significant = whole.value == 0 ? 0 : whole.count, fractionDigits = 0
        if whole.count == 8 {
            guard let more = digitRun(at: i), more.count < 8 else { return nil }
            mantissa = mantissa &* DecimalDigits.powers[more.count] &+ more.value
            significant += more.count
            i += more.count
        }
        if i < bytes.count && bytes[i] == 0x2e {
            i += 1
            var run = 0
            repeat {
                guard let r = digitRun(at: i) else { return nil }
                run = r.count
                if mantissa == 0 {
                    mantissa = r.value
                    significant = r.value == 0 ? 0 : DecimalDigits.count(r.value)
                } else {
                    significant += run
                    guard significant <= 19 else { return nil }
                    mantissa = mantissa &* DecimalDigits.powers[run] &+ r.value
                }
                fractionDigits += run
                i += run
            } while run == 8
            guard fractionDigits > 0 else { return nil }
        }
        if i < bytes.count && bytes[i] | 0x20 == 0x65 { return nil }
        return (negative, mantissa, fractionDigits, i)
    }

    /// `simpleNumber` as a Double (Clinger's exact fast path, else Eisel–Lemire), or nil
    /// (nothing consumed) for the general way.
    @inlinable @inline(__always) public mutating func simpleDouble() -> Double? {
        guard let n = simpleNumber(),
              let v = NumberToken.clinger(n.mantissa, -n.fractionDigits, negative: n.negative)
                ?? NumberToken.eiselLemire(n.mantissa, -n.fractionDigits, negative: n.negative) else { return nil }
        index = n.end
        return v
    }

    /// A whole number in its simple form, or nil (nothing consumed) for the general way.
    @inlinable @inline(__always) public mutating func simpleInt() -> Int? {
        // Most are a digit or two (ids, devices): one run, and no point or exponent after it.
        if let run = digitRun(at: index), run.count > 0, run.count < 8, run.count == 1 || bytes[index] != 0x30 {
            let end = index &+ run.count
            if end >= bytes.count || (bytes[end] != 0x2e && bytes[end] | 0x20 != 0x65) {
                index = end
                return Int(run.value)
            }
        }
        guard let n = simpleNumber(), n.fractionDigits == 0, n.mantissa <= UInt64(Int64.max) else { return nil }
        index = n.end
        return n.negative ? -Int(n.mantissa) : Int(n.mantissa)
    }

    /// Seconds with at most six decimals as microseconds, or nil (nothing consumed) for
    /// the general way.
    @inlinable @inline(__always) public mutating func simpleMicroseconds() -> Int64? {
        guard let n = simpleNumber(), n.fractionDigits <= 6 else { return nil }
        let (us, overflow) = n.mantissa.multipliedReportingOverflow(by: DecimalDigits.powers[6 - n.fractionDigits])
        guard !overflow, us <= UInt64(Int64.max) else { return nil }
        index = n.end
        return n.negative ? -Int64(us) : Int64(us)
    }

    /// Consumes `text` if the bytes at `index` are exactly it (no blanks skipped).
    @inlinable @inline(__always) public mutating func literal(_ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard index + n <= bytes.count else { return false }
        let p = text.utf8Start
        for k in 0..<n where bytes[index + k] != p[k] { return false }
        index += n
        return true
    }

    /// The raw bytes of a JSON number, validated against the JSON grammar.
    @inlinable mutating func numberToken() throws(Failure) -> NumberToken {
        skipWhitespace()
        if let n = simpleNumber() {
            var token = NumberToken()
            token.negative = n.negative
            token.mantissa = n.mantissa
            token.fractionDigits = n.fractionDigits
            token.range = index..<n.end
            index = n.end
            return token
        }
        var token = NumberToken()
        var i = index
        if i < bytes.count, bytes[i] == 0x2d { token.negative = true; i += 1 }
        let intStart = i
        while i < bytes.count, bytes[i] &- 0x30 < 10 {
            if token.takesEight, let eight = eightDigits(at: i) {
                token.accumulate(eight: eight)
                i += 8
                continue
            }
            token.accumulate(bytes[i])
            i += 1
        }
        let intDigits = i - intStart
        guard intDigits > 0 else {
            if i < bytes.count, isLetter(bytes[i]) {
                throw fail("expected a number, found a word (NaN and Infinity are not JSON numbers)")
            }
            throw fail("expected a number")
        }
        if intDigits > 1 && bytes[intStart] == 0x30 { throw fail("number with a leading zero") }
        if i < bytes.count, bytes[i] == 0x2e {
            i += 1
            let fracStart = i
            while i < bytes.count, bytes[i] &- 0x30 < 10 {
                if token.takesEight, let eight = eightDigits(at: i) {
                    token.accumulate(eight: eight)
                    token.fractionDigits += 8
                    i += 8
                    continue
                }
                token.accumulate(bytes[i])
                token.fractionDigits += 1
                i += 1
            }
            guard i > fracStart else { throw fail("number with no digits after '.'") }
        }
        if i < bytes.count, bytes[i] | 0x20 == 0x65 {
            i += 1
            var expNegative = false
            if i < bytes.count, bytes[i] == 0x2b || bytes[i] == 0x2d { expNegative = bytes[i] == 0x2d; i += 1 }
            let expStart = i
            var exp = 0
            while i < bytes.count, bytes[i] &- 0x30 < 10 {
                if exp < 100_000 { exp = exp * 10 + Int(bytes[i] - 0x30) }
                i += 1
            }
            guard i > expStart else { throw fail("number with no digits in its exponent") }
            token.exponent = expNegative ? -exp : exp
        }
        token.range = index..<i
        index = i
        return token
    }

    /// A JSON number as a Double. Infinite results (1e999) are rejected.
    @inlinable public mutating func double() throws(Failure) -> Double {
        let start = index
        let token = try numberToken()
        if let fast = token.fastDouble ?? token.eiselLemire { return fast }
        // Slow path: more than 19 digits, a far exponent, or a value too close to halfway
        // between two Doubles to tell from 128 bits; let the standard library round.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[token.range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw fail("number \(text) is out of range")
        }
        return value
    }

    /// A JSON number that must be a whole number fitting `Int`.
    @inlinable public mutating func int() throws(Failure) -> Int {
        let start = index
        let token = try numberToken()
        guard token.fractionDigits == 0, token.exponent == 0, !token.overflowed, token.mantissa <= UInt64(Int64.max) else {
            index = start
            throw fail("expected a whole number within ±9.2e18")
        }
        return token.negative ? -Int(token.mantissa) : Int(token.mantissa)
    }

    /// A JSON number of seconds as exact microseconds (`0.016` is 16000 µs, no rounding
    /// error). More than six decimals round to the nearest microsecond.
    @inlinable public mutating func microseconds() throws(Failure) -> Int64 {
        let start = index
        let token = try numberToken()
        var digits = token.fractionDigits - token.exponent
        guard !token.overflowed, digits >= -12, digits <= 30 else {
            // Many digits or a far exponent: read it as a Double, and refuse what no
            // microsecond count can hold (about ±292 000 years).
            let seconds = try rangeDouble(start)
            guard seconds.magnitude < 9.2e12 else {
                index = start
                throw fail("time \(seconds) is out of range")
            }
            return Int64((seconds * 1_000_000).rounded())
        }
        var m = token.mantissa
        var scale: UInt64 = 1_000_000
        while digits > 6 {  // drop extra decimals, rounding half up
            let rem = m % 10
            m /= 10
            if digits == 7 && rem >= 5 { m += 1 }
            digits -= 1
        }
        while digits < 0 { scale *= 10; digits += 1 }
        for _ in 0..<digits { scale /= 10 }
        let (product, overflow) = m.multipliedReportingOverflow(by: scale)
        guard !overflow, product <= UInt64(Int64.max) else {
            index = start
            throw fail("time is out of range")
        }
        return token.negative ? -Int64(product) : Int64(product)
    }

    @usableFromInline mutating func rangeDouble(_ start: Int) throws(Failure) -> Double {
        index = start
        return try double()
    }

    /// Reads `true` or `false`.
    public mutating func bool() throws(Failure) -> Bool {
        skipWhitespace()
        if literal("true") { return true }
        if literal("false") { return false }
        throw fail("expected true or false")
    }

    /// Consumes `null` if it is next.
    @inlinable public mutating func null() -> Bool {
        skipWhitespace()
        return literal("null")
    }

    /// Skips one value of any type, checking its syntax, to a bounded depth.
    public mutating func skipValue(depth: Int = 0) throws(Failure) {
        guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth) levels") }
        guard let c = peek() else { throw fail("expected a value but the line ended") }
        switch c {
        case 0x7b:
            index += 1
            var members = JSONMembers(closing: 0x7d)
            while try members.nextKey(&self) != nil {
                try skipValue(depth: depth + 1)
            }
        case 0x5b:
            index += 1
            var members = JSONMembers(closing: 0x5d)
            while try members.next(&self) {
                try skipValue(depth: depth + 1)
            }
        case 0x22: _ = try string()
        case 0x74, 0x66: _ = try bool()
        case 0x6e: if !null() { throw fail("expected null") }
        default: _ = try numberToken()
        }
    }

    /// Fails unless only blanks remain.
    public mutating func expectEnd() throws(Failure) {
        skipWhitespace()
        if index < bytes.count { throw fail("unexpected \(describe(bytes[index])) after the end of the object") }
    }

    @usableFromInline func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a }

    @usableFromInline func describe(_ b: UInt8) -> String {
        (0x21..<0x7f).contains(b) ? "'\(Character(Unicode.Scalar(b)))'" : "byte 0x\(String(b, radix: 16))"
    }
}

/// An object key as read: raw bytes when it had no escapes, else decoded text.
public struct KeyMatch {
    @usableFromInline let raw: UnsafeBufferPointer<UInt8>?
    @usableFromInline let text: String?

    @usableFromInline init(raw: UnsafeBufferPointer<UInt8>) { self.raw = raw; self.text = nil }
    @usableFromInline init(text: String) { self.raw = nil; self.text = text }

    /// Whether the key is `name`.
    @inlinable public func `is`(_ name: StaticString) -> Bool {
        if let raw {
            guard raw.count == name.utf8CodeUnitCount else { return false }
            let p = name.utf8Start
            for i in 0..<raw.count where raw[i] != p[i] { return false }
            return true
        }
        return text == name.description
    }

    /// The text, decoded.
    public var string: String {
        if let raw { return String(decoding: raw, as: UTF8.self) }
        return text ?? ""
    }
}

/// Digits of a JSON number, gathered once: mantissa, decimals and exponent.
@usableFromInline struct NumberToken {
    @inlinable init() {}

    @usableFromInline var negative = false
    @usableFromInline var mantissa: UInt64 = 0
    @usableFromInline var significantDigits = 0
    @usableFromInline var overflowed = false
    @usableFromInline var fractionDigits = 0
    @usableFromInline var exponent = 0
    @usableFromInline var range: Range<Int> = 0..<0

    /// Eight more digits fit, after the first significant one (leading zeros are not
    /// counted, so they go one at a time).
    @inlinable var takesEight: Bool { mantissa != 0 && significantDigits <= 11 }

    @inlinable mutating func accumulate(eight value: UInt64) {
        mantissa = mantissa &* 100_000_000 &+ value
        significantDigits += 8
    }

    @inlinable mutating func accumulate(_ digit: UInt8) {
        let d = UInt64(digit - 0x30)
        if mantissa == 0 && d == 0 { return }
        if significantDigits >= 19 { overflowed = true; return }
        mantissa = mantissa * 10 + d
        significantDigits += 1
    }

    @usableFromInline static let powers: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Clinger's fast path: exact when the mantissa fits 53 bits and the power of ten is
    /// exact, which covers every number Tactile writes.
    @inlinable var fastDouble: Double? {
        overflowed ? nil : Self.clinger(mantissa, exponent - fractionDigits, negative: negative)
    }

    @inline(__always)
    @usableFromInline static func clinger(_ mantissa: UInt64, _ e: Int, negative: Bool) -> Double? {
        guard mantissa < (1 << 53) else { return nil }
        var v = Double(mantissa)
        if e < 0 {
            guard e >= -22 else { return nil }
            v /= powers[-e]
        } else if e > 0 {
            guard e <= 22 else { return nil }
            v *= powers[e]
        }
        return negative ? -v : v
    }

    /// Eisel and Lemire's conversion (as in Go's strconv and fast_float): the 19-digit
    /// mantissa times a 128-bit power of ten gives the correctly rounded Double, or nil in
    /// the rare cases 128 bits cannot decide (then the caller uses the exact slow path).
    /// Numbers of 16 and 17 digits, which every shortest-form Double may need, come here.
    @inlinable var eiselLemire: Double? {
        overflowed ? nil : Self.eiselLemire(mantissa, exponent - fractionDigits, negative: negative)
    }

    @usableFromInline static func eiselLemire(_ mantissa: UInt64, _ e10: Int, negative: Bool) -> Double? {
        if mantissa == 0 { return negative ? -0.0 : 0 }
        guard e10 >= PowersOfTen.minExponent, e10 <= PowersOfTen.maxExponent else { return nil }
        let power = PowersOfTen.table[e10 - PowersOfTen.minExponent]
        // Normalise, then multiply (the high 128 bits of the 192-bit product matter).
        let zeros = mantissa.leadingZeroBitCount
        let m = mantissa << UInt64(zeros)
        var exponent2 = UInt64(bitPattern: Int64((217706 * e10) >> 16 + 64 + 1023 - zeros))
        var (hi, lo) = m.multipliedFullWidth(by: power.high)
        if hi & 0x1FF == 0x1FF && lo &+ m < m {
            // The lower half of the power may carry into the bits that decide rounding.
            let (yHi, yLo) = m.multipliedFullWidth(by: power.low)
            var mergedHi = hi
            let mergedLo = lo &+ yHi
            if mergedLo < lo { mergedHi &+= 1 }
            if mergedHi & 0x1FF == 0x1FF && mergedLo &+ 1 == 0 && yLo &+ m < m { return nil }
            hi = mergedHi
            lo = mergedLo
        }
        let top = hi >> 63
        var bits = hi >> (top + 9)
        exponent2 &-= 1 ^ top
        // Exactly halfway between two Doubles: 128 bits cannot say which way to round.
        if lo == 0 && hi & 0x1FF == 0 && bits & 3 == 1 { return nil }
        bits &+= bits & 1
        bits >>= 1
        if bits >> 53 > 0 {
            bits >>= 1
            exponent2 &+= 1
        }
        // Subnormal, infinite or beyond: not for this path.
        if exponent2 &- 1 >= 0x7FF - 1 { return nil }
        var pattern = exponent2 << 52 | bits & 0x000F_FFFF_FFFF_FFFF
        if negative { pattern |= 1 << 63 }
        return Double(bitPattern: pattern)
    }
}
