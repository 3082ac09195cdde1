import Foundation
import Tactile
import TactileSimulation
import Testing

/// iio-sensor-proxy's rule as docs/service.md measures it: one axis 35° out of plane and
/// not the other, no debounce, and a screen leaned far back never turns.
struct IioSensorProxyRuleTests {
    static func sample(roll: Double, lean: Double, at t: Int64 = 0) -> AccelerometerSample {
        let g = 9.81, r = Angle(degrees: roll).radians, l = Angle(degrees: lean).radians
        return AccelerometerSample(time: Timestamp(microseconds: t), device: 1,
                                   force: SpecificForce(x: g * sin(r) * cos(l), y: g * cos(r) * cos(l), z: g * sin(l)))
    }

    @Test func itNamesTheEdgeThatIsUpAsTactileDoes() {
        var rule = IioSensorProxyRule()
        #expect(rule.process(Self.sample(roll: 0, lean: 20)) == .portrait)
        #expect(rule.process(Self.sample(roll: 90, lean: 20)) == .landscapeLeft)  // right-up
        #expect(rule.process(Self.sample(roll: -90, lean: 20)) == .landscapeRight)  // left-up
        #expect(rule.process(Self.sample(roll: 180, lean: 20)) == .portraitUpsideDown)  // bottom-up
    }

    @Test func itTurnsOnOneSampleOnceOnlyXIsPast35DegreesAndNeverAt65DegreesOfLean() {
        var rule = IioSensorProxyRule()
        _ = rule.process(Self.sample(roll: 0, lean: 0))
        // Upright, x is past 35° from a roll of 36°, but y stays past 35° up to 54°.
        #expect(rule.process(Self.sample(roll: 34, lean: 0)) == nil)
        #expect(rule.process(Self.sample(roll: 54, lean: 0)) == nil)
        #expect(rule.process(Self.sample(roll: 56, lean: 0)) == .landscapeLeft)
        var leaning = IioSensorProxyRule()
        // Leaned 65° back, neither axis gets 35° out of plane: upright or turned, it
        // never decides (`undefined`).
        #expect(leaning.process(Self.sample(roll: 0, lean: 65)) == nil)
        #expect(leaning.process(Self.sample(roll: 90, lean: 65)) == nil)
        #expect(leaning.orientation == nil)
    }

    @Test func onTheDiagonalThePreviousValueStays() {
        var rule = IioSensorProxyRule()
        #expect(rule.process(Self.sample(roll: 0, lean: 0)) == .portrait)
        // At 45° of roll both axes are 45° out of plane: past 35° twice, so nothing changes,
        // upright or leaned back 30° (both axes then 38° out of plane).
        #expect(rule.process(Self.sample(roll: 45, lean: 0)) == nil)
        #expect(rule.process(Self.sample(roll: 45, lean: 30)) == nil)
        #expect(rule.orientation == .portrait)
        // At 60° only the x axis is past 35° (y is 30° out of plane): right-up.
        #expect(rule.process(Self.sample(roll: 60, lean: 0)) == .landscapeLeft)
        // And the readings are iio-sensor-proxy's: its test's (0, −1 g, 0) is normal.
        var fresh = IioSensorProxyRule()
        let upright = AccelerometerSample(time: .zero, device: 1, force: SpecificForce(x: 0, y: 9.81, z: 0))
        #expect(fresh.process(upright) == .portrait)
    }
}
