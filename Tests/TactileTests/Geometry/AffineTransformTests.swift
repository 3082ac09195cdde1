import Tactile
import Testing
import TestSupport

struct AffineTransformTests {
    func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        Swift.abs(a.x - b.x) <= tolerance && Swift.abs(a.y - b.y) <= tolerance
    }

    @Test func rotationIsClockwiseOnScreen() {
        // y points down: turning +90° takes the x axis to the y axis (clockwise as seen).
        #expect(AffineTransform(rotation: .pi / 2).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
        #expect(AffineTransform(rotation: .pi).apply(to: Point(x: 1, y: 2)) == Point(x: -1, y: -2))
        #expect(AffineTransform(rotation: .pi / 2).components == [0, 1, -1, 0, 0, 0])
    }

    @Test func compositionOrderFollowsCoreGraphics() {
        let p = Point(x: 1, y: 1)
        let translateThenScale = AffineTransform(translationX: 10, y: 0).concatenating(AffineTransform(scaleX: 2, scaleY: 2))
        #expect(translateThenScale.apply(to: p) == Point(x: 22, y: 2))
        // `scaled` scales first, then applies the transform it is called on.
        #expect(AffineTransform(translationX: 10, y: 0).scaled(by: 2).apply(to: p) == Point(x: 12, y: 2))
        #expect(AffineTransform.identity.translated(by: 3, 4).rotated(by: .pi / 2).apply(to: Point(x: 1, y: 0)) == Point(x: 3, y: 5))
    }

    @Test(arguments: [0.3, 1.7, -2.9])
    func inverseUndoes(_ angle: Double) throws {
        let t = AffineTransform.identity.translated(by: 5, -3).rotated(by: angle).scaled(by: 1.5, 0.5)
        let inverse = try #require(t.inverted)
        for p in [Point(x: 0, y: 0), Point(x: 12, y: -7), Point(x: 3.5, y: 100)] {
            #expect(near(inverse.apply(to: t.apply(to: p)), p))
        }
        #expect(AffineTransform(scaleX: 0, scaleY: 1).inverted == nil)
    }

    @Test func zoomKeepsTheTargetPointInPlace() {
        let view = Size(width: 200, height: 100)
        let t = AffineTransform.zoom(scale: 3, target: (0.25, 0.75), in: view)
        #expect(near(t.apply(to: Point(x: 50, y: 75)), Point(x: 50, y: 75)))
        #expect(near(t.apply(to: Point(x: 60, y: 75)), Point(x: 80, y: 75)))
    }

    /// Content moved by every line of a pinch-and-rotate follows the fingers: a point under
    /// a finger at touch-down is under the same finger when it lifts.
    @Test func gestureDeltasMoveContentWithTheFingers() throws {
        let path = Paths.recordings.appendingPathComponent("pinch-rotate.jsonl").path
        let (header, events) = try readAll(path)
        var content = AffineTransform.identity
        for e in recognize(header, events) { content = content.applying(e) }
        let frames = events.compactMap { e -> TouchFrame? in if case .touches(let f) = e, !f.contacts.isEmpty { return f } else { return nil } }
        let start = try #require(frames.first?.contacts.first), end = try #require(frames.last?.contacts.first { $0.id == start.id })
        #expect(near(content.apply(to: start.position), end.position, 0.05))
    }

    @Test func aspectFitAndPeekPreview() {
        let fit = AspectFit(image: Size(width: 400, height: 300), view: Size(width: 200, height: 200))
        #expect(fit.scale == 0.5)
        #expect(fit.borders.horizontal == 0 && fit.borders.vertical == 25)
        #expect(fit.normalizedImagePoint(Point(x: 100, y: 100)) == Point(x: 0.5, y: 0.5))
        #expect(fit.normalizedImagePoint(Point(x: 100, y: 10)) == nil, "on the border")
        // A 4× preview shows a quarter of each side, centred on the touch...
        #expect(fit.previewRect(around: Point(x: 100, y: 100), zoom: 4) == Rect(x: 0.375, y: 0.375, width: 0.25, height: 0.25))
        // ...moved inside the image near its corner, never shrunk.
        #expect(fit.previewRect(around: Point(x: 1, y: 30), zoom: 4) == Rect(x: 0, y: 0, width: 0.25, height: 0.25))
        #expect(fit.previewRect(around: Point(x: 199, y: 190), zoom: 2) == Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5))
    }
}
