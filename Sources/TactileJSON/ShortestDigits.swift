/// A Double in the shortest text that reads back as the same Double, byte for byte what the
/// standard library's `description` writes (`0.1`, `1.5e-05`, `1e+16`, `-2.5`), written at
/// a pointer with no String and no stream in between.
///
/// Why our own: gesture lines write about ten of these per frame, and the standard
/// library's conversion, reached through `TextOutputStream`, was the largest single cost
/// of writing them. The digits come from Raffaello Giulietti's Schubfach algorithm (as in
/// Java's `DoubleToDecimal`): three 128-bit products give the rounding interval's ends,
/// and at most one shorter decimal can lie in it. Among the shortest decimals it picks
/// the closest (ties to even), as Swift does; `ShortestDigitsTests` checks it against
/// `description` on millions of values. Subnormals (below 2.2e-308) are left to the
/// standard library: Schubfach's digits differ from Swift's for the smallest of them.
@usableFromInline
enum ShortestDigits {
    /// Longest text written: `-1.2345678901234567e-308`.
    @usableFromInline static let maxLength = 24

    /// Writes finite, nonzero, normal `value` at `p`; returns the number of bytes. Returns
    /// nil (writing nothing) for zero, subnormals, infinities and NaN.
    @usableFromInline
    static func write(_ value: Double, at p: UnsafeMutablePointer<UInt8>) -> Int? {
        let bits = value.bitPattern
        let bq = Int(truncatingIfNeeded: (bits >> 52) & 0x7FF)
        guard bq != 0, bq != 0x7FF else { return nil }
        let (f, e) = decimal(significand: (1 << 52) | (bits & 0xF_FFFF_FFFF_FFFF), biasedExponent: bq)
        return format(f, e, negative: bits >> 63 != 0, exponential: value.magnitude > 0x1p53, at: p)
    }

    /// The shortest decimal f·10^e of the normal Double c·2^q (q = bq − 1075), closest among
    /// the shortest; f may end in zeros.
    @inline(__always)
    static func decimal(significand c: UInt64, biasedExponent bq: Int) -> (f: UInt64, e: Int) {
        let mq = 1075 - bq
        // A whole number below 2^53: its digits are exact and shortest.
        if 0 < mq && mq < 53 {
            let f = c >> UInt64(mq)
            if f << UInt64(mq) == c { return (f, 0) }
        }
        let q = -mq
        let out = c & 1  // an even significand's interval includes its ends
        let cb = c << 2
        let cbr = cb + 2
        let cbl: UInt64
        let k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb - 2
            k = (q &* 661_971_961_083) >> 41  // floor(q·log10 2)
        } else {
            // At a power of two the gap below is half the gap above.
            cbl = cb - 1
            k = (q &* 661_971_961_083 &- 274_743_187_321) >> 41  // floor(q·log10(3/4·2))
        }
        let h = q + ((-k &* 913_124_641_741) >> 38) + 2  // q + floor(−k·log2 10) + 2
        let g = ShortestDigitsTable.g[k - ShortestDigitsTable.minK]
        let vb = scaled(g, cb << UInt64(h))
        let vbl = scaled(g, cbl << UInt64(h))
        let vbr = scaled(g, cbr << UInt64(h))
        let s = vb >> 2
        if s >= 100 {
            // One digit fewer: the multiples of ten around s.
            let sp10 = 10 &* s.multipliedFullWidth(by: 1_844_674_407_370_955_168).high
            let tp10 = sp10 &+ 10
            let upin = vbl &+ out <= sp10 << 2
            let wpin = (tp10 << 2) &+ out <= vbr
            if upin != wpin { return (upin ? sp10 : tp10, k) }
        }
        let t = s &+ 1
        let uin = vbl &+ out <= s << 2
        let win = (t << 2) &+ out <= vbr
        if uin != win { return (uin ? s : t, k) }
        // Both s and s + 1 are in the interval: the closer, ties to even.
        let cmp = Int64(bitPattern: vb &- ((s &+ t) << 1))
        return (cmp < 0 || (cmp == 0 && s & 1 == 0) ? s : t, k)
    }

    /// floor(g·cp / 2^127), with the lowest bit set when the remainder is not zero.
    @inline(__always)
    static func scaled(_ g: (g1: UInt64, g0: UInt64), _ cp: UInt64) -> UInt64 {
        let x1 = g.g0.multipliedFullWidth(by: cp).high
        let (y1, y0) = g.g1.multipliedFullWidth(by: cp)
        let z = (y0 >> 1) &+ x1
        let vbp = y1 &+ (z >> 63)
        let mask63: UInt64 = (1 << 63) - 1
        return vbp | (((z & mask63) &+ mask63) >> 63)
    }

    /// f·10^e as Swift's `description` lays it out: decimal from 0.0001 up to 2^53
    /// (`0.000435`, `123.25`, `1000000000000000.0`), else exponential with at least two
    /// exponent digits (`1.5e-05`, `9.5e+15`).
    ///
    /// f (below 10^17) becomes 16 or 17 digits, eight at a time in a register
    /// (`DecimalDigits.eight`); the zero bytes at the end of those registers count the
    /// trailing zeros. Up to `room` bytes at `start` may be written over.
    @inline(__always)
    static func format(_ f: UInt64, _ e: Int, negative: Bool, exponential: Bool,
                       at start: UnsafeMutablePointer<UInt8>) -> Int {
        var f = f, e = e
        if f < 1_000_000_000_000_000 {
            // Fewer digits (whole numbers below 2^53, taken exactly): scaled up to sixteen,
            // the zeros added at the end counted off again below as trailing ones.
            let j = 16 - DecimalDigits.count(f)
            f &*= DecimalDigits.powers[j]
            e -= j
        }
        let (upper, low8) = f.quotientAndRemainder(dividingBy: 100_000_000)
        let (top, mid8) = upper.quotientAndRemainder(dividingBy: 100_000_000)
        let mid = DecimalDigits.eight(mid8), low = DecimalDigits.eight(low8)
        let leading = top != 0 ? 0 : 1
        let trailing = low8 != 0 ? low.leadingZeroBitCount / 8 : mid8 != 0 ? 8 + mid.leadingZeroBitCount / 8 : 16
        let ascii: UInt64 = 0x3030_3030_3030_3030
        return layout(top: top, mid | ascii, low | ascii, leading: leading, m: 17 - leading - trailing,
                      point: 17 - leading + e, negative: negative, exponential: exponential, at: start)
    }

    /// Sixteen or seventeen digits written from registers: the digit words `a` and `b`
    /// (ASCII), after `top` when `leading` is 0, stored where they go with the point put
    /// in by shifting a word, never read back. (Through a stack buffer, each number's
    /// digits were stored and then loaded across two of those stores: a store-forwarding
    /// stall per number.)
    @inline(__always)
    static func layout(top: UInt64, _ a: UInt64, _ b: UInt64, leading: Int, m: Int, point: Int,
                       negative: Bool, exponential: Bool, at start: UnsafeMutablePointer<UInt8>) -> Int {
        var p = start
        if negative { p.pointee = 0x2d; p += 1 }
        let first = UInt8(truncatingIfNeeded: top) | 0x30
        /// All the digits at `q` (16 or 17 bytes).
        func digits(at q: UnsafeMutablePointer<UInt8>) {
            if leading == 0 {
                q[0] = first
                store(a, at: q + 1)
                store(b, at: q + 9)
            } else {
                store(a, at: q)
                store(b, at: q + 8)
            }
        }
        if exponential || point < -3 {
            if leading == 0 {
                p[0] = first
                store(a, at: p + 2)
                store(b, at: p + 10)
            } else {
                p[0] = UInt8(truncatingIfNeeded: a)
                store(a >> 8, at: p + 2)
                store(b, at: p + 9)
            }
            if m > 1 { p[1] = 0x2e; p += m + 1 } else { p += 1 }
            p += exponent(point - 1, at: p)
        } else if point >= m {
            // A whole number: the digit words hold its zeros up to the point (at most 16).
            digits(at: p)
            p[point] = 0x2e
            p[point + 1] = 0x30
            p += point + 2
        } else if point > 0 {
            if leading == 0 {
                p[0] = first
                split(a, b, at: p + 1, point: point - 1)
            } else {
                split(a, b, at: p, point: point)
            }
            p += m + 1
        } else {
            // `0.` and up to three zeros before the digits.
            store(0x3030_3030_3030_2e30, at: p)
            digits(at: p + 2 - point)
            p += 2 - point + m
        }
        return start.distance(to: p)
    }

    /// The sixteen digits of `a` and `b` at `q` with a point after the first `point`
    /// (0...15) of them: the digits after it are the same word shifted and stored one
    /// byte further on.
    @inline(__always)
    static func split(_ a: UInt64, _ b: UInt64, at q: UnsafeMutablePointer<UInt8>, point: Int) {
        if point < 8 {
            store(a, at: q)
            store(a >> UInt64(8 * point), at: q + point + 1)
            store(b, at: q + 9)
        } else {
            store(a, at: q)
            store(b, at: q + 8)
            store(b >> UInt64(8 * (point - 8)), at: q + point + 1)
        }
        q[point] = 0x2e
    }

    /// `e+16`, `e-05`, `e-308`: at least two digits, as Swift writes them. Returns how many bytes.
    @inline(__always)
    static func exponent(_ x: Int, at p: UnsafeMutablePointer<UInt8>) -> Int {
        p[0] = 0x65
        p[1] = x < 0 ? 0x2d : 0x2b
        let magnitude = UInt64(x.magnitude)
        if magnitude < 10 {
            p[2] = 0x30
            p[3] = UInt8(truncatingIfNeeded: magnitude) &+ 0x30
            return 4
        }
        let k = DecimalDigits.count(magnitude)
        DecimalDigits.write(magnitude, count: k, at: p + 2)
        return 2 + k
    }

    @inline(__always)
    static func store(_ word: UInt64, at q: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(q).storeBytes(of: UInt64(littleEndian: word), as: UInt64.self)
    }

    /// Bytes written at most at `start` by `format` (the text itself is at most
    /// `maxLength`; the rest is scratch that later writes cover).
    @usableFromInline static let room = 48
}

/// Decimal digits of whole numbers, two at a time from a table.
@usableFromInline
enum DecimalDigits {
    /// How many decimal digits `v` has (1 for 0).
    @inlinable @inline(__always)
    static func count(_ v: UInt64) -> Int {
        // floor(log10) from the bit length (1233/4096 ≈ log10 2), then one comparison.
        let approx = ((64 - (v | 1).leadingZeroBitCount) &* 1233) >> 12
        return approx + ((v | 1) >= powers[approx] ? 1 : 0)
    }

    /// 10^i for i in 0...19; index 20 is past UInt64 (the comparison in `count` never
    /// reaches it: 20 digits need a bit length of 64, which maps to 19).
    @usableFromInline static let powers: [UInt64] = [
        1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
        10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000,
        100_000_000_000_000, 1_000_000_000_000_000, 10_000_000_000_000_000,
        100_000_000_000_000_000, 1_000_000_000_000_000_000, 10_000_000_000_000_000_000,
    ]

    /// "00" "01" … "99".
    @usableFromInline static let pairs: StaticString = """
        00010203040506070809101112131415161718192021222324\
        25262728293031323334353637383940414243444546474849\
        50515253545556575859606162636465666768697071727374\
        75767778798081828384858687888990919293949596979899
        """

    /// The eight decimal digits of `x` (below 10^8) as the bytes of one word, first digit
    /// in the lowest byte, each 0...9 (add 0x30 to each byte for ASCII): halves, then
    /// quarters, then digits, by multiplying with reciprocals in every lane at once.
    @inlinable @inline(__always)
    static func eight(_ x: UInt64) -> UInt64 {
        let (hi, lo) = x.quotientAndRemainder(dividingBy: 10_000)
        var v = hi | lo << 32
        let hundreds = ((v &* 10486) >> 20) & 0x0000_007F_0000_007F  // ÷100 in each 32-bit lane
        v = hundreds | (v &- hundreds &* 100) << 16
        let tens = ((v &* 103) >> 10) & 0x000F_000F_000F_000F  // ÷10 in each 16-bit lane
        return tens | (v &- tens &* 10) << 8
    }

    /// The four decimal digits of `x` (below 10^4) as the bytes of one word, as `eight`.
    @inlinable @inline(__always)
    static func four(_ x: UInt32) -> UInt32 {
        let hundreds = (x &* 10486) >> 20
        let v = hundreds | (x &- hundreds &* 100) << 16
        let tens = ((v &* 103) >> 10) & 0x000F_000F
        return tens | (v &- tens &* 10) << 8
    }

    /// Writes exactly `count` digits of `v` (below 10^count) at `p`, leading zeros kept.
    @inlinable @inline(__always)
    static func write(_ v: UInt64, count: Int, at p: UnsafeMutablePointer<UInt8>) {
        let table = UnsafeRawPointer(pairs.utf8Start)
        var v = v
        var i = count
        while i >= 2 {
            let (q, r) = v.quotientAndRemainder(dividingBy: 100)
            i -= 2
            UnsafeMutableRawPointer(p + i).storeBytes(of: table.loadUnaligned(fromByteOffset: Int(r) &* 2, as: UInt16.self),
                                                      as: UInt16.self)
            v = q
        }
        if i == 1 { p[0] = UInt8(truncatingIfNeeded: v) &+ 0x30 }
    }
}
