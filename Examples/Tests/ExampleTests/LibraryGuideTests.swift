import Foundation
import Testing

/// docs/library.md's code is the examples' code, so it compiles on the public API: each
/// ```swift block follows an `<!-- excerpt NAME -->` and is, line for line, what an
/// example holds between `// docs:begin NAME` and `// docs:end NAME` (indentation removed).
@Suite struct LibraryGuideTests {
    static let guide = Example.root.deletingLastPathComponent().appendingPathComponent("docs/library.md")

    /// Every marked excerpt in the examples' sources, by name.
    static func excerpts() throws -> [String: String] {
        var found: [String: String] = [:]
        let urls = ["Sources", "Tests"].flatMap { folder in
            FileManager.default.enumerator(at: Example.root.appendingPathComponent(folder), includingPropertiesForKeys: nil)!
                .compactMap { $0 as? URL }
        } + [Example.root.appendingPathComponent("Package.swift")]
        for url in urls where url.pathExtension == "swift" {
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
                    #expect(found[n] == nil, "two excerpts named \(n)")
                    found[n] = body.map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
                    name = nil
                } else if name != nil {
                    body.append(line)
                }
            }
        }
        return found
    }

    @Test func everyCodeBlockIsAnExampleExcerptLineForLine() throws {
        #expect(try Self.check(Self.guide, every: true) >= 8)
    }

    /// docs/testing.md's Swift blocks are the examples' tests, line for line (its other
    /// blocks are files, which the main package's TestingGuideTests compares).
    @Test func theTestingGuidesSwiftIsAnExampleTestLineForLine() throws {
        let testing = Example.root.deletingLastPathComponent().appendingPathComponent("docs/testing.md")
        #expect(try Self.check(testing, every: false) >= 1)
    }

    /// Checks each ```swift block of `doc` against the excerpt it names; with `every`, a
    /// block that names none is an error. How many blocks were checked.
    static func check(_ doc: URL, every: Bool) throws -> Int {
        let excerpts = try Self.excerpts()
        let lines = try String(contentsOf: doc, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let name = doc.lastPathComponent
        var blocks = 0
        for (i, line) in lines.enumerated() where line.hasPrefix("```swift") {
            let marker = i > 0 ? lines[i - 1].trimmingCharacters(in: .whitespaces) : ""
            guard marker.hasPrefix("<!-- excerpt "), marker.hasSuffix(" -->") else {
                if every { Issue.record("docs/\(name):\(i + 1): a code block that is not an excerpt of an example") }
                continue
            }
            blocks += 1
            let excerpt = String(marker.dropFirst("<!-- excerpt ".count).dropLast(" -->".count))
            let end = lines[(i + 1)...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "```" }!
            guard let source = excerpts[excerpt] else {
                Issue.record("docs/\(name):\(i + 1): no example marks an excerpt '\(excerpt)'")
                continue
            }
            // The guide may indent a block inside a list item; compare without that indent.
            let indent = lines[(i + 1)..<end].filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let text = lines[(i + 1)..<end].map { String($0.dropFirst(min(indent, $0.count))) }.joined(separator: "\n")
            #expect(text == source, "docs/\(name):\(i + 1): excerpt '\(excerpt)' differs from the example's code")
        }
        return blocks
    }

    @Test func theExamplesUsePublicAPIAlone() throws {
        let sources = Example.root.appendingPathComponent("Sources")
        for case let url as URL in FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for attribute in ["@testable", "@_spi", "@_implementationOnly", "@_private"] {
                #expect(!text.contains(attribute), "\(url.lastPathComponent) uses \(attribute)")
            }
        }
        let manifest = try String(contentsOf: Example.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(".treatAllWarnings(as: .error)"))
        #expect(!manifest.contains("unsafeFlags"))
    }
}
