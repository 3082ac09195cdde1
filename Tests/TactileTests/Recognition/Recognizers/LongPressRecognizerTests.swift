import Tactile
import Testing

/// Every edge of the long-press diagram, on a touchscreen and as a touchpad's hold.
struct LongPressRecognizerTests {
    /// A finger down at 0 ms, still, and the timer at 500 ms.
    static func held(kind: DeviceKind = .touchscreen) -> Driving<LongPressRecognizer> {
        var d = Driving(LongPressRecognizer(), kind: kind)
        d.frame(0, [(1, 50, 30)])
        d.frame(250, [(1, 50.2, 30)])
        return d
    }

    @Test func heldStillBeginsAtTheTimerWithTheDeadlineAsItsTime() {
        var d = Self.held()
        #expect(d.timer(499).event == nil)
        let began = d.timer(500)
        #expect(began.phase == .began)
        #expect(began.event?.time == Timestamp(microseconds: 500_000))
        #expect(began.why == "held still long enough")
    }

    @Test func possibleFailsOnMotionLiftTooManyFingersOrLoss() {
        var moved = Self.held()
        #expect(moved.frame(300, [(1, 53, 30)]).why == "a finger moved")
        var lifted = Self.held()
        #expect(lifted.frame(300).why == "lifted too soon")
        var crowded = Self.held()
        #expect(crowded.frame(300, [(1, 50, 30), (2, 60, 30)]).why == "too many fingers")
        var lost = Self.held()
        #expect(lost.frame(300, lost: [1]).why == "contacts were lost")
        for d in [moved, lifted, crowded, lost] { #expect(d.state == .failed) }
    }

    @Test func onATouchscreenItChangesAsTheFingerMovesAndEndsAtTheLift() {
        var d = Self.held()
        d.timer(500)
        #expect(d.frame(600, [(1, 58, 30)]).phase == .changed)
        #expect(d.frame(610, [(1, 58, 30)]).event == nil, "no motion, no line")
        #expect(d.frame(700).phase == .ended)
    }

    @Test func onATouchpadTheHoldIsCancelledWhenTheFingersMove() {
        var d = Self.held(kind: .touchpad)
        d.timer(500)
        #expect(d.frame(600, [(1, 51, 30)]).event == nil, "within the touchpad slop: no changed line")
        let moved = d.frame(650, [(1, 58, 30)])
        #expect(moved.phase == .cancelled)
        #expect(moved.why == "the fingers moved: the hold ends")
    }

    @Test func underWayItIsCancelledByLossAndByForce() {
        var lost = Self.held()
        lost.timer(500)
        #expect(lost.frame(600, lost: [1]).phase == .cancelled)
        var forced = Self.held()
        forced.timer(500)
        #expect(forced.fail()?.phase == .cancelled)
        #expect(forced.state == .cancelled)
    }
}
