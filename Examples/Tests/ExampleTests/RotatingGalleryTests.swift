import Foundation
import Testing

/// The gallery on `phone-session` (portrait, landscapeLeft, face up, landscapeRight, upside
/// down; a 68 x 151 mm screen, a 14 mm toolbar that never turns).
@Suite struct RotatingGalleryTests {
    func run(_ extra: [String] = []) throws -> [[String: Any]] {
        try Example.lines("rotating-gallery", [Example.recording("phone-session.jsonl")] + extra)
    }

    @Test func onlyRealOrientationsTurnTheGallery() throws {
        let lines = try run()
        // Face up changes nothing: four orientations, four layouts.
        #expect(lines.map { $0.string("orientation") } == ["portrait", "landscapeLeft", "landscapeRight", "portraitUpsideDown"])
    }

    @Test func eachOrientationHasItsLayoutInTheGalleryArea() throws {
        for line in try run() {
            let landscape = line.string("orientation").hasPrefix("landscape")
            let bounds = line.numbers("bounds")
            #expect(bounds == (landscape ? [137, 68] : [68, 137]))
            #expect(line.number("columns") == (landscape ? 3 : 2))
            // Every cell inside the bounds; the gallery's centre stays where the area's is.
            for cell in line.rows("cells") {
                #expect(cell[0] >= 0 && cell[1] >= 0 && cell[0] + cell[2] <= bounds[0] + 1e-9 && cell[1] + cell[3] <= bounds[1] + 1e-9)
            }
            let c = apply(line.numbers("transform"), (bounds[0] / 2, bounds[1] / 2))
            #expect(close(c.0, 34) && close(c.1, 14 + 137.0 / 2))
        }
    }

    @Test func aRotationLockHoldsTheGallery() throws {
        #expect(try run(["--lock", "portrait"]).map { $0.string("orientation") } == ["portrait"])
    }

    @Test func anAllowedSetKeepsTheLastAllowedOrientation() throws {
        let lines = try run(["--allowed", "portrait,landscapeLeft"])
        #expect(lines.map { $0.string("orientation") } == ["portrait", "landscapeLeft"])
    }

    @Test func aBadOrientationIsAUsageError() throws {
        let run = try Example.run("rotating-gallery", [Example.recording("phone-session.jsonl"), "--lock", "sideways"])
        #expect(run.status == 64)
        #expect(run.error.contains("sideways"))
    }
}
