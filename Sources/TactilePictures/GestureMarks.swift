import Tactile

/// One gesture as a plot marks it: the figure its line gives (`GestureEvent.figure`), where
/// and when, with its fingers and whether it was cancelled.
///
/// A continuous gesture becomes one mark, from its last line in the window: that line holds
/// the whole gesture's translation, scale or angle. One whose moment matters
/// (`GestureKind.isMoment`: a long press, a peek) is marked where it began, and again where
/// its words change (a peek that pops).
struct GestureMark {
    var t: Double
    var location: Point
    var fingers: Int
    var kind: GestureKind
    var figure: GestureFigure
    var cancelled: Bool

    var label: String {
        var text = figure.caption
        if fingers > 1 { text += ", \(fingers) fingers" }
        if cancelled { text += " (cancelled)" }
        return text
    }

    init(_ g: GestureEvent, figure: GestureFigure? = nil, cancelled: Bool = false) {
        t = g.time.seconds; location = g.location; fingers = g.fingers; kind = g.kind; self.figure = figure ?? g.figure
        self.cancelled = cancelled
    }

    /// The marks of one device's lines, in time order.
    static func marks(of lines: [SceneLine]) -> [GestureMark] {
        var marks: [GestureMark] = []
        // The latest line of each continuous gesture under way.
        var underWay: [GestureKind: GestureEvent] = [:]
        // The words marked so far of each gesture marked as it happens.
        var marked: [GestureKind: [String]] = [:]
        for line in lines {
            guard case .gesture(let g) = line.event else { continue }
            switch g.phase {
            case .recognized:
                marks.append(GestureMark(g))
            case .began, .changed:
                if g.kind.isMoment {
                    if g.phase == .began { marked[g.kind] = [] }
                    // Only these lines are put in words here: a pan's hundreds of changed
                    // lines are not, only its last.
                    let figure = g.figure
                    if !(marked[g.kind]?.contains(figure.caption) ?? false) {
                        marks.append(GestureMark(g, figure: figure))
                        marked[g.kind, default: []].append(figure.caption)
                    }
                }
                underWay[g.kind] = g
            case .ended, .cancelled:
                underWay[g.kind] = nil
                if g.kind.isMoment {
                    if g.phase == .cancelled, let i = marks.lastIndex(where: { $0.kind == g.kind }) { marks[i].cancelled = true }
                } else {
                    marks.append(GestureMark(g, cancelled: g.phase == .cancelled))
                }
            }
        }
        // Gestures the window ends in the middle of: marked as far as they went.
        for g in underWay.values.sorted(by: { $0.time < $1.time }) where !g.kind.isMoment {
            marks.append(GestureMark(g))
        }
        return marks
    }
}
