import Foundation
import Testing

/// The byte-identity contract of refactors: `frames`, `convert`, `recognize`, `plot`, `view` and
/// `bind --dry-run` (each example configuration) give, on
/// every recording in `Recordings/` and `../shared/recordings/`, exactly the output saved
/// in `Tests/Fixtures/output-digests.txt` (written by `tools/output-digests write` before
/// a change). A change meant to alter output rewrites the file in the same commit, and the
/// commit says why.
struct OutputDigestTests {
    static let shared = CommandTests.root.deletingLastPathComponent().appendingPathComponent("shared/recordings")

    @Test func outputsAreByteIdenticalToTheSavedDigests() throws {
        let inCI = ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" } ?? false
        if inCI {
            #expect(FileManager.default.fileExists(atPath: Self.shared.path), "CI without ../shared/recordings")
        }
        let p = Process()
        p.executableURL = CommandTests.root.appendingPathComponent("tools/output-digests")
        p.arguments = ["--bin", CommandTests.binary, "check", "Tests/Fixtures/output-digests.txt"]
        p.currentDirectoryURL = CommandTests.root
        // Under AddressSanitizer (make test-asan) each run is several times slower: the
        // decoding and recognizing commands are checked there, the pictures and dry runs
        // (whose code the other tests run under it too) in make test.
        if CommandTests.binary.contains(".build-asan") {
            p.environment = ProcessInfo.processInfo.environment.merging(["DIGEST_COMMANDS": "frames recognize recognize-touchpad convert-trace convert-evemu convert-libinput-record"]) { $1 }
        }
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "\(text)")
        #expect(text.contains("outputs identical"), "\(text)")
    }
}
