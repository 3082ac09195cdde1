import Foundation
import Tactile
import TactileYAML
import Testing

/// Keys that are not scalars are refused before Yams composes them: Yams sorts keys given
/// twice by comparing collections both ways round, level by level, so its time doubled with
/// every level of nesting (fuzz-synth, fuzz-libinput-record). Text without them, however it
/// quotes, comments or nests, is left to Yams.
struct ComplexKeysTests {
    @Test(arguments: [
        ("? a\n: b\n", 1, 1, "explicit key"),
        ("steps:\n  - ? [a]\n    : b\n", 2, 5, "explicit key"),
        ("a: {? b: c}\n", 1, 5, "explicit key"),
        ("[a, b]: c\n", 1, 6, "list or mapping as a key"),
        ("x:\n  {a: b}: c\n", 2, 8, "list or mapping as a key"),
        ("{[a]: 1}\n", 1, 4, "list or mapping as a key"),
        ("a: &x [1]\n*x : 2\n", 2, 1, "alias as a key"),
        ("- !!set {a, b}: c\n", 1, 14, "list or mapping as a key"),
    ])
    func aKeyThatIsNotAScalarIsFound(text: String, line: Int, column: Int, what: String) throws {
        let key = try #require(ComplexKeys.first(in: text), "\(text)")
        #expect(key.line == line && key.column == column, "\(key) in \(text)")
        #expect(key.what.contains(what))
    }

    @Test(arguments: [
        "bindings:\n  - gesture: tap\n    command: [notify-send, \"what? ]: {x}: *y : z\", 'it''s ? ok']\n",
        "a: echo don't ? stop [x]: y\n",
        "# ? a comment\nkey: value # ? [a]: b\n",
        "script: |\n  ? not a key\n  [a]: b\nnext: *anchor\n",
        "a: &x [1, [2, {b: c}]]\nb: *x\nc: [*x, *x]\n",
        "evdev: [[0, 0, 3, 53, 200], [0, 0, 0, 0, 0]]\n",
        "{\"a\": [1, 2], \"b\": {\"c\": \"]: d\"}}\n",
        "--- \n%notadirective\n...\n",
    ])
    func textWithScalarKeysOnlyIsLeftToYAML(text: String) {
        #expect(ComplexKeys.first(in: text) == nil, "\(text)")
    }

    /// Every configuration, script and recording of the repository has scalar keys only.
    @Test func theRepositorysYAMLHasNone() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var checked = 0
        for folder in ["configs/bindings", "configs/synth", "Tests/Fixtures/bind", "Tests/Fixtures/import"] {
            let dir = root.appendingPathComponent(folder)
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasSuffix(".yaml") || name.hasSuffix(".yml") {
                let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
                #expect(ComplexKeys.first(in: text) == nil, "\(folder)/\(name)")
                checked += 1
            }
        }
        #expect(checked >= 12)
    }

    /// Two lists nested 22 deep, each given twice as a key, took Yams 12 s; 40 deep is
    /// refused at once, at the first of them.
    @Test func nestedListKeysGivenTwiceAreRefusedAtOnce() throws {
        func key(_ tail: String) -> String {
            var s = "x"
            for _ in 0..<40 { s = "[" + s + ",1]" }
            return "[" + s + "," + tail + "]"
        }
        let text = "{" + [key("a") + ": 1", key("a") + ": 2", key("b") + ": 1", key("b") + ": 2"].joined(separator: ", ") + "}\n"
        let started = Date()
        let error = #expect(throws: TactileError.self) {
            try YAMLDocument.compose(text, file: "t.yaml", kind: .badData)
        }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(error?.line == 1 && error?.column == 2 + key("a").utf8.count - 1, "\(error?.description ?? "")")
        #expect(error?.description.contains("a list or mapping as a key") == true, "\(error?.description ?? "")")
    }
}
