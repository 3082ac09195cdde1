import Tactile
import Testing

struct PlacementTests {
    let view = Size(width: 160, height: 90)

    func near(_ a: Point, _ b: Point) -> Bool { Swift.abs(a.x - b.x) <= 1e-9 && Swift.abs(a.y - b.y) <= 1e-9 }

    @Test func zoomedBringsTheFocusToTheCentre() {
        let p = Placement(filling: view).zoomed(by: 2, focus: (x: 0.75, y: 0.25), in: view)
        let t = p.transform(for: view)
        #expect(near(t.apply(to: Point(x: 120, y: 22.5)), Point(x: 80, y: 45)))
        // The upper-right quadrant fills the view.
        #expect(near(t.apply(to: Point(x: 80, y: 0)), Point(x: 0, y: 0)))
        #expect(near(t.apply(to: Point(x: 160, y: 45)), Point(x: 160, y: 90)))
        // Zoomed again from there: the focus is taken where the view shows it now.
        let again = p.zoomed(by: 2, focus: (x: 0.5, y: 0.5), in: view)
        #expect(near(again.transform(for: view).apply(to: Point(x: 120, y: 22.5)), Point(x: 80, y: 45)))
    }

    @Test func keyframesTurnTheWayAndAsFarAsTheRotationSays() {
        let start = Placement(filling: view)
        var end = start
        end.rotation = 2 * Double.pi
        let turns = start.keyframes(to: end, count: 5).map(\.rotation)
        #expect(turns == [0, Double.pi / 2, Double.pi, 3 * Double.pi / 2, 2 * Double.pi])
        end.rotation = -Double.pi / 2
        #expect(start.keyframes(to: end, count: 3).map(\.rotation) == [0, -Double.pi / 4, -Double.pi / 2])
        // At least two, whatever is asked.
        #expect(start.keyframes(to: end, count: 0).count == 2)
    }

    @Test func scaleIsInterpolatedGeometrically() {
        let a = Placement(center: .zero, scale: 1), b = Placement(center: .zero, scale: 4)
        #expect(a.keyframes(to: b, count: 3).map(\.scale) == [1, 2, 4])
    }

    @Test func aFlipShowsTheWidthAsItsCosine() {
        let size = Size(width: 10, height: 10)
        var p = Placement(center: Point(x: 5, y: 5), flip: Double.pi / 2)
        #expect(p.transform(for: size).a == 0)  // only the edge
        #expect(!p.showsBack)
        p.flip = Double.pi
        #expect(p.transform(for: size).a == -1)  // the back, mirrored
        #expect(p.showsBack)
    }

    @Test func aPreviewSquareInPixelsIsNotSquareInFractions() {
        // 1600 x 1200 fit into 1920 x 1080: 0.9 view px per image px, 1080 x 1080 image px.
        let fit = AspectFit(image: Size(width: 1600, height: 1200), view: Size(width: 1920, height: 1080))
        let side = fit.previewSide(screen: Size(width: 1920, height: 1080))
        #expect(Swift.abs(side - 972) < 1e-9)
        let centre = fit.previewRect(around: Point(x: 960, y: 540), side: side)
        #expect(Swift.abs(centre.width - 0.675) < 1e-12 && Swift.abs(centre.height - 0.9) < 1e-12)
        #expect(Swift.abs(centre.x - 0.1625) < 1e-12 && Swift.abs(centre.y - 0.05) < 1e-12)
        // At a corner, moved to stay inside (origin 0), not shrunk; past the image, the same.
        let corner = fit.previewRect(around: Point(x: 0, y: 0), side: side)
        #expect(corner.x == 0 && corner.y == 0 && Swift.abs(corner.width - 0.675) < 1e-12)
        let far = fit.previewRect(around: Point(x: 1920, y: 1080), side: side)
        #expect(Swift.abs(far.x + far.width - 1) < 1e-12 && Swift.abs(far.y + far.height - 1) < 1e-12)
    }
}
