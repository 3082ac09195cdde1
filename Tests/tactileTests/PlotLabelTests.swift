import Foundation
import Testing

/// `tactile plot`'s labels as Chromium lays them out (each text's and mark's box,
/// `getBBox`): no label covers another label, a ruler number or a mark (a gesture's compact
/// mark, a contact's ring or square), on real recordings dense with contacts; a busy one
/// gets room rather than dropped labels; a size that was assumed says so; and the
/// orientation band has one label per orientation held (issue #48, finding 3).
struct PlotLabelTests {
    let cmd = CommandTests()

    /// The labels of `svg` as Chromium lays them out, and the pairs that overlap: label over
    /// label or ruler number, and label over mark.
    func layout(_ svg: String) throws -> (labels: Int, marks: Int, overlaps: [String]) {
        let body = svg.replacingOccurrences(of: #"<?xml version="1.0" encoding="UTF-8"?>"#, with: "")
        let page = """
            <!doctype html><html><body>\(body)<pre id="result"></pre><script>
            const box = (e, s) => { const b = e.getBBox(); return {x: b.x, y: b.y, w: b.width, h: b.height, s: s}; };
            const texts = [...document.querySelectorAll('text.start-label, g.labels text, text.orientation-label, text.ruler')].map(t => box(t, t.textContent));
            const marks = [...document.querySelectorAll('.mark, g.contact-ends circle, g.contact-ends rect')].map(m => box(m, m.tagName + ' mark'));
            const hit = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
            const over = [];
            for (let i = 0; i < texts.length; i++) {
              for (let j = i + 1; j < texts.length; j++) if (hit(texts[i], texts[j])) over.push(texts[i].s + ' / ' + texts[j].s);
              for (const m of marks) if (hit(texts[i], m)) over.push(texts[i].s + ' / ' + m.s + ' at ' + Math.round(m.x) + ',' + Math.round(m.y));
            }
            document.getElementById('result').textContent = JSON.stringify({labels: texts.length, marks: marks.length, overlaps: over});
            </script></body></html>
            """
        let file = cmd.scratch().appendingPathComponent("labels.html")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let dom = try Chromium.load(file.absoluteString).dom
        let json = try #require(dom.range(of: #"<pre id="result">"#).map { String(dom[$0.upperBound...].prefix { $0 != "<" }) })
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.replacingOccurrences(of: "&quot;", with: "\"").utf8)) as? [String: Any])
        return (result["labels"] as? Int ?? 0, result["marks"] as? Int ?? 0, result["overlaps"] as? [String] ?? ["unreadable"])
    }

    /// Recordings of three kinds: a 3M touchscreen's 29 s with 34 contacts (its size
    /// assumed) and a bcm5974 clickpad's taps, clicks and scrolls, both real, and a phone's
    /// getevent capture (protocol A, written by tools/gen-quirk-captures.py in a real
    /// capture's shape).
    static let real = ["freedesktop-evemu_3m.event", "freedesktop-evemu_bcm5974.event"]

    /// No label over a label, a ruler number or a mark, and none left out.
    func expectRoomForEveryLabel(_ path: String) throws {
        let r = try cmd.tactile("plot", path)
        #expect(r.status == 0, "\(r.stderr)")
        let (labels, marks, overlaps) = try layout(r.stdout)
        #expect(labels > 15, "\(labels) labels")
        #expect(marks > 10, "\(marks) marks")
        #expect(overlaps.isEmpty, "\(overlaps.count) overlaps: \(overlaps.prefix(8))")
        // Room, not dropped labels.
        #expect(!r.stdout.contains("left out where marks crowd"))
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"),
          .enabled(if: FileManager.default.fileExists(atPath: CommandTests.shared.path), "needs ../shared/recordings"),
          arguments: real)
    func aBusyRealRecordingHasNoLabelOverALabelARulerNumberOrAMarkAndNoneLeftOut(_ name: String) throws {
        try expectRoomForEveryLabel(CommandTests.shared.appendingPathComponent(name).path)
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"))
    func aPhonesCaptureHasNoLabelOverALabelARulerNumberOrAMarkAndNoneLeftOut() throws {
        try expectRoomForEveryLabel(CommandTests.root.appendingPathComponent("Tests/Fixtures/getevent/phone-protocol-a.getevent").path)
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"),
          .enabled(if: FileManager.default.fileExists(atPath: CommandTests.shared.appendingPathComponent("freedesktop-evemu_3m.event").path),
                   "needs ../shared/recordings (the 3M recording)"))
    func theBusy3MRecordingIsDrawnLargerAndSaysItsSizeWasAssumed() throws {
        let r = try cmd.tactile("plot", CommandTests.shared.appendingPathComponent("freedesktop-evemu_3m.event").path)
        #expect(r.stdout.contains("250.0 × 250.0 mm (assumed)"))
        // At the first size (640 × 420 px at most) labels were left out: it is drawn larger.
        let width = r.stdout.firstMatch(of: /<svg [^>]*width="(\d+)"/).flatMap { Int($0.1) } ?? 0
        #expect(width > 760, "width \(width)")
    }

    @Test(.enabled(if: Chromium.available, "needs Debian's chromium (make test-deps)"))
    func theOrientationBandNamesEachOrientationHeldOnce() throws {
        let r = try cmd.tactile("plot", CommandTests.recordings.appendingPathComponent("phone-session.jsonl").path)
        let names = r.stdout.components(separatedBy: #"class="orientation-label">"#).dropFirst().map { String($0.prefix { $0 != "<" }) }
        // Portrait, then landscape left across two face-up rests, then right, then upside down.
        #expect(names == ["portrait", "landscapeLeft", "LR", "PU"], "\(names)")
        #expect(r.stdout.contains("landscapeRight (LR)") && r.stdout.contains("portraitUpsideDown (PU)"))
        let (_, _, overlaps) = try layout(r.stdout)
        #expect(overlaps.isEmpty, "\(overlaps)")
    }
}
