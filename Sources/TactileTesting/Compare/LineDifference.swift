/// One way the output differs from what was expected, said as a person checks it: which
/// expected line, which quantity, by how much, against which tolerance.
public struct LineDifference: Sendable, Hashable, CustomStringConvertible {
    /// What differs.
    public enum Kind: Sendable, Hashable {
        /// An expected line has no counterpart in the output.
        case missing
        /// An output line has no counterpart among the expected ones.
        case extra
        /// A number is off by more than its tolerance: the key (a path such as
        /// `location[0]` or `env.TACTILE_DX`), expected, actual, the allowed difference and
        /// the unit.
        case off(key: String, expected: Double, actual: Double, allowed: Double, unit: String)
        /// A value that must be equal is not (a state, a direction, an argv).
        case changed(key: String, expected: String, actual: String)
        /// A line is not a JSON object.
        case unreadable(String)
    }

    /// What differs.
    public var kind: Kind
    /// The expected line's number (1-based), when one is involved.
    public var expectedLine: Int?
    /// The output line's number (1-based), when one is involved.
    public var actualLine: Int?
    /// A short summary of the line concerned (`rotate began at 0.310 s`).
    public var summary: String

    /// One line of a readable diff.
    public var description: String {
        let at = expectedLine.map { "expected line \($0)" } ?? actualLine.map { "output line \($0)" } ?? "?"
        switch kind {
        case .missing:
            return "missing: \(at): \(summary)"
        case .extra:
            return "extra: \(at): \(summary)"
        case .off(let key, let e, let a, let allowed, let unit):
            return "off: \(at) (\(summary)): \(key) is \(Self.number(a))\(unit), expected \(Self.number(e))\(unit): off by \(Self.number(Swift.abs(a - e)))\(unit), tolerance \(Self.number(allowed))\(unit)"
        case .changed(let key, let e, let a):
            return "changed: \(at) (\(summary)): \(key) is \(a), expected \(e)"
        case .unreadable(let why):
            return "unreadable: \(at): \(why)"
        }
    }

    /// A number as a person reads it: up to four decimals.
    static func number(_ v: Double) -> String {
        let r = (v * 10_000).rounded() / 10_000
        if r == r.rounded() && Swift.abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
