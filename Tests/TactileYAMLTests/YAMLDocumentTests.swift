import Tactile
import TactileYAML
import Testing
import Yams

/// Every YAML file Tactile reads fails the same way: the file, the line and column Yams
/// stopped at, and "not valid YAML" with Yams' words for the problem.
struct YAMLDocumentTests {
    func failure(_ text: String, kind: TactileError.Kind = .config, line: (Int) -> Int = { $0 }) -> TactileError? {
        do {
            _ = try YAMLDocument.compose(text, file: "t.yaml", kind: kind, line: line)
            return nil
        } catch {
            return error
        }
    }

    @Test func aDocumentGivesItsRootAndNothingGivesNil() throws {
        let root = try YAMLDocument.compose("steps: [tap]\n", file: "t.yaml", kind: .badData)
        #expect(root?["steps"]?.sequence?.count == 1)
        #expect(try YAMLDocument.compose("", file: "t.yaml", kind: .badData) == nil)
    }

    @Test func brokenYAMLNamesTheFileLineAndColumnWithTheKindAsked() throws {
        let e = try #require(failure("bindings: [{gesture: tap, command: [true]}\n"))
        #expect(e.kind == .config)
        #expect(e.description.hasPrefix("t.yaml:2:1: not valid YAML: "), "\(e.description)")
        #expect(failure("a: [\n", kind: .badData)?.kind == .badData)
    }

    @Test func theLineIsMappedToTheFilesWhenTheYAMLWasCutOut() throws {
        let e = try #require(failure("a: 1\nb: [\n", line: { $0 + 100 }))
        #expect(e.line.map { $0 > 100 } == true, "\(e.description)")
    }

    @Test func keysGivenTwiceAreNamed() throws {
        let e = try #require(failure("device: phone\ndevice: touchpad\n"))
        #expect(e.description.contains("not valid YAML: keys given twice: device"), "\(e.description)")
    }
}

/// What fuzz-bindings and fuzz-synth asked of every refusal: a line (and column), also for
/// the two problems Yams reports without one.
extension YAMLDocumentTests {
    @Test func aControlCharacterIsPlacedFromYamsOffset() throws {
        let e = try #require(failure("bindings:\n  - gesture: t\u{1}ap\n"))
        #expect(e.line == 2 && e.column == 15, "\(e.description)")
        #expect(e.description.contains("not valid YAML: control characters are not allowed"), "\(e.description)")
        let mapped = try #require(failure("a: 1\r\nb: \u{7}\n", line: { $0 + 10 }))
        #expect(mapped.line == 12 && mapped.column == 4, "\(mapped.description)")
    }

    @Test func keysGivenTwiceAreAtTheFirst() throws {
        let e = try #require(failure("steps: [tap]\ndevice: phone\ndevice: touchpad\n"))
        #expect(e.line == 2 && e.column == 1, "\(e.description)")
    }
}

/// A quote left open is named where it opens, not where YAML gave up below it (issue 47's
/// trial: fusuma's unclosed command quote was reported two lines on).
extension YAMLDocumentTests {
    @Test func aQuoteThatRunsOnIsNamedWhereItOpens() throws {
        let single = try #require(failure("left:\n  command: 'xdotool key alt+Left\nright:\n  command: 'xdotool key alt+Right'\n"))
        #expect(single.line == 2 && single.column == 12, "\(single.description)")
        #expect(single.description.contains("a ' that never closes on its line, so YAML reads on to line 4"), "\(single.description)")
        let double = try #require(failure("a:\n  - \"one\n  - two\nb: [\n"))
        #expect(double.line == 2 && double.column == 5, "\(double.description)")
        // A quoted value over lines, closed before the error, is not blamed; nor is `it's`.
        let over = try #require(failure("a: \"one\n  two\"\nb: it's\nc: [\n"))
        #expect(over.line == 5, "\(over.description)")
        #expect(!over.description.contains("never closes"), "\(over.description)")
    }
}
