import TactileJSON
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
        var members = JSONMembers(closing: 0x7d)
        while let k = try members.nextKey(&s) {
            if k.is("t") { f.time = try s.microseconds() }
            else if k.is("dev") { f.device = try s.int() }
            else if k.is("gesture") { f.gesture = try s.string() }
            else if k.is("state") { f.state = try s.string() }
            else if k.is("fingers") { f.fingers = try s.int() }
            else if k.is("location") { f.location = try point(&s) }
            else if let value = try member(&s) { f.members.values.append((k.string, value)) }
        }
        try s.expectEnd()
        guard let time = f.time else { throw s.fail("the line has no time \"t\"") }
        guard let device = f.device else { throw s.fail("the line has no device \"dev\"") }
        let t = Timestamp(microseconds: time)
        if let gesture = f.gesture {
            return .gesture(try f.gestureEvent(gesture, time: t, device: device, &s))
        }
        if f.members.has("orientation") {
            return .orientation(try f.orientationEvent(time: t, device: device, &s))
        }
        throw s.fail("the line is neither a gesture (\"gesture\") nor an orientation (\"orientation\")")
    }

    /// A member of a gesture's or an orientation's own: a number, a text or a list of
    /// numbers. Anything else (a newer writer's object) is skipped: nil.
    private static func member(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> GestureLineMembers.Value? {
        switch s.peek() ?? 0 {
        case 0x5b:
            let start = s.index
            do { return .numbers(try numbers(&s)) } catch { s.index = start; try s.skipValue(); return nil }
        case 0x22: return .text(try s.string())
        case 0x2d, 0x30...0x39: return .number(try s.double())
        default: try s.skipValue(); return nil
        }
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
        var members = JSONMembers(closing: 0x5d)
        while try members.next(&s) {
            out.append(try s.double())
        }
        return out
    }

    /// The members as read, checked once the line is whole.
    private struct Fields {
        var time: Int64?, device: Int?, gesture: String?, state: String?, fingers: Int?, location: Point?
        var members = GestureLineMembers()

        func gestureEvent(_ name: String, time: Timestamp, device: Int, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> GestureEvent {
            guard let kind = GestureKind(rawValue: name) else { throw s.fail("\"gesture\": \"\(name)\" is not a gesture") }
            let phase = try Self.named(GesturePhase.self, "state", state, &s)
            let fingers = try Self.need(fingers, "fingers", &s)
            let location = try Self.need(location, "location", &s)
            let detail: GestureEvent.Detail
            do { detail = try GestureEvent.Detail(kind, members) } catch { throw s.fail(error.message) }
            return GestureEvent(time: time, device: device, phase: phase, fingers: fingers, location: location, detail: detail)
        }

        func orientationEvent(time: Timestamp, device: Int, _ s: inout JSONScanner) throws(JSONScanner.Failure) -> OrientationEvent {
            do throws(GestureLineMembers.Problem) {
                let m = members
                let now = try m.name(InterfaceOrientation.self, "orientation")
                let before: InterfaceOrientation? = try m.text("previous") == "unknown" ? nil : try m.name(InterfaceOrientation.self, "previous")
                let t = try m.numbers("transform")
                guard t.count == 6 else { throw GestureLineMembers.Problem(message: "\"transform\" has \(t.count) numbers, not 6") }
                let bounds = try m.pair("bounds")
                return OrientationEvent(time: time, device: device, orientation: now, previous: before,
                                        pose: try m.name(DevicePose.self, "pose"),
                                        rotation: Angle(radians: try m.number("rotation")), rotationDelta: Angle(radians: try m.number("rotationDelta")),
                                        bounds: Size(width: bounds.x, height: bounds.y),
                                        transform: AffineTransform(a: t[0], b: t[1], c: t[2], d: t[3], tx: t[4], ty: t[5]))
            } catch { throw s.fail(error.message) }
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
