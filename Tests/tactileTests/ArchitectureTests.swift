import Foundation
import Tactile
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
        #expect(table["Tactile"] == ["TactileJSON", "Glibc", "Darwin", "Musl"], "the core's row: \(table["Tactile"] ?? [])")
        #expect(table["TactileJSON"] == ["Glibc", "Darwin", "Musl"], "the JSON row: \(table["TactileJSON"] ?? [])")
        var checked = 0
        for (target, modules) in table {
            for (file, module) in try Self.imports(of: target) {
                checked += 1
                #expect(modules.contains(module), "\(file) imports \(module), which \(target) may not (docs/architecture.md)")
            }
        }
        #expect(checked > 50, "found only \(checked) imports: the scan is not reading the sources")
    }

    /// A gesture is described once (issue #30): only `GestureEvent.swift` (its kind, detail,
    /// line, words, figure and amount) and `RecognizerSet.swift` (where its recognizers are
    /// kept) name every gesture in `case` labels. Bindings, pictures and the line reader go
    /// by a gesture's traits, so a new recognizer touches those two files and
    /// `GestureSettings.swift` (for its thresholds) besides its own: an exhaustive switch
    /// anywhere else would be a fourth, and fails here.
    @Test func onlyTwoFilesNameEveryGesture() throws {
        let kinds = Set(GestureKind.allCases.map(\.rawValue))
        let caseLabel = try NSRegularExpression(pattern: #"case\s+((?:\.\w+(?:\([^)]*\))?\s*,\s*)*\.\w+)"#)
        let name = try NSRegularExpression(pattern: #"\.(\w+)"#)
        var listing: [String] = []
        var scanned = 0
        for folder in ["Sources", "Examples/Sources", "tools"] {
            let dir = CommandTests.root.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: dir.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                scanned += 1
                var named = Set<String>()
                for m in caseLabel.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let labels = String(text[Range(m.range(at: 1), in: text)!])
                    for n in name.matches(in: labels, range: NSRange(labels.startIndex..., in: labels)) {
                        named.insert(String(labels[Range(n.range(at: 1), in: labels)!]))
                    }
                }
                if kinds.isSubset(of: named) { listing.append(folder + "/" + file) }
            }
        }
        #expect(scanned > 100, "scanned only \(scanned) files: the scan is not reading the sources")
        #expect(listing.sorted() == ["Sources/Tactile/Recognition/GestureEvent.swift", "Sources/Tactile/Recognition/RecognizerSet.swift"],
                "files that name every gesture in a switch: \(listing.sorted())")
    }
}
