import Tactile
import Testing

/// Every edge of the pan diagram.
struct PanRecognizerTests {
    @Test func beginsPastTheSlopWithTheWholeMovementThenChangesAndEnds() {
        var d = Driving(PanRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(10, [(1, 51, 30)]).event == nil, "within the slop")
        let began = d.frame(20, [(1, 52, 30)])
        #expect(began.phase == .began)
        #expect(began.event?.detail == .pan(translation: Vector(x: 2, y: 0), delta: Vector(x: 2, y: 0),
                                            velocity: d.tracker.velocity.translation))
        #expect(d.frame(30, [(1, 55, 31)]).phase == .changed)
        #expect(d.frame(40, [(1, 55, 31)]).event == nil, "no motion, no line")
        #expect(d.frame(50).phase == .ended)
        #expect(d.state == .ended)
    }

    /// Issue #48, finding 3: a two-finger pan that ends as one finger lifts says two
    /// fingers and is where both were, not on the finger still down.
    @Test func aTwoFingerPanEndedAsOneFingerLiftsIsBetweenBothFingers() {
        var d = Driving(PanRecognizer(minFingers: 2), settings: .unsettled)
        d.frame(0, [(1, 40, 30), (2, 60, 30)])
        #expect(d.frame(20, [(1, 40, 40), (2, 60, 40)]).phase == .began)
        let ended = d.frame(30, [(1, 40, 44)])
        #expect(ended.phase == .ended)
        #expect(ended.event?.fingers == 2)
        #expect(ended.event?.location == Point(x: 50, y: 42), "the centroid of (40, 44) and where finger 2 lifted, (60, 40)")
        var one = Driving(PanRecognizer(), settings: .unsettled)
        one.frame(0, [(1, 40, 30)])
        one.frame(20, [(1, 40, 40)])
        #expect(one.frame(30).event?.location == Point(x: 40, y: 40), "all lifted: where the last finger was")
    }

    @Test func liftedWithoutMovingFails() {
        var d = Driving(PanRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(80).why == "lifted without moving")
        #expect(d.state == .failed)
    }

    @Test func lostContactsFailBeforeAndCancelAfterBeginning() {
        var early = Driving(PanRecognizer(), settings: .unsettled)
        early.frame(0, [(1, 50, 30)])
        #expect(early.frame(10, lost: [1]).why == "contacts were lost")
        var late = Driving(PanRecognizer(), settings: .unsettled)
        late.frame(0, [(1, 50, 30)])
        late.frame(10, [(1, 56, 30)])
        #expect(late.frame(20, lost: [1]).phase == .cancelled)
    }

    @Test func forcedUnderWayItWritesItsCancelledLine() {
        var d = Driving(PanRecognizer(), settings: .unsettled)
        d.frame(0, [(1, 50, 30)])
        d.frame(10, [(1, 56, 30)])
        #expect(d.fail()?.phase == .cancelled)
        var idle = Driving(PanRecognizer(), settings: .unsettled)
        idle.frame(0, [(1, 50, 30)])
        #expect(idle.fail() == nil)
        #expect(idle.state == .failed)
    }
}
