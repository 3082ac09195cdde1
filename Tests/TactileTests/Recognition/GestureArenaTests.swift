import Tactile
import Testing
import TestSupport

/// The arena: results independent of the order recognizers were added; require-to-fail;
/// exclusivity; and the tap / long press boundary.
struct GestureArenaTests {
    static let device = DeviceDescription(id: 0, name: "T", kind: .touchscreen, size: Size(width: 150, height: 90), pressure: true)
    static let context = RecognizerContext(device: 0, kind: .touchscreen, size: device.size, hasPressure: true, settings: GestureSettings())

    func run(_ arena: GestureArena, _ events: [InputEvent]) -> [GestureEvent] {
        var engine = GestureEngine(context: Self.context, arena: arena)
        var out: [GestureEvent] = []
        for case .touches(let f) in events { engine.process(f, into: &out) }
        engine.finish(into: &out)
        return out
    }

    static func standardList() -> [any GestureRecognizer] {
        return (1...3).map { TapRecognizer(taps: $0) } + [
            LongPressRecognizer(), PanRecognizer(), SwipeRecognizer(), EdgeSwipeRecognizer(), PinchRecognizer(),
            RotateRecognizer(), PeekRecognizer(), ClickRecognizer(),
        ]
    }
    static let waits: [(waiter: String, other: String)] = [("tap(1)", "tap(2)"), ("tap(2)", "tap(3)"), ("swipe", "edgeSwipe")]

    /// The arena skips finished recognizers on frames; that is only right if every
    /// recognizer, once finished, ignores frames until it is reset.
    @Test(arguments: 0..<4)
    func finishedRecognizersIgnoreFrames(seed: Int) {
        var random = RandomTouches(seed: UInt64(seed))
        for r in Self.standardList() {
            var tracker = TouchTracker()
            var failed = r
            for case .touches(let f) in random.events(count: 300) {
                tracker.update(f)
                func failThenFrame<R: GestureRecognizer>(_ x: inout R) -> RecognizerStep {
                    _ = x.fail(tracker, Self.context)
                    return x.frame(tracker, Self.context)
                }
                let step = failThenFrame(&failed)
                #expect(failed.state.isFinished, "\(r.name) is \(failed.state) after fail()")
                #expect(step.event == nil, "\(r.name) wrote a line while finished")
            }
        }
    }

    @Test(arguments: 0..<12)
    func orderOfRecognizersDoesNotMatter(seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed))
        var random = RandomTouches(seed: UInt64(seed))
        var events = random.events(count: 500)
        // Then, after everything lifted, a triple tap (ids moved clear of the random ones).
        events.append(.touches(TouchFrame(time: events.last!.time + TimeSpan.seconds(1), device: 0)))
        events += try readAll(Paths.recordings.appendingPathComponent("triple-tap.jsonl").path).1.map { e -> InputEvent in
            guard case .touches(var f) = e else { return e }
            f.time = f.time + TimeSpan.seconds(3600)
            for i in f.contacts.indices { f.contacts[i].id += 1_000_000 }
            return .touches(f)
        }
        let reference = run(GestureArena(recognizers: Self.standardList(), requireToFail: Self.waits), events)
        let shuffled = run(GestureArena(recognizers: Self.standardList().shuffled(using: &rng), requireToFail: Self.waits.shuffled(using: &rng)), events)
        #expect(shuffled == reference)
        #expect(reference.contains { if case .tap(3) = $0.detail { return true } else { return false } })
    }

    func frames(_ spec: [(ms: Double, points: [(Int, Double, Double)])], pressure: Double? = nil) -> [InputEvent] {
        spec.map { s in
            var f = TouchFrame(time: Timestamp(microseconds: Int64(s.ms * 1000)), device: 0)
            for (id, x, y) in s.points { f.contacts.append(Contact(id: id, position: Point(x: x, y: y), pressure: pressure.map(Pressure.init))) }
            return .touches(f)
        }
    }

    @Test func withoutRequireToFailASingleTapDoesNotWait() {
        let arena = GestureArena(recognizers: [TapRecognizer(taps: 1), TapRecognizer(taps: 2)])
        let out = run(arena, frames([(0, [(1, 50, 50)]), (80, []), (200, [(2, 50, 50)]), (280, [])]))
        // Both single taps and the double tap: nothing made the single tap wait.
        #expect(out.map(\.detail) == [.tap(taps: 1), .tap(taps: 1), .tap(taps: 2)])
        #expect(out[0].time == Timestamp(microseconds: 80_000), "written at the lift, not after a wait")
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let out = run(GestureArena(recognizers: Self.standardList(), requireToFail: Self.waits),
                      frames([(0, [(1, 50, 50)]), (80, [])]))
        #expect(out.map(\.detail) == [.tap(taps: 1)])
        #expect(out[0].time == Timestamp(microseconds: 380_000), "written when the double tap's wait ran out")
    }

    @Test func tapVersusLongPressIsDecidedByDuration() {
        let arena = GestureArena(recognizers: Self.standardList(), requireToFail: Self.waits)
        let tap = run(arena, frames([(0, [(1, 50, 50)]), (399, [])]))
        #expect(tap.map(\.kind) == [.tap])
        let long = run(arena, frames([(0, [(1, 50, 50)]), (700, [])]))
        #expect(long.map(\.kind) == [.longPress, .longPress])
        #expect(long.first?.time == Timestamp(microseconds: 500_000), "began on time, from the timer")
        let neither = run(arena, frames([(0, [(1, 50, 50)]), (450, [])]))
        #expect(neither.isEmpty, "too long for a tap, too short for a long press")
    }

    @Test func aLongPressUnderWayStopsAPan() {
        let out = run(GestureArena(recognizers: Self.standardList(), requireToFail: Self.waits),
                      frames([(0, [(1, 50, 50)]), (600, [(1, 50, 50)]), (650, [(1, 60, 50)]), (700, [(1, 70, 50)]), (750, [])]))
        #expect(Set(out.map(\.kind)) == [.longPress])
        #expect(out.map(\.phase) == [.began, .changed, .changed, .ended])
    }

    @Test func aPanStopsALongPress() {
        let out = run(GestureArena(recognizers: Self.standardList(), requireToFail: Self.waits),
                      frames([(0, [(1, 50, 50)]), (100, [(1, 55, 50)]), (800, [(1, 56, 50)]), (850, [])]))
        #expect(Set(out.map(\.kind)) == [.pan])
    }

    @Test func peekNeedsPressure() {
        let noPressure = RecognizerContext(device: 0, kind: .touchscreen, size: nil, hasPressure: false, settings: GestureSettings())
        var engine = GestureEngine(context: noPressure, arena: GestureArena(recognizers: [PeekRecognizer()]))
        var out: [GestureEvent] = []
        for case .touches(let f) in frames([(0, [(1, 50, 50)]), (100, [(1, 50, 50)]), (200, [])], pressure: 1) {
            engine.process(f, into: &out)
        }
        #expect(out.isEmpty)
        // The standard set leaves peek out on such devices altogether.
        let device = DeviceDescription(id: 0, name: "no pressure", kind: .touchscreen)
        #expect(!GestureEngine(device: device).arena.recognizers.contains { $0.kind == .peek })
    }

    /// Sensor noise of ±0.02 around the peek threshold, then ±0.03 around the pop threshold.
    @Test func pressureHoveringAtAThresholdDoesNotFlicker() {
        var events = frames([(0, [(1, 50, 50)])], pressure: 0.2)
        for i in 1...60 {
            events += frames([(Double(i) * 10, [(1, 50, 50)])], pressure: 0.5 + (i % 2 == 0 ? 0.02 : -0.02))
        }
        let peekOnly = run(GestureArena(recognizers: [PeekRecognizer()]), events + frames([(700, [])]))
        #expect(peekOnly.map(\.phase) == [.began, .ended])
        for i in 61...120 {
            events += frames([(Double(i) * 10, [(1, 50, 50)])], pressure: 0.8 + (i % 2 == 0 ? 0.03 : -0.03))
        }
        let out = run(GestureArena(recognizers: [PeekRecognizer()]), events + frames([(1300, [])]))
        let stages = out.compactMap { e -> PeekStage? in if case .peek(let s, _) = e.detail { return s } else { return nil } }
        // Once popped it stays popped; the stage changes once.
        #expect(zip(stages, stages.dropFirst()).filter { $0 != $1 }.count == 1)
        #expect(stages.last == .pop)
        #expect(out.first?.phase == .began && out.last?.phase == .ended)
    }

    @Test func transitionsAreLogged() {
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        var arena = GestureArena(recognizers: Self.standardList(), requireToFail: Self.waits)
        arena.log = { lines.all.append($0) }
        _ = run(arena, frames([(0, [(1, 50, 50)]), (80, [])]))
        // Each at the time of the frame (the lift, 80 ms) or the timer (the double tap's
        // window closing) that caused it.
        #expect(lines.all.contains("t=0.08 dev0 tap(1): possible → recognized (waiting for others to fail)"), "\(lines.all)")
        #expect(lines.all.contains { $0.hasPrefix("t=0.") && $0.hasSuffix(" dev0 tap(2): possible → failed (no next tap in time)") }, "\(lines.all)")
        #expect(lines.all.contains { $0.hasPrefix("t=0.") && $0.contains(" dev0 tap(1): released") }, "\(lines.all)")
    }
}
