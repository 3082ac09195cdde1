import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// `tactile plot`: well-formed SVG for every recording, goldens a person has looked at,
/// and Chromium drawing the contacts where the trace puts them.
struct PlotTests {
    let cmd = CommandTests()
    static let recordings = CommandTests.recordings
    /// Reviewed by eye when written (`make recordings`), as PNGs rendered by Chromium.
    static let goldens = ["pinch-rotate", "swipe-3finger-up-touchpad", "accelerometer-turn"]
    /// Every trace in Recordings/ (not the expected lines or frames beside them).
    static let traces: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: recordings.path)) ?? [])
        .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") && !$0.hasSuffix(".frames.jsonl") }
        .map { String($0.dropLast(".jsonl".count)) }.sorted()

    func plot(_ name: String, _ extra: [String] = []) throws -> String {
        let r = try cmd.tactile(arguments: ["plot", Self.recordings.appendingPathComponent("\(name).jsonl").path] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "\(r.stderr)")
        return r.stdout
    }

    @Test(arguments: goldens)
    func plotIsItsReviewedGolden(_ name: String) throws {
        let svg = try plot(name)
        let golden = Self.recordings.appendingPathComponent("\(name).plot.svg")
        let expected = try String(contentsOf: golden, encoding: .utf8)
        if svg != expected {
            let actual = cmd.scratch().appendingPathComponent("\(name).plot.svg")
            try svg.write(to: actual, atomically: true, encoding: .utf8)
            Issue.record("\(name): the plot differs from \(golden.path) (written to \(actual.path)); if the change is right, look at it and run make recordings")
        }
    }

    @Test(arguments: traces)
    func plotIsWellFormedXMLWithAPanelPerDevice(_ name: String) throws {
        let svg = try plot(name)
        let found = try SVGElements(svg)
        let header = try String(contentsOf: Self.recordings.appendingPathComponent("\(name).jsonl"), encoding: .utf8)
            .prefix { $0 != "\n" }
        let devices = try #require((try JSONSerialization.jsonObject(with: Data(header.utf8)) as? [String: Any])?["devices"] as? [Any]).count
        #expect(devices > 0)
        #expect(found.elements.first?.name == "svg")
        #expect(found.elements.filter { $0.attributes["class"] == "panel" }.count == devices)
    }

    @Test func aWindowDrawsOnlyWhatIsInside() throws {
        let whole = try SVGElements(plot("pinch-rotate"))
        let window = try SVGElements(plot("pinch-rotate", ["--from", "0.5", "--to", "0.9"]))
        let gestureTimes = window.elements.filter { $0.attributes["class"] == "gesture" }.compactMap { Double($0.attributes["data-t"] ?? "") }
        #expect(!gestureTimes.isEmpty)
        #expect(gestureTimes.allSatisfy { $0 >= 0.5 && $0 <= 0.9 }, "\(gestureTimes)")
        // The same two contacts, on shorter paths.
        func pathLength(_ e: SVGElements) -> Int {
            e.elements.filter { $0.name == "polyline" }.map { ($0.attributes["points"] ?? "").split(separator: " ").count }.reduce(0, +)
        }
        #expect(pathLength(window) > 10 && pathLength(window) < pathLength(whole) / 2)
        #expect(try plot("pinch-rotate", ["--from", "0.5", "--to", "0.9"]).contains("0.5 s to 0.9 s"))
    }

    @Test func aWindowBackwardsIsAUsageError() throws {
        let r = try cmd.tactile("plot", Self.recordings.appendingPathComponent("tap.jsonl").path, "--from", "2", "--to", "1")
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr.contains("--from (2.0) is after --to (1.0)"), "\(r.stderr)")
    }

    @Test(arguments: ["plot", "view"])
    func badInputLeavesNoPictureAndNamesTheLine(_ command: String) throws {
        let input = try cmd.file(CommandTests.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1,"y":1}]}"# + "\n{\"t\":0.2,\"dev\":0,\"touches\":[{\n")
        let output = cmd.scratch().appendingPathComponent("out.svg").path
        let r = try cmd.tactile(command, input, "-o", output)
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("tactile: \(input):3:"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Chromium renders each golden to PNG, and a contact's path is drawn where the trace
    /// puts it: the pixel at a frame's contact, placed by the surface's origin and scale
    /// in the SVG, has that contact's colour (or a tick's ink over it).
    @Test(.enabled(if: Chromium.available && Chromium.pillow, "needs Debian's chromium and python3-pil (make test-deps)"), arguments: goldens)
    func chromiumDrawsPathsWhereTheTracePutsThem(_ name: String) throws {
        let dir = cmd.scratch()
        let svgFile = dir.appendingPathComponent("\(name).svg")
        let svg = try plot(name)
        try svg.write(to: svgFile, atomically: true, encoding: .utf8)
        let found = try SVGElements(svg)
        let root = try #require(found.elements.first)
        let height = Int(Double(root.attributes["height"] ?? "") ?? 0)
        let png = dir.appendingPathComponent("\(name).png")
        let console = try Chromium.screenshot(svgFile.absoluteString, to: png, window: (760, height))
        #expect(console.isEmpty, "\(console)")
        #expect(try Chromium.inkedPixels(png) > 2000, "the picture is drawn")

        if let surface = found.elements.first(where: { $0.attributes["class"] == "surface" }) {
            let x0 = Double(surface.attributes["x"]!)!, y0 = Double(surface.attributes["y"]!)!
            let mmPerPx = Double(surface.attributes["data-mm-per-px"]!)!
            // Contacts of a frame halfway through, from `tactile frames`.
            let frames = try cmd.tactile("frames", Self.recordings.appendingPathComponent("\(name).jsonl").path).stdout
                .split(separator: "\n").dropFirst().compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .filter { ($0["touches"] as? [Any])?.isEmpty == false }
            let frame = try #require(frames.dropFirst(frames.count / 2).first)
            for touch in frame["touches"] as! [[String: Any]] {
                let id = touch["id"] as! Int, x = touch["x"] as! Double, y = touch["y"] as! Double
                let px = Int((x0 + x / mmPerPx).rounded()), py = Int((y0 + y / mmPerPx).rounded())
                // The colour its path is drawn in (a contact group's polyline): contacts down
                // together never share one, so it is not the id's own.
                let colours = found.elements.indices.filter {
                    found.elements[$0].attributes["class"] == "contact" && found.elements[$0].attributes["data-id"] == "\(id)"
                }.compactMap { i in found.elements[(i + 1)...].first { $0.name == "polyline" }?.attributes["stroke"] }.map(Palette.parse)
                try #require(!colours.isEmpty, "\(name): no path of contact \(id)")
                var around: [(Int, Int)] = []
                for dx in -2...2 { for dy in -2...2 { around.append((px + dx, py + dy)) } }
                let seen = try Chromium.pixels(png, at: around)
                #expect(seen.contains { s in colours.contains { Palette.near(s, $0) } },
                        "\(name): contact \(id) at (\(x), \(y)) mm = (\(px), \(py)) px shows \(seen.prefix(3)), not \(colours)")
            }
        }
        // Each orientation decided is a band of its colour.
        for band in found.elements where band.attributes["class"] == "orientation" {
            let x = Double(band.attributes["x"]!)! + Double(band.attributes["width"]!)! - 6
            let y = Double(band.attributes["y"]!)! + 4
            let fill = Palette.parse(band.attributes["fill"]!)
            let seen = try Chromium.pixels(png, at: [(Int(x), Int(y))])
            #expect(Palette.near(seen[0], fill), "band at \(x),\(y): \(seen[0]) not \(fill)")
        }
    }
}

/// Colours for pixel checks, as the pictures write them (`#rrggbb`).
enum Palette {
    static func parse(_ hex: String) -> (Int, Int, Int) {
        let v = Int(hex.dropFirst(), radix: 16)!
        return ((v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff)
    }

    static func near(_ a: (r: Int, g: Int, b: Int), _ b: (Int, Int, Int), tolerance: Int = 24) -> Bool {
        abs(a.r - b.0) <= tolerance && abs(a.g - b.1) <= tolerance && abs(a.b - b.2) <= tolerance
    }
}

/// The elements of an XML document, in document order, parsed by Foundation's XMLParser
/// (which fails on anything not well-formed).
struct SVGElements {
    struct Element {
        var name: String
        var attributes: [String: String]
    }

    var elements: [Element] = []

    init(_ text: String) throws {
        let parser = XMLParser(data: Data(text.utf8))
        let collector = Collector()
        parser.delegate = collector
        guard parser.parse() else {
            throw Chromium.Failure("not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "?") at line \(parser.lineNumber)")
        }
        elements = collector.elements
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [Element] = []
        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            elements.append(Element(name: name, attributes: attributes))
        }
    }
}
