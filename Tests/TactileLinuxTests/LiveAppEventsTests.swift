#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Synchronization
import Testing
import Tactile
@testable import TactileLinux

/// `LiveAppEvents` on a scripted source that plays a recording in real time: the same
/// lines as the recording gives offline, a single tap written when its wait runs out on an
/// idle device (a deadline wake, not the next event), and gestures ended at an unplug.
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
        // The device says nothing after its last frame (0.18 s) and stays for 20 s: the tap
        // (due 0.47 s) can come before that only from a wake at its deadline. The consumer
        // stops at the tap, which ends the sequence. (Whether the device was still there is
        // asked, not timed: a loaded machine may starve the consumer, never the order.)
        let source = ScriptedSource(device: device, events: events, removeAfter: 20)
        var received: [AppEvent] = []
        var removedBeforeTheTap = true
        for try await e in LiveAppEvents(sources: [source]) {
            received.append(e)
            if case .gesture(let g) = e, g.kind == .tap {
                removedBeforeTheTap = source.removed.load(ordering: .sequentiallyConsistent)
                break
            }
        }
        #expect(!removedBeforeTheTap)
        guard case .gesture(let tap)? = received.last else { Issue.record("no tap: \(received)"); return }
        // Offline, the same tap at the same time after the start.
        let offline = try await Self.offlineGestures("tap.jsonl")
        #expect(offline.count == 1)
        #expect(tap.time - source.start == offline[0].time - Timestamp.zero)
        // The frames came too, before the line they completed.
        #expect(received.contains { if case .touches = $0 { return true } else { return false } })
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
    /// Whether the device has been said gone (read from the consuming task).
    let removed = Atomic(false)
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
            removed.store(true, ordering: .sequentiallyConsistent)
            out.append(.removed(device: device.id))
            return false
        }
        return true
    }
}
