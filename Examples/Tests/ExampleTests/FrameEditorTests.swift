import Foundation
import Testing

/// The frame editor on `frame-edit`: two fingers about (77.5, 43.5) spread to twice their
/// span while turning 90 degrees clockwise, lift, then one finger pans (30, 10) mm; the
/// image starts at (20, 10).
@Suite struct FrameEditorTests {
    let lines: [[String: Any]]

    init() throws {
        lines = try Example.lines("frame-editor", [Example.recording("frame-edit.jsonl")])
    }

    /// [a, b, c, d, tx, ty] of: move to (20, 10), scale 2 and turn 90 degrees about
    /// (77.5, 43.5), then move by `pan`.
    func expected(pan: (Double, Double)) -> [Double] {
        let p = (77.5, 43.5)
        // A point u goes to R90(2 (u + origin - p)) + p; R90 clockwise on screen (y down)
        // takes (x, y) to (-y, x).
        let q = (20 - p.0, 10 - p.1)
        return [0, 2, -2, 0, -2 * q.1 + p.0 + pan.0, 2 * q.0 + p.1 + pan.1]
    }

    @Test func pinchTo2xWithRotateTo90AroundAPointGivesTheExpectedMatrix() throws {
        let groups = lines.filter { $0.string("event") == "groupEnded" }
        try #require(groups.count == 2)
        #expect(close(groups[0].numbers("accumulated"), expected(pan: (0, 0)), 1e-6))
        #expect(close(groups[1].numbers("accumulated"), expected(pan: (30, 10)), 1e-6))
    }

    @Test func theAccumulatedTransformEqualsTheOneFromCumulativeValues() {
        for g in lines where g.string("event") == "groupEnded" {
            #expect(close(g.numbers("accumulated"), g.numbers("cumulative"), 1e-9))
        }
    }

    @Test func pinchAndRotateGoTogetherAndPanIsApart() {
        // Both two-finger gestures update the image within one group; the pan alone after.
        let kinds = lines.map { $0.string("event") }
        let firstEnd = kinds.firstIndex(of: "groupEnded")!
        #expect(Set(kinds[..<firstEnd]) == ["pinch", "rotate"])
        #expect(Set(kinds[(firstEnd + 1)...].filter { $0 != "groupEnded" }) == ["pan"])
    }
}
