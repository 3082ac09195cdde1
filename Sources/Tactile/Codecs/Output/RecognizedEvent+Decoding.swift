/// Reads an output line (docs/gestures.md, docs/orientation.md) back into the line it was
/// written from, so a program that gets the lines second hand — `tactile bind --socket`,
/// from `tactile serve` — runs on the same values `tactile recognize` had.
///
/// Keys may come in any order and unknown keys are skipped, so lines of a newer writer with
/// more members still read; a missing or mistyped member is an error naming it. Written
/// lines decode to values that encode to the same bytes (RecognizedEventDecodingTests).
extension RecognizedEvent {
    /// Decodes one line (without its newline); throws what is wrong and at which column.
    public static func decode(_ line: some Collection<UInt8>) throws(JSONScanner.Failure) -> RecognizedEvent {
        let bytes = Array(line)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(JSONScanner.Failure) -> RecognizedEvent in
            var s = JSONScanner(buffer)
            return try decode(&s)
        }
    }

    private static func decode(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> RecognizedEvent {
        var f = Fields()
        s.skipWhitespace()
        try s.expect(0x7b)
        var first = true
        while try s.hasNext(closing: 0x7d, first: first) {
            first = false
            let k = try s.key()
            if k.is("t") { f.time = try s.microseconds() }
            else if k.is("dev") { f.device = try s.int() }
            else if k.is("gesture") { f.gesture = try s.string() }
            else if k.is("state") { f.state = try s.string() }
            else if k.is("fingers") { f.fingers = try s.int() }
            else if k.is("location") { f.location = try point(&s) }
            else if k.is("taps") { f.taps = try s.int() }
            else if k.is("translation") { f.translation = try point(&s) }
            else if k.is("delta") { f.delta = try point(&s) }
            else if k.is("velocity") {
                // A pair for pan and swipe, one number for pinch and rotate.
                s.skipWhitespace()
                if s.peek() == 0x5b { f.velocityPair = try point(&s) } else { f.velocity = try s.double() }
            }
            else if k.is("direction") { f.direction = try s.string() }
            else if k.is("edge") { f.edge = try s.string() }
            else if k.is("corner") { f.corner = try s.string() }
            else if k.is("scale") { f.scale = try s.double() }
            else if k.is("scaleDelta") { f.scaleDelta = try s.double() }
            else if k.is("rotation") { f.rotation = try s.double() }
            else if k.is("rotationDelta") { f.rotationDelta = try s.double() }
            else if k.is("stage") { f.stage = try s.string() }
            else if k.is("pressure") { f.pressure = try s.double() }
            else if k.is("button") { f.button = try s.string() }
            else if k.is("orientation") { f.orientation = try s.string() }
            else if k.is("previous") { f.previous = try s.string() }
            else if k.is("pose") { f.pose = try s.string() }
            else if k.is("bounds") { f.bounds = try point(&s) }
            else if k.is("transform") { f.transform = try numbers(&s) }
            else { try s.skipValue() }
        }
        try s.expectEnd()
        guard let time = f.time else { throw s.fail("the line has no time \"t\"") }
        guard let device = f.device else { throw s.fail("the line has no device \"dev\"") }
        let t = Timestamp(microseconds: time)
        if let gesture = f.gesture {
            return .gesture(try f.gestureEvent(gesture, time: t, device: device, &s))
        }
        if f.orientation != nil {
            return .orientation(try f.orientationEvent(time: t, device: device, &s))
        }
        throw s.fail("the line is neither a gesture (\"gesture\") nor an orientation (\"orientation\")")
    }

    private static func point(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> Point {
        let v = try numbers(&s)
        guard v.count == 2 else { throw s.fail("expected a pair [x, y], found \(v.count) numbers") }
        return Point(x: v[0], y: v[1])
    }

    private static func numbers(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> [Double] {
        s.skipWhitespace()
        try s.expect(0x5b)
        var out: [Double] = []
        var first = true
        while try s.hasNext(closing: 0x5d, first: first) {
            first = false
            out.append(try s.double())
        }
        return out
    }

    /// The members as read, checked once the line is whole.
    private struct Fields {
        var time: Int64?, device: Int?, gesture: String?, state: String?, fingers: Int?, location: Point?
        var taps: Int?, translation: Point?, delta: Point?, velocityPair: Point?, velocity: Double?
        var direction: String?, edge: String?, corner: String?
        var scale: Double?, scaleDelta: Double?, rotation: Double?, rotationDelta: Double?
        var stage: String?, pressure: Double?, button: String?
        var orientation: String?, previous: String?, pose: String?, bounds: Point?, transform: [Double]?

        func gestureEvent(_ name: String, time: Timestamp, device: Int, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> GestureEvent {
            guard let kind = GestureKind(rawValue: name) else { throw s.fail("\"gesture\": \"\(name)\" is not a gesture") }
            let phase = try Self.named(GesturePhase.self, "state", state, &s)
            let fingers = try Self.need(fingers, "fingers", &s)
            let location = try Self.need(location, "location", &s)
            let detail: GestureEvent.Detail
            switch kind {
            case .tap: detail = .tap(taps: try Self.need(taps, "taps", &s))
            case .longPress: detail = .longPress
            case .pan:
                detail = .pan(translation: try Self.need(translation, "translation", &s), delta: try Self.need(delta, "delta", &s),
                              velocity: try Self.need(velocityPair, "velocity (a pair)", &s))
            case .swipe:
                detail = .swipe(direction: try Self.named(SwipeDirection.self, "direction", direction, &s),
                                velocity: try Self.need(velocityPair, "velocity (a pair)", &s))
            case .edgeSwipe:
                let corner: ScreenCorner? = self.corner == nil ? nil : try Self.named(ScreenCorner.self, "corner", self.corner, &s)
                detail = .edgeSwipe(edge: try Self.named(ScreenEdge.self, "edge", edge, &s),
                                    direction: try Self.named(SwipeDirection.self, "direction", direction, &s), corner: corner)
            case .pinch:
                detail = .pinch(scale: try Self.need(scale, "scale", &s), scaleDelta: try Self.need(scaleDelta, "scaleDelta", &s),
                                velocity: try Self.need(velocity, "velocity (a number)", &s))
            case .rotate:
                detail = .rotate(rotation: try Self.need(rotation, "rotation", &s), rotationDelta: try Self.need(rotationDelta, "rotationDelta", &s),
                                 velocity: try Self.need(velocity, "velocity (a number)", &s))
            case .peek:
                detail = .peek(stage: try Self.named(PeekStage.self, "stage", stage, &s), pressure: try Self.need(pressure, "pressure", &s))
            case .click:
                detail = .click(button: try Self.named(ClickButton.self, "button", button, &s))
            }
            return GestureEvent(time: time, device: device, phase: phase, fingers: fingers, location: location, detail: detail)
        }

        func orientationEvent(time: Timestamp, device: Int, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> OrientationEvent {
            let now = try Self.named(InterfaceOrientation.self, "orientation", orientation, &s)
            let before: InterfaceOrientation? = previous == "unknown" ? nil : try Self.named(InterfaceOrientation.self, "previous", previous, &s)
            let t = try Self.need(transform, "transform", &s)
            guard t.count == 6 else { throw s.fail("\"transform\" has \(t.count) numbers, not 6") }
            let bounds = try Self.need(bounds, "bounds", &s)
            return OrientationEvent(time: time, device: device, orientation: now, previous: before,
                                    pose: try Self.named(DevicePose.self, "pose", pose, &s),
                                    rotation: try Self.need(rotation, "rotation", &s),
                                    rotationDelta: try Self.need(rotationDelta, "rotationDelta", &s),
                                    bounds: Size(width: bounds.x, height: bounds.y),
                                    transform: AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5]))
        }

        private static func need<T>(_ v: T?, _ name: String, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> T {
            guard let v else { throw s.fail("the line has no \"\(name)\"") }
            return v
        }

        private static func named<T: RawRepresentable<String>>(_: T.Type, _ name: String, _ v: String?,
                                                                 _ s: inout JSONScanner) throws(JSONScanner.Failure) -> T {
            let text = try need(v, name, &s)
            guard let value = T(rawValue: text) else { throw s.fail("\"\(name)\": \"\(text)\" is not one of its names") }
            return value
        }
    }
}
