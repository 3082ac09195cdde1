import Tactile

/// The boxes labels and marks already take on a picture, so that a new label goes where
/// it covers none. Boxes are kept in cells of `cell` px, so a check looks at the few
/// boxes near it, not at every box placed: a long recording's thousands of taps at one
/// place cost a picture linear time.
struct LabelSpace {
    /// How many places below the first a label tries before it is left out.
    static let tries = 8
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

    /// `box`, or the first of it moved down by `step` at a time that overlaps nothing.
    func free(near box: Rect, step: Double) -> Rect? {
        var candidate = box
        for _ in 0..<Self.tries {
            if !overlapsAny(candidate) { return candidate }
            candidate.y += step
        }
        return nil
    }

    private static func overlap(_ a: Rect, _ b: Rect) -> Bool {
        a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    }
}
