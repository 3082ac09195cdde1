import Foundation
import Tactile

/// iio-sensor-proxy's decision rule (its `orientation_calc`, read from its source and
/// written here in our words), to measure it on the same scenarios as Tactile's filter.
///
/// The rule of the versions desktops run (2.x and 3.x; Debian 12 ships 3.0, whose binary
/// calls `atan2`): each sample on its own, in iio-sensor-proxy's sign convention (a device
/// held upright in its natural orientation reads y = −1 g, see docs/linux-devices.md), so
/// the opposite of Tactile's specific force; scaled to 256 per g and truncated to
/// integers. It takes the angle of the x axis out of the y–z plane and of the y axis out of
/// the x–z plane, rounded to whole degrees. When both are past 35°, on the diagonal, the
/// previous value stays; else left-up or right-up when the x angle is past 35°; else
/// normal or bottom-up when the y angle is; else the previous value stays. No low-pass, no
/// time debounce, no test of lean: it decides on the first sample past the threshold.
/// Evaluated here on every sample, which is the most favourable reading of it (its poll
/// driver reads less often).
public struct IioSensorProxyRule {
    /// The orientation decided, nil until the first (`undefined`).
    public private(set) var orientation: InterfaceOrientation?

    /// A rule with nothing decided.
    public init() {}

    /// Takes a sample (Tactile's specific force, m/s², after the mount matrix); the new
    /// orientation when it changes.
    public mutating func process(_ s: AccelerometerSample) -> InterfaceOrientation? {
        let scale = 256.0 / 9.81
        // iio-sensor-proxy's reading is the opposite of the specific force.
        let x = Double(Int(-s.force.x * scale)), y = Double(Int(-s.force.y * scale)), z = Double(Int(-s.force.z * scale))
        let degrees = 180.0 / Double.pi
        let sideways = (atan2(x, (y * y + z * z).squareRoot()) * degrees).rounded()
        let upright = (atan2(y, (x * x + z * z).squareRoot()) * degrees).rounded()
        var next = orientation
        if abs(sideways) > 35 && abs(upright) > 35 {
            // On the border of two orientations: the previous one stays.
        } else if abs(sideways) > 35 {
            // Reading x > 0: gravity pulls towards the right edge, so the left edge is up.
            next = sideways > 0 ? .landscapeRight : .landscapeLeft  // left-up : right-up
        } else if abs(upright) > 35 {
            next = upright > 0 ? .portraitUpsideDown : .portrait  // bottom-up : normal
        }
        guard next != orientation else { return nil }
        orientation = next
        return next
    }

    /// Every change over `samples`, with its time.
    public static func run(_ samples: [InputEvent]) -> [(time: Timestamp, orientation: InterfaceOrientation)] {
        var rule = IioSensorProxyRule()
        var out: [(Timestamp, InterfaceOrientation)] = []
        for case .accel(let s) in samples {
            if let o = rule.process(s) { out.append((s.time, o)) }
        }
        return out
    }
}
