import Foundation
import Tactile
import TactileBindings
import Testing

/// What fuzz-bindings and fuzz-import found, and what reading them for it found, each
/// refused with the file and where, as any bad configuration is: never a trap, a hang or
/// a stack overflow.
struct HostileTextTests {
    /// A line that starts with its colon has the empty key: ForeignConfig took the part
    /// before the colon of every such line, and there was none (fuzz-bindings, fuzz-import).
    @Test func aLineThatStartsWithAColon() throws {
        #expect(ForeignConfig.detect(":\n") == nil)
        #expect(ForeignConfig.detect("swipe:\n:\n") == .fusuma)
        let error = #expect(throws: TactileError.self) { try BindingConfig.parse(":\nbindings: []\n", file: "c.yaml") }
        #expect(error?.kind == .config && error?.line != nil, "\(error?.description ?? "")")
        #expect(throws: TactileError.self) { try BindingImport.translate(":", file: "x.conf") }
    }

    /// A vertical tab or form feed in a file is no line break: `Character.isNewline` took
    /// them for one, and a refusal named line 16 of a 14-line file (fuzz-import).
    @Test func aVerticalTabIsNoLineBreak() throws {
        let text = "# notes\u{0B}more\u{0C}still\nswipe:\n  3:\n    left:\n      command: true\nswoop: x\n"
        let guess = try #require(ForeignConfig.guess("# a\u{0B}b\nswoop: x\n"))
        #expect(guess.line == 2, "\(guess)")
        #expect(ForeignConfig.detect(text) == .fusuma)
        do {
            _ = try BindingImport.translate(text, file: "x.yml")
        } catch {
            #expect(error.line.map { $0 <= 7 } ?? true, "\(error)")
        }
        let (line, _) = try #require(Self.refusalLine("libinput-gestures.conf", "gesture swipe up 3 a\u{0B}b\nbogus x\n"))
        #expect(line == 2)
        // Windows line ends: CR LF is one Character, and still one line break.
        let (xml, error) = try #require(Self.refusalLine("touchegg.conf", "<touchégg>\r\n<settings>\r\n</nope>\r\n"))
        #expect(xml == 3, "\(error)")
    }

    /// The line a refusal of `text` names, and the error.
    static func refusalLine(_ file: String, _ text: String) -> (Int, TactileError)? {
        do {
            _ = try BindingImport.translate(text, file: file)
            return nil
        } catch {
            return error.line.map { ($0, error) }
        }
    }

    /// `fingers: 1:1:...`: YAML 1.1's base 60, which Yams' `Node.int` reads and overflowed.
    @Test func fingersInBase60() throws {
        let text = "bindings:\n  - gesture: tap\n    fingers: 1:1:1:1:1:1:1:1:1:1:1:1\n    command: [true]\n"
        let error = #expect(throws: TactileError.self) { try BindingConfig.parse(text, file: "c.yaml") }
        #expect(error?.description.hasPrefix("c.yaml:3:14: fingers must be a number") == true, "\(error?.description ?? "")")
        let three = try BindingConfig.parse("bindings:\n  - {gesture: tap, fingers: 3, command: [true]}\n", file: "c.yaml")
        if case .gesture(let t) = three.bindings.first?.trigger { #expect(t.fingers == FingerRange(lower: 3, upper: 3)) } else { Issue.record("no tap") }
    }

    /// touchégg's XML nested without end: the import's tree overflowed the stack (4 MiB of
    /// `<a>`, which `bind import` reads); elements nest at most 64 deep.
    @Test func xmlNestedWithoutEnd() throws {
        for closed in [false, true] {
            let n = 200_000
            let text = "<touchegg>" + String(repeating: "<a>", count: n) + (closed ? String(repeating: "</a>", count: n) : "") + "</touchegg>\n"
            let error = #expect(throws: TactileError.self) { try BindingImport.translate(text, file: "t.conf") }
            #expect(error?.description.contains("nested more than 64 deep") == true, "\(error?.description ?? "")")
        }
        let shallow = "<touchegg><application name=\"All\"><gesture type=\"TAP\" fingers=\"2\"><action type=\"MOUSE_CLICK\"><button>3</button></action></gesture></application></touchegg>"
        #expect(try BindingImport.translate(shallow, file: "t.conf").bindings.count == 1)
    }

    /// fusuma's YAML with keys that are lists, each given twice: Yams' time doubled with each
    /// level of nesting (ComplexKeys), so they are refused at once.
    @Test func fusumaWithNestedListKeys() throws {
        var key = "x"
        for _ in 0..<40 { key = "[" + key + ",1]" }
        let text = "swipe:\n  {\(key): 1, \(key): 2}: x\n"
        let started = Date()
        let error = #expect(throws: TactileError.self) { try BindingImport.translate(text, file: "f.yml") }
        #expect(Date().timeIntervalSince(started) < 1)
        #expect(error?.kind == .badData && error?.line == 2, "\(error?.description ?? "")")
    }
}
