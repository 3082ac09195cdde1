#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Tactile

/// A number with its unit, as a configuration writes it: `10mm`, `2cm`, `20%`, `90deg`,
/// `1.5rad`, `1.25x`, `150ms`, `2s`. Stored in the unit the code works in: mm, percent,
/// degrees, scale factor, milliseconds.
public struct Quantity: Sendable, Hashable, CustomStringConvertible {
    /// What a quantity measures.
    public enum Dimension: String, Sendable {
        /// A distance, a turn, a ratio, a time.
        case length, angle, scale, time

        /// How a configuration writes one, for messages.
        public var examples: String {
            switch self {
            case .length: return "a distance in mm or % of the surface (10mm, 20%)"
            case .angle: return "an angle (90deg)"
            case .scale: return "a scale factor (1.25x)"
            case .time: return "a time (150ms, 2s)"
            }
        }
    }

    /// The units a configuration writes.
    public enum Unit: String, Sendable {
        /// Millimetres; percent of a scale; degrees; a scale factor; milliseconds.
        case millimetres = "mm", percent = "%", degrees = "deg", factor = "x", milliseconds = "ms"

        /// What the unit measures.
        public var dimension: Dimension {
            switch self {
            case .millimetres, .percent: return .length
            case .degrees: return .angle
            case .factor: return .scale
            case .milliseconds: return .time
            }
        }
    }

    /// The number, in `unit`.
    public var value: Double
    /// The unit it was written in.
    public var unit: Unit

    /// `value` in `unit`.
    public init(_ value: Double, _ unit: Unit) { self.value = value; self.unit = unit }

    /// What it measures.
    public var dimension: Dimension { unit.dimension }
    /// As a configuration writes it: `1mm`, `1.01x`, `1e-06deg`.
    public var description: String {
        // Up to 9 significant digits: a value read as 0.9mm and scaled (cm to mm, % to mm)
        // is said as 0.9mm, not 0.8999999999999999mm.
        let rounded = Double(String(format9: value)) ?? value
        let number = rounded == rounded.rounded() && Swift.abs(rounded) < 1e15 ? String(Int(rounded)) : String(rounded)
        return number + unit.rawValue
    }

    /// Reads `text`; nil when it is not a number followed by a known unit.
    public init?(parsing text: String) {
        let t = text.trimmingSpaces
        guard let split = t.firstIndex(where: { !($0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E") })
            ?? Optional(t.endIndex),
            let number = Double(t[..<split]), number.isFinite else { return nil }
        let scaled: (Double, Unit)
        switch t[split...].trimmingSpaces {
        case "mm": scaled = (number, .millimetres)
        case "cm": scaled = (number * 10, .millimetres)
        case "%": scaled = (number, .percent)
        case "deg", "°": scaled = (number, .degrees)
        case "rad": scaled = (Angle(radians: number).degrees, .degrees)
        case "x", "×": scaled = (number, .factor)
        case "ms": scaled = (number, .milliseconds)
        case "s": scaled = (number * 1000, .milliseconds)
        default: return nil
        }
        self.init(scaled.0, scaled.1)
    }

    /// For a length: millimetres on a surface of `extent` mm along the axis it is measured.
    public func millimetres(along extent: Double?) -> Double {
        unit == .percent ? value / 100 * (extent ?? 100) : value
    }
}

extension StringProtocol {
    /// Without the blanks (spaces, tabs, line ends) at either end.
    var trimmingSpaces: String {
        // A slice, not the characters reversed twice and copied one by one: the imports
        // trim every line, and that was a seventh of fuzz-import's time.
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}

private extension String {
    /// `v` with 9 significant digits.
    init(format9 v: Double) {
        guard v.isFinite, v != 0 else { self = String(v); return }
        let scale = pow(10.0, Double(8 - Int(floor(log10(Swift.abs(v))))))
        self = String((v * scale).rounded() / scale)
    }
}
