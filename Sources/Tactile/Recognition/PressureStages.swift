/// The stages of one finger pressing harder, as a force-touch interface shows them: a
/// hint from the moment the finger lands (content under it starts to lift), peek at
/// `peekPressure` (a preview), pop at `popPressure` (the preview opens).
///
/// `PeekRecognizer` writes peek and pop as gesture lines, and only once the finger presses;
/// an interface also needs the hint before that, and to step back from peek to hint when
/// the finger eases off. Stages rise at their thresholds and fall back only below the
/// threshold less `pressureHysteresis`, so a pressure hovering at a threshold does not
/// flicker; pop is final until the finger lifts. A second finger, or contacts lost,
/// cancel. Pure, one finger of one device, fed touch frames.
///
/// On a device whose pressure range is a guess (`DeviceDescription.pressureRangeGuessed`:
/// a capture without its ranges, where the firmest touch may read as 1) pressure says
/// nothing of force: the stages stop at hint (`init(device:settings:)` decides it).
public struct PressureStages: Sendable {
    /// Where the press is.
    public enum Stage: String, Hashable, Sendable, CaseIterable {
        /// No finger, or not one finger.
        case none
        /// A finger is down, pressing less than peek.
        case hint
        /// At or above `peekPressure`: a preview shows.
        case peek
        /// At or above `popPressure`: the preview opens, until the lift.
        case pop
    }

    /// One change of stage.
    public struct Change: Hashable, Sendable {
        /// The frame that changed it.
        public var time: Timestamp
        /// The stage now.
        public var stage: Stage
        /// The stage before.
        public var previous: Stage
        /// Where the finger is, mm.
        public var location: Point
        /// Its pressure, 0...1 (0 on a device without pressure).
        public var pressure: Double
        /// How far the press is towards the next stage, 0...1: pressure over `peekPressure`
        /// while hinting (0 where the pressure range is a guess), between the two
        /// thresholds while peeking, 1 once popped.
        public var progress: Double
        /// Whether the stage ended because the press was interrupted (a second finger,
        /// contacts lost) rather than by pressure or a lift.
        public var cancelled: Bool
    }

    /// The thresholds: `peekPressure`, `popPressure`, `pressureHysteresis`.
    public let settings: GestureSettings
    /// The stage now.
    public private(set) var stage = Stage.none
    /// The press followed: none yet, one finger's, or an interrupted one, which waits for
    /// every finger to lift before a new press can begin.
    private enum Press: Hashable, Sendable { case idle, pressing(id: Int), interrupted }
    private var press = Press.idle
    private var location = Point.zero

    /// Whether pressure measures force here; when not, no press goes past hint.
    public let pressureRangeKnown: Bool

    /// Stages with these thresholds, no press yet.
    public init(settings: GestureSettings = GestureSettings(), pressureRangeKnown: Bool = true) {
        self.settings = settings
        self.pressureRangeKnown = pressureRangeKnown
    }

    /// Stages for `device`: past hint only where its pressure range is known.
    public init(device: DeviceDescription, settings: GestureSettings = GestureSettings()) {
        self.init(settings: settings, pressureRangeKnown: device.pressure && !device.pressureRangeGuessed)
    }

    /// Takes the next touch frame of the device; returns a change when the stage changed.
    public mutating func update(_ frame: TouchFrame) -> Change? {
        let previous = stage
        guard let first = frame.contacts.first else {
            press = .idle  // lifted: whatever the stage, the press is over
            return moved(to: .none, from: previous, frame, pressure: 0, cancelled: false)
        }
        if press == .interrupted { return nil }
        let interrupted: Bool
        if case .pressing(let id) = press {
            interrupted = frame.contacts.count > 1 || first.id != id || frame.cancelled.contains(where: { $0 == id })
        } else {
            interrupted = frame.contacts.count > 1 || frame.fingerCount > 1
        }
        if interrupted {
            press = .interrupted
            return moved(to: .none, from: previous, frame, pressure: first.pressure?.value ?? 0, cancelled: true)
        }
        press = .pressing(id: first.id)
        location = first.position
        let pressure = first.pressure?.value ?? 0
        let force = pressureRangeKnown ? pressure : 0
        let peek = settings.peekPressure, pop = settings.popPressure
        let next: Stage
        switch stage {
        case .none, .hint: next = force >= pop ? .pop : force >= peek ? .peek : .hint
        case .peek: next = force >= pop ? .pop : force < peek - settings.pressureHysteresis ? .hint : .peek
        case .pop: next = .pop
        }
        return moved(to: next, from: previous, frame, pressure: pressure, cancelled: false)
    }

    private mutating func moved(to next: Stage, from previous: Stage, _ frame: TouchFrame, pressure: Double,
                                cancelled: Bool) -> Change? {
        stage = next
        return next == previous ? nil : change(frame, previous, at: location, pressure: pressure, cancelled: cancelled)
    }

    private func change(_ frame: TouchFrame, _ previous: Stage, at location: Point, pressure: Double, cancelled: Bool) -> Change {
        let peek = settings.peekPressure, pop = settings.popPressure
        let progress: Double
        switch stage {
        case .none: progress = 0
        case .hint: progress = !pressureRangeKnown ? 0 : peek > 0 ? Swift.min(1, pressure / peek) : 1
        case .peek: progress = pop > peek ? Swift.min(1, Swift.max(0, (pressure - peek) / (pop - peek))) : 1
        case .pop: progress = 1
        }
        return Change(time: frame.time, stage: stage, previous: previous, location: location, pressure: pressure,
                      progress: progress, cancelled: cancelled)
    }
}
