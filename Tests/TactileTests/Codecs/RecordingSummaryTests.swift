import Tactile
import TestSupport
import Testing

/// `tactile info`'s counts, against the events read one by one.
struct RecordingSummaryTests {
    static func events(_ path: String) throws -> [InputEvent] {
        var reader = try Recordings.open(path, description: nil)
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return events
    }

    @Test(arguments: ["pinch-rotate.evdev.jsonl", "double-tap.jsonl", "accelerometer-turn.evdev.jsonl"])
    func countsEveryFrameOfEveryDeviceAndTheSpan(_ name: String) throws {
        let path = Paths.recording(name)
        let events = try Self.events(path)
        var reader = try Recordings.open(path, description: nil)
        let summary = try RecordingSummary(reading: &reader)
        #expect(summary.duration == events.last!.time - events.first!.time)
        for (id, counts) in summary.devices {
            let mine = events.filter { $0.device == id }
            var evdev = 0, touches = 0, accel = 0
            for e in mine {
                switch e {
                case .evdev: evdev += 1
                case .touches: touches += 1
                case .accel: accel += 1
                }
            }
            #expect(counts.evdevFrames == evdev && counts.touchFrames == touches && counts.accelSamples == accel, "device \(id)")
            #expect((counts.repairs != nil) == (evdev > 0), "repairs are counted where raw frames were assembled")
        }
        #expect(summary.devices.values.reduce(0) { $0 + $1.evdevFrames + $1.touchFrames + $1.accelSamples } == events.count)
    }
}
