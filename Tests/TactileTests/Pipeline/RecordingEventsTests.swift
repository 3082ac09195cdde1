import Foundation
import Tactile
import TactileLibinputRecord
import Testing
import TestSupport

/// `RecordingEvents`: a recording's input and lines as an app iterates them.
struct RecordingEventsTests {
    func collect(_ events: RecordingEvents) async throws -> [AppEvent] {
        var all: [AppEvent] = []
        for try await e in events { all.append(e) }
        return all
    }

    /// The lines are those `tactile recognize` writes: its goldens for touch traces, and
    /// `Recognition` over the same events for a raw one.
    @Test(arguments: ["pinch-rotate.evdev.jsonl", "phone-session.jsonl", "peek-pop.jsonl"])
    func theLinesAreThoseRecognizeWrites(_ name: String) async throws {
        let all = try await collect(try RecordingEvents(path: Paths.recording(name), recordings: .all))
        let lines = all.compactMap { e -> String? in
            switch e {
            case .gesture(let g): return g.jsonLine
            case .orientation(let o): return o.jsonLine
            case .touches, .accel: return nil
            }
        }
        let expected: [String]
        if name.hasSuffix(".evdev.jsonl") {
            let (header, events) = try readAll(Paths.recording(name))
            expected = recognizeAll(header, events).map(\.jsonLine)
        } else {
            expected = try String(contentsOfFile: Paths.recording(name.replacingOccurrences(of: ".jsonl", with: ".expected.jsonl")),
                                  encoding: .utf8).split(separator: "\n").map(String.init)
        }
        #expect(!lines.isEmpty)
        #expect(lines.count == expected.count)
        #expect(zip(lines, expected).first { $0 != $1 } == nil)
    }

    @Test func inputComesAssembledAndBeforeTheLinesItCompletes() async throws {
        let all = try await collect(try RecordingEvents(path: Paths.recording("pinch-rotate.evdev.jsonl")))
        // The raw recording's frames come as touch frames in mm, never raw.
        let frames = all.compactMap { if case .touches(let f) = $0 { return f } else { return nil } }
        #expect(frames.count > 100)
        // Time never goes back, and every line follows a frame at or before its time.
        #expect(zip(all, all.dropFirst()).allSatisfy { $0.time <= $1.time })
        if case .touches = all[0] {} else { Issue.record("the first event is \(all[0]), not a frame") }
        let withoutInput = try await collect(try RecordingEvents(path: Paths.recording("pinch-rotate.evdev.jsonl"), input: false))
        #expect(withoutInput == all.filter { if case .touches = $0 { return false } else { return true } })
    }

    @Test func aMissingFileThrowsWhenOpened() {
        #expect(throws: TactileError.self) { _ = try RecordingEvents(path: "/nonexistent/trace.jsonl") }
    }

    @Test func aBadLineThrowsAfterTheEventsBeforeIt() async throws {
        let url = Paths.scratch().appendingPathComponent("bad.jsonl")
        let header = #"{"format":"tactile-trace","version":1,"devices":[{"id":0,"name":"t","kind":"touchscreen","size":[100,60]}]}"#
        try (header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":10,"y":10}]}"# + "\n{\"t\":oops}\n")
            .write(to: url, atomically: true, encoding: .utf8)
        var seen = 0
        do {
            for try await _ in try RecordingEvents(path: url.path) { seen += 1 }
            Issue.record("no error")
        } catch let error as TactileError {
            #expect(error.line == 3)
        }
        #expect(seen == 1)
    }

    /// An evemu `.events` file is read with its `.desc` given as `description`, a path;
    /// without it, the error says what to pass in the library's terms (the command line
    /// says `--desc`).
    @Test func anEventsFileTakesItsDescriptionAsAPath() async throws {
        let whole = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/evemu/bcm5974-clickfinger.evemu").path
        let lines = try String(contentsOfFile: whole, encoding: .utf8).split(separator: "\n")
        let dir = Paths.scratch()
        let desc = dir.appendingPathComponent("pad.desc").path, events = dir.appendingPathComponent("pad.events").path
        try (lines.filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: desc, atomically: true, encoding: .utf8)
        try (lines.filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: events, atomically: true, encoding: .utf8)
        do {
            _ = try RecordingEvents(path: events)
            Issue.record("an .events file without its description was read")
        } catch let error as TactileError {
            #expect(error.kind == .badData && error.file == events)
            #expect(error.message.hasSuffix("; " + TactileError.evemuDescriptionRemedy), "\(error)")
            #expect(!error.message.contains("--"), "a command-line option in the library's error: \(error)")
        }
        let split = try RecordingEvents(path: events, description: desc, input: false)
        let together = try RecordingEvents(path: whole, input: false)
        #expect(split.devices == together.devices && split.devices.devices.first?.kind == .touchpad)
        let a = try await collect(split), b = try await collect(together)
        #expect(!a.isEmpty && a == b)
    }
}
