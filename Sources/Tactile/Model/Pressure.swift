/// Contact pressure normalised to 0...1 by the device's own axis range.
///
/// Raw pressure units differ per device (0...255, 0...1023, 0...65535); recognizer
/// thresholds such as peek and pop are fractions of the range instead.
public struct Pressure: Hashable, Comparable, Sendable {
    /// 0 (no pressure) to 1 (the device's maximum).
    public var value: Double

    /// Clamps into 0...1; NaN becomes 0.
    @inlinable public init(_ value: Double) {
        self.value = value.isNaN ? 0 : Swift.min(1, Swift.max(0, value))
    }
    @inlinable public static func < (a: Pressure, b: Pressure) -> Bool { a.value < b.value }
}
