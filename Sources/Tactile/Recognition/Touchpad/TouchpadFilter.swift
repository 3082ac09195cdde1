/// Turns a touchpad's contacts into the fingers its gestures count, as libinput's
/// touchpad code does before its tap and gesture machines see them, and a little better:
///
/// - **Resting fingers and thumbs.** When two or more fingers are down and one of them
///   moves past the slop while another has moved less than a third as far, the still one
///   is resting (a thumb, or a finger parked on the pad) and no longer counts, until it
///   moves the slop itself (a pinch's second finger may start late). At a click,
///   a still contact in the thumb zone (the bottom `thumbZone` of the pad) does not count
///   while a finger above it does, as libinput's clickfinger leaves thumbs out. A finger
///   that starts at the edge and moves is a finger.
/// - **Palms at the edges.** On a touchpad with libinput's palm edge zones
///   (`PalmEdgeZones`), a finger that lands in one while no other finger counts is a palm
///   and does not count, until another finger lands (two fingers scroll), or it leaves the
///   zone the way a finger would (sideways from a side, down from the top) within 200 ms,
///   or later having travelled a quarter of the pad's width. A palm that left its zone was
///   moving when it began to count: no hold comes of it (`noHold`).
///   A touch sequence with a finger that landed in a zone has no tap (libinput's palm tap).
/// - **No taps after motion.** While a finger rests after another moved, taps are ruled
///   out (`noTap`), also for a sequence the other fingers begin by lifting and landing
///   again: libinput's tap machine stays dead until every finger has left the pad.
/// - **Motion class.** Once the counted fingers move past the slop, their motion is a pan
///   (they move together) or a pinch (their spread changes more than their centre moves),
///   locked until the count changes (`MotionClass`), as libinput's gesture state machine
///   locks scroll, swipe and pinch.
/// - **Clicks pin the fingers.** A physical click pins every finger where it is, until it
///   moves `pinDistance` from there (libinput's `tp_pin_fingers`, 1.5 mm): the press's own
///   motion makes no tap and no pan; a real drag after the click does.
/// - **Handoffs.** When the last counted fingers lift in the frame where new ones land (a
///   firmware that reused a slot), or lift just after a new finger landed late in their
///   touch (a drumroll: the new finger landed in the second half of the lifted one's
///   touch, and neither moved), the sequence ends there and the remaining fingers begin a
///   new one: a drumroll is a run of one-finger taps, not a two-finger gesture. A finger
///   handed on holds nothing (it may still tap, or move and pan).
/// - **Semi-MT boxes.** On a semi-MT pad the contacts are the corners of the fingers'
///   bounding box; the box re-forming as a finger lands, lifts or rolls is left out of
///   their positions (`SemiMTBox`).
///
/// Pure and driven by frame times; fixed storage, nothing allocated per frame.
struct TouchpadFilter: Sendable {
    struct Track: Sendable {
        var id: Int
        var downTime: Timestamp
        var landing: Point
        var position: Point
        /// Where it was when the counted fingers last changed: motion is classified from here.
        var anchor: Point
        /// Farthest from `landing`, mm.
        var travel = 0.0
        var resting = false
        /// Where it was when it was found resting: moving `touchpadTouchSlop` from there
        /// makes it a finger again (a pinch's second finger may start late).
        var restingAt = Point.zero
        var pinned = false
        var pin = Point.zero
        /// Counted in the last frame.
        var counted = false
        /// Landed in a palm edge zone: a palm while `palm`, and never part of a tap.
        var edgeLanding = false
        var palm = false
        /// A palm that left its zone: it was moving when it began to count.
        var arrivedMoving = false
        /// Handed on from a drumroll (`decideHandoff`): the drumroll's next tap.
        var handedOn = false
        /// Whether it counts: neither resting nor a palm.
        var counts: Bool { !resting && !palm }
    }

    private var tracks = FixedList<16, Track>()
    private var spare = FixedList<16, Track>()
    /// The counted fingers, as a frame (rebuilt in place).
    private(set) var frame: TouchFrame
    /// When true, an empty frame at this time ends the sequence before `frame`.
    private(set) var endsSequence = false
    /// Fingers counted before that end which go on into the new sequence.
    private(set) var handedOff = 0
    private(set) var motion = MotionClass.undecided
    /// Taps are ruled out while this frame's contacts are down: one rests after another
    /// moved, or a counted one landed in a palm edge zone.
    private(set) var noTap = false
    /// Holds are ruled out while this frame's contacts are down: a counted one was moving
    /// when it began to count (a palm that left its edge zone), as libinput's hold never
    /// begins after motion; or it was handed on from a drumroll, whose next tap it is.
    private(set) var noHold = false
    private var buttons = PhysicalButtons()
    /// On a semi-MT pad, where the box's corners are taken to be (`SemiMTBox`).
    private var box = SemiMTBox()

    init(device: Int) {
        frame = TouchFrame(time: .zero, device: device)
    }

    /// Takes the next raw frame of the device; the counted fingers are then in `frame`.
    mutating func process(_ raw: borrowing TouchFrame, _ c: RecognizerContext) {
        let time = raw.time
        let slop = c.settings.touchpadTouchSlop.value
        let pressed = !raw.buttons.subtracting(buttons).isEmpty
        buttons = raw.buttons
        if _slowPath(c.semiMT) { box.update(raw) }

        // What lifted, among the fingers counted so far.
        var liftedCounted = 0, remainingCounted = 0
        var latestLiftedDown = Timestamp.zero
        var liftedAreTaps = true
        var next = spare
        spare = FixedList()
        next.removeAll()
        for i in tracks.indices {
            let id = tracks[i].id
            let present = raw.contacts.contains { $0.id == id && $0.tool == .finger }
            guard tracks[i].counted else { continue }
            if present {
                remainingCounted += 1
            } else {
                liftedCounted += 1
                latestLiftedDown = Swift.max(latestLiftedDown, tracks[i].downTime)
                // A finger's whole touch, against the 400 ms of a tap's whole touch: libinput's
                // 180 ms timer starts again at every finger change, so a drumroll's finger
                // may be down longer than 180 ms and still be part of taps.
                if time - tracks[i].downTime > c.settings.tapMaxDuration || tracks[i].travel > slop { liftedAreTaps = false }
            }
        }
        // The tracks of this frame, in the frame's order.
        var landed = 0
        for k in raw.contacts.indices where raw.contacts[k].tool == .finger {
            var contact = raw.contacts[k]
            if _slowPath(c.semiMT) { contact.position = box.position(of: contact.id, reported: contact.position) }
            if let i = tracks.firstIndex(where: { $0.id == contact.id }) {
                var t = tracks[i]
                t.position = contact.position
                t.travel = Swift.max(t.travel, t.landing.distance(to: t.position).value)
                if t.pinned && t.pin.distance(to: t.position).value >= c.settings.pinDistance.value { t.pinned = false }
                if t.resting && t.restingAt.distance(to: t.position).value >= slop { t.resting = false }
                if t.palm, let zones = c.palmEdges, zones.releases(landing: t.landing, at: t.downTime, now: t.position, at: time) {
                    t.palm = false
                    t.arrivedMoving = true
                }
                next.append(t)
            } else {
                landed += 1
                var t = Track(id: contact.id, downTime: time, landing: contact.position,
                              position: contact.position, anchor: contact.position)
                if let zones = c.palmEdges, zones.contains(t.position) {
                    t.edgeLanding = true
                    // A palm, unless another finger counts (libinput's multi-finger rule) or
                    // it landed in a clickpad's software button area (libinput's: the bottom
                    // 10 mm, or 15% of a pad less than 67 mm tall).
                    let area = Swift.min(c.settings.buttonAreaHeight.value, zones.size.height.value * 0.15)
                    let buttonArea = c.clickpad && t.position.y >= zones.size.height.value - area
                    t.palm = !buttonArea && !next.contains { $0.counts }
                }
                next.append(t)
            }
        }
        // A palm beside a finger is a finger: two fingers scroll (libinput releases an edge
        // palm when another finger that is no palm is down).
        if next.contains(where: { $0.counts }) {
            for i in next.indices where next[i].palm { next[i].palm = false }
        }
        spare = tracks
        tracks = next

        if pressed { pinAndLeaveOutThumbs(c) }
        decideHandoff(time, c, liftedCounted, remainingCounted, landed, latestLiftedDown, liftedAreTaps, slop)
        classify(time, slop, lifted: liftedCounted > 0)
        build(raw)
        noTap = false
        noHold = false
        for i in tracks.indices {
            if tracks[i].resting || (tracks[i].counted && tracks[i].edgeLanding) { noTap = true }
            if tracks[i].counted && (tracks[i].arrivedMoving || tracks[i].handedOn) { noHold = true }
        }
    }

    /// A click: every finger is pinned where it is, and a still thumb below a finger stops counting.
    private mutating func pinAndLeaveOutThumbs(_ c: RecognizerContext) {
        let zoneTop = c.size.map { $0.height.value * (1 - c.settings.thumbZone) } ?? .infinity
        let slop = c.settings.touchpadTouchSlop.value
        var fingerAbove = false
        for i in tracks.indices where tracks[i].counts && tracks[i].position.y < zoneTop { fingerAbove = true }
        for i in tracks.indices {
            tracks[i].pinned = true
            tracks[i].pin = tracks[i].position
            if fingerAbove && tracks[i].position.y >= zoneTop && tracks[i].travel < slop { rest(i) }
        }
    }

    /// Whether this frame hands the sequence on to fingers that landed as the last ones lifted.
    private mutating func decideHandoff(
        _ time: Timestamp, _ c: RecognizerContext, _ lifted: Int, _ remaining: Int, _ landed: Int,
        _ latestLiftedDown: Timestamp, _ liftedAreTaps: Bool, _ slop: Double
    ) {
        endsSequence = false
        handedOff = 0
        guard lifted > 0 else { return }
        if remaining == 0 {
            // All counted fingers lifted and new ones landed in the same frame.
            endsSequence = landed > 0
            return
        }
        // A drumroll: every remaining finger landed late in the lifted fingers' touch.
        guard liftedAreTaps else { return }
        for i in tracks.indices where tracks[i].counted {
            let t = tracks[i]
            let sinceLifted = t.downTime - latestLiftedDown
            guard t.downTime > latestLiftedDown, sinceLifted > time - t.downTime, t.travel <= slop else { return }
        }
        endsSequence = true
        handedOff = remaining
        // The remaining fingers begin the new sequence where they are now.
        for i in tracks.indices where tracks[i].counted {
            tracks[i].counted = false
            tracks[i].handedOn = true
            tracks[i].downTime = time
            tracks[i].landing = tracks[i].position
            tracks[i].travel = 0
        }
    }

    /// Keeps `motion` up to date: re-anchored when the counted fingers change, decided
    /// once they move past the slop.
    private mutating func classify(_ time: Timestamp, _ slop: Double, lifted: Bool) {
        var changed = lifted
        var count = 0
        for i in tracks.indices {
            let counts = tracks[i].counts
            if counts != tracks[i].counted || (counts && endsSequence) { changed = true }
            if counts { count += 1 }
        }
        if changed || count < 2 { reanchor(count) }
        guard count >= 2, motion == .undecided else { return }

        var largest = 0.0
        for i in tracks.indices where tracks[i].counts {
            largest = Swift.max(largest, tracks[i].anchor.distance(to: tracks[i].position).value)
        }
        guard largest >= slop else { return }
        // Still fingers beside a moving one are resting.
        var moving = 0
        for i in tracks.indices where tracks[i].counts {
            let moved = tracks[i].anchor.distance(to: tracks[i].position).value
            if moved < largest / 3 && tracks[i].travel < slop { rest(i) } else { moving += 1 }
        }
        guard moving >= 2 else { motion = .pan; return }
        // Pinch when the fingers' spread changes more than their centre moves.
        var anchorCentre = Point.zero, centre = Point.zero
        for i in tracks.indices where tracks[i].counts {
            anchorCentre = anchorCentre + tracks[i].anchor
            centre = centre + tracks[i].position
        }
        let n = 1 / Double(moving)
        anchorCentre = anchorCentre * n
        centre = centre * n
        let common = centre - anchorCentre
        var spread = 0.0
        for i in tracks.indices where tracks[i].counts {
            let out = tracks[i].anchor - anchorCentre
            let length = out.length.value
            guard length > 1e-9 else { continue }
            let own = tracks[i].position - tracks[i].anchor - common
            spread += (own.x * out.x + own.y * out.y) / length
        }
        // Decided only on clear evidence, so one glitching sample does not lock it: a
        // pinch once the spread moved each finger half the slop, more than the centre
        // moved; a pan once the centre moved the slop and twice the spread; else the
        // larger, once some finger moved three slops.
        let spreadMoved = Swift.abs(spread * n), centreMoved = common.length.value
        if spreadMoved >= slop / 2 && spreadMoved > centreMoved {
            motion = .pinch
        } else if centreMoved >= slop && centreMoved > 2 * spreadMoved {
            motion = .pan
        } else if largest >= 3 * slop {
            motion = spreadMoved > centreMoved ? .pinch : .pan
        }
    }

    private mutating func rest(_ i: Int) {
        tracks[i].resting = true
        tracks[i].restingAt = tracks[i].position
    }

    private mutating func reanchor(_ count: Int) {
        for i in tracks.indices { tracks[i].anchor = tracks[i].position }
        motion = count == 1 ? .pan : .undecided
    }

    /// Writes the counted fingers into `frame`, pinned ones where they were pinned.
    private mutating func build(_ raw: borrowing TouchFrame) {
        frame.time = raw.time
        frame.buttons = raw.buttons
        frame.cancelled = raw.cancelled
        frame.contacts.removeAll()
        var rawFingers = 0
        var j = 0
        for k in raw.contacts.indices where raw.contacts[k].tool == .finger {
            rawFingers += 1
            defer { j += 1 }
            tracks[j].counted = tracks[j].counts
            guard tracks[j].counted else { continue }
            var contact = raw.contacts[k]
            contact.position = tracks[j].pinned ? tracks[j].pin : tracks[j].position
            frame.contacts.append(contact)
        }
        if let reported = raw.fingers {
            let left = reported - (rawFingers - frame.contacts.count)
            frame.fingers = left > frame.contacts.count ? left : nil
        } else {
            frame.fingers = nil
        }
    }
}
