import Foundation
import Testing

/// Force zoom on `peek-pop` (one finger at about (77, 44) mm on a 155 x 87 mm screen,
/// pressing from 0.1 to 0.95), the screen 1920 x 1080 pixels, and three images in one view.
@Suite struct ForceZoomTests {
    let lines: [[String: Any]]
    let screen = (1920.0, 1080.0)
    let surface = (155.0, 87.0)

    init() throws {
        lines = try Example.lines("force-zoom", [Example.recording("peek-pop.jsonl")])
    }

    @Test func theStagesAreHintPeekPopThenNone() {
        for image in [[1600.0, 1200], [4535, 1823], [3264, 4896]] {
            let stages = lines.filter { $0.numbers("image") == image }.map { $0.string("event") }
            #expect(stages == ["hint", "peek", "pop", "none"])
        }
        // The hint comes at touch-down: the recording's first frame with a contact.
        let down = try! Example.events("peek-pop.jsonl").first { !(($0["touches"] as? [Any]) ?? []).isEmpty }!
        #expect(lines[0].number("t") == down.number("t"))
    }

    /// Where the finger is at `t`, in screen pixels, from the recording itself.
    func touch(at t: Double) throws -> (Double, Double) {
        let frame = try Example.events("peek-pop.jsonl").first { $0.number("t") == t }!
        let contact = (frame["touches"] as! [[String: Any]])[0]
        return (contact.number("x") / surface.0 * screen.0, contact.number("y") / surface.1 * screen.1)
    }

    @Test func thePreviewRectanglesOfTheThreeImages() throws {
        for pop in lines where pop.string("event") == "pop" {
            let (w, h) = (pop.numbers("image")[0], pop.numbers("image")[1])
            let (x, y) = try touch(at: pop.number("t"))
            // Aspect-fit: the image's scale in the view and where it sits.
            let s = min(screen.0 / w, screen.1 / h)
            let frame = ((screen.0 - w * s) / 2, (screen.1 - h * s) / 2, w * s, h * s)
            // The preview frame: the largest square on the screen (1080) times that scale,
            // around the touch.
            let side = min(screen.0, screen.1) * s
            #expect(close(pop.numbers("frame"), [x - side / 2, y - side / 2, side, side]))
            // 1:1, the preview shows 1080 image pixels each way: as fractions of the image,
            // centred on the touch, its origin clamped to keep it within 0...1.
            let (pw, ph) = (1080 / w, 1080 / h)
            let u = (x - frame.0) / frame.2, v = (y - frame.1) / frame.3
            let expected = [min(max(u - pw / 2, 0), 1 - pw), min(max(v - ph / 2, 0), 1 - ph), pw, ph]
            #expect(close(pop.numbers("preview"), expected))
        }
        // The figures for this touch, worked by hand for the first image: 1600 x 1200 fits
        // at 0.9 px per px, 1080/1600 = 0.675 wide, 1080/1200 = 0.9 high.
        let first = lines.first { $0.string("event") == "pop" && $0.numbers("image") == [1600, 1200] }!
        #expect(close(Array(first.numbers("preview")[2...]), [0.675, 0.9]))
    }
}
