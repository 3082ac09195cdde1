import Tactile
import Testing

/// Every edge of the swipe diagram: decided at the first lift.
struct SwipeRecognizerTests {
    /// A stroke by (dx, dy) mm over `ms`, then the lift.
    static func swipe(_ dx: Double, _ dy: Double, ms: Double) -> (Driving<SwipeRecognizer>, RecognizerStep) {
        var d = Driving(SwipeRecognizer())
        _ = d.stroke(1, from: (50, 30), to: (50 + dx, 30 + dy), at: 0, ms: ms)
        let lift = d.frame(ms + 5)
        return (d, lift)
    }

    @Test func aFastStrokeIsRecognizedInItsDirection() {
        let (d, lift) = Self.swipe(-30, 2, ms: 100)
        #expect(lift.phase == .recognized)
        if case .swipe(let direction, let v)? = lift.event?.detail {
            #expect(direction == .left)
            #expect(v.x < -150)
        } else {
            Issue.record("no swipe: \(lift.why)")
        }
        #expect(d.state == .recognized)
    }

    /// Issue #48, finding 3: a two-finger swipe is decided as its first finger lifts, and
    /// is where both fingers were, not on the one still down.
    @Test func aSwipeIsWhereAllItsFingersWereAtTheFirstLift() {
        var d = Driving(SwipeRecognizer())
        for (k, dt) in stride(from: 0.0, through: 100, by: 10).enumerated() {
            let x = 80 - 0.4 * Double(k) * 10
            d.frame(dt, [(1, x, 20), (2, x, 40)])
        }
        let lift = d.frame(105, [(2, 40, 40)])
        #expect(lift.phase == .recognized)
        #expect(lift.event?.fingers == 2)
        #expect(lift.event?.location == Point(x: 40, y: 30))
    }

    @Test func slowShortDiagonalAndReversedStrokesFail() {
        #expect(Self.swipe(30, 0, ms: 600).1.why == "released too slowly")
        #expect(Self.swipe(8, 0, ms: 20).1.why == "moved too little")
        #expect(Self.swipe(25, 25, ms: 100).1.why == "diagonal")
    }

    @Test func lostContactsFail() {
        var d = Driving(SwipeRecognizer())
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(10, lost: [1]).why == "contacts were lost (SYN_DROPPED)")
        #expect(d.state == .failed)
    }
}
