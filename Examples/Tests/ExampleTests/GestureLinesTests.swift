import Foundation
import Testing

/// gesture-lines, docs/library.md's first program: a recording's lines as `tactile
/// recognize --json` writes them, an evemu `.events` file read with its `.desc`.
@Suite struct GestureLinesTests {
    /// The lines are the recording's golden file's, line for line.
    @Test(arguments: ["pinch-rotate", "phone-session", "double-tap"])
    func theLinesAreRecognizesLines(_ name: String) throws {
        let lines = try Example.lines("gesture-lines", [Example.recording("\(name).jsonl")])
        let golden = try String(contentsOfFile: Example.recording("\(name).expected.jsonl"), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! NSDictionary }
        #expect(!lines.isEmpty && lines.count == golden.count)
        #expect(zip(lines, golden).allSatisfy { NSDictionary(dictionary: $0).isEqual($1) })
    }

    /// An `.events` file and its `.desc`, given as the second argument, read as the two in
    /// one file; without the `.desc`, 65 and what to pass (no command-line option).
    @Test func anEventsFileIsReadWithItsDescription() throws {
        let whole = Example.root.deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/evemu/bcm5974-clickfinger.evemu").path
        let text = try String(contentsOfFile: whole, encoding: .utf8).split(separator: "\n")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let desc = dir.appendingPathComponent("pad.desc").path, events = dir.appendingPathComponent("pad.events").path
        try (text.filter { !$0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: desc, atomically: true, encoding: .utf8)
        try (text.filter { $0.hasPrefix("E:") }.joined(separator: "\n") + "\n").write(toFile: events, atomically: true, encoding: .utf8)
        let split = try Example.run("gesture-lines", [events, desc])
        let together = try Example.run("gesture-lines", [whole])
        #expect(split.status == 0 && together.status == 0, "\(split.error) \(together.error)")
        #expect(!split.lines.isEmpty && split.lines.count == together.lines.count)
        #expect(split.error.contains("device 0: ") && split.error.contains("touchpad"), "\(split.error)")
        let undescribed = try Example.run("gesture-lines", [events])
        #expect(undescribed.status == 65 && undescribed.lines.isEmpty)
        #expect(undescribed.error.contains("no device description") && undescribed.error.contains(".desc")
                && !undescribed.error.contains("--desc"), "\(undescribed.error)")
    }
}
