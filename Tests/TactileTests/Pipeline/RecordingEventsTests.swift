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
}
