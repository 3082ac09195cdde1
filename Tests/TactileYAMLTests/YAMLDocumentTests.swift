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
