import Foundation
import Testing
import TestSupport

/// The byte-identity contract of refactors: `frames`, `convert`, `recognize`, `plot`, `view` and
/// `bind --dry-run` (each example configuration, and one that binds every gesture) give, on
/// every recording in `Recordings/` and `../shared/recordings/`, exactly the output saved
/// in `Tests/Fixtures/output-digests.txt` (written by `tools/output-digests write` before
/// a change). A change meant to alter output rewrites the file in the same commit, and the
/// commit says why.
struct OutputDigestTests {
    static let shared = CommandTests.root.deletingLastPathComponent().appendingPathComponent("shared/recordings")

    @Test func outputsAreByteIdenticalToTheSavedDigests() throws {
        if Paths.inCI {
            #expect(FileManager.default.fileExists(atPath: Self.shared.path), "CI without ../shared/recordings")
        }
        // Under AddressSanitizer (make test-asan) each run is several times slower: the
        // decoding and recognizing commands are checked there, the pictures and dry runs
        // (whose code the other tests run under it too) in make test.
        var environment = ProcessInfo.processInfo.environment
        if CommandTests.binary.contains(".build-asan") {
            environment["DIGEST_COMMANDS"] = "frames recognize recognize-touchpad convert-trace convert-evemu convert-libinput-record convert-getevent"
        }
        let check = try Subprocess.run(CommandTests.root.appendingPathComponent("tools/output-digests").path,
                                       ["--bin", CommandTests.binary, "check", "Tests/Fixtures/output-digests.txt"],
                                       environment: environment, directory: CommandTests.root, timeout: 3600)
        let text = check.stdout + check.stderr
        #expect(check.status == 0, "\(text)")
        #expect(text.contains("outputs identical"), "\(text)")
    }
}
