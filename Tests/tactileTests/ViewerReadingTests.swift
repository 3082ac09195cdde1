import Foundation
import Testing

/// `tactile view` as a person reads it: each line in words (the JSON one click away),
/// `changed` lines hidden by one control, gesture labels of one screen size on a small and
/// a large surface, and a ruler in mm.
struct ViewerReadingTests {
    let viewer = ViewerTests()

    @Test func eachLineReadsAsWordsWithItsJSONOneClickAway() throws {
        let page = try viewer.page("double-tap")
        let item = try #require(page.html.components(separatedBy: "<li class=\"line\"").dropFirst().first)
        #expect(item.contains(#"<span class="words"><b>tap</b> recognized · 1 finger · taps 2</span>"#), "\(item)")
        #expect(item.contains("<details><summary>JSON</summary><code>"))
        // Values rounded to what the hardware can mean, not float noise.
        let pan = try viewer.page("pan-slow").html
        let words = pan.components(separatedBy: #"<span class="words">"#).dropFirst().map { $0.components(separatedBy: "</span>")[0] }
        #expect(!words.isEmpty && words.allSatisfy { !$0.contains("99999") && !$0.contains("00000") }, "\(words.prefix(3))")
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"))
    func oneControlHidesTheChangedLines() throws {
        let page = try viewer.page("pinch-rotate")
        let shown = ViewerTests.lines(try Chromium.load(page.url.absoluteString).dom)
        let hidden = ViewerTests.lines(try Chromium.load(page.url.absoluteString + "?hideChanged=1").dom)
        let changed = shown.filter { $0.classes.contains("changed") }
        #expect(changed.count > 100 && !changed.contains { $0.classes.contains("hidden") })
        #expect(hidden.filter { $0.classes.contains("changed") }.allSatisfy { $0.classes.contains("hidden") })
        #expect(hidden.filter { !$0.classes.contains("changed") }.allSatisfy { !$0.classes.contains("hidden") })
        #expect(page.html.contains(#"<input id="hide-changed" type="checkbox">"#))
    }

    /// The gesture labels on the page at `t`: their font size in mm times the surface's
    /// pixels per mm, that is, in screen pixels.
    func labelPixels(_ path: String, at t: Double) throws -> [Double] {
        let url = viewer.cmd.scratch().appendingPathComponent("page.html")
        let r = try viewer.cmd.tactile("view", path, "-o", url.path)
        #expect(r.status == 0, "\(r.stderr)")
        let dom = try Chromium.load(url.absoluteString + "?t=\(t)").dom
        let scale = try #require(Double(ViewerTests.attribute("data-px-per-mm", of: "<svg class=\"surface\"", in: dom) ?? ""))
        let marks = dom.components(separatedBy: "<g class=\"marks\">").dropFirst().first?.components(separatedBy: "</g>").first ?? ""
        return marks.components(separatedBy: "<text ").dropFirst().compactMap { tag in
            Double(ViewerTests.attribute("font-size", of: "<text", in: "<text " + tag) ?? "").map { $0 * scale }
        }
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"),
          .enabled(if: FileManager.default.fileExists(atPath: CommandTests.shared.appendingPathComponent("freedesktop-evemu_3m.event").path),
                   "needs ../shared/recordings (the 3M recording)"))
    func labelsAreOneScreenSizeOnASmallAndALargeSurfaceWithARuler() throws {
        // A 155 × 87 mm screen and a 250 × 250 mm one, each while a gesture is named.
        let small = try labelPixels(CommandTests.recordings.appendingPathComponent("pinch-rotate.jsonl").path, at: 0.45)
        let large = try labelPixels(CommandTests.shared.appendingPathComponent("freedesktop-evemu_3m.event").path, at: 4.45)
        #expect(!small.isEmpty && !large.isEmpty)
        for px in small + large { #expect(abs(px - 12) < 0.05, "a label of \(px) px") }
        // The ruler: ticks at least 60 screen pixels apart, named in mm.
        let page = try viewer.page("pinch-rotate")
        let step = try #require(Double(ViewerTests.attribute("data-step-mm", of: "<g class=\"ruler\"", in: page.html) ?? ""))
        let scale = try #require(Double(ViewerTests.attribute("data-px-per-mm", of: "<svg class=\"surface\"", in: page.html) ?? ""))
        #expect(step * scale >= 60 && step * scale < 150, "\(step) mm at \(scale) px/mm")
        #expect(page.html.contains(">mm</text>"))
    }
}
