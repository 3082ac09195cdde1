#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every recognizer of a device shares about the current touch sequence (from the
/// first finger down to the last finger up): each finger's touch-down, and the group's
/// cumulative translation, scale and rotation.
///
/// Group motion is accumulated frame by frame over the fingers present in both frames, so
/// a finger landing or lifting mid-gesture never makes a value jump, and values count from
/// touch-down, not from the moment a recognizer began. Pens and palms are ignored.
public struct TouchTracker: Sendable {
    /// One finger down, as the recognizers see it.
    public struct Finger: Hashable, Sendable {
        /// The contact's id.
        public var id: Int
        /// When it landed.
        public var downTime: Timestamp
        /// Where it landed, mm.
        public var downPosition: Point
        /// Where it is, mm.
        public var position: Point
        /// Its pressure, where the device reports it.
        public var pressure: Pressure?
        /// Where the finger settled: its position at the end of its landing
        /// (`TouchTracker.landingSettle`), or of a semi-MT count change. Travel counts from
        /// here: a first sample that is off, or a spike while it lands, is not travel.
        public var anchor: Point
        /// Farthest this finger has been from its `anchor` since it settled, mm.
        public var maxTravel: Double
        /// When its landing began to settle: its touch-down, or a semi-MT count change.
        var settleStart: Timestamp
        /// Where it was then.
        var settleOrigin: Point

        init(landing c: Contact, at time: Timestamp) {
            id = c.id
            downTime = time
            downPosition = c.position
            position = c.position
            anchor = c.position
            pressure = c.pressure
            maxTravel = 0
            settleStart = time
            settleOrigin = c.position
        }

        /// Moved to `c` at `time` (the frame before was at `previous`); still settling, the
        /// anchor goes with it. On the frame that crosses the settle's end the anchor is
        /// where the finger was at that moment, between the two frames: so a replay whose
        /// frames come a millisecond early or late anchors it at the same place. `rebase` (a
        /// semi-MT count change) counts no travel: the tracker settles the finger again.
        mutating func moved(to c: Contact, at time: Timestamp, from previous: Timestamp, settle: TimeSpan, rebase: Bool) {
            let from = position
            position = c.position
            pressure = c.pressure
            if rebase { return }
            let end = settleStart + settle
            if time < end {
                anchor = c.position
                return
            }
            if previous < end && time > previous {
                let f = Double((end - previous).microseconds) / Double((time - previous).microseconds)
                anchor = from + (c.position - from) * f
            }
            maxTravel = Swift.max(maxTravel, anchor.distance(to: c.position).value)
        }
    }

    struct Sample: Sendable {
        var time: Timestamp
        var translation: Vector
        var scale: Double
        var rotation: Double
    }

    /// The fingers down, in the order they landed.
    public private(set) var fingers = FixedList<16, Finger>()
    /// Fingers in `fingers`.
    public var trackedFingers: Int { fingers.count }
    /// The first finger of `fingers`, if any.
    public var firstFinger: Finger? { fingers.isEmpty ? nil : fingers[0] }
    /// The farthest any finger down has been from where it settled (`Finger.anchor`), mm. This and the
    /// centroid are summed once per frame, as the list is updated: several recognizers
    /// read them on every frame.
    public private(set) var maxTravel = 0.0
    /// Centroid of the fingers down, mm (the last centroid once all lifted).
    public private(set) var centroid = Point.zero
    /// Where the fingers that lifted in this sequence last were, the most recent last: a
    /// ring of 16 (`liftedHead` is where the next goes), for `centroid(counting:)`.
    private var liftedPlaces = InlineArray<16, Point>(repeating: .zero)
    private var liftedHead = 0, liftedKept = 0
    /// Fingers down per the device, which may know of more than it tracks.
    public private(set) var fingerCount = 0
    /// Most fingers down at once in this sequence.
    public private(set) var maxFingerCount = 0
    /// The time of the last frame.
    public private(set) var time = Timestamp.zero
    /// When the current touch sequence began (first finger down), nil between sequences.
    public private(set) var sequenceStart: Timestamp?
    /// This frame began a new sequence (fingers went from none to some).
    public private(set) var sequenceBegan = false
    /// This frame ended the sequence (the last finger lifted).
    public private(set) var sequenceEnded = false
    /// Fingers that landed in this frame.
    public private(set) var landed = 0
    /// Fingers that lifted in this frame.
    public private(set) var lifted = 0

    /// What this frame was, named as the recognizers' diagrams name their inputs
    /// (libinput's tap machine: touch, release, motion; time is the other input, `timer`).
    public struct Inputs: OptionSet, Sendable {
        /// The inputs as bits.
        public let rawValue: UInt8
        /// The inputs of these bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// A finger landed.
        public static let touch = Inputs(rawValue: 1)
        /// A finger lifted.
        public static let release = Inputs(rawValue: 2)
        /// The last finger lifted: the touch sequence is over.
        public static let lastRelease = Inputs(rawValue: 4)
        /// Contacts ended without a lift (SYN_DROPPED).
        public static let lost = Inputs(rawValue: 8)
        /// A physical button went down.
        public static let press = Inputs(rawValue: 16)
    }

    /// This frame's inputs, from the counts above (kept once per frame, as the frame is taken).
    @inlinable public var inputs: Inputs {
        var s = Inputs()
        if landed > 0 { s.insert(.touch) }
        if lifted > 0 { s.insert(.release) }
        if sequenceEnded { s.insert(.lastRelease) }
        if cancelled { s.insert(.lost) }
        if !pressedButtons.isEmpty { s.insert(.press) }
        return s
    }

    /// The centroid of `n` tracked fingers, mm: those down, and as many of those that lifted
    /// last in this sequence as make up `n`, each where it lifted. Where a gesture of `n`
    /// fingers was as it ended: UIKit's location at `.ended` counts the touches that ended,
    /// so a two-finger pinch that ends as one finger lifts is between both fingers, not on
    /// the one still down. `centroid` when `n` fingers or more are down.
    public func centroid(counting n: Int) -> Point {
        let down = fingers.count
        let more = Swift.min(n - down, liftedKept)
        guard more > 0 else { return centroid }
        var sum = Point.zero
        for k in fingers.indices { sum = sum + fingers[k].position }
        for j in 1...more { sum = sum + liftedPlaces[(liftedHead + 16 - j) % 16] }
        return sum * (1 / Double(down + more))
    }

    /// Where a continuous gesture's line of `phase` is: the centroid of the fingers down, or,
    /// on its ending line, of the `n` fingers it counted (`centroid(counting:)`).
    public func location(_ phase: GesturePhase, counting n: Int) -> Point {
        phase == .ended || phase == .cancelled ? centroid(counting: n) : centroid
    }

    /// Motion: some finger has moved farther than `slop` from where it settled.
    @inlinable public func moved(beyond slop: Millimetres) -> Bool { maxTravel > slop.value }
    /// Some finger down landed less than `landingSettle` ago: its position may still be a
    /// landing transient, so motion is not yet evidence of a drag. The motion recognizers
    /// begin on the motion after every finger settled (`settledTranslation`,
    /// `settledSpanChange`, `settledRotation`), which is none while one is settling; their
    /// lines still count from touch-down.
    public var settling: Bool { !fingers.isEmpty && time < settleEnd }
    /// When the last finger down to land (or to settle again, on semi-MT) has settled.
    private var settleEnd = Timestamp.zero
    /// Centroid motion over the frames when no finger was settling, mm: what a pan's slop
    /// is measured on.
    public private(set) var settledTranslation = Vector.zero
    /// `spanChange` over the frames when no finger was settling: what a pinch's slop is
    /// measured on.
    public private(set) var settledSpanChange = 0.0
    /// `rotation` over the frames when no finger was settling: what a rotate's slop is
    /// measured on.
    public private(set) var settledRotation = 0.0
    /// `scale` over the frames when no finger was settling.
    private var settledScale = 1.0
    /// How long after landing a finger's position is not yet evidence of motion
    /// (`GestureSettings.landingSettle`).
    public let landingSettle: TimeSpan
    /// The device reports a bounding box, not fingers (`INPUT_PROP_SEMI_MT`): when the
    /// finger count changes the box's corners jump to other fingers, so that frame moves
    /// nothing and travel counts again from there (libinput resets its motion history).
    public let semiMT: Bool
    /// Contacts of this frame that ended without a lift (lost to SYN_DROPPED).
    public private(set) var cancelled = false
    /// Physical buttons held down, and those pressed in this frame.
    public private(set) var buttons = PhysicalButtons()
    /// Buttons pressed in this frame (down now, up in the last).
    public private(set) var pressedButtons = PhysicalButtons()
    /// On a frame that ends a sequence by handing it on (`TouchpadFilter`): fingers seen in
    /// it that go on into the next one, and so are not part of what ended (a drumroll's
    /// next finger is not part of the last tap).
    public private(set) var handedOff = 0
    /// What the fingers' motion may be recognized as (`MotionClass`): `any` on a
    /// touchscreen; on a touchpad, set by its filter after each frame.
    public internal(set) var motion = MotionClass.any
    /// On a touchpad, whether the pad's filter rules taps out in this touch sequence, as
    /// libinput's tap machine stays dead: a finger still on the pad rests after another
    /// moved, or a finger landed in a palm edge zone (`TouchpadFilter`).
    public internal(set) var noTap = false
    /// On a touchpad, whether the pad's filter rules holds out in this frame: a finger
    /// began to count while it was moving (a palm that left its edge zone).
    public internal(set) var noHold = false
    /// On a touchpad, the fingers on the pad in this frame, those its filter leaves out of
    /// `fingerCount` (a palm at an edge, a resting thumb) included: a click pressed by a
    /// finger the filter does not count still has a finger.
    public internal(set) var fingersOnPad = 0

    /// Centroid motion since the sequence began, mm.
    public private(set) var translation = Vector.zero
    /// Finger span relative to the span when a second finger landed (1 with one finger).
    public private(set) var scale = 1.0
    /// Clockwise turn of the fingers since a second finger landed, radians, unwrapped.
    public private(set) var rotation = 0.0
    /// Mean span and its largest change, for the pinch threshold.
    public private(set) var spanChange = 0.0
    /// The span between the first two fingers when the second landed, mm (0 with fewer).
    public private(set) var initialSpan = 0.0

    /// The list the fingers are rebuilt into when their order changes.
    private var spare = FixedList<16, Finger>()
    /// The last 32 frames' cumulative values, a ring (filled once, then overwritten).
    private var history = FixedList<32, Sample>()
    private var historyHead = 0
    private var historyCount = 0
    /// How many frames back from the newest the velocity anchor sits (see `updateVelocity`).
    private var anchorAge = 1

    /// The window `velocity` is measured over.
    public let velocityWindow: TimeSpan
    /// Rates of change over `velocityWindow` as of this frame (see `velocity(window:)`),
    /// measured once per frame for every recognizer that writes one.
    public private(set) var velocity: (translation: Velocity, scale: Double, rotation: Double) = (.zero, 0, 0)

    /// A tracker measuring velocity over `velocityWindow`, settling landings over
    /// `landingSettle`, for a semi-MT device or not.
    public init(velocityWindow: TimeSpan = GestureSettings().velocityWindow,
                landingSettle: TimeSpan = GestureSettings().landingSettle, semiMT: Bool = false) {
        self.velocityWindow = velocityWindow
        self.landingSettle = landingSettle
        self.semiMT = semiMT
        for _ in 0..<32 { history.append(Sample(time: .zero, translation: .zero, scale: 1, rotation: 0)) }
    }

    /// The finger with this id, if it is down.
    public func finger(_ id: Int) -> Finger? {
        fingers.first { $0.id == id }
    }

    /// Takes the next touch frame of the device.
    ///
    /// The finger list is updated in place; its order is the frame's order of finger
    /// contacts, and every sum runs in that order, so results do not depend on how the
    /// list was updated.
    public mutating func update(_ frame: borrowing TouchFrame) {
        update(frame, handedOff: 0)
    }

    /// `update(_:)` for a frame that hands `handedOff` fingers on to the next sequence.
    mutating func update(_ frame: borrowing TouchFrame, handedOff: Int) {
        self.handedOff = handedOff
        pressedButtons = frame.buttons.subtracting(buttons)
        buttons = frame.buttons
        let time = frame.time, reported = frame.fingers, lost = !frame.cancelled.isEmpty
        // The contacts through one buffer for the whole update: read element by element
        // through the list, each loop held its own reference to the frame's storage.
        frame.contacts.withUnsafeBufferPointer { update(time: time, contacts: $0, fingers: reported, lost: lost) }
    }

    private mutating func update(time frameTime: Timestamp, contacts: UnsafeBufferPointer<Contact>, fingers reported: Int?, lost: Bool) {
        let previousTime = time
        time = frameTime
        landed = 0
        lifted = 0
        cancelled = lost
        let wasDown = !fingers.isEmpty

        // Each finger contact's place in the current list (-1: it just landed), in frame order.
        var previous = InlineArray<16, Int8>(repeating: -1)
        var present: UInt32 = 0
        var n = 0
        var oldSum = Point.zero, newSum = Point.zero
        var common = 0
        for k in contacts.indices where contacts[k].tool == .finger {
            let id = contacts[k].id
            if let i = fingers.firstIndex(where: { $0.id == id }) {
                previous[n] = Int8(i)
                present |= 1 << i
                oldSum = oldSum + fingers[i].position
                newSum = newSum + contacts[k].position
                common += 1
            } else {
                landed += 1
            }
            n += 1
        }
        lifted = fingers.count - common
        // On a semi-MT box a change of count moves the corners, not the fingers.
        let rebase = semiMT && (landed > 0 || lifted > 0 || Swift.max(n, reported ?? 0) != (fingers.isEmpty ? 0 : fingerCount))
        if _slowPath(rebase) { common = 0 }

        sequenceBegan = !wasDown && n > 0
        if sequenceBegan {
            liftedKept = 0
            sequenceStart = frameTime
            translation = .zero
            settledTranslation = .zero
            scale = 1
            settledScale = 1
            rotation = 0
            settledRotation = 0
            settledSpanChange = 0
            spanChange = 0
            initialSpan = 0
            maxFingerCount = 0
            historyCount = 0
            anchorAge = 1
        }
        // This frame's motion, kept for the settled sums once the frame says whether a finger
        // is settling.
        var step = Vector.zero, stepScale = 1.0, stepRotation = 0.0
        if common > 0 {
            let count = Double(common)
            let oldCentroid = oldSum * (1 / count), newCentroid = newSum * (1 / count)
            step = Vector(from: oldCentroid, to: newCentroid)
            translation = translation + step
            if common >= 2 {
                var oldSpan = 0.0, newSpan = 0.0, cross = 0.0, dot = 0.0
                var j = 0
                for k in contacts.indices where contacts[k].tool == .finger {
                    defer { j += 1 }
                    let i = Int(previous[j])
                    guard i >= 0 else { continue }
                    let r0 = fingers[i].position - oldCentroid, r1 = contacts[k].position - newCentroid
                    oldSpan += r0.length.value
                    newSpan += r1.length.value
                    cross += r0.x * r1.y - r0.y * r1.x
                    dot += r0.x * r1.x + r0.y * r1.y
                }
                if oldSpan > 1e-9 && newSpan > 1e-9 { stepScale = newSpan / oldSpan; scale *= stepScale }
                if cross != 0 || dot != 0 { stepRotation = atan2(cross, dot); rotation += stepRotation }
                // Span as a finger-to-finger distance: twice the mean distance to the centroid.
                if initialSpan == 0 { initialSpan = 2 * oldSpan / count }
                spanChange = Swift.max(spanChange, Swift.abs(scale - 1) * initialSpan)
            }
        }
        // A finger that lifts before its landing settled never had an anchor to count travel
        // from: its travel is from where it landed to where it lifted. A flick shorter than
        // the landing (35 mm in 29 ms on a clickpad) is motion, not a tap; a tap's spike that
        // comes back is still none. (Not on semi-MT, whose corners jump as the count changes.)
        var unsettledLift = 0.0
        if _slowPath(lifted > 0) {
            for i in fingers.indices where present & (1 << i) == 0 {
                liftedPlaces[liftedHead] = fingers[i].position
                liftedHead = (liftedHead + 1) % 16
                liftedKept = Swift.min(16, liftedKept + 1)
            }
        }
        if _slowPath(lifted > 0 && !semiMT) {
            for i in fingers.indices where present & (1 << i) == 0 && previousTime < fingers[i].settleStart + landingSettle {
                unsettledLift = Swift.max(unsettledLift, fingers[i].settleOrigin.distance(to: fingers[i].position).value)
            }
        }
        rebuildFingers(contacts, at: frameTime, from: previousTime, previous, present, landedFrom: n - landed, rebase: rebase)
        if _slowPath(rebase) {
            // The corners may follow the count a frame or two late: every finger settles again.
            for k in fingers.indices {
                fingers[k].anchor = fingers[k].position
                fingers[k].settleStart = frameTime
                fingers[k].settleOrigin = fingers[k].position
            }
        }

        maxTravel = 0
        settleEnd = .zero
        if !fingers.isEmpty {
            var sum = Point.zero
            for k in fingers.indices {
                sum = sum + fingers[k].position
                maxTravel = Swift.max(maxTravel, fingers[k].maxTravel)
                settleEnd = Swift.max(settleEnd, fingers[k].settleStart + landingSettle)
            }
            centroid = sum * (1 / Double(fingers.count))
        }
        maxTravel = Swift.max(maxTravel, unsettledLift)
        // The share of this frame's motion that came after every finger settled: all of it,
        // none, or, on the frame that crosses the end, the part after it. So the settled
        // sums move smoothly with the frames' times, and a frame a millisecond early or
        // late changes them by a millisecond's motion, not by a frame's.
        var settledShare = 1.0
        if settleEnd >= frameTime {
            settledShare = 0
        } else if settleEnd > previousTime && frameTime > previousTime {
            settledShare = Double((frameTime - settleEnd).microseconds) / Double((frameTime - previousTime).microseconds)
        }
        if settledShare > 0 {
            settledTranslation = settledTranslation + step * settledShare
            settledScale *= settledShare == 1 ? stepScale : pow(stepScale, settledShare)
            settledRotation += stepRotation * settledShare
            if initialSpan > 0 { settledSpanChange = Swift.max(settledSpanChange, Swift.abs(settledScale - 1) * initialSpan) }
        }
        sequenceEnded = wasDown && fingers.isEmpty
        fingerCount = Swift.max(fingers.count, fingers.isEmpty ? 0 : (reported ?? 0))
        maxFingerCount = Swift.max(maxFingerCount, fingerCount)
        let newest = Sample(time: time, translation: translation, scale: scale, rotation: rotation)
        record(newest)
        updateVelocity(newest)
    }

    /// `velocity(window: velocityWindow)`, kept up to date in constant time: frame times
    /// only grow, so the oldest frame inside the window only moves forward. The anchor
    /// ages by one with each frame, then steps toward the newest while it is outside the
    /// window (never past the frame before the newest, as `velocity(window:)` does).
    /// `newest` is the sample just recorded, passed along rather than read back from the
    /// history: reading it back straddled the stores that wrote it (a store-forwarding
    /// stall on every frame).
    private mutating func updateVelocity(_ newest: Sample) {
        guard historyCount >= 2 else {
            velocity = (.zero, 0, 0)
            anchorAge = 1
            return
        }
        var age = Swift.min(anchorAge + 1, historyCount - 1)
        while age > 1 && newest.time - history[(historyHead + 31 - age) % 32].time > velocityWindow { age -= 1 }
        anchorAge = age
        let a = history[(historyHead + 31 - age) % 32]
        let span = newest.time - a.time, dt = span.seconds
        guard dt > 0 else { velocity = (.zero, 0, 0); return }
        velocity = ((newest.translation - a.translation) / span, (newest.scale - a.scale) / dt,
                    (newest.rotation - a.rotation) / dt)
    }

    /// Makes `fingers` the frame's finger contacts in frame order: fingers that stayed are
    /// moved and updated, new ones added. Usually this is in place: the fingers that stayed
    /// keep their order and new ones come last (contacts come in slot order). Otherwise
    /// the list is rebuilt.
    private mutating func rebuildFingers(_ contacts: UnsafeBufferPointer<Contact>, at time: Timestamp, from previousTime: Timestamp,
                                         _ previous: InlineArray<16, Int8>, _ present: UInt32, landedFrom: Int, rebase: Bool) {
        var inOrder = true
        var last = -1
        for j in 0..<landedFrom {
            let i = Int(previous[j])
            if i <= last { inOrder = false; break }  // landed (-1) before a finger that stayed, or out of order
            last = i
        }
        if inOrder {
            // Drop the lifted fingers, keeping order; then update and add.
            var w = 0
            for i in 0..<fingers.count where present & (1 << i) != 0 {
                if w != i { fingers[w] = fingers[i] }
                w += 1
            }
            if fingers.count > w { fingers.removeLast(fingers.count - w) }
            var j = 0
            for k in contacts.indices where contacts[k].tool == .finger {
                if j < w {
                    fingers[j].moved(to: contacts[k], at: time, from: previousTime, settle: landingSettle, rebase: rebase)
                } else {
                    fingers.append(Finger(landing: contacts[k], at: time))
                }
                j += 1
            }
        } else {
            // Into the spare list, then swapped: both keep their buffers, nothing is allocated.
            var next = spare
            spare = FixedList()
            next.removeAll()
            var j = 0
            for k in contacts.indices where contacts[k].tool == .finger {
                let i = Int(previous[j])
                if i >= 0 {
                    var f = fingers[i]
                    f.moved(to: contacts[k], at: time, from: previousTime, settle: landingSettle, rebase: rebase)
                    next.append(f)
                } else {
                    next.append(Finger(landing: contacts[k], at: time))
                }
                j += 1
            }
            spare = fingers
            fingers = next
        }
    }

    private mutating func record(_ sample: Sample) {
        history[historyHead] = sample
        historyHead = (historyHead + 1) % 32
        historyCount = Swift.min(32, historyCount + 1)
    }

    /// Rates of change over the last `window`: translation (mm/s), scale (1/s), rotation
    /// (rad/s). Measured from the oldest frame inside the window, or the newest before it
    /// when the fingers have not moved for longer (so a pause before lifting reads slow).
    /// The reference the per-frame `velocity` is tested against (`TouchTrackerTests`).
    func velocity(window: TimeSpan) -> (translation: Velocity, scale: Double, rotation: Double) {
        guard historyCount >= 2 else { return (.zero, 0, 0) }
        let samples = history
        let newest = samples[(historyHead + 31) % 32]
        var anchor: Sample?
        for k in 2...historyCount {
            let s = samples[(historyHead + 32 - k) % 32]
            if newest.time - s.time <= window {
                anchor = s
            } else {
                if anchor == nil { anchor = s }
                break
            }
        }
        guard let a = anchor else { return (.zero, 0, 0) }
        let span = newest.time - a.time, dt = span.seconds
        guard dt > 0 else { return (.zero, 0, 0) }
        return ((newest.translation - a.translation) / span, (newest.scale - a.scale) / dt,
                (newest.rotation - a.rotation) / dt)
    }
}
