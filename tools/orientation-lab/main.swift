// orientation-lab: writes the orientation traces in Recordings/ and measures the
// orientation filter on the scenarios of tools/TactileSimulation.
//
//   swift run orientation-lab report [--write-docs]   figures for docs/orientation.md (written into it)
//   swift run orientation-lab traces DIR      the traces for Recordings/
//   swift run orientation-lab compare         Tactile's filter against iio-sensor-proxy's rule (docs/service.md)
import Foundation
import Tactile
import TactileSimulation

let arguments = CommandLine.arguments.dropFirst()
let degree = Angle(degrees: 1).radians

/// The figures of docs/orientation.md: printed, and with `--write-docs` written into its
/// blocks (`tools/write-doc-block`).
func report(writeDocs: Bool) throws {
    let grid = OrientationBench.turnGrid()
    let latencies = grid.compactMap(\.latency)
    let wrong = grid.filter { $0.changes != 1 || $0.final != $0.expected }
    print("Turns: \(grid.count) (90° and 180° both ways; 0.2, 0.5, 1.0, 1.5 s; lean 0, 25, 45, 65°; 10, 25, 50, 100, 200 Hz)")
    print("  reported exactly once, to the right orientation: \(grid.count - wrong.count) of \(grid.count)")
    func ms(_ v: Double) -> String {
        let n = Int((v * 1000).rounded())
        return (n < 0 ? "−\(-n)" : "\(n)") + " ms"
    }
    var turns = "\(grid.count - wrong.count) of \(grid.count) turns reported exactly once, to the right orientation.\n\n"
    turns += "| | median | worst |\n|---|---|---|\n"
    turns += "| all \(grid.count) | \(ms(OrientationBench.percentile(latencies, 0.5))) | \(ms(latencies.max() ?? .nan)) |\n"
    for rate in [10.0, 25.0, 50.0, 100.0, 200.0] {
        let l = grid.filter { $0.rate == rate }.compactMap(\.latency)
        turns += "| \(Int(rate)) Hz | \(ms(OrientationBench.percentile(l, 0.5))) | \(ms(l.max() ?? .nan)) |\n"
    }
    for lean in [0.0, 25.0, 45.0, 65.0] {
        let l = grid.filter { Swift.abs($0.lean - lean * degree) < 1e-9 }.compactMap(\.latency)
        turns += "| lean \(Int(lean))° | \(ms(OrientationBench.percentile(l, 0.5))) | \(ms(l.max() ?? .nan)) |\n"
    }
    for length in [0.2, 0.5, 1.0, 1.5] {
        let l = grid.filter { $0.length == length }.compactMap(\.latency)
        turns += "| turn in \(length) s | \(ms(OrientationBench.percentile(l, 0.5))) | \(ms(l.max() ?? .nan)) |\n"
    }
    print(turns)
    for w in grid.filter({ ($0.latency ?? 0) > 0.2 }).sorted(by: { $0.latency! > $1.latency! }).prefix(8) {
        print("  slowest: angle \(Int(w.angle / degree))° length \(w.length) lean \(Int(w.lean / degree))° \(Int(w.rate)) Hz: \(ms(w.latency!))")
    }
    for w in wrong.prefix(10) {
        print("  WRONG: angle \(Int(w.angle / degree))° length \(w.length) lean \(Int(w.lean / degree))° \(Int(w.rate)) Hz: changes \(w.changes), final \(w.final?.rawValue ?? "-")")
    }
    var sweep = "| lean | to landscape | back to portrait | difference |\n|---|---|---|---|\n"
    for lean in [0.0, 20.0, 40.0, 55.0, 65.0] {
        if let s = OrientationBench.sweepAngles(lean: lean * degree, rate: 50) {
            sweep += "| \(Int(lean))° | \(String(format: "%.1f", s.toLandscape))° | \(String(format: "%.1f", s.back))° | \(String(format: "%.1f", s.toLandscape - s.back))° |\n"
        } else {
            sweep += "| \(Int(lean))° | did not switch exactly twice | | |\n"
        }
    }
    print("Hysteresis on a slow sweep:\n" + sweep)
    var spuriousRows = "| scenario | changes | poses seen |\n|---|---|---|\n"
    func spurious(_ name: String, _ samples: [InputEvent]) {
        let lines = OrientationBench.run(samples)
        spuriousRows += "| \(name) | \(OrientationBench.changes(lines).count) | \(Set(lines.map(\.pose.rawValue)).sorted().joined(separator: ", ")) |\n"
    }
    forEachStillScenario { name, allowed, samples in
        spurious(allowed > 0 ? "\(name) (at most \(allowed) allowed)" : name, samples)
    }
    print("Spurious interface changes (after the first decision):\n" + spuriousRows)
    guard writeDocs else { return }
    let command = "swift run -c release orientation-lab report --write-docs"
    for (block, text) in [("turn latency", turns), ("hysteresis", sweep), ("spurious changes", spuriousRows)] {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "tools/write-doc-block")
        p.arguments = ["docs/orientation.md", block, command]
        let input = Pipe()
        p.standardInput = input
        try p.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
    print("docs/orientation.md: figures written")
}

/// The scenarios that must not turn the interface, for `report` and `compare` alike: each
/// one's name, how many changes it is allowed (0 but for the wobbling diagonal), and its
/// samples, made one scenario at a time (a 10-minute walk alone is 30,000 samples).
func forEachStillScenario(_ body: (_ name: String, _ allowed: Int, _ samples: [InputEvent]) -> Void) {
    body("walking 10 min, 50 Hz", 0, SensorModel(rate: 50).samples(OrientationScenarios.walking(minutes: 10, seed: 3), seed: 3))
    for f in [2.0, 3.0, 4.0] {
        body("lateral shake ±1.5 g at \(Int(f)) Hz, lean 30°, 100 Hz", 0, SensorModel(rate: 100).samples(
            OrientationScenarios.lateralShake(peak: 1.5, frequency: f, lean: 30 * degree, seed: 4), seed: 4))
    }
    body("table taps lying face up, 100 Hz", 0, SensorModel(rate: 100).samples(OrientationScenarios.tableTaps(seed: 5), seed: 5))
    body("single-sample spikes of ±20 g, lean 30°, 100 Hz", 0, OrientationScenarios.spikes(SensorModel(rate: 100).samples(
        MotionScript(duration: 20, roll: { _ in 0 }, lean: { _ in 30 * degree }), seed: 6), seed: 6))
    body("lying flat, spun at 1 rev/s, sensor 5 cm off the axis, 100 Hz", 0, SensorModel(rate: 100).samples(OrientationScenarios.spinningFlat(revolutions: 1, radius: 0.05), seed: 7))
    body("a 45° diagonal held with ±4° wobble, lean 30°, 50 Hz", 1, SensorModel(rate: 50).samples(OrientationScenarios.diagonal(lean: 30 * degree, seed: 8), seed: 8))
    body("a quick tilt to landscape and back in 150 ms, 100 Hz", 0, SensorModel(rate: 100).samples(OrientationScenarios.quickTilt(length: 0.15, lean: 20 * degree, seed: 9), seed: 9))
}

func traces(_ dir: String) throws {
    let header = InputDevices(devices: [DeviceDescription(id: 1, name: "Simulated accelerometer", kind: .accelerometer)])
    func write(_ name: String, _ samples: [InputEvent]) throws {
        var w = try TraceWriter(output: try OutputFile(path: dir + "/" + name + ".jsonl"), header: header)
        for e in samples {
            guard case .accel(var s) = e else { continue }
            // Three decimals (1 mm/s²) keep the files readable; the sensor step is 19 mm/s².
            s.force = SpecificForce(x: (s.force.x * 1000).rounded() / 1000, y: (s.force.y * 1000).rounded() / 1000,
                                    z: (s.force.z * 1000).rounded() / 1000)
            try w.write(.accel(s))
        }
        try w.finish()
    }
    let turn = OrientationScenarios.turn(angle: 90 * degree, length: 0.6, lean: 30 * degree, seed: 21)
    try write("orientation-turn-left", SensorModel(rate: 50).samples(turn.script, seed: 21))
    // Turned the other way: landscapeRight, the one orientation the others never reach.
    let right = OrientationScenarios.turn(angle: -90 * degree, length: 0.6, lean: 30 * degree, seed: 26)
    try write("orientation-turn-right", SensorModel(rate: 50).samples(right.script, seed: 26))
    let half = OrientationScenarios.turn(angle: -180 * degree, length: 1.0, lean: 55 * degree, seed: 22)
    try write("orientation-half-turn", SensorModel(rate: 100).samples(half.script, seed: 22))
    try write("orientation-walking", SensorModel(rate: 50).samples(OrientationScenarios.walking(minutes: 0.5, seed: 23), seed: 23))
    try write("orientation-table-taps", SensorModel(rate: 100).samples(OrientationScenarios.tableTaps(seed: 24), seed: 24))
    try write("orientation-shake", SensorModel(rate: 100).samples(
        OrientationScenarios.lateralShake(peak: 1.5, frequency: 3, lean: 30 * degree, seed: 25), seed: 25))
}

/// Sample by sample, what the filter saw in one turn: orientation-lab debug ANGLE LENGTH LEAN RATE SEED
func debug(_ a: [String]) {
    let angle = Double(a[0])! * degree, length = Double(a[1])!, lean = Double(a[2])! * degree, rate = Double(a[3])!
    let seed = UInt64(a[4])!
    let (script, settled) = OrientationScenarios.turn(angle: angle, length: length, lean: lean, seed: seed)
    var filter = OrientationFilter(device: 1)
    for case .accel(let s) in SensorModel(rate: rate).samples(script, seed: seed) {
        let e = filter.process(s)
        let d = filter.diagnostics
        guard s.time.seconds > settled - length - 0.05 else { continue }
        print(String(format: "%7.3f %+6.0f ms roll %7.1f | f %7.1f lean %5.1f swing %7.1f %@ %@ %@", s.time.seconds,
                     (s.time.seconds - settled) * 1000, script.roll(s.time.seconds) / degree, d.angle, d.lean, d.swingRate,
                     d.candidate.rawValue, d.disturbed ? "ACC" : "   ", e.map { "→ \($0.orientation.rawValue)" } ?? ""))
        if s.time.seconds > settled + 0.4 { break }
    }
}

switch arguments.first {
case "debug": debug(Array(arguments.dropFirst()))
case "report": try report(writeDocs: arguments.contains("--write-docs"))
case "compare": compare()
case "traces": try traces(arguments.dropFirst().first ?? "Recordings")
default:
    FileHandle.standardError.write(Data("usage: orientation-lab report | traces DIR\n".utf8))
    exit(64)
}

/// Tactile's filter against iio-sensor-proxy's decision rule (`IioSensorProxyRule`) on the
/// same samples: the turn grid and the scenarios that must not turn (docs/service.md).
func compare() {
    func ms(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "–" }
        let n = Int((v * 1000).rounded())
        return (n < 0 ? "−\(-n)" : "\(n)") + " ms"
    }
    let grid = OrientationBench.turnGrid()
    var rows = "| turns | Tactile: right, once | iio-sensor-proxy: right, once | Tactile median latency | iio-sensor-proxy median latency |\n|---|---|---|---|---|\n"
    func row(_ name: String, _ g: [OrientationBench.TurnResult]) {
        let t = g.filter { $0.changes == 1 && $0.final == $0.expected }.count
        let i = g.filter { $0.iioChanges == 1 && $0.iioFinal == $0.expected }.count
        let tl = g.compactMap(\.latency), il = g.filter { $0.iioFinal == $0.expected }.compactMap(\.iioLatency)
        rows += "| \(name) | \(t) of \(g.count) | \(i) of \(g.count) | \(ms(tl.isEmpty ? nil : OrientationBench.percentile(tl, 0.5))) | \(ms(il.isEmpty ? nil : OrientationBench.percentile(il, 0.5))) |\n"
    }
    row("all", grid)
    for lean in [0.0, 25.0, 45.0, 65.0] { row("lean \(Int(lean))°", grid.filter { Swift.abs($0.lean - lean * degree) < 1e-9 }) }
    for angle in [90.0, 180.0] { row("\(Int(angle))°", grid.filter { Swift.abs(Swift.abs($0.angle) - angle * degree) < 1e-9 }) }
    print(rows)
    var still = "| scenario (must not turn) | Tactile changes | iio-sensor-proxy changes |\n|---|---|---|\n"
    func scenario(_ name: String, _ samples: [InputEvent]) {
        still += "| \(name) | \(OrientationBench.changes(OrientationBench.run(samples)).count) | \(max(0, IioSensorProxyRule.run(samples).count - 1)) |\n"
    }
    forEachStillScenario { name, _, samples in scenario(name, samples) }
    print(still)
}
