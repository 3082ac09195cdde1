import Foundation
import TactileTesting

/// The simulation's draws from TactileTesting's generator (SplitMix64). The orientation
/// traces in Recordings/ and the figures in docs/orientation.md were made with these exact
/// numbers: a seed one step further on, uniform draws by the standard library, and normal
/// draws built on them, so they are kept apart from `SeededRandom(seed:)` and `gaussian()`
/// (which scripts and property tests replay) rather than merged with them.
extension SeededRandom {
    /// A generator for `seed` as the simulation starts one: one SplitMix64 increment on.
    init(simulationSeed seed: UInt64) { self.init(seed: seed &+ 0x9E37_79B9_7F4A_7C15) }

    /// Uniform in [a, b].
    mutating func uniform(_ a: Double, _ b: Double) -> Double { Double.random(in: a...b, using: &self) }

    /// Standard normal (Box–Muller) from two `uniform(0, 1)` draws.
    mutating func simulationGaussian() -> Double {
        let u1 = Swift.max(1e-12, uniform(0, 1)), u2 = uniform(0, 1)
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}
