import Foundation
import Tactile
import Testing

struct OrientationFilterTests {
    static let g = SpecificForce.standardGravity

    /// Held at a fixed roll (degrees, counter-clockwise) for `seconds` at 50 Hz from `start`.
    func held(_ roll: Double, _ seconds: Double, from start: Double = 0) -> [AccelerometerSample] {
        let r = Angle(degrees: roll).radians
        return (0..<Int(seconds * 50)).map { i in
            AccelerometerSample(time: Timestamp(seconds: start + Double(i) / 50), device: 1,
                                force: SpecificForce(x: sin(r) * Self.g, y: cos(r) * Self.g, z: 0))
        }
    }

    func run(_ samples: [AccelerometerSample], _ settings: OrientationSettings = OrientationSettings()) -> [OrientationEvent] {
        var f = OrientationFilter(device: 1, settings: settings)
        return samples.compactMap { f.process($0) }
    }

    @Test func firstDecisionHasPreviousUnknown() throws {
        let first = try #require(run(held(0, 1)).first)
        #expect(first.previous == nil)
        #expect(first.jsonLine.contains(#""previous":"unknown""#))
        #expect(first.orientation == .portrait && first.pose == .portrait)
    }

    /// Lying face up (or down) from the first sample: nothing to say by default; with a
    /// flat fallback, that orientation at once; then held up, the pose decides as usual.
    @Test(arguments: [1.0, -1.0])
    func aFlatFallbackIsTakenOnlyWhenNothingIsKnown(_ face: Double) throws {
        let flat = (0..<50).map { i in
            AccelerometerSample(time: Timestamp(seconds: Double(i) / 50), device: 1,
                                force: SpecificForce(x: 0, y: 0, z: face * Self.g))
        }
        #expect(run(flat).isEmpty)
        var settings = OrientationSettings()
        settings.flatFallback = .landscapeLeft
        let lines = run(flat + held(0, 1, from: 1), settings)
        #expect(lines.map(\.orientation) == [.landscapeLeft, .portrait])
        #expect(lines.first?.pose == (face > 0 ? .faceUp : .faceDown))
        #expect(lines.first?.previous == nil)
        // Once an orientation is known, lying flat keeps it, fallback or not.
        let later = run(held(90, 1) + flat.map { var s = $0; s.time = s.time + .seconds(1); return s }, settings)
        #expect(later.map(\.orientation) == [.landscapeLeft, .landscapeLeft])
    }

    @Test func nothingIsDecidedOnADiagonalAtFirst() {
        #expect(run(held(45, 2)).isEmpty)
    }

    @Test func allowedOrientationsAndLock() {
        var s = OrientationSettings()
        s.allowed = [.portrait, .landscapeLeft, .landscapeRight]
        let upsideDown = run(held(0, 1) + held(180, 1, from: 1), s)
        #expect(upsideDown.map(\.orientation) == [.portrait, .portrait])
        #expect(upsideDown.last?.pose == .portraitUpsideDown)
        s.lock = .landscapeLeft
        #expect(Set(run(held(0, 1) + held(-90, 1, from: 1), s).map(\.orientation)) == [.landscapeLeft])
    }

    @Test func aLongGapOrTimeGoingBackwardsRestartsTheFilter() {
        // After a 5 s gap the device is in landscape: it is decided from the new samples
        // alone, not blended with the portrait before the gap.
        let lines = run(held(0, 1) + held(90, 0.2, from: 6))
        #expect(lines.map(\.orientation) == [.portrait, .landscapeLeft])
        #expect(lines.last!.time < Timestamp(seconds: 6.2))
        let backwards = run(held(0, 1) + held(-90, 1, from: 0.2))
        #expect(backwards.map(\.orientation) == [.portrait, .landscapeRight])
    }

    @Test func halfTurnsTurnTheWayTheDeviceWent() {
        // Through landscape-left too fast to stop there: the content turns +π.
        var samples = held(0, 1)
        for i in 0..<15 {  // 180° in 0.3 s at 50 Hz
            let r = Double(i + 1) / 15 * Double.pi
            samples.append(AccelerometerSample(time: Timestamp(seconds: 1 + Double(i) / 50), device: 1,
                                               force: SpecificForce(x: sin(r) * Self.g, y: cos(r) * Self.g, z: 0)))
        }
        samples += held(180, 1, from: 1.3)
        let lines = run(samples)
        #expect(lines.map(\.orientation) == [.portrait, .portraitUpsideDown])
        #expect(lines.last?.rotationDelta == Angle(radians: Double.pi))
        let mirrored = run(samples.map { var s = $0; s.force.x = -s.force.x; return s })
        #expect(mirrored.last?.rotationDelta == Angle(radians: -Double.pi))
    }

    @Test func rotationDeltasSumToTheTotalTurn() {
        // Portrait → left → upside down → right → portrait: four quarter turns one way.
        let lines = run(held(0, 1) + held(90, 1, from: 1) + held(180, 1, from: 2) + held(270, 1, from: 3) + held(360, 1, from: 4))
        #expect(lines.map(\.orientation) == [.portrait, .landscapeLeft, .portraitUpsideDown, .landscapeRight, .portrait])
        let total = lines.dropFirst().reduce(0) { $0 + $1.rotationDelta.radians }
        #expect(Swift.abs(total - 2 * Double.pi) < 1e-12)
        for (a, b) in zip(lines, lines.dropFirst()) {
            var d = (b.rotation - a.rotation).radians
            if d > Double.pi { d -= 2 * Double.pi } else if d <= -Double.pi { d += 2 * Double.pi }
            #expect(Swift.abs(d - b.rotationDelta.radians) < 1e-12)
        }
    }

    @Test(arguments: InterfaceOrientation.allCases)
    func transformPutsContentCornersOnScreenCornersUpright(_ o: InterfaceOrientation) {
        let screen = Size(width: 90, height: 160)
        let (bounds, t) = OrientationGeometry.layout(o, screen: screen)
        let w = bounds.width.value, h = bounds.height.value
        let corners = [Point(x: 0, y: 0), Point(x: w, y: 0), Point(x: 0, y: h), Point(x: w, y: h)].map { t.apply(to: $0) }
        let screenCorners: Set<Point> = [Point(x: 0, y: 0), Point(x: 90, y: 0), Point(x: 0, y: 160), Point(x: 90, y: 160)]
        #expect(Set(corners) == screenCorners, "corners land exactly on corners")
        #expect(o.isLandscape ? bounds == Size(width: 160, height: 90) : bounds == screen)
        // Upright: the content's "up" (−v) points to the device's top edge turned with the
        // device. In screen coordinates that is the direction the device's roll sends "up".
        let up = t.apply(to: Point(x: 0, y: 0)) - t.apply(to: Point(x: 0, y: 1))
        let expected: Vector
        switch o {
        case .portrait: expected = Vector(x: 0, y: -1)
        case .landscapeLeft: expected = Vector(x: 1, y: 0)  // the device's right edge is on top
        case .landscapeRight: expected = Vector(x: -1, y: 0)
        case .portraitUpsideDown: expected = Vector(x: 0, y: 1)
        }
        #expect(up == expected)
        #expect(t.components == AffineTransform(rotation: o.rotation.radians).concatenating(AffineTransform(translationX: t.tx, y: t.ty)).components)
    }

    @Test func theDesignExampleLine() {
        let (bounds, t) = OrientationGeometry.layout(.landscapeLeft, screen: Size(width: 90, height: 160))
        #expect(bounds == Size(width: 160, height: 90))
        #expect(t.components == [0, 1, -1, 0, 90, 0])
    }

    @Test func mountMatricesParseAsUdevWritesThem() throws {
        let m = try MountMatrix(parsing: "0, 1, 0; -1, 0, 0; 0, 0, 1")
        #expect(m.apply(SpecificForce(x: 1, y: 2, z: 3)) == SpecificForce(x: 2, y: -1, z: 3))
        #expect(try MountMatrix(parsing: "1,0,0;0,1,0;0,0,1") == .identity)
        for bad in ["", "1,0,0;0,1,0", "1,0,0;0,1;0,0,1", "1,0,x;0,1,0;0,0,1", "0,0,0;0,1,0;0,0,1", "1,0,0;0,1,0;0,0,1;"] {
            #expect(throws: TactileError.self, "\(bad)") { try MountMatrix(parsing: bad) }
            #expect(throws: TactileError.self, "\(bad)") { try MountMatrix(parsing: bad, system: true) }
        }
        // A singular matrix is a user's typo, but the hwdb has a few (a row repeated) that
        // iio-sensor-proxy takes: the system's are taken unless a row is all zeros.
        #expect(throws: TactileError.self) { try MountMatrix(parsing: "1,0,0;0,-1,0;1,0,0") }
        #expect(try MountMatrix(parsing: "1,0,0;0,-1,0;1,0,0", system: true).rows == [[1, 0, 0], [0, -1, 0], [1, 0, 0]])
    }
}
