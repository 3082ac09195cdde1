/// A semi-MT touchpad's two contacts (`INPUT_PROP_SEMI_MT`) are the corners of the
/// fingers' bounding box, worked out from the sensor's rows and columns, not the fingers.
/// The box re-forms as a finger lands, lifts or rolls in it, and that is not the fingers
/// moving. `TouchpadFilter` takes the positions from here on semi-MT pads:
///
/// - **Two corners.** On each axis, an edge that moves while the driver reports the
///   opposite edge unchanged (within the axis's fuzz, which the kernel drops) is the box
///   re-forming around a finger that lands, lifts or rolls: that move is left out. When the
///   fingers move, both edges move: together in a drag, apart or together in a pinch.
/// - **One finger.** Its position is the box too, and rolls as the finger lands and lifts:
///   a report that neither the one before nor the one after confirms (a spike of one
///   report) is left out, by the median of three reports in a row (the first report of a
///   touch counting twice). Motion shows one report later on a semi-MT pad. (A report
///   that changes nothing makes no frame, so "in a row" is over the frames that changed.)
///
/// When the finger count or the contacts change, the box starts again from the reported
/// corners (the tracker takes no motion in that frame, `TouchTracker.semiMT`). libinput
/// takes a semi-MT pad for a single-touch pad with a finger count and makes no pinch on it;
/// Tactile keeps the box's pinch, from both edges moving.
///
/// Fixed storage, nothing allocated per frame.
struct SemiMTBox: Sendable {
    /// The finger contacts of the last frame (-1: none), and the finger count it said.
    private var ids = (-1, -1)
    private var count = 0
    /// The last reported corners, and the first corner one report earlier.
    private var last = (Point.zero, Point.zero)
    private var before = Point.zero
    /// How far each corner's reported position is from the position given out.
    private var offset = (Vector.zero, Vector.zero)
    /// The positions given out for this frame.
    private var out = (Point.zero, Point.zero)

    /// Takes the next frame's finger contacts.
    mutating func update(_ raw: borrowing TouchFrame) {
        var n = 0
        var frameIDs = (-1, -1)
        var p = (Point.zero, Point.zero)
        for k in raw.contacts.indices where raw.contacts[k].tool == .finger {
            if n == 0 { frameIDs.0 = raw.contacts[k].id; p.0 = raw.contacts[k].position }
            if n == 1 { frameIDs.1 = raw.contacts[k].id; p.1 = raw.contacts[k].position }
            n += 1
        }
        let frameCount = Swift.max(n, raw.fingers ?? 0)
        guard n > 0, n <= 2, frameCount == count, frameIDs == ids else {
            ids = frameIDs
            count = frameCount
            last = p
            before = p.0
            offset = (.zero, .zero)
            out = p
            return
        }
        if n == 1 {
            out.0 = Self.median(before, last.0, p.0)
        } else {
            let d0 = p.0 - last.0, d1 = p.1 - last.1
            if (d0.x == 0) != (d1.x == 0) { offset.0 = offset.0 + Vector(x: d0.x, y: 0); offset.1 = offset.1 + Vector(x: d1.x, y: 0) }
            if (d0.y == 0) != (d1.y == 0) { offset.0 = offset.0 + Vector(x: 0, y: d0.y); offset.1 = offset.1 + Vector(x: 0, y: d1.y) }
            out = (Point(x: p.0.x - offset.0.x, y: p.0.y - offset.0.y), Point(x: p.1.x - offset.1.x, y: p.1.y - offset.1.y))
        }
        before = last.0
        last = p
    }

    /// Where contact `id` of the frame last taken is, for the recognizers (`reported` for a
    /// contact the box does not hold).
    func position(of id: Int, reported: Point) -> Point {
        id == ids.0 ? out.0 : id == ids.1 ? out.1 : reported
    }

    private static func median(_ a: Point, _ b: Point, _ c: Point) -> Point {
        func m(_ a: Double, _ b: Double, _ c: Double) -> Double { Swift.max(Swift.min(a, b), Swift.min(Swift.max(a, b), c)) }
        return Point(x: m(a.x, b.x, c.x), y: m(a.y, b.y, c.y))
    }
}
