/// The arena's recognizers, stored by type and changed where they lie.
///
/// `AnyRecognizer` is how recognizers are given and read back; it is an enum, and
/// changing an enum's payload means copying it out and back in, for every recognizer on
/// every frame (a quarter of all the time a frame took). Here each kind has its own array,
/// and `order` lists them in the arena's canonical order: dispatch is one switch on the
/// kind, then a call on the array element itself.
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

    init(_ list: [AnyRecognizer]) {
        for r in list {
            switch r {
            case .tap(let x): order.append((.tap, taps.count)); taps.append(x)
            case .longPress(let x): order.append((.longPress, longPresses.count)); longPresses.append(x)
            case .pan(let x): order.append((.pan, pans.count)); pans.append(x)
            case .swipe(let x): order.append((.swipe, swipes.count)); swipes.append(x)
            case .edgeSwipe(let x): order.append((.edgeSwipe, edgeSwipes.count)); edgeSwipes.append(x)
            case .pinch(let x): order.append((.pinch, pinches.count)); pinches.append(x)
            case .rotate(let x): order.append((.rotate, rotations.count)); rotations.append(x)
            case .peek(let x): order.append((.peek, peeks.count)); peeks.append(x)
            case .click(let x): order.append((.click, clicks.count)); clicks.append(x)
            }
            if r.usesTimers { timed.append(states.count) }
            states.append(r.state)
        }
    }

    var count: Int { order.count }
    var indices: Range<Int> { 0..<order.count }

    /// Recognizer `i` as a value.
    subscript(i: Int) -> AnyRecognizer {
        let (kind, k) = order[i]
        switch kind {
        case .tap: return .tap(taps[k])
        case .longPress: return .longPress(longPresses[k])
        case .pan: return .pan(pans[k])
        case .swipe: return .swipe(swipes[k])
        case .edgeSwipe: return .edgeSwipe(edgeSwipes[k])
        case .pinch: return .pinch(pinches[k])
        case .rotate: return .rotate(rotations[k])
        case .peek: return .peek(peeks[k])
        case .click: return .click(clicks[k])
        }
    }

    func state(_ i: Int) -> RecognizerState { states[i] }
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

    func name(_ i: Int) -> String { self[i].name }

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
