import Tactile
import TactileJSON

/// Compares output lines (`tactile recognize --json`, or `tactile bind --dry-run`) with the
/// lines expected, numbers within a `LineTolerance`, and says what is missing, extra or
/// off and by how much. Full-precision floats make a plain `diff` of two runs brittle;
/// this is the comparison a test of gestures wants.
///
/// Lines are aligned in order as an edit distance: a line may pair only with one that has
/// the same words (gesture, state, fingers, direction, orientation, a binding's line and
/// argv words: everything but numbers); a pair costs a little for each number beyond its
/// tolerance, a line left unpaired costs more. So one missing line among a run of alike
/// `changed` lines shows as that one line missing, not as every later line being off.
/// Paired lines are then compared member by member.
public enum LineComparison {
    /// The most lines compared on either side.
    public static let maxLines = 50_000
    /// How far from the diagonal the alignment looks (lines): bounds its work to
    /// `maxLines` × (2 × band + 1) pairs.
    public static let band = 300

    /// The differences between `expected` and `actual` (each a JSON line per element),
    /// in expected order; empty when they agree.
    public static func differences(expected: [String], actual: [String], tolerance: LineTolerance = LineTolerance()) -> [LineDifference] {
        report(expected: expected, actual: actual, tolerance: tolerance).differences
    }

    /// The differences between `expected` and `actual` with their story: per gesture, the
    /// lines matched, missing and extra, and the worst difference of each quantity.
    public static func report(expected: [String], actual: [String], tolerance: LineTolerance = LineTolerance()) -> LineReport {
        var report = LineReport()
        func parse(_ lines: [String], expectedSide: Bool) -> [Flat?] {
            lines.prefix(maxLines).enumerated().map { i, text in
                if let v = try? JSONValue.parse(Array(text.utf8)), case .object = v {
                    let flat = Flat(v)
                    report.note(flat.gesture)
                    return flat
                }
                report.differences.append(LineDifference(kind: .unreadable("not a JSON object: \(text.prefix(80))"),
                                                         expectedLine: expectedSide ? i + 1 : nil, actualLine: expectedSide ? nil : i + 1, summary: ""))
                return nil
            }
        }
        let e = parse(expected, expectedSide: true), a = parse(actual, expectedSide: false)
        if expected.count > maxLines || actual.count > maxLines {
            report.differences.append(LineDifference(kind: .unreadable("more than \(maxLines) lines: only the first \(maxLines) are compared"),
                                                     expectedLine: nil, actualLine: nil, summary: ""))
        }
        let pairs = align(e, a, tolerance)
        var i = 0, j = 0
        for (pi, pj) in pairs + [(e.count, a.count)] {
            while i < pi {
                if let v = e[i] { report.missing(v.gesture, LineDifference(kind: .missing, expectedLine: i + 1, actualLine: nil, summary: summary(v.value))) }
                i += 1
            }
            while j < pj {
                if let v = a[j] { report.extra(v.gesture, LineDifference(kind: .extra, expectedLine: nil, actualLine: j + 1, summary: summary(v.value))) }
                j += 1
            }
            guard pi < e.count, pj < a.count, let ev = e[pi], let av = a[pj] else { continue }
            var found: [LineDifference] = []
            compareLine(ev.value, av.value, tolerance: tolerance) { kind, quantity in
                found.append(LineDifference(kind: kind, expectedLine: pi + 1, actualLine: pj + 1, summary: summary(ev.value), quantity: quantity))
            }
            report.matched(ev.gesture, found)
            i = pi + 1
            j = pj + 1
        }
        return report
    }

    /// Which gesture a line belongs to, for the summary: its `gesture`, `orientation`, or
    /// the binding whose action it is.
    static func gesture(_ v: JSONValue) -> String {
        if case .string(let g)? = v["gesture"] { return g }
        if v["orientation"] != nil { return "orientation" }
        if case .number(let l)? = v["line"] { return "binding on line \(Int(l))" }
        return "other lines"
    }

    /// A line reduced to what the alignment needs: its words, and its numbers with their
    /// kinds, in member order (alike words give alike number positions).
    struct Flat {
        var value: JSONValue
        var words: String
        var gesture: String
        var numbers: [Double] = []
        var kinds: [LineTolerance.Quantity] = []
        /// Per number, a bit for each derivable member it belongs to (`source(ofDerived:)`
        /// of a derived member present), else 0.
        var sourceBits: [UInt8] = []
        /// Per number of a derived member whose source the line has, that source's bit,
        /// else 0.
        var derivedFrom: [UInt8] = []

        init(_ v: JSONValue) {
            value = v
            words = LineComparison.signature(v)
            gesture = LineComparison.gesture(v)
            guard case .object(let members) = v else { return }
            let keys = members.map(\.key)
            var bits: [String: UInt8] = [:]
            for k in keys {
                if let s = LineTolerance.source(ofDerived: k, among: keys), bits[s] == nil { bits[s] = UInt8(1) << UInt8(bits.count) }
            }
            let byValue = LineComparison.variables(of: v)
            for (k, x) in members.sorted(by: { $0.key < $1.key }) where k != "stdin" {
                let before = numbers.count
                collect(x, LineTolerance.Quantity(key: k), byValue: byValue)
                let added = numbers.count - before
                sourceBits += repeatElement(bits[k] ?? 0, count: added)
                let from = LineTolerance.source(ofDerived: k, among: keys).flatMap { bits[$0] } ?? 0
                derivedFrom += repeatElement(from, count: added)
            }
        }

        private mutating func collect(_ v: JSONValue, _ q: LineTolerance.Quantity, byValue: [String: LineTolerance.Quantity]) {
            switch v {
            case .number(let n): numbers.append(n); kinds.append(q)
            case .string(let s):
                if let n = Double(s) { numbers.append(n); kinds.append(q == .exact ? byValue[s] ?? .exact : q) }
            case .array(let items): for x in items { collect(x, q, byValue: byValue) }
            case .object(let members):
                for (k, x) in members.sorted(by: { $0.key < $1.key }) where k != "stdin" {
                    collect(x, LineTolerance.Quantity(key: k), byValue: byValue)
                }
            case .null, .bool: break
            }
        }

        /// What pairing this line with `other` costs: infinity for other words, else 0.3
        /// per number beyond its tolerance (a derived one only when its source is off too,
        /// as `compareLine` reports them).
        func cost(_ other: Flat, _ tolerance: LineTolerance) -> Double {
            guard words == other.words, numbers.count == other.numbers.count else { return .infinity }
            var off = 0
            var offSources: UInt8 = 0
            var derivedOff = false
            for k in numbers.indices where !tolerance.agree(kinds[k], numbers[k], other.numbers[k]) {
                off += 1
                offSources |= sourceBits[k]
                derivedOff = derivedOff || derivedFrom[k] != 0
            }
            if derivedOff && tolerance.derivedFollowSource {
                // Take back a derived number off while its source agrees.
                for k in numbers.indices where derivedFrom[k] != 0 && derivedFrom[k] & offSources == 0 {
                    if !tolerance.agree(kinds[k], numbers[k], other.numbers[k]) { off -= 1 }
                }
            }
            return 0.3 * Double(off)
        }
    }

    /// What a line left unpaired costs.
    static let gapCost = 1.0

    /// The cheapest alignment of the two sides, as index pairs, within `band` of the
    /// diagonal (memory and work: one row of 2 × band + 1 cells per expected line).
    static func align(_ e: [Flat?], _ a: [Flat?], _ tolerance: LineTolerance) -> [(Int, Int)] {
        let n = e.count, m = a.count
        guard n > 0, m > 0 else { return [] }
        let width = 2 * band + 1
        func low(_ i: Int) -> Int { i * m / n - band }
        // costs[i * width + (j - low(i))]: the cheapest alignment of e[i...] and a[j...],
        // for j within the band of row i; outside it, only gaps reach (infinite here).
        var costs = [Double](repeating: .infinity, count: (n + 1) * width)
        func cost(_ i: Int, _ j: Int) -> Double {
            if i == n { return Double(m - j) * gapCost }
            if j == m { return Double(n - i) * gapCost }
            let k = j - low(i)
            return k >= 0 && k < width ? costs[i * width + k] : .infinity
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            let lo = low(i)
            for j in stride(from: Swift.min(m - 1, lo + width - 1), through: Swift.max(0, lo), by: -1) {
                var best = Swift.min(cost(i + 1, j) + gapCost, cost(i, j + 1) + gapCost)
                if let x = e[i], let y = a[j] { best = Swift.min(best, cost(i + 1, j + 1) + x.cost(y, tolerance)) }
                costs[i * width + (j - lo)] = best
            }
        }
        var pairs: [(Int, Int)] = []
        var i = 0, j = 0
        while i < n && j < m {
            let here = cost(i, j)
            if let x = e[i], let y = a[j] {
                let c = x.cost(y, tolerance)
                if c.isFinite && Swift.abs(cost(i + 1, j + 1) + c - here) < 1e-9 {
                    pairs.append((i, j)); i += 1; j += 1
                    continue
                }
            }
            if cost(i + 1, j) + gapCost <= cost(i, j + 1) + gapCost { i += 1 } else { j += 1 }
        }
        return pairs
    }

    /// What must be equal for two lines to be the same line: every member but numbers
    /// (and a bind action's `stdin`, the gesture line it carries, whose numbers wobble).
    static func signature(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number: return "#"
        case .string(let s): return Double(s) != nil ? "#" : "\"" + s + "\""
        case .array(let items): return "[" + items.map(signature).joined(separator: ",") + "]"
        case .object(let members):
            // Members in key order: a golden file rewritten by another tool may order them
            // otherwise, and means the same.
            return "{" + members.filter { $0.key != "stdin" }.sorted { $0.key < $1.key }
                .map { $0.key + ":" + signature($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// A bind action's `TACTILE_*` values and their kinds: an argv number takes the
    /// tolerance of the variable holding the same text (`{dx}` and `TACTILE_DX`).
    static func variables(of v: JSONValue) -> [String: LineTolerance.Quantity] {
        var byValue: [String: LineTolerance.Quantity] = [:]
        if case .object(let env)? = v["env"] {
            for (k, x) in env { if case .string(let s) = x { byValue[s] = LineTolerance.Quantity(key: k) } }
        }
        return byValue
    }

    /// What a difference is, and its quantity when it is a number off.
    typealias Report = (LineDifference.Kind, LineDifference.Quantity?) -> Void

    /// Compares two paired lines; `report` gets each difference. A derived member (a
    /// velocity, a delta) whose source agrees is left alone (`derivedFollowSource`).
    static func compareLine(_ e: JSONValue, _ a: JSONValue, tolerance: LineTolerance, report: Report) {
        var excused: Set<String> = []
        if tolerance.derivedFollowSource, case .object(let em) = e {
            let keys = em.map(\.key)
            for k in keys {
                guard let s = LineTolerance.source(ofDerived: k, among: keys), let es = e[s], let source = a[s] else { continue }
                var off = false
                compare(es, source, key: s, quantity: LineTolerance.Quantity(key: s), tolerance: tolerance) { _, _ in off = true }
                if !off { excused.insert(k) }
            }
        }
        compare(e, a, key: "", quantity: .exact, tolerance: tolerance, skipping: excused, report: report)
    }

    /// Compares two values of one member; `report` gets each difference. `skipping` names
    /// members of a line (the top level) to leave alone.
    static func compare(_ e: JSONValue, _ a: JSONValue, key: String, quantity: LineTolerance.Quantity,
                        tolerance: LineTolerance, skipping: Set<String> = [], report: Report) {
        switch (e, a) {
        case let (.object(em), .object(am)):
            let byValue = variables(of: e)
            for (k, ev) in em where !skipping.contains(k) {
                let path = key.isEmpty ? k : key + "." + k
                guard let av = am.first(where: { $0.key == k })?.value else {
                    report(.changed(key: path, expected: text(ev), actual: "absent"), nil)
                    continue
                }
                if k == "argv", case .array(let ea) = ev, case .array(let aa) = av, ea.count == aa.count {
                    for (n, (x, y)) in zip(ea, aa).enumerated() {
                        let q: LineTolerance.Quantity = if case .string(let s) = x { byValue[s] ?? .exact } else { .exact }
                        compare(x, y, key: "\(path)[\(n)]", quantity: q, tolerance: tolerance, report: report)
                    }
                    continue
                }
                compare(ev, av, key: path, quantity: LineTolerance.Quantity(key: k), tolerance: tolerance, report: report)
            }
            for (k, av) in am where !em.contains(where: { $0.key == k }) {
                report(.changed(key: key.isEmpty ? k : key + "." + k, expected: "absent", actual: text(av)), nil)
            }
        case let (.array(ea), .array(aa)) where ea.count == aa.count:
            for (n, (x, y)) in zip(ea, aa).enumerated() {
                compare(x, y, key: "\(key)[\(n)]", quantity: quantity, tolerance: tolerance, report: report)
            }
        case let (.number(x), .number(y)):
            number(x, y, key: key, quantity, tolerance, report)
        case let (.string(s), .string(t)) where s != t:
            if let x = Double(s), let y = Double(t) {
                number(x, y, key: key, quantity, tolerance, report)
            } else {
                report(.changed(key: key, expected: s, actual: t), nil)
            }
        default:
            if e != a { report(.changed(key: key, expected: text(e), actual: text(a)), nil) }
        }
    }

    private static func number(_ x: Double, _ y: Double, key: String, _ q: LineTolerance.Quantity, _ tolerance: LineTolerance,
                               _ report: Report) {
        guard !tolerance.agree(q, x, y) else { return }
        let allowed = tolerance.allowed(q, x, y)
        if q == .radians {
            func degrees(_ radians: Double) -> Double { Angle(radians: radians).degrees }
            report(.off(key: key, expected: degrees(x), actual: degrees(y), allowed: degrees(allowed), unit: q.unit), q.named)
        } else {
            report(.off(key: key, expected: x, actual: y, allowed: allowed, unit: q.unit), q.named)
        }
    }

    /// A value as JSON text, for messages.
    static func text(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return LineDifference.number(n)
        case .string(let s): return "\"" + s + "\""
        case .array(let items): return "[" + items.map(text).joined(separator: ",") + "]"
        case .object(let members): return "{" + members.map { "\"\($0.key)\":" + text($0.value) }.joined(separator: ",") + "}"
        }
    }

    /// `rotate began at 0.310 s`, `orientation landscapeLeft at 1.720 s`, `bind line 4 at 0.480 s`.
    static func summary(_ v: JSONValue) -> String {
        var words: [String] = []
        if case .string(let g)? = v["gesture"] { words.append(g) }
        if case .string(let s)? = v["state"] { words.append(s) }
        if case .number(let f)? = v["fingers"] { words.append("\(Int(f)) finger\(f == 1 ? "" : "s")") }
        if case .string(let o)? = v["orientation"] { words.append("orientation \(o)") }
        if case .number(let l)? = v["line"] { words.append("binding on line \(Int(l))") }
        if case .number(let t)? = v["t"] { words.append("at \(LineDifference.number(t)) s") }
        return words.joined(separator: " ")
    }
}
