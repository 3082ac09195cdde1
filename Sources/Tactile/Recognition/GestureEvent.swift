import TactileJSON
/// A gesture output line: its kind, phase and detail, how it is written as JSON (the
/// output format of docs/gestures.md), and its detail in words. A new gesture's kind, its
/// detail and the way both are written all live here.

/// Which gesture an output line is about (`gesture` in the output format).
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    /// The gestures, named as the output writes them.
    case tap, longPress, pan, swipe, edgeSwipe, pinch, rotate, peek, click

    /// Gestures of moving fingers, which may run together.
    public var isMotion: Bool {
        switch self {
        case .pan, .swipe, .edgeSwipe, .pinch, .rotate: return true
        case .tap, .longPress, .peek, .click: return false
        }
    }

    /// Whether this gesture, starting, ends `other` under way instead of losing to it: a
    /// physical click ends whatever it may not run with; force ends a long press.
    public func preempts(_ other: GestureKind) -> Bool {
        switch self {
        case .click: return other != .click
        case .peek: return other == .longPress
        case .tap, .longPress, .pan, .swipe, .edgeSwipe, .pinch, .rotate: return false
        }
    }

    /// Discrete gestures emit one `recognized` line; continuous ones began/changed/ended.
    public var isDiscrete: Bool {
        switch self {
        case .tap, .swipe, .edgeSwipe, .click: return true
        case .longPress, .pan, .pinch, .rotate, .peek: return false
        }
    }

    /// Whether what matters is when it happens, not how far it went: pictures mark it where
    /// it began, and bindings run when it begins unless they say otherwise.
    public var isMoment: Bool {
        switch self {
        case .longPress, .peek: return true
        case .tap, .pan, .swipe, .edgeSwipe, .pinch, .rotate, .click: return false
        }
    }

    /// How help names it among the others, with where it applies: "edge swipe
    /// (touchscreens)".
    public var phrase: String {
        switch self {
        case .tap: return "taps (single, double, triple, any number of fingers)"
        case .longPress: return "long press"
        case .pan: return "pan"
        case .swipe: return "swipe"
        case .edgeSwipe: return "edge swipe (touchscreens)"
        case .pinch: return "pinch"
        case .rotate: return "rotate"
        case .peek: return "peek (where pressure is force)"
        case .click: return "click (touchpads)"
        }
    }

    /// Every gesture in a sentence of help: "Taps (...), long press, ... and click (touchpads)".
    public static var phrases: String {
        let all = allCases.map(\.phrase)
        let text = all.dropLast().joined(separator: ", ") + " and " + all.last!
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// What it measures, which a binding's threshold and steps are given in; nil for a
    /// gesture that measures nothing.
    public var measure: GestureMeasure? {
        switch self {
        case .pan, .swipe, .edgeSwipe: return .distance
        case .pinch: return .scale
        case .rotate: return .angle
        case .tap, .longPress, .peek, .click: return nil
        }
    }
}

/// What a gesture measures: how far the fingers went, how their span changed, how they turned.
public enum GestureMeasure: String, Hashable, Sendable {
    /// A distance, mm (a translation).
    case distance
    /// A ratio of spans.
    case scale
    /// An angle (radians in a line, degrees in a binding).
    case angle
}

/// `state` in the output format.
public enum GesturePhase: String, Hashable, Sendable {
    /// Once for a discrete gesture; began, changed..., ended or cancelled for a continuous one.
    case recognized, began, changed, ended, cancelled

    /// The phase's name in a line, closed, and the key after it: one literal each.
    @inline(__always)
    var stateField: StaticString {
        switch self {
        case .recognized: return "recognized\",\"fingers\":"
        case .began: return "began\",\"fingers\":"
        case .changed: return "changed\",\"fingers\":"
        case .ended: return "ended\",\"fingers\":"
        case .cancelled: return "cancelled\",\"fingers\":"
        }
    }
}

/// Which way a swipe went, on screen.
public enum SwipeDirection: String, Hashable, Sendable, CaseIterable { case left, right, up, down }
/// The edge an edge swipe started at.
public enum ScreenEdge: String, Hashable, Sendable, CaseIterable { case left, right, top, bottom }
/// A corner of the surface: where an edge swipe began when it landed within the edge zone
/// of two edges at once (lisgd's corner gestures).
public enum ScreenCorner: String, Hashable, Sendable, CaseIterable {
    /// The four corners, named by their top or bottom edge, then their left or right one.
    case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

    /// The corner where `a` and `b` meet, or nil when they do not (left and right).
    public init?(_ a: ScreenEdge, _ b: ScreenEdge) {
        switch (a, b) {
        case (.top, .left), (.left, .top): self = .topLeft
        case (.top, .right), (.right, .top): self = .topRight
        case (.bottom, .left), (.left, .bottom): self = .bottomLeft
        case (.bottom, .right), (.right, .bottom): self = .bottomRight
        default: return nil
        }
    }

    /// Its two edges: top or bottom, then left or right.
    public var edges: (ScreenEdge, ScreenEdge) {
        switch self {
        case .topLeft: return (.top, .left)
        case .topRight: return (.top, .right)
        case .bottomLeft: return (.bottom, .left)
        case .bottomRight: return (.bottom, .right)
        }
    }
}
/// A peek's stage: previewing, then opened.
public enum PeekStage: String, Hashable, Sendable { case peek, pop }
/// The button a click means: what the pad's button reported, or (on a clickpad, whose
/// whole surface is one button) what the fingers on it mean (`ClickRecognizer`).
public enum ClickButton: String, Hashable, Sendable, CaseIterable { case left, right, middle }

/// One gesture output line.
public struct GestureEvent: Hashable, Sendable {
    /// When: the frame's time, or a timer's.
    public var time: Timestamp
    /// The touch device's id.
    public var device: Int
    /// Fingers down.
    public var fingers: Int
    /// Centroid of the fingers, mm.
    public var location: Point
    /// What the gesture measured.
    public var detail: Detail
    // Last, beside the detail's tag: between `device` and `fingers`, its one byte made
    // every copy of a line straddle two stores, a store-forwarding stall per line.
    /// Where in its life the gesture is.
    public var phase: GesturePhase

    /// What each kind of gesture measured.
    public enum Detail: Hashable, Sendable {
        /// How many taps in a row: 1 single, 2 double...
        case tap(taps: Int)
        /// A finger held still.
        case longPress
        /// mm since began (from touch-down), mm since the previous line, mm/s.
        case pan(translation: Vector, delta: Vector, velocity: Velocity)
        /// mm/s at release.
        case swipe(direction: SwipeDirection, velocity: Velocity)
        /// The edge it started at and the way it went; the corner, when it started within
        /// the edge zone of two edges (the edge is then the nearer of them).
        case edgeSwipe(edge: ScreenEdge, direction: SwipeDirection, corner: ScreenCorner? = nil)
        /// Span ratio since the fingers touched down, ratio to the previous line, scale/s.
        case pinch(scale: Double, scaleDelta: Double, velocity: Double)
        /// Radians clockwise since the fingers touched down (unwrapped), since the previous
        /// line, rad/s.
        case rotate(rotation: Angle, rotationDelta: Angle, velocity: AngularVelocity)
        /// The stage and the pressure, 0...1.
        case peek(stage: PeekStage, pressure: Pressure)
        /// The button the click means.
        case click(button: ClickButton)
    }

    /// A gesture line.
    public init(time: Timestamp, device: Int, phase: GesturePhase, fingers: Int, location: Point, detail: Detail) {
        self.time = time; self.device = device; self.phase = phase
        self.fingers = fingers; self.location = location; self.detail = detail
    }

    /// How far the gesture has gone since its fingers touched down, in what its kind
    /// measures (`GestureKind.measure`): nil for one that measures nothing, and for a swipe
    /// or edge swipe, whose line holds its speed, not its stroke.
    public var amount: Amount? {
        switch detail {
        case .pan(let translation, _, _): return .distance(translation)
        case .pinch(let scale, _, _): return .scale(scale)
        case .rotate(let rotation, _, _): return .angle(rotation)
        case .tap, .longPress, .swipe, .edgeSwipe, .peek, .click: return nil
        }
    }

    /// How far a gesture has gone.
    public enum Amount: Hashable, Sendable {
        /// A translation, mm.
        case distance(Vector)
        /// A ratio of spans.
        case scale(Double)
        /// A turn, clockwise positive.
        case angle(Angle)
    }

    /// Which gesture it is, from its detail.
    public var kind: GestureKind {
        switch detail {
        case .tap: return .tap
        case .longPress: return .longPress
        case .pan: return .pan
        case .swipe: return .swipe
        case .edgeSwipe: return .edgeSwipe
        case .pinch: return .pinch
        case .rotate: return .rotate
        case .peek: return .peek
        case .click: return .click
        }
    }
}

// MARK: - The line in the output format (docs/gestures.md)

/// Writes gesture lines in the output format of docs/gestures.md.
///
/// Cumulative values (`translation`, `scale`, `rotation`) and their deltas are written
/// in full, so the invariants hold exactly for a reader summing the deltas; location,
/// velocity and pressure are rounded to 4 decimals (0.1 µm, well below any sensor).
extension GestureEvent {
    /// Writes the line in the output format (docs/gestures.md), without its newline.
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
            pair(&out, translation.x, translation.y, exact: true)
            out.raw(",\"delta\":")
            pair(&out, delta.x, delta.y, exact: true)
            out.raw(",\"velocity\":")
            pair(&out, velocity.x, velocity.y, exact: false)
        case .swipe(let direction, let velocity):
            out.raw(",\"direction\":")
            out.raw(direction.quoted)
            out.raw(",\"velocity\":")
            pair(&out, velocity.x, velocity.y, exact: false)
        case .edgeSwipe(let edge, let direction, let corner):
            out.raw(",\"edge\":")
            out.raw(edge.quoted)
            out.raw(",\"direction\":")
            out.raw(direction.quoted)
            if let corner {
                out.raw(",\"corner\":")
                out.raw(corner.quoted)
            }
        case .pinch(let scale, let scaleDelta, let velocity):
            out.raw(",\"scale\":")
            out.double(scale)
            out.raw(",\"scaleDelta\":")
            out.double(scaleDelta)
            out.raw(",\"velocity\":")
            out.rounded4(velocity)
        case .rotate(let rotation, let rotationDelta, let velocity):
            out.raw(",\"rotation\":")
            out.double(rotation.radians)
            out.raw(",\"rotationDelta\":")
            out.double(rotationDelta.radians)
            out.raw(",\"velocity\":")
            out.rounded4(velocity.radiansPerSecond)
        case .peek(let stage, let pressure):
            out.raw(",\"stage\":")
            out.raw(stage.quoted)
            out.raw(",\"pressure\":")
            out.rounded4(pressure.value)
        case .click(let button):
            out.raw(",\"button\":")
            out.raw(button.quoted)
        }
        out.byte(0x7d)
    }

    @inline(__always)
    private func pair(_ out: inout JSONCursor, _ x: Double, _ y: Double, exact: Bool) {
        out.byte(0x5b)
        if exact { out.double(x) } else { out.rounded4(x) }
        out.byte(0x2c)
        if exact { out.double(y) } else { out.rounded4(y) }
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
        out.raw(phase.stateField)
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

extension ScreenCorner {
    var quoted: StaticString {
        switch self {
        case .topLeft: return "\"top-left\""
        case .topRight: return "\"top-right\""
        case .bottomLeft: return "\"bottom-left\""
        case .bottomRight: return "\"bottom-right\""
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

// MARK: - The line read back

extension GestureEvent.Detail {
    /// The detail of a `kind` line from its members as read (`RecognizedEvent.decode`): the
    /// inverse of what `encode` writes.
    public init(_ kind: GestureKind, _ m: GestureLineMembers) throws(GestureLineMembers.Problem) {
        switch kind {
        case .tap: self = .tap(taps: try m.int("taps"))
        case .longPress: self = .longPress
        case .pan:
            let translation = try m.pair("translation"), delta = try m.pair("delta"), velocity = try m.pair("velocity")
            self = .pan(translation: Vector(x: translation.x, y: translation.y), delta: Vector(x: delta.x, y: delta.y),
                        velocity: Velocity(x: velocity.x, y: velocity.y))
        case .swipe:
            let velocity = try m.pair("velocity")
            self = .swipe(direction: try m.name(SwipeDirection.self, "direction"), velocity: Velocity(x: velocity.x, y: velocity.y))
        case .edgeSwipe:
            self = .edgeSwipe(edge: try m.name(ScreenEdge.self, "edge"), direction: try m.name(SwipeDirection.self, "direction"),
                              corner: try m.optionalName(ScreenCorner.self, "corner"))
        case .pinch: self = .pinch(scale: try m.number("scale"), scaleDelta: try m.number("scaleDelta"), velocity: try m.number("velocity"))
        case .rotate:
            self = .rotate(rotation: Angle(radians: try m.number("rotation")), rotationDelta: Angle(radians: try m.number("rotationDelta")),
                           velocity: AngularVelocity(radiansPerSecond: try m.number("velocity")))
        case .peek: self = .peek(stage: try m.name(PeekStage.self, "stage"), pressure: Pressure(try m.number("pressure")))
        case .click: self = .click(button: try m.name(ClickButton.self, "button"))
        }
    }
}

// MARK: - The detail in words, for a terminal table

extension GestureEvent {
    /// The detail in words with units (`tactile recognize` on a terminal): `taps 2`,
    /// `scale 1.25  ×1.01  0.8/s`.
    public var summary: String {
        func f(_ v: Double, _ d: Int = 1) -> String {
            var scale = 1.0
            for _ in 0..<d { scale *= 10 }
            let r = (v * scale).rounded() / scale
            if r == 0 { return "0" }
            // Rounded to a whole number, it is written as one (77°/s, not 77.0°/s).
            return d == 0 && Swift.abs(r) < 1e15 ? String(Int(r)) : String(r)
        }
        switch detail {
        case .tap(let taps): return "taps \(taps)"
        case .longPress: return ""
        case .pan(let tr, let d, let v):
            return "translation \(f(tr.x)),\(f(tr.y))  delta \(f(d.x)),\(f(d.y))  velocity \(f(v.x, 0)),\(f(v.y, 0)) mm/s"
        case .swipe(let dir, let v): return "\(dir.rawValue)  velocity \(f(v.x, 0)),\(f(v.y, 0)) mm/s"
        case .edgeSwipe(let edge, let dir, let corner): return "from \(corner.map { $0.rawValue + " corner" } ?? edge.rawValue + " edge"), \(dir.rawValue)"
        case .pinch(let s, let sd, let v): return "scale \(f(s, 3))  ×\(f(sd, 3))  \(f(v, 2))/s"
        case .rotate(let r, let rd, let v):
            return "rotation \(f(r.degrees))°  Δ \(f(rd.degrees))°  \(f(v.degreesPerSecond, 0))°/s"
        case .peek(let stage, let p): return "\(stage.rawValue)  pressure \(f(p.value, 2))"
        case .click(let button): return "\(button.rawValue) button"
        }
    }
}

// MARK: - The detail in a picture

extension GestureEvent {
    /// How a picture marks this line (`tactile plot`, `tactile view`): its shape, words and
    /// name. Numbers are rounded to what a person reads at a glance.
    public var figure: GestureFigure {
        func n(_ v: Double, _ d: Int) -> String { DecimalText.fixed(v, d) }
        switch detail {
        case .tap(let taps):
            return GestureFigure(.ring, caption: "tap ×\(taps)", name: "tap")
        case .longPress:
            return GestureFigure(.dashedRing, caption: "long press", name: "long press")
        case .pan(let translation, _, _):
            let from = location - translation
            let dx = location.x - from.x, dy = location.y - from.y
            return GestureFigure(.band(from: from), caption: "pan \(n((dx * dx + dy * dy).squareRoot(), 1)) mm", name: "pan")
        case .swipe(let direction, let v):
            return GestureFigure(.arrowIn(direction), caption: "swipe \(direction.rawValue) \(n(v.speed.millimetresPerSecond, 0)) mm/s",
                                 name: "swipe")
        case .edgeSwipe(let edge, let direction, let corner):
            return GestureFigure(.arrowOut(direction), caption: "edge swipe from \(corner?.rawValue ?? edge.rawValue)", name: "edge swipe")
        case .pinch(let scale, _, _):
            return GestureFigure(.circles(scale: scale), caption: "pinch ×\(n(scale, 2))", name: "pinch")
        case .rotate(let rotation, _, _):
            return GestureFigure(.arc(rotation), caption: "rotate \(n(rotation.degrees, 0))°", name: "rotate")
        case .peek(let stage, _):
            return GestureFigure(.diamond(filled: stage == .pop), caption: stage.rawValue, name: stage.rawValue)
        case .click(let button):
            return GestureFigure(.square, caption: "click \(button.rawValue)", name: "click")
        }
    }
}
