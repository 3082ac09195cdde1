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

    /// The tactile whose outputs are checked: the release build when `make test` hands one
    /// over (the digests are the sources' behaviour, whatever the optimisation, and four
    /// thousand runs of a debug binary, let alone a sanitized one, took most of the suite's
    /// time), else the one the other command tests run.
    static let binary = CommandTests.binary

    @Test func outputsAreByteIdenticalToTheSavedDigests() throws {
        if Paths.inCI {
            #expect(FileManager.default.fileExists(atPath: Self.shared.path), "CI without ../shared/recordings")
        }
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no tactile at \(Self.binary)")
        // A sanitized binary (swift test --sanitize=address without a release one) is several
        // times slower a run: the decoding and recognizing commands are checked with it, the
        // pictures and dry runs (whose code the other tests run sanitized too) are left out.
        var environment = ProcessInfo.processInfo.environment
        if Self.binary.contains(".build-asan") {
            environment["DIGEST_COMMANDS"] = "frames recognize recognize-touchpad convert-trace convert-evemu convert-libinput-record convert-getevent"
        }
        let check = try Subprocess.run(CommandTests.root.appendingPathComponent("tools/output-digests").path,
                                       ["--bin", Self.binary, "check", "Tests/Fixtures/output-digests.txt"],
                                       environment: environment, directory: CommandTests.root, timeout: 3600)
        let text = check.stdout + check.stderr
        #expect(check.status == 0, "\(text)")
        #expect(text.contains("outputs identical"), "\(text)")
    }
}
