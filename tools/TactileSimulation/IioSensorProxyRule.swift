import Foundation
import Tactile

/// iio-sensor-proxy's decision rule (its `orientation_calc`, read from its source and
/// written here in our words), to measure it on the same scenarios as Tactile's filter:
/// each sample on its own, scaled to 256 per g and truncated to integers; the device's
/// right or left edge is up when the x axis is more than 35° out of the y–z plane,
/// checked first; else normal or bottom-up when the y axis is more than 35° out of the
/// x–z plane; else the previous value stays. No low-pass, no time debounce, no test of
/// lean: it decides on the first sample past the threshold. Evaluated here on every
/// sample, which is the most favourable reading of it (its poll driver reads less often).
public struct IioSensorProxyRule {
    /// The orientation decided, nil until the first.
    public private(set) var orientation: InterfaceOrientation?

    /// A rule with nothing decided.
    public init() {}

    /// Takes a sample (m/s², after the mount matrix); the new orientation when it changes.
    public mutating func process(_ s: AccelerometerSample) -> InterfaceOrientation? {
        let scale = 256.0 / 9.81
        let x = Double(Int(s.force.x * scale)), y = Double(Int(s.force.y * scale)), z = Double(Int(s.force.z * scale))
        let degrees = 180.0 / Double.pi
        var next = orientation
        let sideways = (atan(x / (y * y + z * z).squareRoot()) * degrees).rounded()
        if abs(sideways) > 35 {
            next = sideways < 0 ? .landscapeRight : .landscapeLeft  // left-up : right-up
        } else {
            let upright = (atan(y / (x * x + z * z).squareRoot()) * degrees).rounded()
            if abs(upright) > 35 { next = upright < 0 ? .portraitUpsideDown : .portrait }  // bottom-up : normal
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
