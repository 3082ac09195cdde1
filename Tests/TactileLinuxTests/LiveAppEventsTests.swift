#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import Tactile
@testable import TactileLinux

/// `LiveAppEvents`: what its session does with each wake (`Recognition.step`), driven by hand (a single
/// tap written at the deadline wake of an idle device, not left for the next event), and
/// the whole sequence on a scripted source that plays a recording in real time (the same
/// lines as offline, gestures ended at an unplug). Nothing here reads a clock to judge:
/// under the whole suite a consuming task may wait many seconds for a thread.
@Suite struct LiveAppEventsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func recording(_ name: String) throws -> (DeviceDescription, [InputEvent]) {
        var reader = try Recordings().open(root.appendingPathComponent("Recordings/\(name)").path)
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return (reader.header.devices[0], events)
    }

    @Test func aTapIsWrittenAtItsDeadlineOnAnIdleDevice() async throws {
        let (device, events) = try Self.recording("tap.jsonl")
        var recognition = Recognition(Recognition.Configuration(input: false))
        var out: [AppEvent] = []
        // Every frame, as wakes with events; then the device says nothing.
        var deadline = recognition.step(.events, [.added(device, node: "scripted", mountMatrix: nil)], into: &out)
        for e in events { deadline = recognition.step(.events, [.event(e)], into: &out) }
        #expect(out.isEmpty, "a single tap waits for a second: \(out)")
        // The thread is asked to wake at the tap's wait; that wake, with no event, writes it.
        let due = try #require(deadline)
        _ = recognition.step(.deadline, [], into: &out)
        let offline = try await Self.offlineGestures("tap.jsonl")
        #expect(out.count == 1 && offline.count == 1)
        guard case .gesture(let tap)? = out.first else { Issue.record("no tap: \(out)"); return }
        #expect(tap == offline[0])
        #expect(tap.time == due)
    }

    @Test func theSequenceGivesTheRecordingsLinesAndFrames() async throws {
        let (device, events) = try Self.recording("tap.jsonl")
        let source = ScriptedSource(device: device, events: events, removeAfter: 0.6)
        var received: [AppEvent] = []
        for try await e in LiveAppEvents(sources: [source]) { received.append(e) }
        let taps = received.compactMap { e -> GestureEvent? in if case .gesture(let g) = e { return g } else { return nil } }
        let offline = try await Self.offlineGestures("tap.jsonl")
        // The same tap at the same time after the start (the source stamps frames start + t).
        #expect(taps.count == 1 && offline.count == 1)
        #expect(taps.first.map { $0.time - source.start } == offline.first.map { $0.time - Timestamp.zero })
        let frames = received.filter { if case .touches = $0 { return true } else { return false } }
        #expect(frames.count == events.count)
    }

    @Test func anUnplugMidGestureCancelsIt() async throws {
        let (device, events) = try Self.recording("pan-slow.jsonl")
        // Unplugged at 0.8 s, mid-pan.
        let source = ScriptedSource(device: device, events: events.filter { $0.time.seconds < 0.8 }, removeAfter: 0.8)
        var phases: [GesturePhase] = []
        for try await e in LiveAppEvents(sources: [source], input: false) {
            if case .gesture(let g) = e, g.kind == .pan { phases.append(g.phase) }
        }
        #expect(phases.first == .began)
        #expect(phases.last == .cancelled)
    }

    static func offlineGestures(_ name: String) async throws -> [GestureEvent] {
        var lines: [GestureEvent] = []
        for try await e in try RecordingEvents(path: root.appendingPathComponent("Recordings/\(name)").path, input: false) {
            if case .gesture(let g) = e { lines.append(g) }
        }
        return lines
    }
}

/// Plays touch frames at their recorded times from when it is first read (a polled
/// source), then says the device went away `removeAfter` seconds after the start.
private final class ScriptedSource: LiveSource, @unchecked Sendable {
    let device: DeviceDescription
    let events: [InputEvent]
    let removeAfter: Double
    private(set) var start = Timestamp.zero
    private var next = 0
    private var added = false

    init(device: DeviceDescription, events: [InputEvent], removeAfter: Double) {
        self.device = device; self.events = events; self.removeAfter = removeAfter
    }

    var fd: Int32 { -1 }
    var nextPoll: Timestamp? {
        guard added else { return .zero }
        return next < events.count ? start + TimeSpan(microseconds: events[next].time.microseconds)
            : start + .seconds(removeAfter)
    }

    func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        if !added {
            added = true
            start = now
            var d = device
            d.id = ids.take()
            out.append(.added(d, node: "scripted", mountMatrix: nil))
        }
        while next < events.count, start + TimeSpan(microseconds: events[next].time.microseconds) <= now {
            guard case .touches(var frame) = events[next] else { next += 1; continue }
            frame.time = start + TimeSpan(microseconds: frame.time.microseconds)
            frame.device = device.id
            out.append(.event(.touches(frame)))
            next += 1
        }
        if next == events.count, now >= start + .seconds(removeAfter) {
            out.append(.removed(device: device.id))
            return false
        }
        return true
    }
}
