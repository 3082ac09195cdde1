import Foundation
import Testing

/// The image tour on `three-taps` (three single taps, far apart), in a 160 x 90 view.
@Suite struct ImageTourTests {
    let lines: [[String: Any]]

    init() throws {
        lines = try Example.lines("image-tour", [Example.recording("three-taps.jsonl")])
    }

    @Test func itStartsZoomedIntoTheUpperRightQuadrant() {
        let t = lines[0].numbers("transform")
        // The quadrant's corners on the view's corners: 2x, (80, 0)-(160, 45) filling it.
        #expect(close(Array(t[..<4]), [2, 0, 0, 2]))
        let a = apply(t, (80, 0)), b = apply(t, (160, 45))
        #expect(close([a.0, a.1, b.0, b.1], [0, 0, 160, 90]))
    }

    @Test func zoomingOutShowsTheWholeImage() {
        #expect(lines[1].string("event") == "zoomOut")
        #expect(close(lines[1].numbers("transform"), [1, 0, 0, 1, 0, 0]))
    }

    @Test func theFlipSwapsInTheSecondImageWhenOnlyTheEdgeShows() {
        let flip = lines[2]
        let keyframes = flip.rows("keyframes")
        let images = flip.string("keyframeImages").split(separator: ",").map(String.init)
        for (k, image) in zip(keyframes, images) {
            // The width shows as |cos(flip)| and the second image once the edge is reached.
            #expect(close(abs(k[5]), abs(cos(k[4])), 1e-12))
            #expect(image == (k[4] >= Double.pi / 2 ? "second" : "first"))
        }
        #expect(images.contains("first") && images.contains("second"))
        // It ends on the second image, the right way round.
        #expect(flip.string("image") == "second")
        #expect(close(flip.numbers("transform"), [1, 0, 0, 1, 0, 0]))
    }

    @Test func theWholeTurnHasAtLeastThreeKeyframesInOneDirection() {
        let last = lines[3]
        let turns = last.rows("keyframes").map { $0[3] }
        #expect(turns.count >= 3)
        // Each step clockwise and less than half a turn: no renderer can take it the other way.
        #expect(zip(turns, turns.dropFirst()).allSatisfy { $1 > $0 && $1 - $0 < Double.pi })
        #expect(close(turns.last! - turns.first!, 2 * Double.pi))
        // It ends zoomed into the upper-left quadrant: (0, 0)-(80, 45) filling the view.
        let t = last.numbers("transform")
        let a = apply(t, (0, 0)), b = apply(t, (80, 45))
        #expect(close([a.0, a.1, b.0, b.1], [0, 0, 160, 90], 1e-9))
    }
}
