import TactileTesting

/// SplitMix64 (TactileTesting's `SeededRandom`): every random test here is reproducible
/// from its seed.
typealias SplitMix64 = SeededRandom
