import Foundation
import Tactile
import TactileTesting

/// The motions the orientation filter is judged on: real turns, and everything that must
/// not turn the interface. Each is a motion script and a sensor; `OrientationBench`
/// replays them.
public enum OrientationScenarios {
    static let g = SpecificForce.standardGravity
    static let degree = Angle(degrees: 1).radians

    /// Small involuntary hand motion: a few incommensurate sines between 4 and 11 Hz,
    /// about 0.02 g in all (physiological tremor is 8–12 Hz and well under 0.05 g).
    static func tremor(seed: UInt64) -> @Sendable (Double) -> (Double, Double, Double) {
        var rng = SeededRandom(simulationSeed: seed)
        let phases = (0..<9).map { _ in rng.uniform(0, 2 * Double.pi) }
        let freqs = [4.3, 7.1, 10.7]
        return { t in
            func axis(_ k: Int) -> Double {
                (0..<3).reduce(0.0) { $0 + 0.07 * sin(2 * Double.pi * freqs[$1] * t + phases[k * 3 + $1]) }
            }
            return (axis(0), axis(1), axis(2))
        }
    }

    /// A turn by `angle` (radians, counter-clockwise positive) taking `length` seconds,
    /// after 1 s held still and followed by 1.2 s held still, leaning back `lean`. The
    /// device turns about a point `pivot` metres below the sensor (a hand is not a
    /// bearing), which adds the tangential and centripetal acceleration of that arc.
    public static func turn(angle: Double, length: Double, lean: Double, pivot: Double = 0.03,
                            start: Double = 0, seed: UInt64) -> (script: MotionScript, settled: Double) {
        let begin = 1.0
        var script = MotionScript(duration: begin + length + 1.2,
                                  roll: MotionScript.minimumJerk(from: start, to: start + angle, start: begin, length: length),
                                  lean: { _ in lean })
        let rates = MotionScript.minimumJerkRates(angle: angle, start: begin, length: length)
        let hand = tremor(seed: seed)
        script.deviceAcceleration = { t in
            let (w, a) = rates(t)
            let h = hand(t)
            // Sensor at +y from the pivot: tangential −α·r along x, centripetal −ω²·r along y.
            return (-a * pivot + h.0, -w * w * pivot + h.1, h.2)
        }
        return (script, begin + length)
    }

    /// Walking with the device in hand: a 2 Hz bounce of ±0.4 g along the vertical, 1 Hz
    /// sway of ±0.15 g sideways and ±0.1 g fore-aft, the screen leaning back between 20°
    /// and 50° (changing over half a minute) and rocking ±5° in its plane.
    public static func walking(minutes: Double, seed: UInt64) -> MotionScript {
        var rng = SeededRandom(simulationSeed: seed)
        let p1 = rng.uniform(0, 6.3), p2 = rng.uniform(0, 6.3), p3 = rng.uniform(0, 6.3)
        var script = MotionScript(duration: minutes * 60,
                                  roll: { t in 5 * degree * sin(2 * Double.pi * 1.0 * t + p1) },
                                  lean: { t in (35 + 15 * sin(2 * Double.pi * t / 30 + p2)) * degree })
        let hand = tremor(seed: seed)
        script.worldAcceleration = { t in
            let h = hand(t)
            return (0.15 * g * sin(2 * Double.pi * 1.0 * t + p3) + h.0,
                    0.4 * g * sin(2 * Double.pi * 2.0 * t) + h.1,
                    0.1 * g * sin(2 * Double.pi * 2.0 * t + 1.3) + h.2)
        }
        return script
    }

    /// Shaking sideways (along the device's x axis) at ±`peak` g and `frequency` Hz for
    /// 6 s, in portrait, leaning back `lean`.
    public static func lateralShake(peak: Double, frequency: Double, lean: Double, seed: UInt64) -> MotionScript {
        var script = MotionScript(duration: 8, roll: { _ in 0 }, lean: { _ in lean })
        let hand = tremor(seed: seed)
        script.deviceAcceleration = { t in
            let h = hand(t)
            let shaking = t > 1 && t < 7 ? peak * g * sin(2 * Double.pi * frequency * (t - 1)) : 0
            return (shaking + h.0, h.1, h.2)
        }
        return script
    }

    /// Upright for a second, laid face up on a table, then tapped twice a second: each
    /// tap a 15 ms jolt of up to 3 g into the table and a little sideways.
    public static func tableTaps(seed: UInt64) -> MotionScript {
        var rng = SeededRandom(simulationSeed: seed)
        let jolts = (0..<20).map { _ in (rng.uniform(1, 3), rng.uniform(-0.5, 0.5), rng.uniform(-0.5, 0.5)) }
        var script = MotionScript(duration: 12, roll: { _ in 0 },
                                  lean: MotionScript.minimumJerk(from: 0, to: Double.pi / 2, start: 1, length: 0.8))
        script.deviceAcceleration = { t in
            guard t > 2.5 else { return (0, 0, 0) }
            let k = Int((t - 2.5) / 0.5), phase = (t - 2.5) - Double(k) * 0.5
            guard phase < 0.015, k < jolts.count else { return (0, 0, 0) }
            let j = jolts[k], s = sin(Double.pi * phase / 0.015)
            return (j.1 * g * s, j.2 * g * s, -j.0 * g * s)
        }
        return script
    }

    /// Upright, laid face up, then spun on the table at `revolutions` per second with the
    /// sensor `radius` metres from the spin axis (the centripetal acceleration shows in
    /// the screen's plane).
    public static func spinningFlat(revolutions: Double, radius: Double) -> MotionScript {
        let w = 2 * Double.pi * revolutions
        var script = MotionScript(duration: 9,
                                  roll: { t in t > 2.5 ? w * (t - 2.5) : 0 },
                                  lean: MotionScript.minimumJerk(from: 0, to: Double.pi / 2, start: 1, length: 0.8))
        script.deviceAcceleration = { t in t > 2.5 ? (0, -w * w * radius, 0) : (0, 0, 0) }
        return script
    }

    /// Turned to a 45° diagonal and held there for 10 s, wobbling ±4° at about 1 Hz.
    public static func diagonal(lean: Double, seed: UInt64) -> MotionScript {
        let turn = MotionScript.minimumJerk(from: 0, to: 45 * degree, start: 1, length: 0.6)
        var script = MotionScript(duration: 12,
                                  roll: { t in turn(t) + (t > 1.6 ? 4 * degree * sin(2 * Double.pi * 0.9 * (t - 1.6)) : 0) },
                                  lean: { _ in lean })
        script.deviceAcceleration = tremor(seed: seed)
        return script
    }

    /// A quick tilt to landscape and straight back, all within `length` seconds.
    public static func quickTilt(length: Double, lean: Double, seed: UInt64) -> MotionScript {
        let out = MotionScript.minimumJerk(from: 0, to: 90 * degree, start: 1, length: length / 2)
        let back = MotionScript.minimumJerk(from: 0, to: -90 * degree, start: 1 + length / 2, length: length / 2)
        var script = MotionScript(duration: 3, roll: { t in out(t) + back(t) }, lean: { _ in lean })
        script.deviceAcceleration = tremor(seed: seed)
        return script
    }

    /// A slow sweep from portrait to landscape-left and back, 9° a second.
    public static func slowSweep(lean: Double) -> MotionScript {
        MotionScript(duration: 22, roll: { t in
            let u = Swift.min(20, Swift.max(0, t - 1))
            return (u <= 10 ? u * 9 : (20 - u) * 9) * degree
        }, lean: { _ in lean })
    }

    /// Single-sample glitches of ±20 g on one axis, about every 0.7 s, on a device held in
    /// portrait.
    public static func spikes(_ samples: [InputEvent], seed: UInt64) -> [InputEvent] {
        var rng = SeededRandom(simulationSeed: seed)
        var next = 1.0
        return samples.map { e in
            guard case .accel(var s) = e, s.time.seconds >= next else { return e }
            next = s.time.seconds + rng.uniform(0.5, 0.9)
            let spike = (rng.uniform(0, 1) < 0.5 ? 20.0 : -20.0) * g
            switch Int(rng.uniform(0, 2.999)) {
            case 0: s.force.x += spike
            case 1: s.force.y += spike
            default: s.force.z += spike
            }
            return .accel(s)
        }
    }
}
