import Tactile

/// The boxes labels and marks already take on a picture, so that a new label goes where
/// it covers none. Boxes are kept in cells of `cell` px, so a check looks at the few
/// boxes near it, not at every box placed: a long recording's thousands of taps at one
/// place cost a picture linear time.
struct LabelSpace {
    /// How many places below the first (and above it) a label tries in each column before
    /// it is left out.
    static let tries = 12
    static let cell = 48.0

    private var cells: [Int64: [Rect]] = [:]

    private static func key(_ cx: Int, _ cy: Int) -> Int64 { Int64(cx) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: cy))) }

    private static func range(_ from: Double, _ length: Double) -> ClosedRange<Int> {
        Int((from / cell).rounded(.down))...Int(((from + length) / cell).rounded(.down))
    }

    mutating func insert(_ box: Rect) {
        for cx in Self.range(box.x, box.width) {
            for cy in Self.range(box.y, box.height) { cells[Self.key(cx, cy), default: []].append(box) }
        }
    }

    func overlapsAny(_ box: Rect) -> Bool {
        for cx in Self.range(box.x, box.width) {
            for cy in Self.range(box.y, box.height) {
                for other in cells[Self.key(cx, cy)] ?? [] where Self.overlap(box, other) { return true }
            }
        }
        return false
    }

    /// `box`, or the nearest place that overlaps nothing: moved down by `step` at a time
    /// (`tries` places), then up; then the same at `otherX` (the other side of its mark).
    func free(near box: Rect, step: Double, otherX: Double? = nil) -> Rect? {
        for x in [box.x] + (otherX.map { [$0] } ?? []) {
            var candidate = box
            candidate.x = x
            for k in 0..<Self.tries {
                candidate.y = box.y + Double(k) * step
                if !overlapsAny(candidate) { return candidate }
            }
            for k in 1..<Self.tries {
                candidate.y = box.y - Double(k) * step
                if !overlapsAny(candidate) { return candidate }
            }
        }
        return nil
    }

    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
