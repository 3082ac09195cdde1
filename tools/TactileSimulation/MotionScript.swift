import Foundation
import Tactile
import TactileTesting

/// How a hand holds and moves a device, as functions of time: the physics behind the
/// orientation traces.
///
/// Attitude: start upright in portrait (device y up, screen facing the user), lean the
/// screen back by `lean` (about the device's x axis), then roll it counter-clockwise by
/// `roll` about the screen's normal. "Up" in device axes is then
/// (sin roll · cos lean, cos roll · cos lean, sin lean), and an accelerometer at rest reads
/// g times that (specific force points up). Linear accelerations of the sensor add to it.
public struct MotionScript: Sendable {
    /// Roll (radians, counter-clockwise as seen from the front) at time t.
    public var roll: @Sendable (Double) -> Double
    /// Lean back from vertical (radians; π/2 lies face up, −π/2 face down).
    public var lean: @Sendable (Double) -> Double
    /// Linear acceleration of the sensor in world axes (east, up, towards the user), m/s².
    public var worldAcceleration: @Sendable (Double) -> (Double, Double, Double) = { _ in (0, 0, 0) }
    /// Linear acceleration of the sensor in device axes, m/s² (turning about a pivot, shakes).
    public var deviceAcceleration: @Sendable (Double) -> (Double, Double, Double) = { _ in (0, 0, 0) }
    public var duration: Double

    public init(duration: Double, roll: @escaping @Sendable (Double) -> Double, lean: @escaping @Sendable (Double) -> Double) {
        self.duration = duration; self.roll = roll; self.lean = lean
    }

    /// Specific force in device axes at time t, before sensor errors.
    public func specificForce(at t: Double) -> SpecificForce {
        let g = SpecificForce.standardGravity
        let r = roll(t), l = lean(t)
        // Device axes in world coordinates (east, up, towards the user).
        let x1 = (1.0, 0.0, 0.0)
        let y1 = (0.0, cos(l), -sin(l))
        let z1 = (0.0, sin(l), cos(l))
        let x2 = (cos(r) * x1.0 + sin(r) * y1.0, cos(r) * x1.1 + sin(r) * y1.1, cos(r) * x1.2 + sin(r) * y1.2)
        let y2 = (-sin(r) * x1.0 + cos(r) * y1.0, -sin(r) * x1.1 + cos(r) * y1.1, -sin(r) * x1.2 + cos(r) * y1.2)
        let w = worldAcceleration(t)
        let world = (w.0, g + w.1, w.2)
        func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double { a.0 * b.0 + a.1 * b.1 + a.2 * b.2 }
        let d = deviceAcceleration(t)
        return SpecificForce(x: dot(world, x2) + d.0, y: dot(world, y2) + d.1, z: dot(world, z1) + d.2)
    }

    /// Minimum-jerk motion from `a` to `b` between `start` and `start + length` (how a hand
    /// moves: smooth, no jolt at either end).
    public static func minimumJerk(from a: Double, to b: Double, start: Double, length: Double) -> @Sendable (Double) -> Double {
        { t in
            let u = Swift.min(1, Swift.max(0, (t - start) / length))
            return a + (b - a) * (10 * u * u * u - 15 * u * u * u * u + 6 * u * u * u * u * u)
        }
    }

    /// Angular velocity and acceleration of a minimum-jerk roll, for the forces of turning
    /// about a pivot.
    public static func minimumJerkRates(angle: Double, start: Double, length: Double) -> @Sendable (Double) -> (Double, Double) {
        { t in
            let u = (t - start) / length
            guard u > 0, u < 1 else { return (0, 0) }
            let w = angle / length * (30 * u * u - 60 * u * u * u + 30 * u * u * u * u)
            let a = angle / (length * length) * (60 * u - 180 * u * u + 120 * u * u * u)
            return (w, a)
        }
    }
}

/// What a real accelerometer adds to the truth.
public struct SensorModel: Sendable {
    /// Mean report rate, Hz, and the ± fraction each interval varies by.
    public var rate: Double
    public var jitter = 0.3
    /// White noise per axis, m/s² (a phone sensor: 0.02–0.1).
    public var noise = 0.05
    /// Constant offset per axis, m/s².
    public var bias = (0.08, -0.05, 0.1)
    /// Resolution, m/s² per count (a 12-bit ±4 g sensor: about 0.019).
    public var step = 0.0192
    /// Chance per sample that the next few are lost (a dropout of up to `maxDropout`).
    public var dropoutChance = 0.002
    public var maxDropout = 0.25
    /// Axes as mounted: the sensor reports Mᵀ·v, so a filter told M recovers v.
    public var mount = MountMatrix.identity

    public init(rate: Double) { self.rate = rate }

    /// Samples the script into a trace's accelerometer events.
    public func samples(_ script: MotionScript, device: Int = 1, seed: UInt64) -> [InputEvent] {
        var rng = SeededRandom(simulationSeed: seed)
        let inverse = mount.transposed
        var out: [InputEvent] = []
        var t = 0.0
        while t <= script.duration {
            let truth = script.specificForce(at: t)
            var v = SpecificForce(x: truth.x + bias.0 + rng.simulationGaussian() * noise,
                                  y: truth.y + bias.1 + rng.simulationGaussian() * noise,
                                  z: truth.z + bias.2 + rng.simulationGaussian() * noise)
            v = SpecificForce(x: (v.x / step).rounded() * step, y: (v.y / step).rounded() * step, z: (v.z / step).rounded() * step)
            let raw = inverse.apply(v)
            out.append(.accel(AccelerometerSample(time: Timestamp(seconds: t), device: device, force: raw)))
            t += (1 / rate) * (1 + rng.uniform(-jitter, jitter))
            if rng.uniform(0, 1) < dropoutChance { t += rng.uniform(0, maxDropout) }
        }
        return out
    }
}
