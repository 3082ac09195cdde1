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
