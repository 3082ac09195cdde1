import Foundation
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
        #expect(gone.stdout.hasPrefix("extra: output line 40: "), "\(gone.stdout)")
        #expect(gone.stdout.split(separator: "\n").count == 2)
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
