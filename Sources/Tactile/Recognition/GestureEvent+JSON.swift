/// Writes gesture lines in the output format of docs/gestures.md.
///
/// Cumulative values (`translation`, `scale`, `rotation`) and their deltas are written
/// in full, so the invariants hold exactly for a reader summing the deltas; location,
/// velocity and pressure are rounded to 4 decimals (0.1 µm, well below any sensor).
extension GestureEvent {
    public func encode(into out: inout JSONOutput) {
        var memo = GestureLineMemo()
        encode(into: &out, memo: &memo)
    }

    /// As `encode(into:)`, copying the time, device and location from `memo` when they are
    /// the last line's, and keeping this line's there.
    public func encode(into out: inout JSONOutput, memo: inout GestureLineMemo) {
        out.withCursor(room: Self.maxJSONLength) { encode(into: &$0, memo: &memo) }
    }

    /// As `encode(into:memo:)`, with the line's newline in the same room.
    public func encodeLine(into out: inout JSONOutput, memo: inout GestureLineMemo) {
        out.withCursor(room: Self.maxJSONLength + 1) {
            encode(into: &$0, memo: &memo)
            $0.byte(0x0a)
        }
    }

    /// The most bytes a line takes: under 160 of fixed text (keys, names, punctuation), the
    /// time, two whole numbers and at most eight other numbers, each with its scratch.
    static let maxJSONLength = 160 + JSONCursor.Room.seconds + 2 * JSONCursor.Room.int + 8 * JSONCursor.Room.number
        + GestureLineMemo.size

    @inline(__always)
    private func encode(into out: inout JSONCursor, memo: inout GestureLineMemo) {
        if memo.prefix.count > 0 && time.microseconds == memo.time && device == memo.device {
            out.p = memo.prefix.write(at: out.p)
        } else {
            let start = out.p
            out.raw("{\"t\":")
            out.seconds(time.microseconds)
            out.raw(",\"dev\":")
            out.int(Int64(device))
            memo.prefix.keep(start, out.p)
            memo.time = time.microseconds
            memo.device = device
        }
        writeKind(&out)
        writePhase(&out)
        out.int(Int64(fingers))
        out.raw(",\"location\":")
        let x = location.x.bitPattern, y = location.y.bitPattern
        if memo.location.count > 0 && x == memo.x && y == memo.y {
            out.p = memo.location.write(at: out.p)
        } else {
            let start = out.p
            out.byte(0x5b)
            out.rounded4(location.x)
            out.byte(0x2c)
            out.rounded4(location.y)
            out.byte(0x5d)
            memo.location.keep(start, out.p)
            memo.x = x
            memo.y = y
        }
        switch detail {
        case .tap(let taps):
            out.raw(",\"taps\":")
            out.int(Int64(taps))
        case .longPress:
            break
        case .pan(let translation, let delta, let velocity):
            out.raw(",\"translation\":")
            pair(&out, translation, exact: true)
            out.raw(",\"delta\":")
            pair(&out, delta, exact: true)
            out.raw(",\"velocity\":")
            pair(&out, velocity, exact: false)
        case .swipe(let direction, let velocity):
            out.raw(",\"direction\":")
            out.raw(direction.quoted)
            out.raw(",\"velocity\":")
            pair(&out, velocity, exact: false)
        case .edgeSwipe(let edge, let direction):
            out.raw(",\"edge\":")
            out.raw(edge.quoted)
            out.raw(",\"direction\":")
            out.raw(direction.quoted)
        case .pinch(let scale, let scaleDelta, let velocity):
            out.raw(",\"scale\":")
            out.double(scale)
            out.raw(",\"scaleDelta\":")
            out.double(scaleDelta)
            out.raw(",\"velocity\":")
            out.rounded4(velocity)
        case .rotate(let rotation, let rotationDelta, let velocity):
            out.raw(",\"rotation\":")
            out.double(rotation)
            out.raw(",\"rotationDelta\":")
            out.double(rotationDelta)
            out.raw(",\"velocity\":")
            out.rounded4(velocity)
        case .peek(let stage, let pressure):
            out.raw(",\"stage\":")
            out.raw(stage.quoted)
            out.raw(",\"pressure\":")
            out.rounded4(pressure)
        case .click(let button):
            out.raw(",\"button\":")
            out.raw(button.quoted)
        }
        out.byte(0x7d)
    }

    @inline(__always)
    private func pair(_ out: inout JSONCursor, _ p: Point, exact: Bool) {
        out.byte(0x5b)
        if exact { out.double(p.x) } else { out.rounded4(p.x) }
        out.byte(0x2c)
        if exact { out.double(p.y) } else { out.rounded4(p.y) }
        out.byte(0x5d)
    }

    // The names with the text around them as one literal each: a copy of known length
    // is a few moves, where a name chosen at run time was a call to memcpy.
    @inline(__always)
    private func writeKind(_ out: inout JSONCursor) {
        switch detail {
        case .tap: out.raw(",\"gesture\":\"tap\",\"state\":\"")
        case .longPress: out.raw(",\"gesture\":\"longPress\",\"state\":\"")
        case .pan: out.raw(",\"gesture\":\"pan\",\"state\":\"")
        case .swipe: out.raw(",\"gesture\":\"swipe\",\"state\":\"")
        case .edgeSwipe: out.raw(",\"gesture\":\"edgeSwipe\",\"state\":\"")
        case .pinch: out.raw(",\"gesture\":\"pinch\",\"state\":\"")
        case .rotate: out.raw(",\"gesture\":\"rotate\",\"state\":\"")
        case .peek: out.raw(",\"gesture\":\"peek\",\"state\":\"")
        case .click: out.raw(",\"gesture\":\"click\",\"state\":\"")
        }
    }

    @inline(__always)
    private func writePhase(_ out: inout JSONCursor) {
        switch phase {
        case .recognized: out.raw("recognized\",\"fingers\":")
        case .began: out.raw("began\",\"fingers\":")
        case .changed: out.raw("changed\",\"fingers\":")
        case .ended: out.raw("ended\",\"fingers\":")
        case .cancelled: out.raw("cancelled\",\"fingers\":")
        }
    }

    /// The line without a newline.
    public var jsonLine: String {
        var out = JSONOutput(capacity: 256)
        encode(into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}

// The names of the detail's enums in quotes, as written (their raw values).
extension SwipeDirection {
    var quoted: StaticString {
        switch self {
        case .left: return "\"left\""
        case .right: return "\"right\""
        case .up: return "\"up\""
        case .down: return "\"down\""
        }
    }
}

extension ScreenEdge {
    var quoted: StaticString {
        switch self {
        case .left: return "\"left\""
        case .right: return "\"right\""
        case .top: return "\"top\""
        case .bottom: return "\"bottom\""
        }
    }
}

extension PeekStage {
    var quoted: StaticString {
        switch self {
        case .peek: return "\"peek\""
        case .pop: return "\"pop\""
        }
    }
}

extension ClickButton {
    var quoted: StaticString {
        switch self {
        case .left: return "\"left\""
        case .right: return "\"right\""
        case .middle: return "\"middle\""
        }
    }
}
