import Foundation
import Testing

/// docs/testing.md cannot drift from the code: each code block with a language is, line
/// for line, the repository file (`<!-- file PATH -->`) or the examples' excerpt
/// (`<!-- excerpt NAME -->`, between `// docs:begin NAME` and `// docs:end NAME` in
/// Examples/) it names; and its shell and pytest examples run here, on the corpus.
struct TestingGuideTests {
    let cli = CommandTests()
    static let guide = CommandTests.root.appendingPathComponent("docs/testing.md")

    /// The examples' excerpts by name, from their sources and tests.
    static func excerpts() throws -> [String: String] {
        var found: [String: String] = [:]
        for folder in ["Examples/Sources", "Examples/Tests"] {
            let root = CommandTests.root.appendingPathComponent(folder)
            for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
            where url.pathExtension == "swift" {
                var name: String?
                var body: [Substring] = []
                for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("// docs:begin ") {
                        name = String(trimmed.dropFirst("// docs:begin ".count))
                        body = []
                    } else if trimmed.hasPrefix("// docs:end "), let n = name {
                        let indent = body.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
                        found[n] = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
                        name = nil
                    } else if name != nil {
                        body.append(line)
                    }
                }
            }
        }
        return found
    }

    @Test func everyBlockIsTheFileOrExcerptItNames() throws {
        let excerpts = try Self.excerpts()
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
            } else if marker.hasPrefix("<!-- excerpt "), marker.hasSuffix(" -->") {
                let name = String(marker.dropFirst("<!-- excerpt ".count).dropLast(" -->".count))
                #expect(excerpts[name] == text, "docs/testing.md:\(i + 1): the block differs from excerpt '\(name)'")
            } else {
                Issue.record("docs/testing.md:\(i + 1): a \(line) block that names no file or excerpt")
            }
            checked += 1
        }
        #expect(checked == 5)
    }

    /// Runs `argv` with the built tactile first on PATH; its status and output.
    func run(_ argv: [String], in directory: URL) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        p.currentDirectoryURL = directory
        let bin = URL(fileURLWithPath: CommandTests.binary).deletingLastPathComponent().path
        p.environment = ["PATH": bin + ":/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
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

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pytest"), "needs Debian's python3-pytest (make deps)"))
    func thePytestSuitePasses() throws {
        let ci = CommandTests.root.appendingPathComponent("Examples/ci")
        let r = try run(["/usr/bin/python3", "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_gestures.py"], in: ci)
        #expect(r.status == 0, "\(r.output)")
        #expect(r.output.contains("3 passed"), "\(r.output)")
    }
}
