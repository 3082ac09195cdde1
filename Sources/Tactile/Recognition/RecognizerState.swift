/// UIKit's recognizer states. Discrete gestures go possible → recognized or failed;
/// continuous ones possible → began → changed… → ended or cancelled, or failed.
public enum RecognizerState: String, Hashable, Sendable {
    /// UIKit's recognizer states: possible until decided; began, changed..., ended or cancelled for continuous gestures; recognized or failed for discrete ones.
    case possible, began, changed, ended, cancelled, failed, recognized

    /// Began or changed: the gesture is under way.
    public var isActive: Bool {
        switch self {
        case .began, .changed: return true
        case .possible, .ended, .cancelled, .failed, .recognized: return false
        }
    }

    /// Nothing more will happen until the recognizer is reset.
    public var isFinished: Bool {
        switch self {
        case .ended, .cancelled, .failed, .recognized: return true
        case .possible, .began, .changed: return false
        }
    }

    /// Where a forced failure (another gesture won) leaves a recognizer: one not started
    /// fails, one under way is cancelled (and writes its cancelled line), a finished one
    /// stays as it is.
    public var afterForcedFailure: RecognizerState {
        switch self {
        case .possible: return .failed
        case .began, .changed: return .cancelled
        case .ended, .cancelled, .failed, .recognized: return self
        }
    }

    /// The gesture happened (so recognizers waiting for this one to fail must fail).
    public var succeeded: Bool {
        switch self {
        case .began, .changed, .ended, .recognized: return true
        case .possible, .cancelled, .failed: return false
        }
    }
}

/// What a recognizer saw: the device's tracker and what the device is.
public struct RecognizerContext: Sendable {
    /// The touch device's id.
    public var device: Int
    /// The device class the recognizers follow: `touchscreen` (UIKit's semantics) or
    /// `touchpad` (libinput's). The device's own kind unless a profile overrides it.
    public var kind: DeviceKind
    /// The surface, mm (nil when unknown).
    public var size: Size?
    /// Whether contacts carry pressure.
    public var hasPressure: Bool
    /// Pressure measures force, so a press can peek: touchscreens with pressure and
    /// touchpads with `INPUT_PROP_PRESSUREPAD`. On other touchpads pressure measures
    /// contact area and only tells touch from palm.
    public var pressureIsForce: Bool
    /// The surface is one button (`INPUT_PROP_BUTTONPAD`): a click means what the fingers
    /// on it mean (clickfinger or button areas).
    public var clickpad: Bool
    /// `INPUT_PROP_SEMI_MT`: two contacts are the corners of the fingers' bounding box, so
    /// the span is real but the angle is not: no rotate.
    public var semiMT: Bool
    /// Where the surface ends is known. Not for a device whose ranges were guessed from its
    /// events (`DeviceDescription.inferred`): its first touch may be its largest value, and
    /// would look like an edge. No edge swipes there.
    public var edgesKnown = true
    /// The pressure's full scale is known (the kernel's range, or a trace's 0...1), so 0...1
    /// measures how hard a finger presses. Not for a device whose range was guessed
    /// (`DeviceDescription.pressureRangeGuessed`): its firmest touch may read as 1. No peek
    /// or pop there.
    public var pressureRangeKnown = true
    /// A touchpad's palm edge zones (libinput's), where it has them.
    public var palmEdges: PalmEdgeZones?
    /// The thresholds.
    public var settings: GestureSettings

    /// The context of one device.
    public init(
        device: Int, kind: DeviceKind, size: Size?, hasPressure: Bool, settings: GestureSettings,
        pressureIsForce: Bool? = nil, clickpad: Bool = false, semiMT: Bool = false
    ) {
        self.device = device; self.kind = kind; self.size = size; self.hasPressure = hasPressure; self.settings = settings
        self.pressureIsForce = pressureIsForce ?? (kind != .touchpad)
        self.clickpad = clickpad; self.semiMT = semiMT
    }

    /// How far fingers may move and still tap or hold, and must move to pan: a finger on a
    /// touchpad rolls as it lands, presses and lifts, more than one on a screen.
    @inlinable public var touchSlop: Millimetres {
        kind == .touchpad ? settings.touchpadTouchSlop : settings.touchSlop
    }

    /// How long fingers may stay down and still tap: on a touchpad libinput's tap timeout,
    /// counted from the last finger that landed or lifted; on a touchscreen Android's, from
    /// the first touch.
    @inlinable public var tapMaxDuration: TimeSpan {
        kind == .touchpad ? settings.touchpadTapMaxDuration : settings.tapMaxDuration
    }

    /// How long fingers must stay still to hold: on a touchpad libinput's hold timeout
    /// (its tap timeout), on a touchscreen UIKit's long press.
    @inlinable public var longPressMinDuration: TimeSpan {
        kind == .touchpad ? settings.touchpadHoldMinDuration : settings.longPressMinDuration
    }
}

/// What one input did to a recognizer: an output line, and why its state changed (for the
/// transition log).
public struct RecognizerStep: Sendable {
    /// The line to write, if any.
    public var event: GestureEvent?
    /// Why the recognizer did what it did, for the transition log.
    public var reason: StaticString

    /// Nothing happened.
    public static let none = RecognizerStep(event: nil, reason: "")
    /// No line, but a transition with its reason.
    public static func because(_ reason: StaticString) -> RecognizerStep { RecognizerStep(event: nil, reason: reason) }
    /// A line, with the reason for it.
    public static func emit(_ event: GestureEvent, _ reason: StaticString) -> RecognizerStep {
        RecognizerStep(event: event, reason: reason)
    }
}

/// The shape every recognizer has. Recognizers are pure state machines: input is a frame
/// (through the shared tracker) or the passing of time; output is at most one line.
///
/// Only `kind`, `name`, `state`, `frame` and `reset` are every recognizer's own. A
/// recognizer with timeouts conforms to `TimedRecognizer`; a continuous one (began,
/// changed, ended) to `ContinuousRecognizer`, which gives it its forced cancel.
public protocol GestureRecognizer: Sendable {
    /// Which gesture it recognizes.
    var kind: GestureKind { get }
    /// Set by the recognizer itself, and by the default `fail`: a copy's state changes
    /// nothing in the arena that holds the original.
    var state: RecognizerState { get set }
    /// When the recognizer must be woken if nothing else happens (a timeout). Settings live
    /// in the context, not in every recognizer, so recognizers stay small to copy.
    func deadline(_ settings: GestureSettings) -> Timestamp?
    /// Whether this kind of recognizer ever sets a deadline. One that never does is not
    /// asked for one after every frame.
    static var usesTimers: Bool { get }
    /// A short name for logs and ordering, e.g. `tap(2)`.
    var name: String { get }
    /// Whether it runs beside the motion gestures (pan, swipe, pinch, rotate) whatever the
    /// arena's rule for its kind: a multi-finger hold, which ends as the fingers move and
    /// must not keep the motion that follows from being recognized.
    var runsWithMotion: Bool { get }
    /// The state with the recognizer's own sub-state, for the transition log: tap's
    /// `possible (waiting for tap 2)`. The plain state where there is none.
    var detailedState: String { get }
    /// A finished recognizer (ended, cancelled, failed, recognized) returns `.none` and
    /// stays as it is until `reset()`: the arena does not call it then.
    mutating func frame(_ tracker: TouchTracker, _ context: RecognizerContext) -> RecognizerStep
    /// Time passed to `now` (its deadline) with nothing else happening.
    mutating func timer(_ now: Timestamp, _ tracker: TouchTracker, _ context: RecognizerContext) -> RecognizerStep
    /// Forced to fail by the arena (another gesture won). A continuous gesture under way
    /// is cancelled instead, and its line returned.
    mutating func fail(_ tracker: TouchTracker, _ context: RecognizerContext) -> GestureEvent?
    /// Back to possible for a new touch sequence.
    mutating func reset()
}

extension GestureRecognizer {
    /// No timeouts: never woken by time.
    public static var usesTimers: Bool { false }
    /// No timeouts.
    public func deadline(_ settings: GestureSettings) -> Timestamp? { nil }
    /// Never woken by time.
    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep { .none }
    /// The plain state.
    public var detailedState: String { state.rawValue }
    /// As the arena's rule for its kind says.
    public var runsWithMotion: Bool { false }
    /// The kind's name (`swipe`); recognizers with parameters say them (`tap(2)`).
    public var name: String { kind.rawValue }

    /// A discrete gesture has no line to take back: not yet recognized, it fails.
    public mutating func fail(_ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent? {
        state = state.afterForcedFailure
        return nil
    }
}

/// A discrete gesture (recognized once, or failed): it decides on frames while possible;
/// finished, it ignores them, and contacts lost (`SYN_DROPPED`) fail it.
public protocol DiscreteRecognizer: GestureRecognizer {
    /// A frame while possible, with contacts known.
    mutating func decide(_ tracker: TouchTracker, _ context: RecognizerContext) -> RecognizerStep
}

extension DiscreteRecognizer {
    /// Finished recognizers stay as they are; contacts lost fail a possible one; else `decide`.
    @inline(__always)
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard state == .possible else { return .none }
        if t.cancelled { state = .failed; return .because("contacts were lost (SYN_DROPPED)") }
        return decide(t, c)
    }
}

/// A recognizer woken by time (tap's wait for the next tap, long press's hold): it gives
/// its own `deadline` and `timer`, and is asked for its deadline after every input.
public protocol TimedRecognizer: GestureRecognizer {}

extension TimedRecognizer {
    /// Asked for its deadline after every input.
    public static var usesTimers: Bool { true }
}

/// A continuous gesture: began, changed…, ended or cancelled, every line written by its
/// `line(_:_:_:)`. Forced to fail while under way, it writes its cancelled line.
public protocol ContinuousRecognizer: GestureRecognizer {
    /// The gesture's line in this phase, as of this frame (it keeps what it wrote).
    mutating func line(_ phase: GesturePhase, _ tracker: TouchTracker, _ context: RecognizerContext) -> GestureEvent
}

extension ContinuousRecognizer {
    /// A frame of the gesture under way: its next line, if it was lost, is over or moved
    /// (`GesturePhase.underWay`); none if nothing happened.
    @inline(__always)
    public mutating func goOn(lost: Bool, over: Bool, moved: Bool, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard let phase = GesturePhase.underWay(lost: lost, over: over, moved: moved) else { return .none }
        state = phase.state
        return .emit(line(phase, t, c), phase.reason)
    }

    /// Cancels the gesture under way (its line returned); fails one not begun.
    public mutating func fail(_ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent? {
        let wasActive = state.isActive
        state = state.afterForcedFailure
        return wasActive ? line(.cancelled, t, c) : nil
    }
}

extension GesturePhase {
    /// The next line of a continuous gesture under way: cancelled when its contacts were
    /// lost, ended when it is over, changed when it moved; nil when nothing happened.
    /// The one rule pan, pinch, rotate and long press share.
    public static func underWay(lost: Bool, over: Bool, moved: Bool) -> GesturePhase? {
        if lost { return .cancelled }
        if over { return .ended }
        return moved ? .changed : nil
    }

    /// A line that starts a gesture (began, or a discrete gesture recognized): the arena
    /// settles who wins before writing it.
    public var starts: Bool {
        switch self {
        case .began, .recognized: return true
        case .changed, .ended, .cancelled: return false
        }
    }

    /// The recognizer state a line of this phase leaves it in.
    public var state: RecognizerState {
        switch self {
        case .recognized: return .recognized
        case .began: return .began
        case .changed: return .changed
        case .ended: return .ended
        case .cancelled: return .cancelled
        }
    }

    /// Why, for the transition log.
    var reason: StaticString {
        switch self {
        case .recognized, .began: return "recognized"
        case .changed: return "moved"
        case .ended: return "lifted"
        case .cancelled: return "contacts were lost"
        }
    }
}
