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
    public struct Finger: Hashable, Sendable {
        public var id: Int
        public var downTime: Timestamp
        public var downPosition: Point
        public var position: Point
        public var pressure: Double?
        /// Farthest this finger has been from where it landed, mm.
        public var maxTravel: Double
    }

    struct Sample: Sendable {
        var time: Timestamp
        var translation: Point
        var scale: Double
        var rotation: Double
    }

    public private(set) var fingers = FixedList<16, Finger>()
    /// Fingers down per the device, which may know of more than it tracks.
    public private(set) var fingerCount = 0
    /// Most fingers down at once in this sequence.
    public private(set) var maxFingerCount = 0
    public private(set) var time = Timestamp.zero
    public private(set) var sequenceStart: Timestamp?
    /// This frame began a new sequence (fingers went from none to some).
    public private(set) var sequenceBegan = false
    /// This frame ended the sequence (the last finger lifted).
    public private(set) var sequenceEnded = false
    public private(set) var landed = 0
    public private(set) var lifted = 0
    /// Contacts of this frame that ended without a lift (lost to SYN_DROPPED).
    public private(set) var cancelled = false

    /// Centroid motion since the sequence began, mm.
    public private(set) var translation = Point.zero
    /// Finger span relative to the span when a second finger landed (1 with one finger).
    public private(set) var scale = 1.0
    /// Clockwise turn of the fingers since a second finger landed, radians, unwrapped.
    public private(set) var rotation = 0.0
    /// Mean span and its largest change, for the pinch threshold.
    public private(set) var spanChange = 0.0
    public private(set) var initialSpan = 0.0

    private var history = InlineArray<32, Sample>(repeating: Sample(time: .zero, translation: .zero, scale: 1, rotation: 0))
    private var historyHead = 0
    private var historyCount = 0

    public init() {}

    /// Takes the next touch frame of the device.
    public mutating func update(_ frame: TouchFrame) {
        time = frame.time
        landed = 0
        lifted = 0
        cancelled = !frame.cancelled.isEmpty
        let wasDown = !fingers.isEmpty

        var next = FixedList<16, Finger>()
        var oldSum = Point.zero, newSum = Point.zero
        var common = 0
        for k in frame.contacts.indices where frame.contacts[k].tool == .finger {
            let c = frame.contacts[k]
            if let i = fingers.firstIndex(where: { $0.id == c.id }) {
                var f = fingers[i]
                oldSum = oldSum + f.position
                newSum = newSum + c.position
                common += 1
                f.position = c.position
                f.pressure = c.pressure?.value
                f.maxTravel = Swift.max(f.maxTravel, f.downPosition.distance(to: c.position).value)
                next.append(f)
            } else {
                landed += 1
                next.append(Finger(id: c.id, downTime: frame.time, downPosition: c.position, position: c.position,
                                   pressure: c.pressure?.value, maxTravel: 0))
            }
        }
        lifted = fingers.count - common

        sequenceBegan = !wasDown && !next.isEmpty
        if sequenceBegan {
            sequenceStart = frame.time
            translation = .zero
            scale = 1
            rotation = 0
            spanChange = 0
            initialSpan = 0
            maxFingerCount = 0
            historyCount = 0
        }
        if common > 0 {
            let n = Double(common)
            let oldCentroid = oldSum * (1 / n), newCentroid = newSum * (1 / n)
            translation = translation + (newCentroid - oldCentroid)
            if common >= 2 {
                var oldSpan = 0.0, newSpan = 0.0, cross = 0.0, dot = 0.0
                for k in next.indices {
                    let f = next[k]
                    guard let old = fingers.first(where: { $0.id == f.id }) else { continue }
                    let r0 = old.position - oldCentroid, r1 = f.position - newCentroid
                    oldSpan += r0.length.value
                    newSpan += r1.length.value
                    cross += r0.x * r1.y - r0.y * r1.x
                    dot += r0.x * r1.x + r0.y * r1.y
                }
                if oldSpan > 1e-9 && newSpan > 1e-9 { scale *= newSpan / oldSpan }
                if cross != 0 || dot != 0 { rotation += atan2(cross, dot) }
                // Span as a finger-to-finger distance: twice the mean distance to the centroid.
                if initialSpan == 0 { initialSpan = 2 * oldSpan / n }
                spanChange = Swift.max(spanChange, Swift.abs(scale - 1) * initialSpan)
            }
        }
        if !fingers.isEmpty { lastCentroid = centroid }
        fingers = next
        sequenceEnded = wasDown && next.isEmpty
        fingerCount = Swift.max(next.count, next.isEmpty ? 0 : (frame.fingers ?? 0))
        maxFingerCount = Swift.max(maxFingerCount, fingerCount)
        record()
    }

    private mutating func record() {
        history[historyHead] = Sample(time: time, translation: translation, scale: scale, rotation: rotation)
        historyHead = (historyHead + 1) % 32
        historyCount = Swift.min(32, historyCount + 1)
    }

    /// Centroid of the fingers down, mm (the last centroid once all lifted).
    public var centroid: Point {
        guard !fingers.isEmpty else { return lastCentroid }
        var sum = Point.zero
        for k in fingers.indices { sum = sum + fingers[k].position }
        return sum * (1 / Double(fingers.count))
    }
    private var lastCentroid = Point.zero

    /// Rates of change over the last `window`: translation (mm/s), scale (1/s), rotation
    /// (rad/s). Measured from the oldest frame inside the window, or the newest before it
    /// when the fingers have not moved for longer (so a pause before lifting reads slow).
    public func velocity(window: TimeSpan) -> (translation: Point, scale: Double, rotation: Double) {
        guard historyCount >= 2 else { return (.zero, 0, 0) }
        // Read through a span: subscripting the inline array itself copied all 32 samples.
        let samples = history.span
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
        let dt = (newest.time - a.time).seconds
        guard dt > 0 else { return (.zero, 0, 0) }
        return ((newest.translation - a.translation) * (1 / dt), (newest.scale - a.scale) / dt,
                (newest.rotation - a.rotation) / dt)
    }
}
