import Tactile
import TactileLinux
import Testing

/// Tactile's orientations as iio-sensor-proxy names them: which edge of the device is up.
struct SensorProxyOrientationTests {
    @Test(arguments: [
        (InterfaceOrientation.portrait, "normal"),
        (.landscapeLeft, "right-up"),
        (.landscapeRight, "left-up"),
        (.portraitUpsideDown, "bottom-up"),
    ])
    func eachOrientationHasIioSensorProxysName(o: InterfaceOrientation, name: String) {
        #expect(SensorProxyOrientation(o).rawValue == name)
    }

    /// From the physics: at rest the filter reads "up" as atan2(x, y) in the screen's
    /// plane, and iio-sensor-proxy's orientation_calc says right-up when x (towards the
    /// right edge) dominates and is positive. landscapeLeft is a counter-clockwise quarter
    /// turn, which lifts the right edge.
    @Test func aCounterClockwiseQuarterTurnLiftsTheRightEdge() {
        let turned = InterfaceOrientation(quarterTurns: 1)
        #expect(turned == .landscapeLeft)
        #expect(SensorProxyOrientation(turned) == .rightUp)
        #expect(SensorProxyOrientation(InterfaceOrientation(quarterTurns: 3)) == .leftUp)
    }
}
