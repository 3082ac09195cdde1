import Foundation
import TestSupport
import Testing

/// docs/tactile.1 is written by hand: what it says each command takes, the command takes
/// (tools/man-options reads the claims; tools/check-install makes the same check on the
/// installed page, and the other way round).
struct ManPageTests {
    let cli = CommandTests()

    /// Every (command, option) the page claims, as tools/man-options reads them.
    static func claims() throws -> [(command: String, option: String)] {
        let tool = CommandTests.root.appendingPathComponent("tools/man-options").path
        let r = try Subprocess.run(tool, [CommandTests.root.appendingPathComponent("docs/tactile.1").path])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map {
            let parts = $0.split(separator: "\t", maxSplits: 1)
            return (String(parts[0]), String(parts.count > 1 ? parts[1] : ""))
        }
    }

    @Test func everyOptionThePageGivesACommandIsInThatCommandsHelp() throws {
        let claims = try Self.claims()
        #expect(claims.count > 100, "the page's claims were read")
        var usage: [String: String] = [:]
        for (command, option) in claims {
            if usage[command] == nil {
                let r = try cli.tactile(arguments: command.split(separator: " ").map(String.init) + ["--help"])
                #expect(r.status == 0, "\(command) --help: \(r.stderr)")
                usage[command] = r.stdout
            }
            let listed = usage[command]!.split(whereSeparator: { !($0.isLetter || $0 == "-") }).contains { $0 == option }
            #expect(listed, "the man page gives \(command) \(option), which tactile \(command) --help does not list")
        }
    }

    /// The other way, per command: every option a command's --help lists (its OPTIONS
    /// lines, indented two spaces), the page gives that command, not only another one
    /// (issue #48, acceptance 2; tools/check-install checks the installed page so too).
    @Test func everyOptionOfACommandsHelpIsOnThePageForThatCommand() throws {
        let claims = Set(try Self.claims().map { "\($0.command) \($0.option)" })
        for command in ["recognize", "frames", "convert", "info", "plot", "view", "devices", "record", "replay", "bind",
                        "bind import", "bind focus", "serve", "check", "synth"] {
            let r = try cli.tactile(arguments: command.split(separator: " ").map(String.init) + ["--help"])
            #expect(r.status == 0, "\(command) --help: \(r.stderr)")
            let options = r.stdout.components(separatedBy: "OPTIONS:").dropFirst().joined().split(separator: "\n")
                .compactMap { $0.firstMatch(of: /^  (?:-[a-zA-Z], )?(--[a-z][a-z-]*)/).map { String($0.1) } }
            #expect(!options.isEmpty, "\(command) --help lists options")
            for option in options where option != "--help" && option != "--version" {
                let given = claims.contains("\(command) \(option)")
                #expect(given, "the man page does not give \(command) \(option), which tactile \(command) --help lists")
            }
        }
    }

    /// The page's claims the issue found refused: each is taken (status 0), not "Unknown option" (64).
    @Test func theRecordingOptionsThePageGivesAreTaken() throws {
        let tap = CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path
        let expected = CommandTests.root.appendingPathComponent("Recordings/tap.expected.jsonl").path
        for args in [["info", tap, "--quiet"], ["info", tap, "-q", "--size", "100x60"], ["check", tap, expected, "--quiet"],
                     ["check", tap, expected, "-q"]] {
            let r = try cli.tactile(arguments: args)
            #expect(r.status == 0, "\(args): \(r.stderr)")
        }
    }

    /// `--quiet` on check silences the notice of what was guessed, which it gives as
    /// recognize does.
    @Test func checkSaysWhatWasGuessedUnlessQuiet() throws {
        let capture = GuessNoticeCommandTests.capture
        let expected = cli.scratch().appendingPathComponent("capture.expected.jsonl").path
        let loud = try cli.tactile("check", capture, expected, "--update")
        let quiet = try cli.tactile("check", capture, expected, "--update", "--quiet")
        #expect(loud.status == 0 && quiet.status == 0, "\(loud.stderr) \(quiet.stderr)")
        #expect(GuessNoticeCommandTests.notices(loud.stderr).count == 1, "\(loud.stderr)")
        #expect(GuessNoticeCommandTests.notices(quiet.stderr).isEmpty, "\(quiet.stderr)")
    }
}
