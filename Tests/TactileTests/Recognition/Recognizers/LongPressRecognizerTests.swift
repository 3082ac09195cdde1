import Tactile
import Testing

/// Every edge of the long-press diagram, on a touchscreen and as a touchpad's hold.
struct LongPressRecognizerTests {
    /// A finger down at 0 ms, still, and the timer at 500 ms.
    static func held(kind: DeviceKind = .touchscreen) -> Driving<LongPressRecognizer> {
        var d = Driving(LongPressRecognizer(fingers: 1), kind: kind)
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

    // MARK: - Holds of several fingers (libinput's hold, UIKit's numberOfTouchesRequired)

    @Test(arguments: [DeviceKind.touchscreen, .touchpad], [2, 3, 4, 5])
    func severalFingersHoldWithTheirCount(kind: DeviceKind, fingers: Int) {
        var d = Driving(LongPressRecognizer(minFingers: 2, maxFingers: 5), kind: kind)
        // Fingers land 20 ms apart: each landing starts the wait again.
        for n in 1...fingers {
            d.frame(Double(n - 1) * 20, (1...n).map { ($0, 20 + 12 * Double($0), 30) })
        }
        // The wait: UIKit's 500 ms on a touchscreen, libinput's 180 ms on a touchpad.
        let wait = kind == .touchpad ? 180.0 : 500.0
        let last = Double(fingers - 1) * 20
        d.frame(last + wait * 0.6, (1...fingers).map { ($0, 20 + 12 * Double($0), 30.1) })
        #expect(d.timer(last + wait - 1).event == nil, "the wait counts from the last finger down")
        let began = d.timer(last + wait)
        #expect(began.phase == .began)
        #expect(began.event?.fingers == fingers)
        #expect(d.frame(last + wait + 400).phase == .ended)
    }

    @Test func aSingleFingerIsNoMultiFingerHold() {
        var d = Driving(LongPressRecognizer(minFingers: 2, maxFingers: 5))
        d.frame(0, [(1, 50, 30)])
        d.frame(400, [(1, 50, 30)])
        #expect(d.timer(1000).event == nil)
        #expect(d.frame(1100).why == "lifted too soon")
    }

    @Test func aFingerLiftingBeforeTheTimeFailsTheHold() {
        var d = Driving(LongPressRecognizer(minFingers: 2, maxFingers: 5))
        d.frame(0, [(1, 40, 30), (2, 55, 30), (3, 70, 30)])
        #expect(d.frame(200, [(1, 40, 30), (2, 55, 30)]).why == "a finger lifted")
        #expect(d.state == .failed)
    }

    @Test func aMultiFingerHoldOnATouchscreenEndsWhenTheFingersMove() {
        var d = Driving(LongPressRecognizer(minFingers: 2, maxFingers: 5))
        d.frame(0, [(1, 40, 30), (2, 55, 30)])
        #expect(d.timer(500).phase == .began)
        #expect(d.frame(600, [(1, 40.5, 30), (2, 55.5, 30)]).event == nil, "within the slop: no changed line")
        let moved = d.frame(650, [(1, 46, 30), (2, 61, 30)])
        #expect(moved.phase == .cancelled)
        #expect(moved.why == "the fingers moved: the hold ends")
        #expect(LongPressRecognizer(minFingers: 2, maxFingers: 5).runsWithMotion)
        #expect(!LongPressRecognizer(fingers: 1).runsWithMotion)
    }

    @Test func aLandingSpikeIsNoMotion() {
        // A finger lands, reads 4 mm off for one frame, and comes back: still a hold.
        var d = Driving(LongPressRecognizer(fingers: 1))
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(10, [(1, 54, 30)]).event == nil)
        d.frame(20, [(1, 50.1, 30)])
        d.frame(250, [(1, 50.2, 30)])
        #expect(d.state == .possible)
        #expect(d.timer(500).phase == .began)
        // After the landing settled, the same jump fails a fresh press.
        var late = Driving(LongPressRecognizer(fingers: 1))
        late.frame(0, [(1, 50, 30)])
        late.frame(100, [(1, 50, 30)])
        #expect(late.frame(110, [(1, 54, 30)]).why == "a finger moved")
    }
}
