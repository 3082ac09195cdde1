import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// From a line to a reading: which bound gesture, phase, fingers, direction, edge and
/// values it means on screen. A swipe measures the stroke of the pan before it; a pan that
/// ends without a swipe line is a slow stroke, settled at the end of its frame.
extension Binder {
    /// What one line means to the bindings.
    struct Reading {
        /// The gesture as bindings name it (a peek's pop is its own).
        var gesture: BoundGesture
        /// Where in the gesture the line is, as `on:` names it.
        var phase: BindingPhase
        /// The line itself.
        var event: GestureEvent
        /// How many fingers made it.
        var fingers: Int
        /// A swipe's or edge swipe's direction, in screen space.
        var direction: BoundDirection?
        /// The edge an edge swipe came from, the corner a tap was in, a click's button and a
        /// tap's count: what `edge:`, `corner:`, `button:` and `taps:` match.
        var edge: ScreenEdge?, corner: ScreenCorner?, button: ClickButton?, taps: Int?
        /// The edges and corners a swipe's stroke started or ended at, on screen: what
        /// `edge:` of a swipe binding matches (lisgd's edges).
        var strokeEdges: [ScreenEdge] = [], strokeCorners: [ScreenCorner] = []
        /// Translation in screen space (pan, swipe), scale (pinch), degrees (rotate).
        var translation = Vector.zero
        var scale = 1.0
        var degrees = 0.0
        /// A peek's pressure, 0...1.
        var pressure: Double?
        /// How fast the gesture went over its latest lines, in its `speed:` unit (mm/s, %/s, deg/s).
        var speed = 0.0
        /// How long the gesture lasted, as it ends (a swipe: its stroke's pan, from its first
        /// line): what a hold's `threshold:` and a `maxDuration:` need.
        var lasted: TimeSpan?
    }

    // MARK: Gestures

    mutating func gesture(_ g: GestureEvent, into out: inout [BoundAction]) {
        guard let device = devices[g.device], device.selected else { return }
        let turn = turn(for: device.description)
        func base(_ gesture: BoundGesture, _ phase: BindingPhase) -> Reading {
            Reading(gesture: gesture, phase: phase, event: g, fingers: g.fingers)
        }
        switch g.detail {
        case .tap(let taps):
            guard bound.contains(.tap) else { return }
            var r = base(.tap, .recognized)
            r.taps = taps
            fire(r, device, into: &out)
        case .click(let button):
            guard bound.contains(.click) else { return }
            var r = base(.click, .recognized)
            r.button = button
            fire(r, device, into: &out)
        case .swipe(let direction, _):
            guard bound.contains(.swipe) else { return }
            let key = InstanceKey(device: g.device, gesture: .pan)
            instances[key]?.swipeSeen = true
            slowSwipes[g.device] = nil  // the stroke is this swipe: one swipe binding runs
            guard !ranBySpeed(g.device) else { return }  // it ran one mid-stroke
            var r = base(.swipe, .recognized)
            r.direction = Self.bound(turn.direction(direction))
            r.translation = strokes[g.device] ?? .zero
            r.lasted = strokeBegan[g.device].map { g.time - $0 }
            if hasDiagonals, let diagonal = Self.diagonal(of: r.translation) { r.direction = diagonal }
            if hasSwipeEdges { strokeEdges(&r, device, turn) }
            fire(r, device, into: &out)
        case .edgeSwipe(let edge, let direction, let corner):
            guard bound.contains(.edgeSwipe) else { return }
            var r = base(.edgeSwipe, .recognized)
            r.edge = device.description.kind == .touchscreen ? turn.edge(edge) : edge
            r.corner = corner.flatMap { c in device.description.kind == .touchscreen ? ScreenCorner(turn.edge(c.edges.0), turn.edge(c.edges.1)) : c }
            r.direction = Self.bound(turn.direction(direction))
            // Its stroke: the pan under way, or, when the edge swipe came first (a quick
            // stroke, before the pan's landing settled), from the edge it came in from to
            // where it is; never the pan of the stroke before.
            if instances[InstanceKey(device: g.device, gesture: .pan)] != nil, let stroke = strokes[g.device] {
                r.translation = stroke
            } else {
                r.translation = turn.vector(Self.fromEdge(edge, to: g.location, device.description.size))
            }
            if !fire(r, device, into: &out) {
                edgeSwipes[g.device] = r
                claimEdge(r, device, into: &out)
            }
        case .peek(let stage, let pressure):
            guard bound.contains(.peek) || bound.contains(.pop) else { return }
            var r = base(.peek, Self.phase(g.phase))
            r.pressure = pressure.value
            let key = InstanceKey(device: g.device, gesture: .peek)
            if stage == .pop, g.phase != .cancelled, instances[key].map({ !$0.popSeen }) ?? true {
                instances[key]?.popSeen = true
                var pop = r
                pop.gesture = .pop
                pop.phase = .recognized
                fire(pop, device, into: &out)
            }
            continuous(r, device, into: &out)
        case .pan(let translation, _, _):
            let t = turn.vector(translation)
            let key = InstanceKey(device: g.device, gesture: .pan)
            strokes[g.device] = t
            if g.phase == .began || strokeBegan[g.device] == nil { strokeBegan[g.device] = g.time }
            if hasSwipeEdges {
                // Where the stroke started: where the fingers were at its first line, less
                // how far they had gone since touching down.
                let start = g.phase == .began || panelStrokes[g.device] == nil
                    ? g.location - translation : panelStrokes[g.device]!.start
                panelStrokes[g.device] = (start, translation)
            }
            if var edge = edgeSwipes[g.device] {
                // The stroke of an edge swipe goes on: its binding runs once it is far enough,
                // with the time and place of the line that got it there.
                edge.translation = t
                edge.event.time = g.time
                edge.event.location = g.location
                if fire(edge, device, into: &out) || g.phase == .ended || g.phase == .cancelled { edgeSwipes[g.device] = nil }
            }
            guard bound.contains(.pan) || bound.contains(.swipe) else { return }
            if hasSwipeSpeeds { strokeSpeed(g, t, device, turn, into: &out) }
            var r = base(.pan, Self.phase(g.phase))
            r.translation = t
            r.direction = Self.bound(ScreenTurn.direction(of: t))
            if hasPanEdges { strokeEdges(&r, device, turn, startOnly: true) }
            if g.phase == .ended, bound.contains(.swipe), !(instances[key]?.swipeSeen ?? false), !ranBySpeed(g.device) {
                // A slow stroke: a swipe for the bindings that give a threshold, unless the
                // recognizer's swipe follows among this frame's lines.
                var swipe = r
                swipe.gesture = .swipe
                swipe.phase = .recognized
                swipe.lasted = strokeBegan[g.device].map { g.time - $0 }
                if hasDiagonals, let diagonal = Self.diagonal(of: t) { swipe.direction = diagonal }
                if hasSwipeEdges { strokeEdges(&swipe, device, turn) }
                slowSwipes[g.device] = swipe
            }
            claimStroke(r, device, into: &out)
            if bound.contains(.pan) || g.phase == .began || instances[key] != nil {
                continuous(r, device, into: &out)
            }
        default:
            // Every other gesture (hold, pinch, rotate, and a new one) the bindings know by
            // its kind and how far it went alone.
            measured(g, device, turn, into: &out)
        }
    }

    /// A line of a gesture with no binding semantics of its own: bound by its kind's name,
    /// run once or followed as its kind says, its amount (`GestureEvent.amount`) read as a
    /// translation on screen, a scale or an angle, with the direction that amount has.
    mutating func measured(_ g: GestureEvent, _ device: Device, _ turn: ScreenTurn, into out: inout [BoundAction]) {
        let gesture = BoundGesture(g.kind)
        guard bound.contains(gesture) else { return }
        var r = Reading(gesture: gesture, phase: Self.phase(g.phase), event: g, fingers: g.fingers)
        switch g.amount {
        case .distance(let translation)?:
            r.translation = turn.vector(translation)
            r.direction = Self.bound(ScreenTurn.direction(of: r.translation))
        case .scale(let scale)?:
            r.scale = scale
            // In or out once the span changed by a twentieth, as a hand means it; below that
            // (a rotation's wobble, 0.9999999999999993) a pinch has no direction.
            r.direction = scale >= Self.pinchDirectionFactor ? .out : scale <= 1 / Self.pinchDirectionFactor ? .in : nil
        case .angle(let angle)?:
            r.degrees = angle.degrees
            // Likewise a turn has a direction once it passed 5° (a pinch's wobble has none).
            r.direction = r.degrees >= Self.rotateDirectionDegrees ? .clockwise
                : r.degrees <= -Self.rotateDirectionDegrees ? .anticlockwise : nil
        case nil:
            break
        }
        if hasGestureSpeeds && (gesture == .pinch || gesture == .rotate) { gestureSpeed(r, device, into: &out) }
        if gesture.isContinuous { continuous(r, device, into: &out) } else { fire(r, device, into: &out) }
    }

    /// The edges and corners the device's last stroke started or ended within `edgeZone`
    /// of, turned to the screen's: a swipe binding's `edge:` is where its stroke starts or
    /// ends, whichever way it goes (lisgd's edges). With `startOnly`, where it started: a
    /// pan binding's `edge:`, chosen as the pan begins.
    func strokeEdges(_ r: inout Reading, _ device: Device, _ turn: ScreenTurn, startOnly: Bool = false) {
        guard let stroke = panelStrokes[r.event.device], let size = device.description.size else { return }
        let zone = config.settings.edgeZone.value
        let screen = device.description.kind == .touchscreen
        // Each point on its own: a pan's start is marked at every line when a pan binding names an edge.
        func mark(_ p: Point) {
            let horizontal: ScreenEdge? = p.x <= zone ? .left : size.width.value - p.x <= zone ? .right : nil
            let vertical: ScreenEdge? = p.y <= zone ? .top : size.height.value - p.y <= zone ? .bottom : nil
            for e in [horizontal, vertical] {
                guard let e else { continue }
                let onScreen = screen ? turn.edge(e) : e
                if !r.strokeEdges.contains(onScreen) { r.strokeEdges.append(onScreen) }
            }
            if let horizontal, let vertical, let corner = ScreenCorner(screen ? turn.edge(vertical) : vertical, screen ? turn.edge(horizontal) : horizontal) {
                if !r.strokeCorners.contains(corner) { r.strokeCorners.append(corner) }
            }
        }
        mark(stroke.start)
        if !startOnly { mark(stroke.start + stroke.translation) }
    }

    /// How far `p` is in from `edge` of a surface of `size`, as a translation inward (on the
    /// panel): an edge swipe's stroke when no pan of it is known yet.
    static func fromEdge(_ edge: ScreenEdge, to p: Point, _ size: Size?) -> Vector {
        switch edge {
        case .left: return Vector(x: p.x, y: 0)
        case .top: return Vector(x: 0, y: p.y)
        case .right: return Vector(x: size.map { p.x - $0.width.value } ?? 0, y: 0)
        case .bottom: return Vector(x: 0, y: size.map { p.y - $0.height.value } ?? 0)
        }
    }

    // MARK: Words

    /// The scale factor past which a pinch is in or out (1.05x either way).
    static let pinchDirectionFactor = 1.05
    /// The turn past which a rotation is clockwise or anticlockwise.
    static let rotateDirectionDegrees = 5.0

    static func phase(_ p: GesturePhase) -> BindingPhase {
        switch p {
        case .began: return .began
        case .changed: return .update
        case .ended: return .ended
        case .cancelled: return .cancelled
        case .recognized: return .recognized
        }
    }

    /// The diagonal a stroke goes along, when it is within 22.5° of one (the eight sectors
    /// of 45° libinput-gestures uses), else nil.
    static func diagonal(of v: Vector) -> BoundDirection? {
        let ax = Swift.abs(v.x), ay = Swift.abs(v.y)
        guard Swift.max(ax, ay) > 0, Swift.min(ax, ay) / Swift.max(ax, ay) > tan(Double.pi / 8) else { return nil }
        switch (v.x >= 0, v.y >= 0) {
        case (true, true): return .rightDown
        case (true, false): return .rightUp
        case (false, true): return .leftDown
        case (false, false): return .leftUp
        }
    }

    static func bound(_ d: SwipeDirection) -> BoundDirection {
        switch d {
        case .left: return .left
        case .right: return .right
        case .up: return .up
        case .down: return .down
        }
    }
}
