/// A point in time, in whole microseconds since the start of a trace.
///
/// Kernel event times are `timeval`s (seconds and microseconds), so microseconds are the
/// natural exact unit: a trace converted to evemu and back keeps every timestamp to the
/// microsecond, with no floating-point drift.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the trace's start (or the kernel's monotonic clock, live).
    public var microseconds: Int64

    /// The time `microseconds` after the start.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }

    /// The nearest microsecond to `seconds`, saturating at the ends of the range (and 0
    /// for NaN) rather than trapping on input nobody checked.
    @inlinable public init(seconds: Double) {
        self.microseconds = saturatingMicroseconds(seconds * 1_000_000)
    }

    /// The start.
    public static let zero = Timestamp(microseconds: 0)

    /// Seconds since the start.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }

    @inlinable public static func < (a: Timestamp, b: Timestamp) -> Bool {
        a.microseconds < b.microseconds
    }
    @inlinable public static func - (a: Timestamp, b: Timestamp) -> TimeSpan {
        TimeSpan(microseconds: a.microseconds &- b.microseconds)
    }
    @inlinable public static func + (a: Timestamp, b: TimeSpan) -> Timestamp {
        Timestamp(microseconds: a.microseconds &+ b.microseconds)
    }
    @inlinable public static func - (a: Timestamp, b: TimeSpan) -> Timestamp {
        Timestamp(microseconds: a.microseconds &- b.microseconds)
    }

    /// Seconds with up to six decimals and no trailing zeros: `1.5`, `0.016`, `12`.
    public var description: String { DecimalMicroseconds.format(microseconds) }
}

/// A signed length of time, in microseconds.
public struct TimeSpan: Hashable, Comparable, Sendable {
    /// The span in microseconds.
    public var microseconds: Int64

    /// A span of `microseconds`.
    /// A span of `ms` milliseconds, to the nearest microsecond.
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }
    /// A span of `ms` milliseconds, to the nearest microsecond.
    @inlinable public static func milliseconds(_ ms: Double) -> TimeSpan {
        TimeSpan(microseconds: saturatingMicroseconds(ms * 1000))
    }
    /// A span of `s` seconds, to the nearest microsecond.
    @inlinable public static func seconds(_ s: Double) -> TimeSpan {
        TimeSpan(microseconds: saturatingMicroseconds(s * 1_000_000))
    }
    /// No time.
    public static let zero = TimeSpan(microseconds: 0)

    /// The span in seconds.
    /// The span in milliseconds.
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }
    /// The span in milliseconds.
    @inlinable public var milliseconds: Double { Double(microseconds) / 1000 }

    @inlinable public static func < (a: TimeSpan, b: TimeSpan) -> Bool {
        a.microseconds < b.microseconds
    }
    @inlinable public static func + (a: TimeSpan, b: TimeSpan) -> TimeSpan {
        TimeSpan(microseconds: a.microseconds &+ b.microseconds)
    }
    @inlinable public static func * (a: TimeSpan, k: Int64) -> TimeSpan {
        TimeSpan(microseconds: a.microseconds &* k)
    }
}

/// A Double count of microseconds as an Int64: rounded, clamped to the range, NaN as 0.
@inlinable func saturatingMicroseconds(_ us: Double) -> Int64 {
    guard !us.isNaN else { return 0 }
    if us >= 9.2e18 { return Int64.max }
    if us <= -9.2e18 { return Int64.min }
    return Int64(us.rounded())
}

/// Exact conversion between decimal seconds text and whole microseconds.
public enum DecimalMicroseconds {
    /// `1330496004.684626` style text for a microsecond count, trailing zeros trimmed
    /// (`fixed: true` keeps all six decimals, as evemu writes them).
    public static func format(_ us: Int64, fixed: Bool = false) -> String {
        let negative = us < 0
        let magnitude = us.magnitude
        let whole = magnitude / 1_000_000
        var fraction = magnitude % 1_000_000
        var text = negative ? "-" : ""
        text += String(whole)
        if fixed {
            var digits = String(fraction)
            while digits.count < 6 { digits = "0" + digits }
            return text + "." + digits
        }
        if fraction == 0 { return text }
        var width = 6
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        var digits = String(fraction)
        while digits.count < width { digits = "0" + digits }
        return text + "." + digits
    }
}
