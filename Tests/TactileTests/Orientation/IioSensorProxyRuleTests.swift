import Foundation
import Tactile
import TactileSimulation
import Testing

/// iio-sensor-proxy's rule as docs/service.md measures it: 35° out of plane, no debounce,
/// and a screen leaned far back never turns.
struct IioSensorProxyRuleTests {
    static func sample(roll: Double, lean: Double, at t: Int64 = 0) -> AccelerometerSample {
        let g = 9.81, r = roll * .pi / 180, l = lean * .pi / 180
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

    @Test func itTurnsPast35DegreesOnOneSampleAndNeverAt65DegreesOfLean() {
        var rule = IioSensorProxyRule()
        _ = rule.process(Self.sample(roll: 0, lean: 0))
        #expect(rule.process(Self.sample(roll: 34, lean: 0)) == nil)
        #expect(rule.process(Self.sample(roll: 37, lean: 0)) == .landscapeLeft)
        var leaning = IioSensorProxyRule()
        // Leaned 65° back, neither axis gets 35° out of plane: upright or turned, it
        // never decides (`undefined`).
        #expect(leaning.process(Self.sample(roll: 0, lean: 65)) == nil)
        #expect(leaning.process(Self.sample(roll: 90, lean: 65)) == nil)
        #expect(leaning.orientation == nil)
    }
}
