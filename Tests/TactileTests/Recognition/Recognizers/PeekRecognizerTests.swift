import Tactile
import Testing

/// Every edge of the peek diagram.
struct PeekRecognizerTests {
    @Test func peekThenPopThenLift() {
        var d = Driving(PeekRecognizer(), pressure: true)
        #expect(d.frame(0, [(1, 50, 30)], pressure: 0.2).event == nil)
        let peek = d.frame(10, [(1, 50, 30)], pressure: 0.55)
        #expect(peek.phase == .began)
        #expect(peek.event?.detail == .peek(stage: .peek, pressure: Pressure(0.55)))
        #expect(d.frame(20, [(1, 50, 30)], pressure: 0.57).event == nil, "within the hysteresis")
        #expect(d.frame(30, [(1, 50, 30)], pressure: 0.65).why == "pressure changed")
        let pop = d.frame(40, [(1, 50, 30)], pressure: 0.85)
        #expect(pop.event?.detail == .peek(stage: .pop, pressure: Pressure(0.85)))
        #expect(d.frame(50).phase == .ended)
    }

    @Test func possibleFailsWithoutPressureOnLiftOrASecondFinger() {
        var flat = Driving(PeekRecognizer(), pressure: false)
        #expect(flat.frame(0, [(1, 50, 30)]).why == "the device has no pressure")
        var lifted = Driving(PeekRecognizer(), pressure: true)
        lifted.frame(0, [(1, 50, 30)], pressure: 0.2)
        #expect(lifted.frame(10).why == "lifted before pressing")
        var two = Driving(PeekRecognizer(), pressure: true)
        #expect(two.frame(0, [(1, 50, 30), (2, 60, 30)], pressure: 0.2).why == "more than one finger")
    }

    @Test func underWayASecondFingerEndsItAndLossOrForceCancelIt() {
        var second = Driving(PeekRecognizer(), pressure: true)
        second.frame(0, [(1, 50, 30)], pressure: 0.6)
        #expect(second.frame(10, [(1, 50, 30), (2, 60, 30)], pressure: 0.6).why == "another finger landed")
        var lost = Driving(PeekRecognizer(), pressure: true)
        lost.frame(0, [(1, 50, 30)], pressure: 0.6)
        #expect(lost.frame(10, lost: [1]).phase == .cancelled)
        var forced = Driving(PeekRecognizer(), pressure: true)
        forced.frame(0, [(1, 50, 30)], pressure: 0.6)
        #expect(forced.fail()?.detail == .peek(stage: .peek, pressure: Pressure(0.6)), "cancelled at the last pressure")
    }
}
