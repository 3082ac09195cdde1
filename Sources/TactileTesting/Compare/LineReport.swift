/// The story of a comparison, as `tactile check` tells it: first, for each gesture (the
/// lines of one kind: `rotate`, `orientation`, a binding's), how many lines were matched,
/// missing and extra, and the worst difference of each quantity; then every difference.
public struct LineReport: Sendable, CustomStringConvertible {
    /// One gesture's lines: those of one `gesture` (or orientation, or binding).
    public struct Gesture: Sendable {
        /// `rotate`, `orientation`, `binding on line 20`.
        public var name: String
        /// Expected lines paired with an output line.
        public var matched = 0
        /// Of the matched lines, those that differ.
        public var off = 0
        /// Expected lines without an output line.
        public var missing = 0
        /// Output lines without an expected line.
        public var extra = 0
        /// Per quantity off, in `LineDifference.Quantity` order: how many values, and the
        /// largest difference.
        public var quantities: [QuantityOff] = []
        /// Values that must be equal and are not (a `changed` difference, or a number
        /// without a tolerance such as `taps` or `fingers`): how many.
        public var unequal = 0
        /// The first of them.
        public var firstUnequal: LineDifference?

        /// Whether every line of the gesture agrees.
        public var agrees: Bool { off == 0 && missing == 0 && extra == 0 }
    }

    /// One quantity's values off within a gesture.
    public struct QuantityOff: Sendable {
        /// Which quantity.
        public var quantity: LineDifference.Quantity
        /// How many values are off.
        public var count: Int
        /// The one off by most.
        public var worst: LineDifference
    }

    /// The gestures, in the order they first appear (expected lines, then output lines).
    public var gestures: [Gesture] = []
    /// Every difference, in expected order, as `LineComparison.differences` gives them.
    public var differences: [LineDifference] = []
    /// Where each gesture is in `gestures`, by name.
    private var positions: [String: Int] = [:]

    /// Whether the lines agree.
    public var agrees: Bool { differences.isEmpty }

    /// `96 differences, in 1 of 7 gestures`; with `expected`, the name of what was
    /// expected: `96 differences from rotate.expected.jsonl, in 1 of 7 gestures`.
    public func headline(from expected: String? = nil) -> String {
        let n = differences.count, differing = gestures.filter { !$0.agrees }.count
        let from = expected.map { " from " + $0 } ?? ""
        let within = gestures.isEmpty ? "" : ", in \(differing) of \(gestures.count) gesture\(gestures.count == 1 ? "" : "s")"
        return "\(n) difference\(n == 1 ? "" : "s")\(from)\(within)"
    }

    /// The summary below the headline, indented: a line per gesture that differs, a line
    /// per quantity off in it (`angle: 48 values off, by up to 10°, tolerance 1°: …`), and
    /// one line naming the gestures that agree.
    public var summary: [String] {
        var out: [String] = []
        let unreadable = differences.filter { if case .unreadable = $0.kind { true } else { false } }
        if let first = unreadable.first {
            out.append("  unreadable: \(unreadable.count == 1 ? "" : "\(unreadable.count) times, first ")\(first.description.dropFirst("unreadable: ".count))")
        }
        for g in gestures where !g.agrees {
            let lines = "\(g.matched) line\(g.matched == 1 ? "" : "s") matched"
            let off = g.off > 0 ? ", \(g.off) of them off" : ""
            out.append("  \(g.name): \(lines)\(off); \(g.missing) missing, \(g.extra) extra")
            for q in g.quantities {
                guard case .off(let key, let e, let a, let allowed, let unit) = q.worst.kind else { continue }
                let (by, tolerance) = LineDifference.difference(Swift.abs(a - e), beyond: allowed)
                out.append("    \(q.quantity.rawValue): \(q.count) value\(q.count == 1 ? "" : "s") off, by up to \(by)\(unit) "
                           + "(tolerance \(tolerance)\(unit)): \(key), \(Self.place(q.worst))")
            }
            if let first = g.firstUnequal {
                let what: String
                switch first.kind {
                case .off(let key, let e, let a, _, let unit):
                    what = "\(key) is \(LineDifference.number(a))\(unit), expected \(LineDifference.number(e))\(unit)"
                case .changed(let key, let e, let a): what = "\(key) is \(a), expected \(e)"
                case .missing, .extra, .unreadable: what = ""
                }
                out.append("    exact: \(g.unequal) value\(g.unequal == 1 ? "" : "s") not equal, the first at \(Self.place(first)): \(what)")
            }
        }
        let alike = gestures.filter(\.agrees)
        if !alike.isEmpty {
            out.append("  as expected: " + alike.map { "\($0.name) (\($0.matched) line\($0.matched == 1 ? "" : "s"))" }.joined(separator: ", "))
        }
        return out
    }

    /// The headline, the summary, then every difference.
    public var description: String {
        if agrees { return "no differences" }
        return ([headline() + ":"] + summary + differences.map(\.description)).joined(separator: "\n")
    }

    /// `expected line 62 (rotate ended 2 fingers at 5.3 s)`.
    static func place(_ d: LineDifference) -> String {
        let at = d.expectedLine.map { "expected line \($0)" } ?? d.actualLine.map { "output line \($0)" } ?? "?"
        return d.summary.isEmpty ? at : "\(at) (\(d.summary))"
    }

    /// Counts a matched line of gesture `name` and its differences.
    mutating func matched(_ name: String, _ found: [LineDifference]) {
        let k = index(name)
        gestures[k].matched += 1
        if !found.isEmpty { gestures[k].off += 1 }
        for d in found {
            differences.append(d)
            switch d.kind {
            case .off(_, let e, let a, _, _):
                guard let q = d.quantity else { unequal(k, d); continue }
                if let i = gestures[k].quantities.firstIndex(where: { $0.quantity == q }) {
                    gestures[k].quantities[i].count += 1
                    if case .off(_, let we, let wa, _, _) = gestures[k].quantities[i].worst.kind, Swift.abs(a - e) > Swift.abs(wa - we) {
                        gestures[k].quantities[i].worst = d
                    }
                } else {
                    gestures[k].quantities.append(QuantityOff(quantity: q, count: 1, worst: d))
                    let order = LineDifference.Quantity.allCases
                    gestures[k].quantities.sort { order.firstIndex(of: $0.quantity)! < order.firstIndex(of: $1.quantity)! }
                }
            case .changed:
                unequal(k, d)
            case .missing, .extra, .unreadable:
                break
            }
        }
    }

    /// Counts a value of gesture `k` that must be equal and is not.
    private mutating func unequal(_ k: Int, _ d: LineDifference) {
        gestures[k].unequal += 1
        if gestures[k].firstUnequal == nil { gestures[k].firstUnequal = d }
    }

    /// Counts an expected line of gesture `name` left without an output line.
    mutating func missing(_ name: String, _ d: LineDifference) {
        gestures[index(name)].missing += 1
        differences.append(d)
    }

    /// Counts an output line of gesture `name` left without an expected line.
    mutating func extra(_ name: String, _ d: LineDifference) {
        gestures[index(name)].extra += 1
        differences.append(d)
    }

    /// Makes room for gesture `name` in its place among the others.
    mutating func note(_ name: String) { _ = index(name) }

    private mutating func index(_ name: String) -> Int {
        if let k = positions[name] { return k }
        gestures.append(Gesture(name: name))
        positions[name] = gestures.count - 1
        return gestures.count - 1
    }
}
