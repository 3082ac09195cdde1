import ExampleSupport
import Tactile

/// An image tour in four steps, one more at each single tap.
///
/// 0. Start zoomed into the upper-right quadrant: 2x, with the point at (0.75, 0.25) of the
///    view brought to its centre (`Placement.zoomed`).
/// 1. Zoom out until the image is fully visible.
/// 2. Flip about the vertical axis; when only the edge shows (a quarter of the flip), the
///    second image is swapped in, and the flip ends showing it the right way round.
/// 3. Zoom into the upper-left quadrant while turning a whole turn clockwise, in keyframes
///    close enough (a quarter turn apart at most) that the direction of the turn is
///    unambiguous: a renderer interpolating matrices between them turns the same way.
struct ImageTour {
    let view: Size
    private(set) var step = 0
    private(set) var placement: Placement
    /// Which image shows: the first until the flip passes its edge.
    private(set) var image = "first"

    init(view: Size) {
        self.view = view
        // docs:begin zoomed
        placement = Placement(filling: view).zoomed(by: 2, focus: (x: 0.75, y: 0.25), in: view)
        // docs:end zoomed
    }

    func start(at time: Timestamp) -> JSONLine {
        var line = JSONLine("start", at: time)
        line.add("step", 0)
        line.add("image", image)
        add(placement, to: &line)
        return line
    }

    mutating func handle(_ event: AppEvent) -> [JSONLine] {
        guard case .gesture(let g) = event, case .tap(1) = g.detail, g.fingers == 1, step < 3 else { return [] }
        step += 1
        let rest = Placement(filling: view)
        switch step {
        case 1: return [animate(to: rest, keyframes: 3, at: g.time, "zoomOut")]
        case 2: return [animate(to: Placement(center: rest.center, flip: Double.pi), keyframes: 5, at: g.time, "flip")]
        default:
            // From the flipped image, shown the right way round, to the upper-left quadrant
            // with a whole clockwise turn on the way.
            placement.flip = 0
            var target = rest.zoomed(by: 2, focus: (x: 0.25, y: 0.25), in: view)
            target.rotation = placement.rotation + 2 * Double.pi
            return [animate(to: target, keyframes: 9, at: g.time, "zoomInTurning")]
        }
    }

    private mutating func animate(to target: Placement, keyframes count: Int, at time: Timestamp, _ what: String) -> JSONLine {
        var line = JSONLine(what, at: time)
        line.add("step", step)
        var rows: [[Double]] = []
        var images: [String] = []
        for k in placement.keyframes(to: target, count: count) {
            // The second image comes in once the flip shows the back.
            if image == "first" && k.flip >= Double.pi / 2 { image = "second" }
            images.append(image)
            rows.append([k.center.x, k.center.y, k.scale, k.rotation, k.flip] + shown(k).transform(for: view).components)
        }
        placement = target
        line.add("image", image)
        add(placement, to: &line)
        line.add("keyframes", rows: rows)
        line.add("keyframeImages", images.joined(separator: ","))
        return line
    }

    /// The back shows the second image the right way round: drawn with the flip less half
    /// a turn, so seen from the front it is not mirrored.
    private func shown(_ p: Placement) -> Placement {
        var q = p
        if q.showsBack { q.flip -= Double.pi }
        return q
    }

    private func add(_ p: Placement, to line: inout JSONLine) {
        line.add("center", p.center)
        line.add("scale", p.scale)
        line.add("rotation", p.rotation)
        line.add("flip", p.flip)
        line.add("transform", shown(p).transform(for: view))
    }
}
