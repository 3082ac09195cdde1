import Tactile

/// One gesture as a plot marks it: a tap with its count, a pan or swipe arrow with its
/// translation, a pinch with its scale, a rotate with its angle; peek, pop, click.
///
/// A continuous gesture (began ... ended) becomes one mark, from its last line in the
/// window: that line holds the whole gesture's translation, scale or angle.
struct GestureMark {
    enum Shape {
        case tap(taps: Int)
        case longPress
        case pan(from: Point, to: Point)
        case swipe(direction: SwipeDirection, speed: Double)
        case edgeSwipe(edge: ScreenEdge, direction: SwipeDirection, corner: ScreenCorner?)
        case pinch(scale: Double)
        case rotate(radians: Double)
        case peek(stage: PeekStage)
        case click(button: ClickButton)
    }

    var t: Double
    var location: Point
    var fingers: Int
    var shape: Shape
    var cancelled: Bool

    var label: String {
        var text: String
        switch shape {
        case .tap(let taps): text = "tap ×\(taps)"
        case .longPress: text = "long press"
        case .pan(let from, let to):
            let dx = to.x - from.x, dy = to.y - from.y
            text = "pan \(Markup.number((dx * dx + dy * dy).squareRoot(), 1)) mm"
        case .swipe(let direction, let speed): text = "swipe \(direction.rawValue) \(Markup.number(speed, 0)) mm/s"
        case .edgeSwipe(let edge, _, let corner): text = "edge swipe from \(corner?.rawValue ?? edge.rawValue)"
        case .pinch(let scale): text = "pinch ×\(Markup.number(scale, 2))"
        case .rotate(let radians): text = "rotate \(Markup.number(radians * 180 / .pi, 0))°"
        case .peek(let stage): text = stage.rawValue
        case .click(let button): text = "click \(button.rawValue)"
        }
        if fingers > 1 { text += ", \(fingers) fingers" }
        if cancelled { text += " (cancelled)" }
        return text
    }

    /// The marks of one device's lines, in time order.
    static func marks(of lines: [SceneLine]) -> [GestureMark] {
        var marks: [GestureMark] = []
        // The latest line of each continuous gesture under way.
        var underWay: [GestureKind: GestureEvent] = [:]
        var popped = false
        for line in lines {
            guard case .gesture(let g) = line.event else { continue }
            switch g.phase {
            case .recognized:
                if let mark = mark(g) { marks.append(mark) }
            case .began, .changed:
                if case .peek(let stage, _) = g.detail {
                    // Peek and pop are each marked where they happened.
                    if g.phase == .began { popped = false }
                    if g.phase == .began || (stage == .pop && !popped) {
                        marks.append(GestureMark(t: g.t, location: g.location, fingers: g.fingers,
                                                 shape: .peek(stage: stage), cancelled: false))
                        popped = stage == .pop
                    }
                } else if g.kind == .longPress, g.phase == .began {
                    marks.append(GestureMark(t: g.t, location: g.location, fingers: g.fingers, shape: .longPress, cancelled: false))
                }
                underWay[g.kind] = g
            case .ended, .cancelled:
                underWay[g.kind] = nil
                if g.kind == .peek || g.kind == .longPress {
                    if g.phase == .cancelled, let i = marks.lastIndex(where: { $0.isKind(g.kind) }) { marks[i].cancelled = true }
                } else if var mark = mark(g) {
                    mark.cancelled = g.phase == .cancelled
                    marks.append(mark)
                }
            }
        }
        // Gestures the window ends in the middle of: marked as far as they went.
        for g in underWay.values.sorted(by: { $0.time < $1.time }) where g.kind != .peek && g.kind != .longPress {
            if let mark = mark(g) { marks.append(mark) }
        }
        return marks
    }

    private func isKind(_ kind: GestureKind) -> Bool {
        switch shape {
        case .peek: return kind == .peek
        case .longPress: return kind == .longPress
        default: return false
        }
    }

    private static func mark(_ g: GestureEvent) -> GestureMark? {
        let shape: Shape
        switch g.detail {
        case .tap(let taps): shape = .tap(taps: taps)
        case .longPress: shape = .longPress
        case .pan(let translation, _, _):
            shape = .pan(from: Point(x: g.location.x - translation.x, y: g.location.y - translation.y), to: g.location)
        case .swipe(let direction, let velocity):
            shape = .swipe(direction: direction, speed: (velocity.x * velocity.x + velocity.y * velocity.y).squareRoot())
        case .edgeSwipe(let edge, let direction, let corner): shape = .edgeSwipe(edge: edge, direction: direction, corner: corner)
        case .pinch(let scale, _, _): shape = .pinch(scale: scale)
        case .rotate(let rotation, _, _): shape = .rotate(radians: rotation)
        case .peek(let stage, _): shape = .peek(stage: stage)
        case .click(let button): shape = .click(button: button)
        }
        return GestureMark(t: g.time.seconds, location: g.location, fingers: g.fingers, shape: shape, cancelled: false)
    }
}

extension GestureEvent {
    fileprivate var t: Double { time.seconds }
}
