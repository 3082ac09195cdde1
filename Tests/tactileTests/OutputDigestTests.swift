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

    /// The tactile whose outputs are checked: the one the other command tests run, or, when
    /// `make test` hands one over in TACTILE_RELEASE_BIN, the release build of the same
    /// sources. The digests are the sources' behaviour, whatever the optimisation, and four
    /// thousand runs of a debug binary took most of `swift test`'s time. Under the address
    /// sanitizer the sanitized binary is the one checked, always.
    static let binary: String = {
        let release = ProcessInfo.processInfo.environment["TACTILE_RELEASE_BIN"] ?? ""
        if CommandTests.binary.contains(".build-asan") || release.isEmpty { return CommandTests.binary }
        return release
    }()

    @Test func outputsAreByteIdenticalToTheSavedDigests() throws {
        if Paths.inCI {
            #expect(FileManager.default.fileExists(atPath: Self.shared.path), "CI without ../shared/recordings")
        }
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "no tactile at \(Self.binary)")
        // Under AddressSanitizer (make test-asan) each run is several times slower: the
        // decoding and recognizing commands are checked there, the pictures and dry runs
        // (whose code the other tests run under it too) in make test.
        var environment = ProcessInfo.processInfo.environment
        if CommandTests.binary.contains(".build-asan") {
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
