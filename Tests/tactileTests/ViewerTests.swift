import Foundation
import Testing

/// `tactile view`'s page in headless Chromium: it loads with nothing on the console,
/// plays to the end through its Play button, highlights the lines happening at a time,
/// and draws each contact where the trace puts it.
struct ViewerTests {
    let cmd = CommandTests()
    static let recordings = CommandTests.recordings

    /// The page of Recordings/`name`.jsonl, written by `tactile view` into a scratch folder.
    func page(_ name: String, _ extra: [String] = []) throws -> (url: URL, html: String) {
        let url = cmd.scratch().appendingPathComponent("\(name).html")
        let r = try cmd.tactile(arguments: ["view", Self.recordings.appendingPathComponent("\(name).jsonl").path, "-o", url.path] + extra)
        #expect(r.status == 0, "\(r.stderr)")
        return (url, try String(contentsOf: url, encoding: .utf8))
    }

    /// The value of `attribute` in the first tag matching `prefix`.
    static func attribute(_ attribute: String, of prefix: String, in text: String) -> String? {
        guard let tag = text.range(of: prefix) else { return nil }
        let rest = text[tag.lowerBound...]
        guard let end = rest.firstIndex(of: ">"), let a = rest[..<end].range(of: " \(attribute)=\"") else { return nil }
        return String(rest[a.upperBound...].prefix { $0 != "\"" })
    }

    /// The colour the page gives contact `id` down at `t`: its track's `colour` in the
    /// page's scene JSON, an index into the palette the JSON carries (contacts down together
    /// never share one, so it is not the id's own).
    static func colour(of id: Int, at t: Double, in html: String) throws -> (Int, Int, Int) {
        let open = "<script type=\"application/json\" id=\"scene\">"
        let json = try #require(html.components(separatedBy: open).dropFirst().first?.components(separatedBy: "</script>").first)
        let scene = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let palette = try #require(scene["palette"] as? [String])
        let tracks = ((scene["devices"] as? [[String: Any]]) ?? []).flatMap { ($0["tracks"] as? [[String: Any]]) ?? [] }
        let track = try #require(tracks.first { track in
            let times = (track["t"] as? [Double]) ?? []
            return track["id"] as? Int == id && (times.first ?? .infinity) <= t && t <= (track["end"] as? Double ?? -1)
        }, "no track of contact \(id) at \(t)")
        let index = try #require(track["colour"] as? Int)
        return Palette.parse(palette[index])
    }

    /// The lines' `li` elements: index, classes, time, and the JSON line shown.
    static func lines(_ dom: String) -> [(i: Int, classes: Set<String>, t: Double, text: String)] {
        dom.components(separatedBy: "<li class=\"").dropFirst().map { item in
            let classes = Set(item.prefix { $0 != "\"" }.split(separator: " ").map(String.init))
            let i = Int(attribute("data-i", of: "\"", in: item) ?? "") ?? -1
            let t = Double(attribute("data-t", of: "\"", in: item) ?? "") ?? -1
            let code = item.components(separatedBy: "<code>").dropFirst().first?.components(separatedBy: "</code>").first ?? ""
            let text = code.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            return (i, classes, t, text)
        }
    }

    func expectedLines(_ name: String) throws -> [String] {
        try String(contentsOf: Self.recordings.appendingPathComponent("\(name).expected.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    @Test(arguments: PlotTests.traces)
    func thePageListsTheLinesRecognizeWrites(_ name: String) throws {
        let page = try page(name)
        let shown = Self.lines(page.html).map(\.text)
        let written = try cmd.tactile("recognize", "--json", Self.recordings.appendingPathComponent("\(name).jsonl").path)
        #expect(written.status == 0)
        #expect(shown == written.stdout.split(separator: "\n").map(String.init))
        #expect(!shown.isEmpty, "\(name): no lines")
        #expect(!page.html.contains("http://") || !page.html.contains("src=\"http"), "nothing is fetched")
        #expect(!page.html.contains("<script src") && !page.html.contains("<link"), "everything is inline")
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"), arguments: PlotTests.traces)
    func thePageLoadsQuietlyAndPlaysToTheEnd(_ name: String) throws {
        let page = try page(name)
        let start = try #require(Double(Self.attribute("min", of: "<input id=\"scrubber\"", in: page.html) ?? ""))
        let end = try #require(Double(Self.attribute("max", of: "<input id=\"scrubber\"", in: page.html) ?? ""))
        let speed = 8.0
        let budget = Int((end - start) / speed * 1000) + 2000
        let loaded = try Chromium.load(page.url.absoluteString + "?autoplay=1&speed=\(Int(speed))", budget: budget)
        #expect(loaded.console.isEmpty, "\(name): \(loaded.console)")
        #expect(Self.attribute("data-state", of: "<body", in: loaded.dom) == "ended", "\(name): \(loaded.dom.prefix(300))")
        let drawn = try #require(Double(Self.attribute("data-time", of: "<body", in: loaded.dom) ?? ""))
        #expect(abs(drawn - end) < 1e-6, "\(name): ended at \(drawn), not \(end)")
        // Without autoplay it waits, paused at the start.
        let idle = try Chromium.load(page.url.absoluteString, budget: 500)
        #expect(Self.attribute("data-state", of: "<body", in: idle.dom) == "paused")
        #expect(Double(Self.attribute("data-time", of: "<body", in: idle.dom) ?? "") == start)
    }

    /// What the spec says is happening at `t`: a began or changed line until the next line
    /// of its gesture on its device; an orientation until the next; anything else for 0.3 s.
    static func happening(at t: Double, in lines: [[String: Any]]) -> Set<Int> {
        var result = Set<Int>()
        for (i, line) in lines.enumerated() {
            let start = line["t"] as! Double
            var until = start + 0.3
            let sameKind = { (other: [String: Any]) in
                other["dev"] as! Int == line["dev"] as! Int
                    && (other["gesture"] as? String) == (line["gesture"] as? String)
                    && (other["orientation"] == nil) == (line["orientation"] == nil)
            }
            let next = lines[(i + 1)...].first(where: sameKind).map { $0["t"] as! Double }
            if line["orientation"] != nil {
                until = next ?? .infinity
            } else if ["began", "changed"].contains(line["state"] as! String), let next {
                until = next
            }
            if t >= start && t < until { result.insert(i) }
        }
        return result
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"),
          arguments: ["tap", "pinch-rotate", "accelerometer-turn", "peek-pop"])
    func theLinesHappeningAreHighlighted(_ name: String) throws {
        let page = try page(name)
        let lines = try expectedLines(name).map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        let times = Array(Set(lines.map { $0["t"] as! Double })).sorted()
        // Between line times (where nothing is on the edge), spread over the recording,
        // and just before the first line, where nothing has happened yet.
        var chosen = [times[0] - 0.01]
        for k in [1, 3, 2] {
            let i = min(times.count - 1, times.count * k / 4)
            chosen.append(i + 1 < times.count ? (times[i] + times[i + 1]) / 2 : times[i] + 0.1)
        }
        for t in chosen {
            let loaded = try Chromium.load(page.url.absoluteString + "?t=\(t)", budget: 300)
            #expect(loaded.console.isEmpty, "\(loaded.console)")
            let active = Set(Self.lines(loaded.dom).filter { $0.classes.contains("active") }.map(\.i))
            let past = Self.lines(loaded.dom).filter { $0.classes.contains("past") }.count
            #expect(active == Self.happening(at: t, in: lines), "\(name) at \(t): \(active.sorted())")
            #expect(past == lines.filter { ($0["t"] as! Double) <= t }.count, "\(name) at \(t)")
        }
    }

    @Test func aWindowKeepsTheLinesInside() throws {
        let page = try page("pinch-rotate", ["--from", "0.5", "--to", "0.9"])
        #expect(Self.attribute("min", of: "<input id=\"scrubber\"", in: page.html) == "0.5")
        #expect(Self.attribute("max", of: "<input id=\"scrubber\"", in: page.html) == "0.9")
        let inside = try expectedLines("pinch-rotate").filter {
            let t = (try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any])["t"] as! Double
            return t >= 0.5 && t <= 0.9
        }
        #expect(!inside.isEmpty)
        #expect(Self.lines(page.html).map(\.text) == inside)
    }

    /// A screenshot at a time shows each contact of the frame at that time in its colour
    /// at its place (the surface's origin on the page and its scale, from the DOM), and
    /// the same pixels show the bare surface at a time when the contacts were elsewhere.
    @Test(.enabled(if: Chromium.available && Chromium.pillow, "needs Debian's chromium and python3-pil (make test-deps)"),
          arguments: [("pinch-rotate", 1.0, 0.1), ("swipe-3finger-up-touchpad", 0.2, 0.104), ("tap.evdev", 0.15, 1.0)])
    func contactsAreDrawnWhereTheTracePutsThem(_ name: String, _ t: Double, _ elsewhere: Double) throws {
        let page = try page(name)
        let frames = try cmd.tactile("frames", Self.recordings.appendingPathComponent("\(name).jsonl").path).stdout
            .split(separator: "\n").dropFirst().map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        func contacts(at t: Double) -> [(id: Int, x: Double, y: Double)] {
            let frame = frames.last { ($0["t"] as! Double) <= t }
            return ((frame?["touches"] as? [[String: Any]]) ?? []).map { ($0["id"] as! Int, $0["x"] as! Double, $0["y"] as! Double) }
        }
        let now = contacts(at: t), then = contacts(at: elsewhere)
        try #require(!now.isEmpty)
        let url = page.url.absoluteString + "?t=\(t)"
        let dom = try Chromium.load(url).dom
        let left = try #require(Double(Self.attribute("data-left", of: "<svg class=\"surface\"", in: dom) ?? ""))
        let top = try #require(Double(Self.attribute("data-top", of: "<svg class=\"surface\"", in: dom) ?? ""))
        let scale = try #require(Double(Self.attribute("data-px-per-mm", of: "<svg class=\"surface\"", in: dom) ?? ""))
        let points = now.map { (Int((left + $0.x * scale).rounded()), Int((top + $0.y * scale).rounded())) }

        let png = cmd.scratch().appendingPathComponent("\(name).png")
        #expect(try Chromium.screenshot(url, to: png).isEmpty)
        for (contact, seen) in zip(now, try Chromium.pixels(png, at: points)) {
            let colour = try Self.colour(of: contact.id, at: t, in: page.html)
            #expect(Palette.near(seen, colour), "\(name) at \(t): contact \(contact.id) at (\(contact.x), \(contact.y)) mm shows \(seen), not \(colour)")
        }
        // Where the contacts were not: every contact then at least 8 mm from those now.
        try #require(then.allSatisfy { a in now.allSatisfy { b in (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y) > 64 } })
        let before = cmd.scratch().appendingPathComponent("\(name)-elsewhere.png")
        #expect(try Chromium.screenshot(page.url.absoluteString + "?t=\(elsewhere)", to: before).isEmpty)
        for seen in try Chromium.pixels(before, at: points) {
            #expect(Palette.near(seen, (0xf7, 0xf7, 0xf4), tolerance: 6), "\(name) at \(elsewhere): \(seen), not the bare surface")
        }
    }
}
