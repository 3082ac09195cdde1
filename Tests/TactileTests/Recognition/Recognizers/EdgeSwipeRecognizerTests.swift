import Tactile
import Testing

/// Every edge of the edge-swipe diagram (touchscreens; the surface is 100 × 60 mm).
struct EdgeSwipeRecognizerTests {
    @Test func fromTheLeftEdgeInwardIsRecognized() {
        var d = Driving(EdgeSwipeRecognizer())
        let steps = d.stroke(1, from: (1, 30), to: (15, 31), at: 0, ms: 100)
        let line = steps.compactMap(\.event).first
        #expect(line?.detail == .edgeSwipe(edge: .left, direction: .right))
        #expect(d.state == .recognized)
    }

    @Test func fromACornerSaysWhichCornerAndTheNearerEdge() {
        // Within the 4 mm zone of the bottom (1 mm away) and the left (3 mm away), out
        // diagonally: lisgd's corner gesture.
        var d = Driving(EdgeSwipeRecognizer())
        let line = d.stroke(1, from: (3, 59), to: (18, 44), at: 0, ms: 100).compactMap(\.event).first
        #expect(line?.detail == .edgeSwipe(edge: .bottom, direction: .up, corner: .bottomLeft))
        #expect(line.map { RecognizedEvent.gesture($0).jsonLine.contains(#""edge":"bottom","direction":"up","corner":"bottom-left""#) } == true)
        // Nearer the left edge (2 mm) than the bottom (2.5 mm) and going up: in from the
        // bottom, the edge it moves inward from.
        var up = Driving(EdgeSwipeRecognizer())
        let fromBottom = up.stroke(1, from: (2, 57.5), to: (2, 40), at: 0, ms: 100).compactMap(\.event).first
        #expect(fromBottom?.detail == .edgeSwipe(edge: .bottom, direction: .up, corner: .bottomLeft))
        // 5 mm from the top is outside its zone: the left edge alone.
        var side = Driving(EdgeSwipeRecognizer())
        let plain = side.stroke(1, from: (1, 5), to: (15, 6), at: 0, ms: 100).compactMap(\.event).first
        #expect(plain?.detail == .edgeSwipe(edge: .left, direction: .right))
        #expect(plain.map { RecognizedEvent.gesture($0).jsonLine.contains("corner") } == false)
    }

    @Test func notAtAnEdgeFailsAtOnce() {
        var d = Driving(EdgeSwipeRecognizer())
        #expect(d.frame(0, [(1, 50, 30)]).why == "did not start at an edge")
        #expect(d.state == .failed)
    }

    @Test func alongTheEdgeFails() {
        var d = Driving(EdgeSwipeRecognizer())
        let steps = d.stroke(1, from: (1, 10), to: (12, 40), at: 0, ms: 100)
        #expect(steps.contains { $0.why == "moved along the edge" })
        #expect(d.state == .failed)
    }

    @Test func liftedFirstOrTooSlowFails() {
        var lifted = Driving(EdgeSwipeRecognizer())
        lifted.frame(0, [(1, 99, 30)])
        #expect(lifted.frame(50).why == "lifted before moving inward")
        var slow = Driving(EdgeSwipeRecognizer())
        slow.frame(0, [(1, 30, 1)])
        #expect(slow.timer(500).why == "too slow for an edge swipe")
        #expect(slow.state == .failed)
    }
}
