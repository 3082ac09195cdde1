import Foundation
import Testing

/// Every figure in docs/performance.md, docs/robustness.md and docs/orientation.md comes from a command of this
/// repository, named beside it: a table of figures stands in a block that the command
/// named in its marker writes (`tools/write-doc-block`), or, for a table of checked
/// behaviour, each row names the test that checks it.
struct DocFiguresTests {
    static let root = CommandTests.root

    /// A number with a unit of measure: the mark of a measured figure.
    static let figure = try! NSRegularExpression(
        pattern: #"\d[\d,.\x{202F} ]*\s?(M |k )?(frames/s|samples/s|lines/s|MB/s|MiB|GiB|KiB|MB\b|ms\b|µs\b|s\b|×|%|executions|instructions|edges)"#)

    struct Table {
        var line: Int
        var rows: [String]
        /// The command of the block it stands in, if any.
        var writtenBy: String?
        /// The name of that block.
        var block: String?
    }

    /// The tables of a Markdown document, each with the block it stands in.
    static func tables(_ text: String) -> [Table] {
        var tables: [Table] = []
        var block: (name: String, command: String)?
        var current: Table?
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("|") {
                if current == nil { current = Table(line: n + 1, rows: [], writtenBy: block?.command, block: block?.name) }
                current!.rows.append(String(line))
                continue
            }
            if let t = current { tables.append(t); current = nil }
            if line.hasPrefix("<!-- begin "), let by = line.range(of: ": written by ") {
                let name = String(line[line.index(line.startIndex, offsetBy: "<!-- begin ".count)..<by.lowerBound])
                block = (name, String(line[by.upperBound...].dropLast(" -->".count)))
            } else if line.hasPrefix("<!-- end ") {
                block = nil
            }
        }
        if let t = current { tables.append(t) }
        return tables
    }

    static func hasFigure(_ row: String) -> Bool {
        figure.firstMatch(in: row, range: NSRange(row.startIndex..., in: row)) != nil
    }

    /// The command exists here: a make target of the Makefile, an executable under tools/,
    /// or `swift run [-c release] NAME` of an executable target of Package.swift.
    static func exists(_ command: String) throws -> Bool {
        let words = command.split(separator: " ")
        guard let first = words.first else { return false }
        if first == "swift", words.count > 1, words[1] == "run" {
            guard let name = words.dropFirst(2).first(where: { !$0.hasPrefix("-") && $0 != "release" }) else { return false }
            let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
            return package.contains("name: \"\(name)\"")
        }
        if first == "make", words.count > 1 {
            let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
            return makefile.split(separator: "\n").contains { $0.hasPrefix("\(words[1]):") }
        }
        return FileManager.default.isExecutableFile(atPath: root.appendingPathComponent(String(first)).path)
    }

    /// The test names a row cites (`Suite.test` in backticks, `…` for a prefix), and
    /// whether each is a function in Tests/.
    static func citedTestsExist(_ row: String, in sources: String) -> Bool {
        let cited = row.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.contains(".") && !$0.contains(" ") && !$0.contains("/") }
        guard !cited.isEmpty else { return false }
        return cited.allSatisfy { name in
            let function = String(name.split(separator: ".").last!).replacingOccurrences(of: "…", with: "")
            return sources.contains("func \(function)")
        }
    }

    static let testSources: String = {
        let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        var text = ""
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "swift" { text += (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        }
        return text
    }()

    @Test(arguments: ["docs/performance.md", "docs/robustness.md", "docs/orientation.md"])
    func everyTableOfFiguresNamesTheCommandThatWritesIt(_ doc: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
        let tables = Self.tables(text)
        #expect(!tables.isEmpty)
        for table in tables {
            let dataRows = table.rows.dropFirst(2)
            if let command = table.writtenBy {
                #expect(try Self.exists(command), "\(doc):\(table.line): written by '\(command)', which this repository does not have")
                #expect(!dataRows.isEmpty, "\(doc):\(table.line): the block is empty")
                continue
            }
            for row in dataRows where Self.hasFigure(row) {
                #expect(Self.citedTestsExist(row, in: Self.testSources),
                        "\(doc):\(table.line): a figure with no command beside it: \(row.prefix(120))")
            }
        }
    }

    /// Every block of generated figures holds a table: the command has been run.
    @Test(arguments: ["docs/performance.md", "docs/robustness.md", "docs/orientation.md"])
    func everyBlockHasBeenWritten(_ doc: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(doc), encoding: .utf8)
        let begins = text.components(separatedBy: "\n<!-- begin ").count - 1
        let written = Set(Self.tables(text).compactMap(\.block))
        #expect(begins > 0)
        #expect(written.count == begins, "\(doc): \(begins) blocks, \(written.count) written")
    }

    /// The check can fail: a figure outside a block, a block naming a command that is not
    /// here, and a row citing a test that does not exist are each caught.
    @Test func theCheckCatchesWhatItShould() throws {
        let loose = Self.tables("text\n\n| measure | result |\n|---|---|\n| speed | 5.2 M frames/s |\n")
        #expect(loose.count == 1 && loose[0].writtenBy == nil && Self.hasFigure(loose[0].rows[2]))
        let blocked = Self.tables("<!-- begin x: written by tools/no-such-tool -->\n| a | b |\n|---|---|\n| c | 3 ms |\n<!-- end x -->\n")
        #expect(blocked[0].writtenBy == "tools/no-such-tool")
        #expect(try !Self.exists("tools/no-such-tool") && Self.exists("tools/memory-check") && Self.exists("make bench"))
        #expect(try Self.exists("swift run -c release orientation-lab report") && !Self.exists("swift run -c release no-such-lab"))
        #expect(!Self.citedTestsExist("| x | 3 ms | `NoSuite.noSuchTest` |", in: Self.testSources))
        #expect(Self.citedTestsExist("| x | 3 ms | `DocFiguresTests.theCheckCatchesWhatItShould` |", in: Self.testSources))
        #expect(!Self.hasFigure("| `fuzz-gestures` | random touch frames (up to 16 contacts) |"))
    }
}
