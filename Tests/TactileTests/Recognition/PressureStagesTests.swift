import Tactile
import Testing

/// `PressureStages`: hint from touch-down, peek, pop, with hysteresis (defaults: peek 0.5,
/// pop 0.8, hysteresis 0.05).
struct PressureStagesTests {
    var stages = PressureStages()
    var time = 0.0

    mutating func press(_ pressures: [Double?], id: Int = 1) -> [PressureStages.Stage] {
        pressures.compactMap { p in
            time += 0.01
            var frame = TouchFrame(time: Timestamp(seconds: time), device: 0)
            if let p { frame.contacts.append(Contact(id: id, position: Point(x: 10, y: 20), pressure: Pressure(p))) }
            return stages.update(frame)?.stage
        }
    }

    @Test mutating func aPressRisesThroughTheStagesAndEndsAtTheLift() {
        #expect(press([0.1, 0.3, 0.5, 0.7, 0.85, nil]) == [.hint, .peek, .pop, .none])
    }

    @Test mutating func peekFallsBackOnlyBelowTheHysteresis() {
        // 0.47 hovers under peek and stays there; 0.44 is below 0.5 - 0.05.
        #expect(press([0.2, 0.55, 0.47, 0.52, 0.44, 0.6]) == [.hint, .peek, .hint, .peek])
    }

    @Test mutating func popIsFinalUntilTheLift() {
        #expect(press([0.9, 0.2, 0.1]) == [.pop])
        #expect(press([nil]) == [.none])
    }

    @Test mutating func aSecondFingerCancelsAndANewPressWaitsForTheLift() {
        #expect(press([0.2]) == [.hint])
        time += 0.01
        var two = TouchFrame(time: Timestamp(seconds: time), device: 0)
        two.contacts.append(Contact(id: 1, position: Point(x: 10, y: 20), pressure: Pressure(0.6)))
        two.contacts.append(Contact(id: 2, position: Point(x: 30, y: 20), pressure: Pressure(0.6)))
        let cancelled = stages.update(two)
        #expect(cancelled?.stage == PressureStages.Stage.none && cancelled?.cancelled == true)
        // The first finger left alone does not press again until every finger has lifted.
        #expect(press([0.9, 0.9]) == [])
        #expect(press([nil, 0.3]) == [.hint])
    }
}
