import Foundation
import Tactile

/// Replays scenarios through the orientation filter and measures what acceptance asks:
/// latency after a turn settles, spurious changes, and hysteresis angles.
public enum OrientationBench {
    public static func run(_ samples: [InputEvent], settings: OrientationSettings = OrientationSettings()) -> [OrientationEvent] {
        var filter = OrientationFilter(device: 1, settings: settings)
        var out: [OrientationEvent] = []
        for case .accel(let s) in samples {
            if let e = filter.process(s) { out.append(e) }
        }
        return out
    }

    /// Interface changes after the first decision.
    public static func changes(_ lines: [OrientationEvent]) -> [OrientationEvent] {
        lines.filter { $0.previous != nil && $0.previous != $0.orientation }
    }

    public struct TurnResult: Sendable {
        public var angle: Double, length: Double, lean: Double, rate: Double
        /// Seconds from the motion settling to the decision (negative: decided before the
        /// device had quite stopped).
        public var latency: Double?
        public var changes: Int
        public var final: InterfaceOrientation?
        public var expected: InterfaceOrientation
        /// The same samples through iio-sensor-proxy's rule: changes after its first
        /// decision, its latency, and where it ended.
        public var iioChanges = 0
        public var iioLatency: Double?
        public var iioFinal: InterfaceOrientation?
    }

    public static func turn(angle: Double, length: Double, lean: Double, rate: Double, seed: UInt64,
                            mount: MountMatrix = .identity) -> TurnResult {
        let (script, settled) = OrientationScenarios.turn(angle: angle, length: length, lean: lean, seed: seed)
        var sensor = SensorModel(rate: rate)
        // Latency is the filter's: no samples lost around the turn (a dropout delays any
        // filter by its length; dropouts are in the other scenarios and traces).
        sensor.dropoutChance = 0
        sensor.mount = mount
        var settings = OrientationSettings()
        settings.mountMatrix = mount
        let samples = sensor.samples(script, seed: seed)
        let lines = run(samples, settings: settings)
        let turns = changes(lines)
        let expected = InterfaceOrientation(quarterTurns: Int((angle / (Double.pi / 2)).rounded()))
        var result = TurnResult(angle: angle, length: length, lean: lean, rate: rate,
                                latency: turns.first.map { $0.time.seconds - settled }, changes: turns.count,
                                final: lines.last?.orientation, expected: expected)
        if mount == .identity {
            let iio = IioSensorProxyRule.run(samples).dropFirst()
            result.iioChanges = iio.count
            result.iioLatency = iio.last.map { $0.time.seconds - settled }
            result.iioFinal = iio.last?.orientation ?? (IioSensorProxyRule.run(samples).first?.orientation)
        }
        return result
    }

    /// Every combination acceptance names: 90° and 180° turns both ways, 0.2–1.5 s,
    /// leaning back 0–65°, 10–200 Hz.
    public static func turnGrid(seed: UInt64 = 1) -> [TurnResult] {
        var out: [TurnResult] = []
        var s = seed
        for angle in [90.0, -90.0, 180.0, -180.0] {
            for length in [0.2, 0.5, 1.0, 1.5] {
                for lean in [0.0, 25.0, 45.0, 65.0] {
                    for rate in [10.0, 25.0, 50.0, 100.0, 200.0] {
                        s += 1
                        out.append(turn(angle: Angle(degrees: angle).radians, length: length, lean: Angle(degrees: lean).radians,
                                        rate: rate, seed: s))
                    }
                }
            }
        }
        return out
    }

    /// The roll (degrees) at which a slow sweep switched to landscape and back.
    public static func sweepAngles(lean: Double, rate: Double) -> (toLandscape: Double, back: Double)? {
        let script = OrientationScenarios.slowSweep(lean: lean)
        var sensor = SensorModel(rate: rate)
        sensor.dropoutChance = 0
        let lines = changes(run(sensor.samples(script, seed: 9)))
        guard lines.count == 2 else { return nil }
        return (Angle(radians: script.roll(lines[0].time.seconds)).degrees, Angle(radians: script.roll(lines[1].time.seconds)).degrees)
    }

    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        let s = values.sorted()
        guard !s.isEmpty else { return .nan }
        let i = Swift.min(s.count - 1, Swift.max(0, Int((p * Double(s.count - 1)).rounded())))
        return s[i]
    }

    /// All 48 signed permutations of the axes: every way a sensor can be mounted square to
    /// the board.
    public static var signedPermutations: [MountMatrix] {
        let perms = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        var out: [MountMatrix] = []
        for p in perms {
            for signs in 0..<8 {
                var rows = [[Double]](repeating: [0, 0, 0], count: 3)
                for r in 0..<3 { rows[r][p[r]] = signs & (1 << r) != 0 ? -1 : 1 }
                out.append(MountMatrix(rows: rows))
            }
        }
        return out
    }
}
