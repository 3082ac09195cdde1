import Foundation
import Testing

/// `tactile plot`'s labels as Chromium lays them out: no two labels cover each other (from
/// each text's box, `getBBox`), on a recording dense with contacts; a size that was
/// assumed says so; and the orientation band has one label per orientation held.
struct PlotLabelTests {
    let cmd = CommandTests()

    /// The labels of `svg` as Chromium lays them out, and the pairs that overlap.
    func layout(_ svg: String) throws -> (labels: Int, overlaps: [String]) {
        let body = svg.replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: "")
        let page = """
            <!doctype html><html><body>\(body)<pre id="result"></pre><script>
            const texts = [...document.querySelectorAll('text.start-label, g.labels text, text.orientation-label')];
            const boxes = texts.map(t => { const b = t.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height, s: t.textContent}; });
            const over = [];
            for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
              const a = boxes[i], b = boxes[j];
              if (a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5) over.push(a.s + ' / ' + b.s);
            }
            document.getElementById('result').textContent = JSON.stringify({labels: boxes.length, overlaps: over});
            </script></body></html>
            """
        let file = cmd.scratch().appendingPathComponent("labels.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let dom = try Chromium.load(file.absoluteString).dom
        let json = try #require(dom.range(of: #"<pre id="result">"#).map { String(dom[$0.upperBound...].prefix { $0 != "<" }) })
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "&quot;", with: "\"").utf8)) as? [String: Any])
        return (result["labels"] as? Int ?? 0, result["overlaps"] as? [String] ?? ["unreadable"])
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make deps)"),
          .enabled(if: FileManager.default.fileExists(atPath: CommandTests.shared.appendingPathComponent("freedesktop-evemu_3m.event").path),
                   "needs ../shared/recordings (the 3M recording)"))
    func theWhole3MRecordingHasNoLabelOverAnotherAndSaysItsSizeWasAssumed() throws {
        let r = try cmd.tactile("plot", CommandTests.shared.appendingPathComponent("freedesktop-evemu_3m.event").path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("250.0 × 250.0 mm (assumed)"))
        let (labels, overlaps) = try layout(r.stdout)
        #expect(labels > 15, "\(labels) labels")
        #expect(overlaps.isEmpty, "\(overlaps)")
        // What had no room is said, not drawn over another.
        #expect(r.stdout.contains("left out where marks crowd"))
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make deps)"))
    func theOrientationBandNamesEachOrientationHeldOnce() throws {
        let r = try cmd.tactile("plot", CommandTests.recordings.appendingPathComponent("phone-session.jsonl").path)
        let names = r.stdout.components(separatedBy: #"class="orientation-label">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
        // Portrait, then landscape left across two face-up rests, then right, then upside down.
        #expect(names == ["portrait", "landscapeLeft", "LR", "PU"], "\(names)")
        #expect(r.stdout.contains("landscapeRight (LR)") && r.stdout.contains("portraitUpsideDown (PU)"))
        let (_, overlaps) = try layout(r.stdout)
        #expect(overlaps.isEmpty, "\(overlaps)")
    }
}
