import Tactile
import Testing

/// Every edge of the tap diagram (docs/gestures.md), on one recognizer.
struct TapRecognizerTests {
    @Test func idleToTouchingToRecognized() {
        var d = Driving(TapRecognizer(taps: 1))
        #expect(d.recognizer.detailedState == "possible (idle)")
        #expect(d.frame(0, [(1, 50, 30)]).why == "a finger touched")
        #expect(d.recognizer.detailedState == "possible (touching, tap 1)")
        let lift = d.frame(120)
        #expect(lift.phase == .recognized)
        #expect(lift.event?.detail == .tap(taps: 1))
        #expect(d.state == .recognized)
    }

    @Test func touchingToWaitingToTouchingToRecognized() {
        var d = Driving(TapRecognizer(taps: 2))
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(100).why == "the fingers lifted")
        #expect(d.recognizer.detailedState == "possible (waiting for tap 2)")
        #expect(d.frame(250, [(2, 51, 30)]).why == "the next tap touched")
        #expect(d.recognizer.detailedState == "possible (touching, tap 2)")
        #expect(d.frame(330).event?.detail == .tap(taps: 2))
    }

    @Test func movedFails() {
        var d = Driving(TapRecognizer(taps: 1), settings: .unsettled)
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(20, [(1, 52, 30)]).why == "a finger moved")
        #expect(d.state == .failed)
        // With the landing settle, motion in the first 30 ms is not travel: the finger
        // settled where it was then; from there it is.
        var settled = Driving(TapRecognizer(taps: 1))
        settled.frame(0, [(1, 50, 30)])
        #expect(settled.frame(20, [(1, 52, 30)]).event == nil && settled.state == .possible)
        #expect(settled.frame(40, [(1, 52, 30)]).event == nil && settled.state == .possible)
        #expect(settled.frame(50, [(1, 54, 30)]).why == "a finger moved")
    }

    /// The timer ends a tap two ways: a finger held past the tap time, or no next tap within
    /// the gap after a lift. Both deadlines fall at 400 ms here.
    @Test(arguments: [
        (taps: 1, liftAt: nil as Double?, why: "held too long for a tap"),
        (taps: 2, liftAt: 100, why: "no next tap in time"),
    ])
    func theTimerFails(taps: Int, liftAt: Double?, why: String) {
        var d = Driving(TapRecognizer(taps: taps))
        d.frame(0, [(1, 50, 30)])
        if let liftAt { d.frame(liftAt) }
        #expect(d.timer(399).why == "", "not yet")
        #expect(d.timer(400).why == why)
        #expect(d.state == .failed)
    }

    @Test func theNextTapTooFarFails() {
        var d = Driving(TapRecognizer(taps: 2))
        d.frame(0, [(1, 20, 30)])
        d.frame(100)
        #expect(d.frame(200, [(2, 60, 30)]).why == "the next tap landed too far away")
        #expect(d.state == .failed)
    }

    @Test func fingerCountsThatDifferFail() {
        var d = Driving(TapRecognizer(taps: 2))
        d.frame(0, [(1, 50, 30), (2, 60, 30)])
        d.frame(100)
        d.frame(200, [(3, 55, 30)])
        #expect(d.frame(280).why == "taps had different finger counts")
        #expect(d.state == .failed)
    }

    @Test func lostContactsFailAndFinishedIgnoresFrames() {
        var d = Driving(TapRecognizer(taps: 1))
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(10, lost: [1]).why == "contacts were lost (SYN_DROPPED)")
        #expect(d.state == .failed)
        #expect(d.frame(20, [(2, 50, 30)]).event == nil)
        #expect(d.state == .failed)
    }

    @Test func forcedFailureWritesNothing() {
        var d = Driving(TapRecognizer(taps: 1))
        d.frame(0, [(1, 50, 30)])
        #expect(d.fail() == nil)
        #expect(d.state == .failed)
        d.recognizer.reset()
        #expect(d.recognizer.detailedState == "possible (idle)")
    }
}
