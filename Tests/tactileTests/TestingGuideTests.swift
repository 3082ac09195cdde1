import Foundation
import TestSupport
import Testing

/// docs/testing.md cannot drift from the code: each code block with a language is, line
/// for line, the repository file it names (`<!-- file PATH -->`), or a Swift excerpt of an
/// example's test (`<!-- excerpt NAME -->`, compared by Examples' LibraryGuideTests); and its
/// shell and pytest examples run here, on the corpus.
struct TestingGuideTests {
    let cli = CommandTests()
    static let guide = CommandTests.root.appendingPathComponent("docs/testing.md")

    @Test func everyBlockIsTheFileOrExcerptItNames() throws {
        let lines = try String(contentsOf: Self.guide, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var checked = 0
        for (i, line) in lines.enumerated() where line.hasPrefix("```") && line.count > 3 {
            let end = lines[(i + 1)...].firstIndex { $0 == "```" }!
            let text = lines[(i + 1)..<end].joined(separator: "\n")
            let marker = i > 0 ? lines[i - 1] : ""
            if marker.hasPrefix("<!-- file "), marker.hasSuffix(" -->") {
                let path = String(marker.dropFirst("<!-- file ".count).dropLast(" -->".count))
                let file = try String(contentsOf: CommandTests.root.appendingPathComponent(path), encoding: .utf8)
                #expect(text + "\n" == file, "docs/testing.md:\(i + 1): the block differs from \(path)")
            } else if marker.hasPrefix("<!-- excerpt "), marker.hasSuffix(" -->"), line == "```swift" {
                // Compared with the example's test by Examples' LibraryGuideTests (make examples).
                #expect(!text.isEmpty)
            } else {
                Issue.record("docs/testing.md:\(i + 1): a \(line) block that names no file or excerpt")
            }
            checked += 1
        }
        #expect(checked == 5)
    }

    /// Runs `argv` with the built tactile first on PATH; its status and output.
    func run(_ argv: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let bin = URL(fileURLWithPath: CommandTests.binary).deletingLastPathComponent().path
        let r = try Subprocess.run("/usr/bin/env", argv, environment: [
            "PATH": bin + ":/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8", "PYTHONDONTWRITEBYTECODE": "1",
        ], directory: directory)
        return (r.status, r.stdout + r.stderr)
    }

    @Test func theShellStepPassesOnTheCorpusAndFailsOnAMovedGolden() throws {
        let ci = CommandTests.root.appendingPathComponent("Examples/ci")
        let out = cli.scratch()
        let r = try run(["sh", "check-corpus.sh", "corpus", out.path], in: ci)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("lines as expected"))
        // A copy of the corpus whose golden swipe went 10 mm further fails, naming it.
        let corpus = cli.scratch()
        for name in try FileManager.default.contentsOfDirectory(atPath: ci.appendingPathComponent("corpus").path) {
            var text = try String(contentsOf: ci.appendingPathComponent("corpus/" + name), encoding: .utf8)
            if name == "swipe-three-fingers.expected.jsonl" {
                text = text.replacingOccurrences(of: #""translation":[-40.0,0.0]"#, with: #""translation":[-50.0,0.0]"#)
            }
            try text.write(to: corpus.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let moved = try run(["sh", ci.appendingPathComponent("check-corpus.sh").path, corpus.path, out.path], in: ci)
        #expect(moved.status == 1)
        #expect(moved.output.contains("translation[0] is -40mm, expected -50mm: off by 10mm"), "\(moved.output)")
    }

    /// The step makes its output folder when it is missing, and the temporary one it makes
    /// without it is gone when it ends.
    @Test func theShellStepMakesItsOutputFolderAndLeavesNoTemporaryOne() throws {
        let ci = CommandTests.root.appendingPathComponent("Examples/ci")
        let missing = cli.scratch().appendingPathComponent("not/yet")
        let made = try run(["sh", "check-corpus.sh", "corpus", missing.path], in: ci)
        #expect(made.status == 0, "\(made.output)")
        #expect(try !FileManager.default.contentsOfDirectory(atPath: missing.path).isEmpty)
        let tmp = cli.scratch()
        let bin = URL(fileURLWithPath: CommandTests.binary).deletingLastPathComponent().path
        let r = try Subprocess.run("/usr/bin/env", ["sh", "check-corpus.sh", "corpus"], environment: [
            "PATH": bin + ":/usr/bin:/bin", "HOME": tmp.path, "TMPDIR": tmp.path, "LANG": "C.UTF-8",
        ], directory: ci)
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty, "mktemp's folder left in \(tmp.path)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pytest"), "needs Debian's python3-pytest (make test-deps)"))
    func thePytestSuitePasses() throws {
        let ci = CommandTests.root.appendingPathComponent("Examples/ci")
        let r = try run(["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_gestures.py"], in: ci)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("3 passed"), "\(r.output)")
    }
}
