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
