// tactile-bench: the figures in docs/performance.md. Run through `make bench`, which
// preloads the malloc interposer (allocation counts) and writes the document.
import Foundation
import Tactile
import TactileLibinputRecord

setvbuf(stdout, nil, _IOLBF, 0)
let root = URL(fileURLWithPath: CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "..").standardizedFileURL
let tactile = root.appendingPathComponent(".build/release/tactile").path
let shared = root.deletingLastPathComponent().appendingPathComponent("shared/recordings/evemu").path

var rows: [(String, String)] = []
/// Each goal of docs/performance.md with what was measured and whether it is met.
var goals: [(goal: String, measured: String, met: Bool)] = []
func record(_ name: String, _ value: String) {
    rows.append((name, value))
    print("\(name): \(value)")
}
func rate(_ n: Double, _ seconds: Double) -> String {
    let r = n / seconds
    return r >= 1e6 ? String(format: "%.2f M", r / 1e6) : String(format: "%.0f k", r / 1e3)
}

// MARK: In memory: assembler + recognizers + orientation filter

/// Feeds raw events through assembly and recognition, the way a live source would.
struct Pipeline {
    var assembler: FrameAssembler
    var engine: GestureEngine
    var filter = OrientationFilter(device: 1)
    var out: [GestureEvent] = []
    var frames = 0

    init(device: DeviceDescription) {
        assembler = FrameAssembler(device: device)
        engine = GestureEngine(device: device)
        out.reserveCapacity(64)
    }

    @inline(__always) mutating func feed(_ e: EvdevEvent) {
        if assembler.feed(e) == .touches {
            frames += 1
            engine.process(assembler.frame, into: &out)
            if out.count > 32 { out.removeAll(keepingCapacity: true) }
        }
    }
}

/// The timed loop, on a pipeline passed in place (state captured by a closure would be
/// reached through a box, with exclusivity checks on every access).
@inline(never)
func replay(_ p: inout Pipeline, _ events: [EvdevEvent], cycle: TimeSpan, rounds: ClosedRange<Int>) {
    for r in rounds {
        let offset = cycle * Int64(r)
        for var e in events {
            e.time = e.time + offset
            p.feed(e)
        }
    }
}

/// Touch frames (as a `touches` trace gives them) straight into the recognizer set.
@inline(never)
func replayFrames(_ engine: inout GestureEngine, _ frames: [TouchFrame], cycle: TimeSpan, rounds: ClosedRange<Int>, _ out: inout [GestureEvent]) -> Int {
    var n = 0
    for r in rounds {
        let offset = cycle * Int64(r)
        for var f in frames {
            f.time = f.time + offset
            engine.process(f, into: &out)
            if out.count > 32 { out.removeAll(keepingCapacity: true) }
            n += 1
        }
    }
    return n
}

func runFrames(_ device: DeviceDescription, _ frames: [TouchFrame], cycle: TimeSpan, repeats: Int) -> (frames: Int, seconds: Double) {
    var engine = GestureEngine(device: device)
    var out: [GestureEvent] = []
    out.reserveCapacity(64)
    _ = replayFrames(&engine, frames, cycle: cycle, rounds: 0...0, &out)
    var n = 0, next = 1
    // Fastest of seven runs (this host's speed dips for seconds at a time); time keeps
    // going forward from one run to the next.
    let seconds = Measure.fastest(repeats: 7) {
        n = replayFrames(&engine, frames, cycle: cycle, rounds: next...(next + repeats - 1), &out)
        next += repeats
    }
    return (n, seconds)
}

func runRaw(_ device: DeviceDescription, _ events: [EvdevEvent], cycle: TimeSpan, repeats: Int,
            countAllocations: Bool = false) -> (frames: Int, seconds: Double, allocations: Int?) {
    var p = Pipeline(device: device)
    // Warm up one cycle: buffers reach their size, recognizers their states.
    for e in events { p.feed(e) }
    p.frames = 0
    var allocations: Int?
    var next = 1
    // Fastest of seven runs (one when counting allocations); time keeps going forward.
    let seconds = Measure.fastest(repeats: countAllocations ? 1 : 7) {
        p.frames = 0
        let work = { replay(&p, events, cycle: cycle, rounds: next...(next + repeats - 1)) }
        if countAllocations { allocations = Measure.allocations(work) } else { work() }
        next += repeats
    }
    return (p.frames, seconds, allocations)
}

let (benchDevice, twoFinger, twoFingerCycleLength) = Workloads.twoFingerEvents()
// `tactile-bench ROOT write-trace PATH FRAMES`: the end-to-end input, for profiling by hand.
if let i = CommandLine.arguments.firstIndex(of: "write-trace"), CommandLine.arguments.count > i + 2 {
    let frames = Int(CommandLine.arguments[i + 2]) ?? 1_500_000
    try Data(Workloads.twoFingerTraceText(frames: frames)).write(to: URL(fileURLWithPath: CommandLine.arguments[i + 1]))
    exit(0)
}
// `tactile-bench ROOT parts N`: each stage alone on the two-finger cycle, for profiling.
if CommandLine.arguments.contains("parts") {
    let n = Int(CommandLine.arguments.last ?? "") ?? 1000
    let cycle = Workloads.twoFingerCycle()
    func shifted(_ r: Int, _ f: TouchFrame) -> TouchFrame {
        var g = f
        g.time = g.time + twoFingerCycleLength * Int64(r)
        return g
    }
    var frames: [TouchFrame] = []
    for r in 0..<4 { for f in cycle { frames.append(shifted(r, f)) } }
    var a = FrameAssembler(device: benchDevice)
    var count = 0
    var t0 = Date()
    for r in 1...n {
        let offset = twoFingerCycleLength * Int64(r)
        for var e in twoFinger { e.time = e.time + offset; if a.feed(e) == .touches { count += 1 } }
    }
    print("assembler only: \(Double(count) / Date().timeIntervalSince(t0) / 1e6) M frames/s")
    var tracker = TouchTracker()
    t0 = Date()
    for r in 1...n { for f in cycle { var g = f; g.time = g.time + twoFingerCycleLength * Int64(r); tracker.update(g) } }
    print("tracker only: \(Double(n * cycle.count) / Date().timeIntervalSince(t0) / 1e6) M frames/s")
    var engine = GestureEngine(device: benchDevice)
    var out: [GestureEvent] = []
    out.reserveCapacity(64)
    t0 = Date()
    for r in 1...n {
        for f in cycle {
            var g = f; g.time = g.time + twoFingerCycleLength * Int64(r)
            engine.process(g, into: &out)
            if out.count > 32 { out.removeAll(keepingCapacity: true) }
        }
    }
    print("engine (tracker + recognizers): \(Double(n * cycle.count) / Date().timeIntervalSince(t0) / 1e6) M frames/s")
    exit(0)
}
if CommandLine.arguments.contains("profile-frames") {
    let n = Int(CommandLine.arguments.last ?? "") ?? 1000
    let r = runFrames(benchDevice, Workloads.twoFingerCycle(), cycle: twoFingerCycleLength, repeats: n)
    print("\(r.frames) frames in \(r.seconds) s")
    exit(0)
}
if CommandLine.arguments.contains("profile") {
    let n = Int(CommandLine.arguments.last ?? "") ?? 1000
    let r = runRaw(benchDevice, twoFinger, cycle: twoFingerCycleLength, repeats: n)
    print("\(r.frames) frames in \(r.seconds) s")
    exit(0)
}
let run1 = runRaw(benchDevice, twoFinger, cycle: twoFingerCycleLength, repeats: 5000)
record("two-finger pinch+rotate, raw events → assembler → recognizers", "\(rate(Double(run1.frames), run1.seconds)) frames/s (\(run1.frames) frames)")
goals.append(("at least 5 M frames/s on one core, two fingers, raw events → assembler → recognizers (what a live device gives)",
              "\(rate(Double(run1.frames), run1.seconds)) frames/s", Double(run1.frames) / run1.seconds >= 5e6))
let run0 = runFrames(benchDevice, Workloads.twoFingerCycle(), cycle: twoFingerCycleLength, repeats: 5000)
record("two-finger pinch+rotate, touch frames → recognizers (a `touches` trace)", "\(rate(Double(run0.frames), run0.seconds)) frames/s (\(run0.frames) frames)")
if let allocs = runRaw(benchDevice, twoFinger, cycle: twoFingerCycleLength, repeats: 200, countAllocations: true).allocations {
    let frames = 200 * 540
    record("heap allocations per frame, steady state (two-finger)", String(format: "%.4f (%d in %d frames)", Double(allocs) / Double(frames), allocs, frames))
    goals.append(("no heap allocation per frame, two fingers, raw events", "\(allocs) in \(frames) frames", allocs == 0))
} else {
    record("heap allocations per frame", "not measured: run through make bench (LD_PRELOAD of the malloc interposer)")
}

do {
    guard FileManager.default.fileExists(atPath: shared + "/freedesktop-evemu_3m.event") else {
        FileHandle.standardError.write(Data("tactile-bench: \(shared)/freedesktop-evemu_3m.event is missing: the 3M rows need ../shared/recordings\n".utf8))
        exit(1)
    }
    var reader = try Recordings.open(shared + "/freedesktop-evemu_3m.event")
    let device = reader.header.devices[0]
    var events: [EvdevEvent] = []
    while let e = try reader.next() { if case .evdev(_, let f) = e { events += f.events } }
    let span = (events.last!.time - events.first!.time) + TimeSpan.seconds(1)
    let run = runRaw(device, events, cycle: span, repeats: 100)
    record("10-finger 3M recording, raw events → assembler → recognizers", "\(rate(Double(run.frames), run.seconds)) frames/s (\(run.frames) frames)")
    if let allocs = runRaw(device, events, cycle: span, repeats: 10, countAllocations: true).allocations {
        let frames = runRaw(device, events, cycle: span, repeats: 10).frames
        record("heap allocations per frame, steady state (3M, 10 fingers)", String(format: "%.4f (%d in %d frames)", Double(allocs) / Double(frames), allocs, frames))
        goals.append(("no heap allocation per frame, ten fingers of a real recording", "\(allocs) in \(frames) frames", allocs == 0))
    }
    // Pass-through: the same frames to a copy, a claim every 40 frames.
    let pt = PassThroughBench.measure(device: device, events: events)
    record("pass-through, 3M recording: frame in to the copy's write (/dev/null)",
           String(format: "p50 %.2f µs, p99 %.2f µs, max %.1f µs (%d frames)", pt.p50, pt.p99, pt.max, pt.frames))
    goals.append(("pass-through adds at most 1 ms at p99 per frame outside emulation (frame in to the copy's write)",
                  String(format: "p99 %.2f µs", pt.p99), pt.p99 <= 1000))
    if let allocs = pt.allocations {
        record("heap allocations per frame, pass-through (3M)", String(format: "%.4f (%d in %d frames)", Double(allocs) / Double(pt.frames), allocs, pt.frames))
        goals.append(("no heap allocation per frame on pass-through's path", "\(allocs) in \(pt.frames) frames", allocs == 0))
    }
}

// Orientation filter.
let samples = Workloads.accelerometerSamples(count: 200_000)
var filter = OrientationFilter(device: 1)
for s in samples { _ = filter.process(s) }
let orientationSeconds = Measure.fastest {
    var f = OrientationFilter(device: 1)
    var n = 0
    for s in samples { if f.process(s) != nil { n += 1 } }
    precondition(n >= 0)
}
record("orientation filter", "\(rate(Double(samples.count), orientationSeconds)) samples/s")
if let allocs = Measure.allocations({
    var f = filter
    let offset = TimeSpan.seconds(samples.last!.time.seconds + 0.01)
    for var s in samples { s.time = s.time + offset; _ = f.process(s) }
}) {
    record("heap allocations per sample, steady state (orientation)", String(format: "%.4f (%d in %d samples)", Double(allocs) / Double(samples.count), allocs, samples.count))
    goals.append(("no heap allocation per accelerometer sample", "\(allocs) in \(samples.count) samples", allocs == 0))
}

if CommandLine.arguments.contains("quick") { exit(0) }

// MARK: Decoding

let traceText = Workloads.twoFingerTraceText(frames: 400_000)
let traceSeconds = try Measure.fastest(repeats: 3) {
    let r = try TraceReader(lines: LineReader(source: .memory(MemoryBytes(traceText)), name: "bench"))
    var n = 0
    while try r.next() != nil { n += 1 }
    precondition(n == 400_000)
}
record("trace decoding", String(format: "%.0f MB/s (%@ lines/s)", Double(traceText.count) / traceSeconds / 1e6, rate(400_000, traceSeconds)))

var evemuText: [UInt8] = Array("N: bench\nI: 0006 0000 0000 0001\nA: 2f 0 15 0 0 0\nA: 35 0 3100 0 0 20\nA: 36 0 1740 0 0 20\nA: 39 0 65535 0 0 0\n".utf8)
for r in 0..<40 {
    for e in twoFinger {
        let t = e.time + twoFingerCycleLength * Int64(r)
        evemuText += Array("E: \(DecimalMicroseconds.format(t.microseconds, fixed: true)) \(String(format: "%04x %04x", e.type, e.code)) \(e.value)\n".utf8)
    }
}
let evemuSeconds = try Measure.fastest(repeats: 3) {
    let r = try EvemuReader(lines: LineReader(source: .memory(MemoryBytes(evemuText)), name: "bench"))
    var n = 0
    while try r.next() != nil { n += 1 }
    precondition(n > 0)
}
record("evemu decoding", String(format: "%.0f MB/s", Double(evemuText.count) / evemuSeconds / 1e6))

// MARK: End to end, side by side

// Made here, after the profiling modes have exited, so they leave nothing behind.
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

let bigTrace = scratch.appendingPathComponent("two-finger.jsonl").path
let frameCount = 1_500_000
try Data(Workloads.twoFingerTraceText(frames: frameCount)).write(to: URL(fileURLWithPath: bigTrace))
let mb = Double((try FileManager.default.attributesOfItem(atPath: bigTrace)[.size] as! NSNumber).intValue) / 1e6
let orjsonScript = scratch.appendingPathComponent("orjson-parse.py").path
try "import sys, orjson\nfor line in open(sys.argv[1], 'rb'):\n    orjson.loads(line)\n".write(toFile: orjsonScript, atomically: true, encoding: .utf8)
_ = try Measure.succeeding(["/usr/bin/env", "python3", "-c", "import orjson"])  // make bench installs it
// This host's speed drifts by a quarter from minute to minute: tactile and orjson run in
// alternating rounds, and the ratio is the median of the rounds' own ratios.
let rounds = 9
var ourRuns: [(seconds: Double, peakMB: Double, status: Int32)] = []
var orjsonRuns: [Double] = []
for _ in 0..<rounds {
    ourRuns.append(try Measure.succeeding([tactile, "recognize", "--json", bigTrace]))
    orjsonRuns.append(try Measure.succeeding(["/usr/bin/env", "python3", orjsonScript, bigTrace]).seconds)
}
func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
let ours = (seconds: median(ourRuns.map(\.seconds)), peakMB: ourRuns.map(\.peakMB).max() ?? 0)
record("tactile recognize FILE.jsonl > /dev/null", String(format: "%.2f s for %.0f MB (median of %d; %.2f–%.2f s), %@ frames/s, peak %.0f MB",
                                                          ours.seconds, mb, rounds, ourRuns.map(\.seconds).min()!, ourRuns.map(\.seconds).max()!,
                                                          rate(Double(frameCount), ours.seconds), ours.peakMB))
let jq = try Measure.succeeding(["/usr/bin/jq", "-c", ".", bigTrace])
record("jq -c . FILE.jsonl > /dev/null", String(format: "%.2f s (%.1f MB/s); tactile takes %.3f× jq's time", jq.seconds, mb / jq.seconds, ours.seconds / jq.seconds))
do {
    let ratios = zip(ourRuns, orjsonRuns).map { $0.seconds / $1 }
    record("python orjson.loads per line", String(format: "%.2f s (median of %d, %.1f MB/s); tactile takes %.3f× orjson's time (median of the rounds' ratios, %.3f–%.3f)",
                                                  median(orjsonRuns), rounds, mb / median(orjsonRuns), median(ratios), ratios.min()!, ratios.max()!))
    goals.append(("`tactile recognize` on a trace in at most half of orjson's parse time", String(format: "%.3f×", median(ratios)), median(ratios) <= 0.5))
}

let yml = scratch.appendingPathComponent("two-finger.yml").path
let smallTrace = scratch.appendingPathComponent("small.jsonl").path
try Data(Workloads.twoFingerTraceText(frames: 20_000)).write(to: URL(fileURLWithPath: smallTrace))
_ = try Measure.succeeding([tactile, "convert", smallTrace, "--to", "libinput-record", "-o", yml])
let ymlOurs = try Measure.succeeding([tactile, "recognize", "--json", yml])
let libinput = try Measure.succeeding(["/usr/bin/env", "PATH=/usr/bin:/bin", "libinput", "analyze", "per-slot-delta", yml])
record("tactile recognize FILE.yml (20 000 frames, under the 8 MiB a recording is read whole)", String(format: "%.2f s", ymlOurs.seconds))
record("libinput analyze per-slot-delta FILE.yml", String(format: "%.2f s (status %d); tactile takes %.3f× its time", libinput.seconds, libinput.status, ymlOurs.seconds / libinput.seconds))
goals.append(("`tactile recognize` on a libinput recording in at most a tenth of `libinput analyze per-slot-delta`'s time",
              String(format: "%.3f×", ymlOurs.seconds / libinput.seconds), ymlOurs.seconds / libinput.seconds <= 0.1))

// MARK: The document

let machine: String = {
    let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
        .first { $0.hasPrefix("model name") }?.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
    return "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(cpu), \(ProcessInfo.processInfo.physicalMemory >> 30) GiB"
}()
let document = root.appendingPathComponent("docs/performance.md").path
let commit: String = {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    p.arguments = ["-C", root.path, "rev-parse", "--short", "HEAD"]
    let out = Pipe()
    p.standardOutput = out
    guard (try? p.run()) != nil else { return "an unknown commit" }
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}()
var block = "Machine: \(machine). Release build; in-memory rows on one thread, `tactile recognize` on two (recognizing on the second, decoding on whichever is free). Written on \(ISO8601DateFormatter().string(from: Date()).prefix(10)) at \(commit).\n\n"
block += "| goal | measured | met |\n|---|---|---|\n"
for g in goals { block += "| \(g.goal) | \(g.measured) | \(g.met ? "yes" : "**no**") |\n" }
block += "\n| measure | result |\n|---|---|\n"
for (name, value) in rows { block += "| \(name) | \(value) |\n" }
let blockFile = scratch.appendingPathComponent("block.md").path
try block.write(toFile: blockFile, atomically: true, encoding: .utf8)
_ = try Measure.succeeding([root.appendingPathComponent("tools/write-doc-block").path, document, "bench", "make bench"], stdin: blockFile)
print("wrote \(document)")
