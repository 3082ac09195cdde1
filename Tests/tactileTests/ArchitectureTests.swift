import Foundation
import Testing

/// docs/architecture.md's import table is the rule: every import in `Sources/<target>/`
/// must be one its row allows, and every target must have a row.
struct ArchitectureTests {
    static let doc = CommandTests.root.appendingPathComponent("docs/architecture.md")
    static let sources = CommandTests.root.appendingPathComponent("Sources")

    /// target → modules it may import, from the table's rows.
    static func allowed() throws -> [String: Set<String>] {
        let text = try String(contentsOf: doc, encoding: .utf8)
        var table: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0] != "target", !cells[0].hasPrefix("---") else { continue }
            let modules = cells[1] == "—" ? [] : cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            table[cells[0]] = Set(modules)
        }
        return table
    }

    /// Each import line of each Swift file under `Sources/<target>/`.
    static func imports(of target: String) throws -> [(file: String, module: String)] {
        let dir = sources.appendingPathComponent(target)
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let i = words.firstIndex(of: "import"), words[..<i].allSatisfy({ $0.hasPrefix("@") }),
                      i + 1 < words.count else { continue }
                found.append((target + "/" + file, String(words[i + 1])))
            }
        }
        return found
    }

    @Test func everyTargetHasARow() throws {
        let table = try Self.allowed()
        let targets = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
        #expect(!targets.isEmpty)
        for target in targets {
            #expect(table[target] != nil, "Sources/\(target) has no row in docs/architecture.md")
        }
    }

    @Test func sourcesImportOnlyWhatTheirRowAllows() throws {
        let table = try Self.allowed()
        #expect(table["Tactile"] == ["Glibc", "Darwin", "Musl"], "the core's row: \(table["Tactile"] ?? [])")
        var checked = 0
        for (target, modules) in table {
            for (file, module) in try Self.imports(of: target) {
                checked += 1
                #expect(modules.contains(module), "\(file) imports \(module), which \(target) may not (docs/architecture.md)")
            }
        }
        #expect(checked > 50, "found only \(checked) imports: the scan is not reading the sources")
    }
}
