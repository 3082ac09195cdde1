import Foundation
import TestSupport
import Testing

/// `tactile check`: every recording of the repository against its golden file, and the
/// failures a person must be told of, named by line and quantity.
struct CheckCommandTests {
    let cli = CommandTests()
    static let recordings = CommandTests.root.appendingPathComponent("Recordings")

    static var goldens: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: recordings.path)) ?? [])
            .filter { $0.hasSuffix(".expected.jsonl") }.sorted()
    }

    @Test func everyRecordingPassesAgainstItsExpectedFile() throws {
        #expect(Self.goldens.count > 30)
        for golden in Self.goldens {
            let input = Self.recordings.appendingPathComponent(golden.replacingOccurrences(of: ".expected.jsonl", with: ".jsonl")).path
            let r = try cli.tactile("check", input, Self.recordings.appendingPathComponent(golden).path)
            #expect(r.status == 0, "\(golden): \(r.stdout)\(r.stderr)")
            #expect(r.stdout.contains("lines as expected"))
        }
    }

    @Test func aValueMovedPastItsToleranceOrALineRemovedFailsNamingTheLineAndQuantity() throws {
        let input = Self.recordings.appendingPathComponent("pinch-rotate.jsonl").path
        let golden = try String(contentsOf: Self.recordings.appendingPathComponent("pinch-rotate.expected.jsonl"), encoding: .utf8)
        var lines = golden.split(separator: "\n").map(String.init)
        // Line 12's location moved 0.8 mm down: past the 0.5 mm tolerance.
        var moved = try #require(JSONSerialization.jsonObject(with: Data(lines[11].utf8)) as? [String: Any])
        let location = try #require(moved["location"] as? [Double])
        moved["location"] = [location[0], location[1] + 0.8]
        let movedText = String(decoding: try JSONSerialization.data(withJSONObject: moved), as: UTF8.self)
        lines[11] = movedText
        let off = try cli.tactile("check", input, try cli.file(lines.joined(separator: "\n") + "\n", "moved.jsonl"))
        #expect(off.status == 1)
        #expect(off.stdout.contains("off: expected line 12 ("), "\(off.stdout)")
        #expect(off.stdout.contains("location[1] is "), "\(off.stdout)")
        #expect(off.stdout.contains("off by 0.8mm, tolerance 0.5mm"), "\(off.stdout)")
        #expect(off.stdout.contains("1 difference from"))
        // The same within a looser tolerance passes.
        #expect(try cli.tactile("check", "--position", "1", input, try cli.file(lines.joined(separator: "\n") + "\n", "moved.jsonl")).status == 0)
        // Line 40 removed: the output has it as extra, and nothing else differs.
        var fewer = golden.split(separator: "\n").map(String.init)
        fewer.remove(at: 39)
        let gone = try cli.tactile("check", input, try cli.file(fewer.joined(separator: "\n") + "\n", "fewer.jsonl"))
        #expect(gone.status == 1)
        #expect(gone.stdout.split(separator: "\n").map(String.init).dropFirst() == [
            "  rotate: 155 lines matched; 0 missing, 1 extra",
            "  as expected: pinch (134 lines)",
            "extra: output line 40: rotate changed 2 fingers at 0.5647 s",
        ], "\(gone.stdout)")
    }

    /// Issue #48: one changed angle in a synthesized script gave 132 difference lines. The
    /// story comes first: the summary fits in 10 lines and names the gesture and its worst
    /// difference; no other gesture is flagged (a pinch's velocity follows its scale); the
    /// details after it are bounded, and --verbose lists them all.
    @Test func oneChangedAngleGivesAShortSummaryNamingTheGestureAndTheWorstDifference() throws {
        let dir = cli.scratch()
        func synth(_ angle: Int) throws -> String {
            let script = dir.appendingPathComponent("turn-\(angle).yaml"), out = dir.appendingPathComponent("turn-\(angle).jsonl").path
            try """
                device: touchpad
                noise: 0.05mm
                seed: 7
                steps:
                  - tap: {fingers: 2}
                  - swipe: {fingers: 3, direction: left}
                  - rotate: {angle: \(angle)deg, scale: 1.5}
                  - pan: {fingers: 2, by: [0, 30]}
                """.write(to: script, atomically: true, encoding: .utf8)
            let r = try cli.tactile("synth", script.path, "-o", out)
            #expect(r.status == 0, "\(r.stderr)")
            return out
        }
        let golden = dir.appendingPathComponent("turn.expected.jsonl").path
        #expect(try cli.tactile("check", "--update", try synth(90), golden).status == 0)
        _ = try synth(100)
        // Run where the files are, so the lines name them as docs/testing.md shows them.
        let check = { (extra: [String]) in try Subprocess.run(cli.program, ["check"] + extra + ["turn-100.jsonl", "turn.expected.jsonl"], directory: dir) }
        let r = try check([])
        #expect(r.status == 1)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let summary = Array(lines.prefix(1) + lines.dropFirst().prefix { $0.hasPrefix("  ") })
        #expect(summary.count <= 10, "\(r.stdout)")
        #expect(summary.first?.hasPrefix("turn-100.jsonl: ") == true && summary.first?.contains(" differences from turn.expected.jsonl, in ") == true,
                "\(r.stdout)")
        let guide = try String(contentsOf: CommandTests.root.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        #expect(guide.contains("```\n" + summary.joined(separator: "\n") + "\n```\n"), "docs/testing.md shows this summary: \(r.stdout)")
        // Per gesture that differs, its line and its quantities' lines under it.
        var quantities: [String: [String]] = [:]
        var gesture = ""
        for line in summary.dropFirst() where !line.hasPrefix("  as expected: ") {
            if line.hasPrefix("    ") { quantities[gesture, default: []].append(line) } else { gesture = String(line.dropFirst(2).prefix { $0 != ":" }) }
        }
        #expect(quantities["rotate"] != nil, "\(r.stdout)")
        // The pinch began a frame earlier with the turn, but its velocity follows its scale.
        #expect(quantities["pinch", default: []].allSatisfy { !$0.hasPrefix("    speed:") }, "\(r.stdout)")
        let alike = try #require(summary.last { $0.hasPrefix("  as expected: ") }, "\(r.stdout)")
        #expect(["tap", "swipe", "pan"].allSatisfy { alike.contains(" \($0) (") }, "\(alike)")
        let angle = try #require(quantities["rotate"]?.first { $0.hasPrefix("    angle: ") }, "\(r.stdout)")
        let worst = try #require(angle.firstRange(of: "by up to ").map { Double(angle[$0.upperBound...].prefix { $0 != "°" }) } ?? nil)
        #expect(abs(worst - 10) < 0.5, "\(angle)")
        #expect(angle.contains("(tolerance 1°): rotation, expected line "), "\(angle)")
        let total = try #require(Int(lines[0].split(separator: " ")[1]))
        let details = lines.dropFirst(summary.count)
        #expect(total > 20 && details.count == 21, "\(r.stdout)")
        #expect(details.last == "… \(total - 20) more differences not listed: --verbose lists all \(total)")
        let verbose = try check(["--verbose"])
        #expect(verbose.status == 1)
        #expect(verbose.stdout.split(separator: "\n").count == summary.count + total, "\(verbose.stdout)")
    }

    @Test func updateWritesWhatRecognizeWrites() throws {
        let input = Self.recordings.appendingPathComponent("swipe-3finger-up-touchpad.jsonl").path
        let out = cli.scratch().appendingPathComponent("new.expected.jsonl").path
        let r = try cli.tactile("check", "--update", input, out)
        #expect(r.status == 0, "\(r.stderr)")
        let recognized = try cli.tactile("recognize", "--json", input)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == recognized.stdout)
        #expect(try cli.tactile("check", input, out).status == 0)
    }

    @Test func aBindingsConfigurationHasGoldensToo() throws {
        let config = CommandTests.root.appendingPathComponent("configs/bindings/laptop-touchpad.yaml").path
        let input = Self.recordings.appendingPathComponent("swipe-3finger-up-touchpad.jsonl").path
        let dry = try cli.tactile("bind", config, input, "--dry-run")
        let golden = try cli.file(dry.stdout, "bind.expected.jsonl")
        #expect(try cli.tactile("check", "--bind", config, input, golden).status == 0)
        let far = try cli.file(dry.stdout.replacingOccurrences(of: #""TACTILE_DY":"-33.75""#, with: #""TACTILE_DY":"-20""#), "far.jsonl")
        let r = try cli.tactile("check", "--bind", config, input, far)
        #expect(r.status == 1)
        #expect(r.stdout.contains("env.TACTILE_DY is -33.75mm, expected -20mm: off by 13.75mm"), "\(r.stdout)")
        // Bind reads its thresholds and orientation from the configuration: an option that
        // would be ignored is refused.
        let ignored = try cli.tactile("check", "--bind", config, "--gestures", "tap", input, golden)
        #expect(ignored.status == 64)
        #expect(ignored.stderr.contains("--gestures is not for --bind"), "\(ignored.stderr)")
    }

    @Test func unreadableInputsExitWithTheirCodes() throws {
        let input = Self.recordings.appendingPathComponent("tap.jsonl").path
        #expect(try cli.tactile("check", input, "/nonexistent/expected.jsonl").status == 66)
        #expect(try cli.tactile("check", "--time", "-1", input, input).status == 64)
    }
}
