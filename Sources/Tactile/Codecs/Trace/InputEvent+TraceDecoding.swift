import TactileJSON
/// Reads one trace event line straight into the event model.
///
/// Keys are matched as bytes and numbers parsed in place: no JSON tree, no strings, and
/// for `touches` lines no heap allocation at all. Unknown keys are skipped, so lines from
/// newer writers with extra fields still read.
extension InputEvent {
    /// Decodes one event line of a trace (see docs/trace-format.md); throws what is wrong and where in the line.
    public static func decode(
        _ line: UnsafeBufferPointer<UInt8>, header: InputDevices
    ) throws(JSONScanner.Failure) -> InputEvent {
        var contacts = TouchFrame.Contacts()
        return try decode(line, header: header, reusing: &contacts)
    }

    /// Decodes into `contacts`' storage, which a reader keeps from line to line: once the
    /// previous line's frame has been let go of, a `touches` line allocates nothing.
    ///
    /// `slack` is how many bytes after `line` may be read (see `JSONScanner.slack`).
    public static func decode(
        _ line: UnsafeBufferPointer<UInt8>, header: InputDevices, reusing contacts: inout TouchFrame.Contacts,
        slack: Int = 0
    ) throws(JSONScanner.Failure) -> InputEvent {
        var s = JSONScanner(line, slack: slack)
        if let event = decodeWritten(&s, header: header, into: &contacts), s.isAtEnd { return event }
        return try decodeAnyForm(line, header: header, reusing: &contacts, slack: slack)
    }

    /// Any valid form of a line: keys in any order, blanks, unknown keys skipped, every
    /// number form; and every error, worded.
    static func decodeAnyForm(
        _ line: UnsafeBufferPointer<UInt8>, header: InputDevices, reusing contacts: inout TouchFrame.Contacts,
        slack: Int = 0
    ) throws(JSONScanner.Failure) -> InputEvent {
        var s = JSONScanner(line, slack: slack)
        try s.expect(0x7b)
        var time: Int64?
        var device: Int?
        var payload: Payload?
        var offsets: [Int64]?
        var fingers: Int?
        var cancelled: TouchFrame.ContactIDs?
        var buttons = PhysicalButtons()
        var members = JSONMembers(closing: 0x7d)
        while let k = try members.nextKey(&s) {
            if k.is("t") {
                time = try s.microseconds()
            } else if k.is("dev") {
                device = try s.int()
            } else if k.is("touches") {
                try setOnce(&payload, .touches, &s)
                try decodeContacts(&s, into: &contacts)
            } else if k.is("accel") {
                try setOnce(&payload, .accel(try decodeAccel(&s)), &s)
            } else if k.is("evdev") {
                try setOnce(&payload, .evdev(try decodeEvdev(&s)), &s)
            } else if k.is("dt") {
                offsets = try decodeOffsets(&s)
            } else if k.is("fingers") {
                let n = try s.int()
                guard (0...100).contains(n) else { throw s.fail("fingers must be 0...100") }
                fingers = n
            } else if k.is("cancelled") {
                cancelled = try decodeIDs(&s)
            } else if k.is("buttons") {
                buttons = try decodeButtons(&s)
            } else {
                try s.skipValue()
            }
        }
        try s.expectEnd()
        guard let time else { throw s.fail("the event has no time \"t\"") }
        guard time >= 0 else { throw s.fail("time t is negative") }
        guard let device else { throw s.fail("the event has no device \"dev\"") }
        guard let kind = header.kind(of: device) else {
            throw s.fail("device \(device) is not listed in the header")
        }
        let t = Timestamp(microseconds: time)
        switch payload {
        case nil:
            throw s.fail("the event has none of \"touches\", \"accel\" or \"evdev\"")
        case .touches?:
            guard kind != .accelerometer else {
                throw s.fail("touches for device \(device), which is an accelerometer")
            }
            return .touches(TouchFrame(
                time: t, device: device, contacts: contacts, fingers: fingers,
                cancelled: cancelled ?? TouchFrame.ContactIDs(), buttons: buttons))
        case .accel(let force)?:
            return .accel(AccelerometerSample(time: t, device: device, force: force))
        case .evdev(var events)?:
            if let offsets {
                guard offsets.count == events.count else {
                    throw s.fail("\"dt\" has \(offsets.count) offsets for \(events.count) events")
                }
                for i in events.indices { events[i].time = t + TimeSpan(microseconds: offsets[i]) }
            } else {
                for i in events.indices { events[i].time = t }
            }
            return .evdev(device: device, frame: EvdevFrame(events: events))
        }
    }

    /// A `touches` line exactly as Tactile writes it (`InputEvent.encode`: keys in its
    /// order, no blanks, numbers in their simple form), read by position: each key is
    /// checked where it must be instead of being scanned and looked up. Nil for any other
    /// line, and for any value the general way would refuse (which then reads the line
    /// from the start and words the error): both ways give the same event or the same
    /// error for every line (`TraceDecodingTests`). Stops after the closing brace: the
    /// caller says what may follow (the end of the line, or a newline in a `LineChunk`).
    @inline(__always)
    static func decodeWritten(
        _ s: inout JSONScanner, header: InputDevices, into contacts: inout TouchFrame.Contacts
    ) -> InputEvent? {
        guard s.literal("{\"t\":"), let time = s.simpleMicroseconds(), time >= 0,
              s.literal(",\"dev\":"), let device = s.simpleInt(),
              s.literal(",\"touches\":["),
              let kind = header.kind(of: device), kind != .accelerometer else { return nil }
        contacts.removeAll()
        if !s.literal("]") {
            repeat {
                guard s.literal("{\"id\":"), let id = s.simpleInt(),
                      s.literal(",\"x\":"), let x = s.simpleDouble(), x.magnitude <= 1e9,
                      s.literal(",\"y\":"), let y = s.simpleDouble(), y.magnitude <= 1e9 else { return nil }
                var contact = Contact(id: id, position: Point(x: x, y: y))
                if s.literal(",\"pressure\":") {
                    guard let p = s.simpleDouble(), (0...1).contains(p) else { return nil }
                    contact.pressure = Pressure(p)
                }
                if s.literal(",\"major\":") {
                    guard let m = s.simpleDouble(), m.magnitude <= 1e9 else { return nil }
                    contact.major = Millimetres(m)
                }
                if s.literal(",\"minor\":") {
                    guard let m = s.simpleDouble(), m.magnitude <= 1e9 else { return nil }
                    contact.minor = Millimetres(m)
                }
                guard s.literal("}"), !contacts.contains(where: { $0.id == id }), contacts.append(contact) else {
                    return nil
                }
            } while s.literal(",")
            guard s.literal("]") else { return nil }
        }
        var fingers: Int?
        if s.literal(",\"fingers\":") {
            guard let n = s.simpleInt(), (0...100).contains(n) else { return nil }
            fingers = n
        }
        guard s.literal("}") else { return nil }
        return .touches(TouchFrame(time: Timestamp(microseconds: time), device: device, contacts: contacts,
                                   fingers: fingers, cancelled: TouchFrame.ContactIDs()))
    }

    private enum Payload {
        case touches
        case accel(SpecificForce)
        case evdev([EvdevEvent])
    }

    private static func setOnce(
        _ slot: inout Payload?, _ value: Payload, _ s: inout JSONScanner
    ) throws(JSONScanner.Failure) {
        guard slot == nil else { throw s.fail("an event has only one of \"touches\", \"accel\" or \"evdev\"") }
        slot = value
    }

    private static func finite(_ s: inout JSONScanner, _ what: StaticString) throws(JSONScanner.Failure) -> Double {
        let v = try s.double()
        guard v.magnitude <= 1e9 else { throw s.fail("\(what) \(v) is beyond any touch surface") }
        return v
    }

    private static func decodeContacts(_ s: inout JSONScanner, into contacts: inout TouchFrame.Contacts) throws(JSONScanner.Failure) {
        contacts.removeAll()
        try s.expect(0x5b)
        var members = JSONMembers(closing: 0x5d)
        while try members.next(&s) {
            try s.expect(0x7b)
            var id: Int?, x: Double?, y: Double?
            var contact = Contact(id: 0, position: .zero)
            var keys = JSONMembers(closing: 0x7d)
            while let k = try keys.nextKey(&s) {
                if k.is("id") {
                    id = try s.int()
                } else if k.is("x") {
                    x = try finite(&s, "x")
                } else if k.is("y") {
                    y = try finite(&s, "y")
                } else if k.is("pressure") {
                    let p = try s.double()
                    guard (0...1).contains(p) else { throw s.fail("pressure \(p) is outside 0...1") }
                    contact.pressure = Pressure(p)
                } else if k.is("major") {
                    contact.major = Millimetres(try finite(&s, "major"))
                } else if k.is("minor") {
                    contact.minor = Millimetres(try finite(&s, "minor"))
                } else if k.is("tool") {
                    let name = try s.string()
                    guard let tool = Tool(rawValue: name) else {
                        throw s.fail("tool \"\(name)\" is not one of finger, pen, palm")
                    }
                    contact.tool = tool
                } else {
                    try s.skipValue()
                }
            }
            guard let id, let x, let y else { throw s.fail("a touch needs \"id\", \"x\" and \"y\"") }
            contact.id = id
            contact.position = Point(x: x, y: y)
            if contacts.contains(where: { $0.id == id }) {
                throw s.fail("touch id \(id) appears twice in one frame")
            }
            guard contacts.append(contact) else {
                throw s.fail("more than \(TouchFrame.capacity) touches in one frame")
            }
        }
    }

    private static func decodeAccel(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> SpecificForce {
        let (x, y, z) = try s.triple { s throws(JSONScanner.Failure) in try s.double() }
        let limit = 1000.0  // m/s², about 100 g: beyond any phone accelerometer's range
        guard x.magnitude <= limit, y.magnitude <= limit, z.magnitude <= limit else {
            throw s.fail("accel [\(x), \(y), \(z)] is beyond ±\(Int(limit)) m/s²")
        }
        return SpecificForce(x: x, y: y, z: z)
    }

    private static func decodeEvdev(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> [EvdevEvent] {
        var events: [EvdevEvent] = []
        try s.expect(0x5b)
        var members = JSONMembers(closing: 0x5d)
        while try members.next(&s) {
            let (type, code, value) = try s.triple { s throws(JSONScanner.Failure) in try s.int() }
            guard let limit = EventCodeLimits.maxCode(forType: UInt16(clamping: type)), (0...0x1f).contains(type) else {
                throw s.fail("event type \(type) does not exist")
            }
            guard (0...Int(limit)).contains(code) else {
                throw s.fail("event code \(code) is beyond the maximum \(limit) of type \(type)")
            }
            guard let v = Int32(exactly: value) else { throw s.fail("event value \(value) does not fit 32 bits") }
            events.append(EvdevEvent(type: UInt16(type), code: UInt16(code), value: v))
            guard events.count <= 65536 else { throw s.fail("more than 65536 events in one frame") }
        }
        return events
    }

    private static func decodeOffsets(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> [Int64] {
        var out: [Int64] = []
        try s.expect(0x5b)
        var members = JSONMembers(closing: 0x5d)
        while try members.next(&s) {
            let v = try s.int()
            guard (-3_600_000_000...3_600_000_000).contains(v) else { throw s.fail("dt offset \(v) µs is more than an hour") }
            out.append(Int64(v))
        }
        return out
    }

    private static func decodeButtons(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> PhysicalButtons {
        var buttons = PhysicalButtons()
        try s.expect(0x5b)
        var members = JSONMembers(closing: 0x5d)
        while try members.next(&s) {
            let name = try s.string()
            guard let b = PhysicalButtons.named.first(where: { $0.name == name })?.button else {
                throw s.fail("button \"\(name)\" is not one of left, right, middle")
            }
            buttons.insert(b)
        }
        return buttons
    }

    private static func decodeIDs(_ s: inout JSONScanner) throws(JSONScanner.Failure) -> TouchFrame.ContactIDs {
        var ids = TouchFrame.ContactIDs()
        try s.expect(0x5b)
        var members = JSONMembers(closing: 0x5d)
        while try members.next(&s) {
            guard ids.append(try s.int()) else { throw s.fail("too many cancelled ids") }
        }
        return ids
    }
}
