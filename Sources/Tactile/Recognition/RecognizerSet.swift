/// The arena's recognizers, stored by type and changed where they lie; and the one file
/// that lists every kind of recognizer Tactile has.
///
/// Recognizers are given as `any GestureRecognizer` and read back so (for names and
/// logs), but not kept so: a call through a box, or through an enum of recognizers whose
/// payload is copied out and back in, on every recognizer on every frame, cost a quarter
/// of a frame's time. Here each kind has its own array, `order` lists them in the arena's
/// canonical order, and a call is one switch on the kind, then a call on the array
/// element itself.
///
/// Adding a recognizer: its array, one line in each switch below (the compiler finds them:
/// they are exhaustive over `GestureKind`), and its place in `standard(for:gestures:)`.
/// Timer, fail and reset keep a switch each rather than share one generic call: through
/// one generic `perform`, the two-finger benchmark ran 7% slower (measured, not
/// understood: the arena's per-frame code was laid out differently).
struct RecognizerSet: Sendable {
    private var taps: [TapRecognizer] = []
    private var longPresses: [LongPressRecognizer] = []
    private var pans: [PanRecognizer] = []
    private var swipes: [SwipeRecognizer] = []
    private var edgeSwipes: [EdgeSwipeRecognizer] = []
    private var pinches: [PinchRecognizer] = []
    private var rotations: [RotateRecognizer] = []
    private var peeks: [PeekRecognizer] = []
    private var clicks: [ClickRecognizer] = []
    /// Recognizer `i` of the arena is element `order[i].index` of its kind's array.
    private var order: [(kind: GestureKind, index: Int)] = []
    /// Each recognizer's state, kept after every change: the arena asks before every call.
    private var states: [RecognizerState] = []
    /// The recognizers whose kind uses timers (`GestureRecognizer.usesTimers`): the only
    /// ones asked for a deadline.
    private(set) var timed: [Int] = []

    init(_ list: [any GestureRecognizer]) {
        for r in list { add(r) }
    }

    private mutating func add<R: GestureRecognizer>(_ r: R) {
        let i = order.count
        func append<S: GestureRecognizer>(_ array: inout [S]) {
            order.append((r.kind, array.count))
            array.append(r as! S)  // `kind` names the type: a kind's recognizers are all one type
        }
        switch r.kind {
        case .tap: append(&taps)
        case .longPress: append(&longPresses)
        case .pan: append(&pans)
        case .swipe: append(&swipes)
        case .edgeSwipe: append(&edgeSwipes)
        case .pinch: append(&pinches)
        case .rotate: append(&rotations)
        case .peek: append(&peeks)
        case .click: append(&clicks)
        }
        if R.usesTimers { timed.append(i) }
        states.append(r.state)
    }

    /// The standard recognizers for a device of this class, optionally only some kinds.
    static func standard(for c: RecognizerContext, gestures: Set<GestureKind>? = nil) -> [any GestureRecognizer] {
        func wanted(_ k: GestureKind) -> Bool { gestures?.contains(k) ?? true }
        var list: [any GestureRecognizer] = []
        if wanted(.tap) { list += (1...Swift.max(1, c.settings.maxTaps)).map { TapRecognizer(taps: $0) } }
        // One finger: UIKit's long press (it goes on as the finger moves). Two to five: a
        // hold, as libinput's, ended as the fingers move into a pan, pinch or swipe.
        if wanted(.longPress) { list += [LongPressRecognizer(fingers: 1), LongPressRecognizer(minFingers: 2, maxFingers: 5)] }
        if wanted(.pan) { list.append(PanRecognizer()) }
        if wanted(.swipe) { list.append(SwipeRecognizer()) }
        if wanted(.edgeSwipe) && c.kind == .touchscreen && c.edgesKnown { list.append(EdgeSwipeRecognizer()) }
        if wanted(.pinch) { list.append(PinchRecognizer()) }
        if wanted(.rotate) && !c.semiMT { list.append(RotateRecognizer()) }
        if wanted(.peek) && c.hasPressure && c.pressureIsForce && c.pressureRangeKnown { list.append(PeekRecognizer()) }
        if wanted(.click) && c.kind == .touchpad { list.append(ClickRecognizer()) }
        return list
    }

    var count: Int { order.count }
    var indices: Range<Int> { 0..<order.count }

    subscript(i: Int) -> any GestureRecognizer {
        let (kind, k) = order[i]
        switch kind {
        case .tap: return taps[k]
        case .longPress: return longPresses[k]
        case .pan: return pans[k]
        case .swipe: return swipes[k]
        case .edgeSwipe: return edgeSwipes[k]
        case .pinch: return pinches[k]
        case .rotate: return rotations[k]
        case .peek: return peeks[k]
        case .click: return clicks[k]
        }
    }

    func state(_ i: Int) -> RecognizerState { states[i] }

    /// A tap that failed a tap recognizer only by its finger count, if one did: the first
    /// of a new run of taps (`TapRecognizer.nextRun`).
    func nextTapRun() -> TapRecognizer.Run? {
        for r in taps { if let run = r.nextRun { return run } }
        return nil
    }

    /// Starts tap recognizer `i` again from `run` (`TapRecognizer.begin(after:_:)`).
    mutating func beginTapRun(_ i: Int, _ run: TapRecognizer.Run, _ c: RecognizerContext) -> RecognizerStep {
        let (kind, k) = order[i]
        guard kind == .tap else { return .none }
        let step = taps[k].begin(after: run, c)
        refresh(i)
        return step
    }
    func kind(_ i: Int) -> GestureKind { order[i].kind }

    /// Reads recognizer `i`'s state back after a change.
    private mutating func refresh(_ i: Int) {
        let (kind, k) = order[i]
        switch kind {
        case .tap: states[i] = taps[k].state
        case .longPress: states[i] = longPresses[k].state
        case .pan: states[i] = pans[k].state
        case .swipe: states[i] = swipes[k].state
        case .edgeSwipe: states[i] = edgeSwipes[k].state
        case .pinch: states[i] = pinches[k].state
        case .rotate: states[i] = rotations[k].state
        case .peek: states[i] = peeks[k].state
        case .click: states[i] = clicks[k].state
        }
    }

    func deadline(_ i: Int, _ settings: GestureSettings) -> Timestamp? {
        let (kind, k) = order[i]
        switch kind {
        case .tap: return taps[k].deadline(settings)
        case .longPress: return longPresses[k].deadline(settings)
        case .pan: return pans[k].deadline(settings)
        case .swipe: return swipes[k].deadline(settings)
        case .edgeSwipe: return edgeSwipes[k].deadline(settings)
        case .pinch: return pinches[k].deadline(settings)
        case .rotate: return rotations[k].deadline(settings)
        case .peek: return peeks[k].deadline(settings)
        case .click: return clicks[k].deadline(settings)
        }
    }


    /// Keeps recognizer `i`'s state: written only when it changed (writing an array
    /// element first checks that the array's storage is not shared, a runtime call, and
    /// most frames change no state).
    @inline(__always)
    private mutating func note(_ state: RecognizerState, _ i: Int) {
        if states[i] != state { states[i] = state }
    }

    @inline(__always)
    mutating func frame(_ i: Int, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        // The state is read back in the same case: the recognizer's fields are at hand.
        let (kind, k) = order[i]
        switch kind {
        case .tap: let r = taps[k].frame(t, c); note(taps[k].state, i); return r
        case .longPress: let r = longPresses[k].frame(t, c); note(longPresses[k].state, i); return r
        case .pan: let r = pans[k].frame(t, c); note(pans[k].state, i); return r
        case .swipe: let r = swipes[k].frame(t, c); note(swipes[k].state, i); return r
        case .edgeSwipe: let r = edgeSwipes[k].frame(t, c); note(edgeSwipes[k].state, i); return r
        case .pinch: let r = pinches[k].frame(t, c); note(pinches[k].state, i); return r
        case .rotate: let r = rotations[k].frame(t, c); note(rotations[k].state, i); return r
        case .peek: let r = peeks[k].frame(t, c); note(peeks[k].state, i); return r
        case .click: let r = clicks[k].frame(t, c); note(clicks[k].state, i); return r
        }
    }

    mutating func timer(_ i: Int, _ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        let result: RecognizerStep
        let (kind, k) = order[i]
        switch kind {
        case .tap: result = taps[k].timer(now, t, c)
        case .longPress: result = longPresses[k].timer(now, t, c)
        case .pan: result = pans[k].timer(now, t, c)
        case .swipe: result = swipes[k].timer(now, t, c)
        case .edgeSwipe: result = edgeSwipes[k].timer(now, t, c)
        case .pinch: result = pinches[k].timer(now, t, c)
        case .rotate: result = rotations[k].timer(now, t, c)
        case .peek: result = peeks[k].timer(now, t, c)
        case .click: result = clicks[k].timer(now, t, c)
        }
        refresh(i)
        return result
    }

    mutating func fail(_ i: Int, _ t: TouchTracker, _ c: RecognizerContext) -> GestureEvent? {
        let result: GestureEvent?
        let (kind, k) = order[i]
        switch kind {
        case .tap: result = taps[k].fail(t, c)
        case .longPress: result = longPresses[k].fail(t, c)
        case .pan: result = pans[k].fail(t, c)
        case .swipe: result = swipes[k].fail(t, c)
        case .edgeSwipe: result = edgeSwipes[k].fail(t, c)
        case .pinch: result = pinches[k].fail(t, c)
        case .rotate: result = rotations[k].fail(t, c)
        case .peek: result = peeks[k].fail(t, c)
        case .click: result = clicks[k].fail(t, c)
        }
        refresh(i)
        return result
    }

    mutating func reset(_ i: Int) {
        let (kind, k) = order[i]
        switch kind {
        case .tap: taps[k].reset()
        case .longPress: longPresses[k].reset()
        case .pan: pans[k].reset()
        case .swipe: swipes[k].reset()
        case .edgeSwipe: edgeSwipes[k].reset()
        case .pinch: pinches[k].reset()
        case .rotate: rotations[k].reset()
        case .peek: peeks[k].reset()
        case .click: clicks[k].reset()
        }
        refresh(i)
    }
}
