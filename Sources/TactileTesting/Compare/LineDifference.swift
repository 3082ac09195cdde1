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

    /// The kind of number an `off` difference is about, named as `tactile check`'s
    /// tolerance options are, so a person knows which one to loosen.
    public enum Quantity: String, Sendable, Hashable, CaseIterable {
        /// Times (`t`): seconds.
        case time
        /// Positions and distances: millimetres.
        case position
        /// Scale factors.
        case scale
        /// Angles: degrees.
        case angle
        /// Velocities.
        case speed
        /// Pressures and progress, 0...1.
        case pressure
    }

    /// What differs.
    public var kind: Kind
    /// The expected line's number (1-based), when one is involved.
    public var expectedLine: Int?
    /// The output line's number (1-based), when one is involved.
    public var actualLine: Int?
    /// A short summary of the line concerned (`rotate began at 0.310 s`).
    public var summary: String
    /// The quantity of an `off` difference; nil for the other kinds.
    public var quantity: Quantity?

    /// One line of a readable diff.
    public var description: String {
        let at = expectedLine.map { "expected line \($0)" } ?? actualLine.map { "output line \($0)" } ?? "?"
        switch kind {
        case .missing:
            return "missing: \(at): \(summary)"
        case .extra:
            return "extra: \(at): \(summary)"
        case .off(let key, let e, let a, let allowed, let unit):
            let (by, tolerance) = Self.difference(Swift.abs(a - e), beyond: allowed)
            return "off: \(at) (\(summary)): \(key) is \(Self.number(a))\(unit), expected \(Self.number(e))\(unit): off by \(by)\(unit), tolerance \(tolerance)\(unit)"
        case .changed(let key, let e, let a):
            return "changed: \(at) (\(summary)): \(key) is \(a), expected \(e)"
        case .unreadable(let why):
            return "unreadable: \(at): \(why)"
        }
    }

    /// A number as a person reads it: up to four decimals (or `decimals`).
    static func number(_ v: Double, decimals: Int = 4) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let r = (v * scale).rounded() / scale
        if r == r.rounded() && Swift.abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }

    /// A difference past its tolerance and the tolerance, with as many decimals as it
    /// takes to tell them apart (`off by 0.2923, tolerance 0.29226`; never `off by 0.2923,
    /// tolerance 0.2923`).
    static func difference(_ d: Double, beyond allowed: Double) -> (by: String, tolerance: String) {
        var decimals = 4
        while decimals < 12, d != allowed, number(d, decimals: decimals) == number(allowed, decimals: decimals) { decimals += 1 }
        return (number(d, decimals: decimals), number(allowed, decimals: decimals))
    }
}
