/// One device's gesture recognition: its touch tracker and its arena of recognizers,
/// driven by frames and by the passing of time, with no clock of its own.
public struct GestureEngine: Sendable {
    /// The device and its class, size and settings, as the recognizers see them.
    public let context: RecognizerContext
    /// The fingers down and what they did.
    public private(set) var tracker: TouchTracker
    /// The recognizers and which wins.
    public private(set) var arena: GestureArena
    /// The earliest time a recognizer must be woken, kept up to date after every input (it
    /// is asked before every frame).
    public private(set) var deadline: Timestamp?
    /// A touchpad's contacts pass through its filter first (`TouchpadFilter`); a
    /// touchscreen's go straight to the tracker. (A flag, not the optional itself, is what
    /// every frame asks: testing the optional read the whole filter.)
    private var touchpad: TouchpadFilter?
    private let filtered: Bool
    /// The empty frame that ends a sequence the filter hands on.
    private var ending: TouchFrame

    /// An engine with these recognizers.
    public init(context: RecognizerContext, arena: GestureArena) {
        self.context = context
        self.arena = arena
        tracker = TouchTracker(velocityWindow: context.settings.velocityWindow,
                               landingSettle: context.settings.landingSettle, semiMT: context.semiMT)
        deadline = arena.nextDeadline(context.settings)
        ending = TouchFrame(time: .zero, device: context.device)
        filtered = context.kind == .touchpad
        if filtered {
            touchpad = TouchpadFilter(device: context.device)
            tracker.motion = .undecided
        }
    }

    /// The standard set for a device: taps (single, double, triple), long press, pan,
    /// swipe, pinch, rotate (not on semi-MT devices, whose contacts are a bounding box);
    /// edge swipe on touchscreens whose edges are known (not guessed from a capture's
    /// events); peek where pressure is force and its range is known (not guessed from a
    /// capture's events); click on touchpads.
    /// `profile` makes the recognizers follow another device class than the device's own
    /// (`touchscreen` or `touchpad`).
    public init(
        device: DeviceDescription, settings: GestureSettings = GestureSettings(), gestures: Set<GestureKind>? = nil,
        profile: DeviceKind? = nil
    ) {
        let kind = profile ?? device.kind
        let properties = device.evdev?.properties ?? []
        var context = RecognizerContext(
            device: device.id, kind: kind, size: device.size, hasPressure: device.pressure, settings: settings,
            pressureIsForce: kind != .touchpad || properties.contains(InputProperty.pressurePad),
            // A touchpad known only from a trace is taken for a clickpad, as most are now.
            clickpad: properties.contains(InputProperty.buttonpad) || (device.evdev == nil && kind == .touchpad),
            semiMT: device.semiMT)
        context.edgesKnown = !device.inferred
        context.pressureRangeKnown = !device.pressureRangeGuessed
        if kind == .touchpad { context.palmEdges = PalmEdgeZones(device: device) }
        self.init(context: context, arena: GestureArena.standard(for: context, gestures: gestures))
    }

    /// Takes the next touch frame. Timers due before it fire first.
    public mutating func process(_ frame: borrowing TouchFrame, into out: inout [GestureEvent]) {
        advance(to: frame.time, into: &out)
        guard filtered else {
            tracker.update(frame)
            deadline = arena.frame(tracker, context, into: &out)
            return
        }
        touchpad!.process(frame, context)
        if touchpad!.endsSequence {
            ending.time = frame.time
            ending.buttons = tracker.buttons  // a press in this frame belongs to the new sequence
            tracker.update(ending, handedOff: touchpad!.handedOff)
            tracker.motion = .undecided
            deadline = arena.frame(tracker, context, into: &out)
        }
        tracker.update(touchpad!.frame)
        tracker.motion = touchpad!.motion
        tracker.noTap = touchpad!.noTap
        tracker.noHold = touchpad!.noHold
        var onPad = 0
        for k in frame.contacts.indices where frame.contacts[k].tool == .finger { onPad += 1 }
        tracker.fingersOnPad = Swift.max(onPad, frame.fingers ?? 0)
        if !tracker.pressedButtons.isEmpty && !tracker.sequenceBegan { arena.buttonPressed(tracker, context) }
        deadline = arena.frame(tracker, context, into: &out)
    }

    /// Receives one line per recognizer transition (`--debug`).
    public mutating func setLog(_ log: (@Sendable (String) -> Void)?) {
        arena.log = log
    }

    /// Fires every timer due at or before `time`, in time order (a live source calls this
    /// while the device is idle, so a long press begins on time).
    public mutating func advance(to time: Timestamp, into out: inout [GestureEvent]) {
        // Every timer changes its recognizer's state, so this ends; the bound is a guard.
        for _ in 0..<Self.timersPerWake {
            guard let d = deadline, d <= time else { return }
            deadline = arena.timer(d, tracker, context, into: &out)
        }
    }

    /// The most timers one wake fires on one device: far more than any arena sets at once
    /// (a tap's wait, a long press, a hold), a guard against a recognizer that would set a
    /// timer for a time already past, over and over.
    public static let timersPerWake = 64

    /// The input ended. With every finger lifted, the timers still set fire (a single tap
    /// waiting for a double tap is written when its wait would have run out). With fingers
    /// still down the recording was cut mid-gesture: gestures under way are cancelled, so
    /// every began has its end.
    public mutating func finish(into out: inout [GestureEvent]) {
        guard tracker.trackedFingers == 0 else {
            deadline = arena.cancelAll(tracker, context, into: &out)
            return
        }
        advance(to: Timestamp(microseconds: .max), into: &out)
    }

    /// The device went away: gestures under way end as cancelled.
    public mutating func cancel(into out: inout [GestureEvent]) {
        deadline = arena.cancelAll(tracker, context, into: &out)
    }
}

extension GestureArena {
    /// The standard recognizers for a device (`RecognizerSet.standard`), optionally only
    /// some kinds.
    public static func standard(for c: RecognizerContext, gestures: Set<GestureKind>? = nil) -> GestureArena {
        let list = RecognizerSet.standard(for: c, gestures: gestures)
        // A single tap waits for the double, the double for the triple; a swipe that began at
        // an edge is an edge swipe, not also a swipe.
        return GestureArena(recognizers: list, requireToFail: [("tap(1)", "tap(2)"), ("tap(2)", "tap(3)"), ("swipe", "edgeSwipe")],
                            simultaneous: c.kind == .touchpad ? GestureArena.touchpadSimultaneity : GestureArena.defaultSimultaneity)
    }
}
