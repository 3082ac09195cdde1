import Tactile
import Testing
import TestSupport

/// Properties over random touch streams: nothing crashes, every gesture's lines are well
/// formed, the delta invariants hold to 1e-9, and the output does not depend on how the
/// input arrives (whole, frame by frame with idle time between, or as text split anywhere).
struct GesturePropertyTests {
    static let header = InputDevices(devices: [RandomTouches.device])

    @Test(arguments: 0..<40)
    func linesAreWellFormedAndInvariantsHold(seed: Int) {
        var random = RandomTouches(seed: UInt64(seed))
        let lines = recognize(Self.header, random.events(count: 600))
        let problems = gestureProblems(lines)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test(arguments: 0..<20)
    func idleTimeBetweenFramesChangesNothing(seed: Int) {
        var random = RandomTouches(seed: UInt64(1000 + seed))
        let events = random.events(count: 400)
        let whole = recognize(Self.header, events)
        #expect(recognize(Self.header, events, idleTicks: 1) == whole)
        #expect(recognize(Self.header, events, idleTicks: 7) == whole)
    }

    @Test(arguments: [1, 2, 3, 7, 64, 4096])
    func textSplitAnywhereGivesTheSameLines(chunk: Int) throws {
        var random = RandomTouches(seed: 77)
        let events = random.events(count: 300)
        var text = Self.header.encoded() + [0x0a]
        for e in events { text += Array(e.jsonLine.utf8) + [0x0a] }
        let whole = recognize(Self.header, events)
        let reader = try TraceReader(lines: LineReader(source: .memory(MemoryBytes(text, maxChunk: chunk)), name: "split"))
        var split: [InputEvent] = []
        while let e = try reader.next() { split.append(e) }
        #expect(split == events)
        #expect(recognize(reader.header, split) == whole)
    }

    @Test(arguments: GoldenGestureTests.names)
    func recordingsKeepTheInvariants(_ name: String) throws {
        let path = Paths.recordings.appendingPathComponent(name + ".jsonl").path
        let lines = try recognizeFile(path)
        #expect(gestureProblems(lines).isEmpty, "\(gestureProblems(lines).prefix(3))")
        let (header, events) = try readAll(path)
        #expect(recognize(header, events, idleTicks: 3) == lines)
    }
}

extension GesturePropertyTests {
    /// The random streams are worth testing with: between them they make every recognizer
    /// fire and every way a continuous gesture can end.
    @Test func randomStreamsExerciseEveryRecognizer() {
        var kinds = Set<GestureKind>(), phases = Set<GesturePhase>()
        for seed in 0..<40 {
            var random = RandomTouches(seed: UInt64(seed))
            for e in recognize(Self.header, random.events(count: 600)) {
                kinds.insert(e.kind)
                phases.insert(e.phase)
            }
        }
        #expect(kinds == Set(GestureKind.allCases).subtracting([.click]), "every touchscreen recognizer (click is for touchpads): \(kinds)")
        #expect(phases == [.recognized, .began, .changed, .ended, .cancelled])
    }

    /// The arena asks only recognizers whose kind uses timers for a deadline: every other
    /// kind must never have one, in any state.
    @Test(arguments: 0..<10)
    func recognizersWithoutTimersNeverSetADeadline(seed: Int) {
        var random = RandomTouches(seed: UInt64(2000 + seed))
        var engine = GestureEngine(device: RandomTouches.device)
        var out: [GestureEvent] = []
        var untimedSeen = Set<GestureKind>()
        for case .touches(let frame) in random.events(count: 600) {
            engine.process(frame, into: &out)
            for r in engine.arena.recognizers where !type(of: r).usesTimers {
                untimedSeen.insert(r.kind)
                #expect(r.deadline(engine.context.settings) == nil, "\(r.name) in \(r.state)")
            }
        }
        #expect(untimedSeen == [.pan, .swipe, .pinch, .rotate, .peek])
    }
}
