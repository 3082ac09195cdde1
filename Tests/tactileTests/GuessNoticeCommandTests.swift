import Foundation
import Testing
import TestSupport

/// Acceptance 4 of issue #44: the commands that read a recording say once, on standard
/// error, what they guessed about its devices and how to give it; `--quiet` silences it.
struct GuessNoticeCommandTests {
    let cmd = CommandTests()
    static let capture = CommandTests.root.appendingPathComponent("Tests/Fixtures/getevent/phone-undescribed.getevent").path
    static let description = CommandTests.root.appendingPathComponent("Tests/Fixtures/getevent/phone.getevent-lp").path

    /// The notice's lines in `stderr`.
    static func notices(_ stderr: String) -> [Substring] {
        stderr.split(separator: "\n").filter { $0.contains("guessed") || $0.contains("assumed") }
    }

    @Test func recognizeOnACaptureWithoutDescriptionSaysWhatItGuessed() throws {
        let r = try cmd.tactile("recognize", "--json", Self.capture)
        #expect(r.status == 0, "\(r.stderr)")
        let said = Self.notices(r.stderr)
        #expect(said.count == 1, "once, for the touchscreen: \(r.stderr)")
        let line = try #require(said.first)
        #expect(line.hasPrefix("tactile: \(Self.capture): device 1 \"fts_ts\": kind, axis ranges and pressure range guessed"), "\(line)")
        #expect(line.contains("no peek or pop") && line.contains("size assumed") && line.contains("getevent -lp")
                && line.contains("wm size") && !line.contains("--size"), "\(line)")
        #expect(!r.stdout.contains("\"peek\""), "no peek from a guessed pressure range")

        let quiet = try cmd.tactile("recognize", "--json", "--quiet", Self.capture)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout == r.stdout, "\(quiet.stderr)")

        // Sized, the size is no guess; described, nothing is but the size.
        let sized = try cmd.tactile("recognize", "--json", "--size", "65x145", Self.capture)
        #expect(Self.notices(sized.stderr).count == 1 && !sized.stderr.contains("--size") && !sized.stderr.contains("size assumed"), "\(sized.stderr)")
        let described = try cmd.tactile("recognize", "--json", "--desc", Self.description, Self.capture)
        #expect(described.status == 0 && Self.notices(described.stderr).count == 1 && !described.stderr.contains("ranges"), "\(described.stderr)")
        #expect(described.stdout.contains("\"peek\""), "the kernel's pressure range: the firm tap peeks")
        let both = try cmd.tactile("recognize", "--json", "--desc", Self.description, "--size", "65x145", Self.capture)
        #expect(both.status == 0 && both.stderr.isEmpty, "\(both.stderr)")
    }

    /// frames, plot, view, bind and serve say it too, once.
    @Test(arguments: ["frames", "plot", "view", "bind", "serve"])
    func everyCommandThatRecognizesSaysItOnce(_ command: String) throws {
        let out = cmd.scratch()
        var args: [String]
        switch command {
        case "bind": args = ["bind", CommandTests.root.appendingPathComponent("Tests/Fixtures/bind/every-gesture.yaml").path, Self.capture, "--dry-run"]
        case "serve": args = ["serve", "--play", Self.capture, "--speed", "1000", "--bus", "none", "--socket", out.appendingPathComponent("s.sock").path]
        case "frames": args = ["frames", Self.capture, "-o", out.appendingPathComponent("f.jsonl").path]
        default: args = [command, Self.capture, "-o", out.appendingPathComponent("p").path]
        }
        let r = try cmd.tactile(arguments: args)
        #expect(r.status == 0, "\(r.stderr)")
        let said = Self.notices(r.stderr)
        #expect(said.count == 1 && said.first?.contains("getevent -lp") == true, "\(r.stderr)")
        guard ["frames", "plot", "view"].contains(command) else { return }
        let quiet = try cmd.tactile(arguments: args + ["--quiet"])
        #expect(quiet.status == 0 && Self.notices(quiet.stderr).isEmpty, "\(quiet.stderr)")
    }

    /// convert says what was guessed too, and where the output format cannot keep a guess
    /// a guess (evemu, libinput record), that it is written as the device's own range; a
    /// trace keeps it a guess, and says nothing more.
    @Test(arguments: ["evemu", "libinput-record", "trace"])
    func convertSaysWhatItGuessedAndWhatTheOutputCannotKeep(_ format: String) throws {
        let out = cmd.scratch().appendingPathComponent("out").path
        // An evemu recording holds one device: the touchscreen, device 1.
        let args = ["convert", Self.capture, "--to", format, "-o", out] + (format == "evemu" ? ["--device-id", "1"] : [])
        let r = try cmd.tactile(arguments: args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.notices(r.stderr).count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("has no way to mark a guess") == (format != "trace"), "\(r.stderr)")
        let quiet = try cmd.tactile(arguments: args + ["--quiet"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "\(quiet.stderr)")
    }
}
