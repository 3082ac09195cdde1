import Foundation
import Testing

/// The frame editor in a window, under Xvfb, on `frame-edit` (two fingers spread to twice
/// their span turning 90° clockwise about (77.5, 43.5), then a pan of (30, 10) mm): its
/// screenshot shows the test card where the lines' transform puts it, turned and scaled.
@Suite struct FrameEditorWindowTests {
    /// The recording's surface, 155 × 87 mm, as large as fits 800 × 600 pixels.
    static let pixelsPerMM = min(800 / 155.0, 600 / 87.0)
    /// The card, 30 × 18 mm, starts in the middle of the surface.
    static let card = (30.0, 18.0), origin = ((155 - 30) / 2.0, (87 - 18) / 2.0)

    struct Runs {
        var lines: [[String: Any]]
        var end: Screenshot
        var start: Screenshot
        var jsonApp: [[String: Any]]
    }

    /// The window after the whole recording and before its first event, and the JSON app's
    /// lines with the same origin: run once for the suite, on one Xvfb (read-only after,
    /// so shared unchecked: JSON objects are not Sendable).
    nonisolated(unsafe) static let runs = Result { () throws -> Runs in
        try VirtualDisplay.with { display in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frame-editor-window-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let end = folder.appendingPathComponent("end.bmp").path, start = folder.appendingPathComponent("start.bmp").path
            let recording = Example.recording("frame-edit.jsonl")
            let lines = try Example.lines("frame-editor-window", [recording, "--fast", "--screenshot", end], environment: display)
            _ = try Example.lines("frame-editor-window", [recording, "--fast", "--stop-at", "0", "--screenshot", start],
                                  environment: display)
            let json = try Example.lines("frame-editor", [recording, "--origin", "\(origin.0),\(origin.1)"])
            return Runs(lines: lines, end: try Screenshot(path: end), start: try Screenshot(path: start), jsonApp: json)
        }
    }

    /// Where the markers of the card under `t` (card mm to surface mm) are in the window.
    func markers(under t: [Double]) -> [(Double, Double)] {
        Card.markers(Self.card.0, Self.card.1).map {
            let p = apply(t, $0)
            return (p.0 * Self.pixelsPerMM, p.1 * Self.pixelsPerMM)
        }
    }

    @Test func afterThePinchRotateTheCardIsTurnedAndScaledAsTheLinesSay() throws {
        let runs = try Self.runs.get()
        let t = try #require(runs.lines.last { $0["transform"] != nil }).numbers("transform")
        // The lines say: twice the size, a quarter turn clockwise about (77.5, 43.5), then
        // (30, 10) further: the card's top-left corner at (-2·(34.5 − 43.5) + 77.5 + 30,
        // 2·(62.5 − 77.5) + 43.5 + 10).
        #expect(close(t, [0, 2, -2, 0, 125.5, 23.5], 1e-9), "\(t)")
        let found = Card.found(in: runs.end)
        let worst = Card.worst(markers(under: t), found)
        #expect(worst <= 2, "markers \(found) are \(worst) px from where \(t) puts them")
        // Negative control: the card as it started is nowhere near.
        let upright = [1, 0, 0, 1, Self.origin.0, Self.origin.1]
        #expect(Card.worst(markers(under: upright), found) > 40)
        // Turned clockwise: red (the card's top-left) is right of yellow (its bottom-left)
        // and level with it; twice the size: each marker covers four times the pixels.
        let red = try #require(found[0]), yellow = try #require(found[3])
        #expect(red.x > yellow.x + 100 && abs(red.y - yellow.y) < 2)
        let before = try #require(runs.start.centroid(Card.colours[0].matches)).count
        let after = try #require(runs.end.centroid(Card.colours[0].matches)).count
        #expect(abs(Double(after) / Double(before) - 4) < 0.3, "red: \(before) px, then \(after) px")
    }

    @Test func beforeAnyGestureTheCardIsUprightWhereItStarts() throws {
        let runs = try Self.runs.get()
        let upright = [1, 0, 0, 1, Self.origin.0, Self.origin.1]
        let found = Card.found(in: runs.start)
        #expect(Card.worst(markers(under: upright), found) <= 2, "\(found)")
        #expect(runs.start.width == 800 && runs.start.height == 449)
    }

    @Test func theWindowWritesTheJSONAppsLines() throws {
        let runs = try Self.runs.get()
        #expect(runs.lines.map { $0.string("event") } == runs.jsonApp.map { $0.string("event") })
        for (a, b) in zip(runs.lines, runs.jsonApp) {
            #expect(close(a.numbers("transform"), b.numbers("transform")) && close(a.numbers("accumulated"), b.numbers("accumulated")))
        }
    }

    /// A bad line in the recording: the window's lines up to it, then the file, the line and
    /// what is wrong, exit 65, as the JSON app does; no screenshot of a half-played recording.
    @Test func aBadLineExits65NamingIt() throws {
        let text = try String(contentsOfFile: Example.recording("frame-edit.jsonl"), encoding: .utf8)
        let lines = text.split(separator: "\n")
        let bad = FileManager.default.temporaryDirectory.appendingPathComponent("frame-edit-bad-\(getpid()).jsonl")
        try (lines[0..<40].joined(separator: "\n") + "\n{\"t\":\"soon\",\"dev\":0,\"touches\":[]}\n").write(to: bad, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: bad) }
        let shot = bad.deletingPathExtension().appendingPathExtension("bmp")
        defer { try? FileManager.default.removeItem(at: shot) }
        let run = try VirtualDisplay.with { display in
            try Example.run("frame-editor-window", [bad.path, "--fast", "--screenshot", shot.path], environment: display)
        }
        #expect(run.status == 65)
        #expect(run.error.contains("\(bad.path):41:"), "\(run.error)")
        #expect(!FileManager.default.fileExists(atPath: shot.path))
    }

    /// Without --fast a recording plays at its own pace: up to 0.6 s of `frame-edit`, whose
    /// first event is at 0.1 s, takes at least half a second, and ends as the fast run does.
    @Test func aRecordingPlaysAtItsOwnPace() throws {
        let recording = Example.recording("frame-edit.jsonl")
        let shot = FileManager.default.temporaryDirectory.appendingPathComponent("frame-editor-paced-\(getpid()).bmp").path
        defer { try? FileManager.default.removeItem(atPath: shot) }
        let (paced, fast, seconds) = try VirtualDisplay.with { display in
            let started = Date()
            let paced = try Example.lines("frame-editor-window", [recording, "--stop-at", "0.6", "--screenshot", shot],
                                          environment: display)
            let seconds = Date().timeIntervalSince(started)
            let fast = try Example.lines("frame-editor-window", [recording, "--fast", "--stop-at", "0.6", "--screenshot", shot],
                                         environment: display)
            return (paced, fast, seconds)
        }
        #expect(seconds >= 0.5, "played in \(seconds) s")
        #expect(!paced.isEmpty && paced.map { $0.numbers("transform") } == fast.map { $0.numbers("transform") })
    }
}
