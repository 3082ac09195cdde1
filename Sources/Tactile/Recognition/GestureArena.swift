/// Runs a device's recognizers side by side and settles who wins, as UIKit does:
///
/// - **Require-to-fail**: a recognizer that must wait for another holds its output while
///   the other is undecided. A single tap waits for the double tap to fail; a double tap
///   gives one `taps:2` line and no single tap.
/// - **Exclusivity**: when a gesture begins (or is recognized), every recognizer that may
///   not run simultaneously with it and is still possible fails; one that wants to begin
///   while an exclusive gesture is under way fails instead.
/// - **Order**: recognizers are kept in a canonical order (by kind, then name), so results
///   do not depend on the order they were added.
///
/// Every state change is logged in one place, `transition(_:_:_:_:)`.
public struct GestureArena: Sendable {
    private var members: RecognizerSet
    /// The recognizers in canonical order, as values.
    public var recognizers: [any GestureRecognizer] { members.indices.map { members[$0] } }
    /// Output a recognizer produced while waiting for others to fail.
    private var pending: [GestureEvent?]
    /// The touch sequence (a count of them, `sequences`) each pending line was produced in.
    private var pendingSequence: [Int]
    /// Touch sequences begun so far.
    private var sequences = 0
    /// Recognizers that succeeded while waiting but lost to the one they waited for.
    private var vetoed: [Bool]
    /// For each recognizer, the ones it must wait to fail.
    private var waits: [[Int]]
    /// `exclusive[i][j]`: i and j may not run at the same time.
    private var exclusive: [[Bool]]
    /// Receives one line per transition, e.g. `t=0.21 dev0 tap(1): possible → recognized (tapped)`,
    /// and per change of a recognizer's sub-state within a state,
    /// `t=0.08 dev0 tap(2): possible (touching, tap 1) → possible (waiting for tap 2) (the fingers lifted)`;
    /// `t` is the time of the frame or timer that caused it, in seconds as a trace writes them.
    public var log: (@Sendable (String) -> Void)? {
        get { logger?.sink }
        set { logger = newValue.map { TransitionLog($0, subStates: members.indices.map { members[$0].detailedState }) } }
    }
    private var logger: TransitionLog?

    /// `requireToFail` pairs recognizer names: `("tap(1)", "tap(2)")` makes the single tap
    /// wait for the double tap to fail. `simultaneous` says which kinds may run together.
    public init(
        recognizers: [any GestureRecognizer],
        requireToFail: [(waiter: String, other: String)] = [],
        simultaneous: (GestureKind, GestureKind) -> Bool = GestureArena.defaultSimultaneity
    ) {
        let order = GestureKind.allCases
        let sorted = recognizers.sorted {
            let a = order.firstIndex(of: $0.kind)!, b = order.firstIndex(of: $1.kind)!
            return a != b ? a < b : $0.name < $1.name
        }
        members = RecognizerSet(sorted)
        pending = Array(repeating: nil, count: sorted.count)
        pendingSequence = Array(repeating: 0, count: sorted.count)
        vetoed = Array(repeating: false, count: sorted.count)
        let names = sorted.map(\.name)
        let direct = names.map { name in
            requireToFail.filter { $0.waiter == name }.compactMap { pair in names.firstIndex(of: pair.other) }
        }
        // Waiting is transitive: a single tap that waits for the double tap, which waits for
        // the triple, also waits for the triple (else the triple's win would fail the double
        // and so release the single).
        waits = direct.indices.map { i in
            var seen = Set<Int>(), stack = direct[i]
            while let j = stack.popLast() {
                if j != i && seen.insert(j).inserted { stack += direct[j] }
            }
            return seen.sorted()
        }
        exclusive = sorted.map { a in
            sorted.map { b in
                !(simultaneous(a.kind, b.kind) || (a.runsWithMotion && b.kind.isMotion) || (b.runsWithMotion && a.kind.isMotion))
            }
        }
    }

    /// Motion gestures run together (a two-finger drag may pan, pinch and rotate at once; a
    /// flick is a pan and a swipe); taps run with taps (require-to-fail orders them); a
    /// click runs with a pan (a click and drag); the rest — long press, peek — exclude
    /// everything else, long presses each other too.
    public static func defaultSimultaneity(_ a: GestureKind, _ b: GestureKind) -> Bool {
        if a.isMotion && b.isMotion { return true }
        if (a == .click && b == .pan) || (a == .pan && b == .click) { return true }
        // One long press at a time: a one-finger press under way keeps the several-finger
        // hold from beginning when more fingers land.
        return a == b && a != .longPress
    }

    /// On a touchpad a long press is libinput's hold: it runs until the fingers move, and
    /// the motion gesture that follows is not held back by it.
    public static func touchpadSimultaneity(_ a: GestureKind, _ b: GestureKind) -> Bool {
        if (a == .longPress && b.isMotion) || (a.isMotion && b == .longPress) { return true }
        return defaultSimultaneity(a, b)
    }

    /// The earliest time a recognizer must be woken. Inlined where the inputs end: called,
    /// it copied the arena it had just changed, and stalled reading it back.
    @inline(__always)
    public func nextDeadline(_ settings: GestureSettings) -> Timestamp? {
        var best: Timestamp?
        for i in members.timed where !members.state(i).isFinished {
            if let d = members.deadline(i, settings), best == nil || d < best! { best = d }
        }
        return best
    }

    // MARK: - Inputs

    /// Returns the next deadline (`nextDeadline`), so the caller need not ask: asking
    /// copied the arena and the settings out of the engine on every frame.
    @discardableResult
    public mutating func frame(_ t: TouchTracker, _ c: RecognizerContext, into out: inout [GestureEvent]) -> Timestamp? {
        logger?.time = t.time
        let first = out.count
        defer { if out.count - first >= 2 { Self.endsFirst(&out, from: first) } }
        if _slowPath(!t.pressedButtons.isEmpty) { dropHeldTaps(c) }
        var fresh: UInt64 = 0
        if t.sequenceBegan {
            sequences &+= 1
            fresh = resetFinished(t, c)
        }
        for i in members.indices {
            let before = members.state(i)
            // A finished recognizer ignores frames until it is reset (the protocol's rule).
            if before.isFinished { continue }
            let step = members.frame(i, t, c)
            if step.event == nil && logger == nil { continue }  // nothing to settle or to log
            settle(i, before, step, t, c, &out)
        }
        resolve(t.time, t, c, &out)
        // A tap of another finger count than the taps before it: those are written, and it
        // begins a new run.
        if t.sequenceEnded, let run = members.nextTapRun() { beginTapRun(run, t, c, &out) }
        // A recognizer freed by this frame's decisions (say, a single tap released when the
        // double tap failed on this touch-down) starts the new sequence with this frame.
        if t.sequenceBegan {
            // (Not those reset for this frame already: one that failed on it, say a tap
            // that the touchpad rules out, stays failed for the sequence.)
            let again = resetFinished(t, c, skipping: fresh)
            if again != 0 {
                for i in members.indices where again & (1 << i) != 0 {
                    let before = members.state(i)
                    let step = members.frame(i, t, c)
                    settle(i, before, step, t, c, &out)
                }
                resolve(t.time, t, c, &out)
            }
        }
        return nextDeadline(c.settings)
    }

    /// Starts every finished tap recognizer that holds no output again from `run`, the tap
    /// that has just lifted, as the first of a new run (so a one-finger tap followed by a
    /// two-finger tap is two taps, and the second may begin a double tap). The longer runs
    /// start first (the canonical order has `tap(1)` before `tap(2)`), so that the single
    /// tap finds the double it waits for possible again, and waits.
    @inline(never)
    private mutating func beginTapRun(_ run: TapRecognizer.Run, _ t: TouchTracker, _ c: RecognizerContext, _ out: inout [GestureEvent]) {
        for i in members.indices.reversed() where members.kind(i) == .tap && members.state(i).isFinished && pending[i] == nil {
            let before = members.state(i)
            vetoed[i] = false
            let step = members.beginTapRun(i, run, c)
            transition(i, before, .possible, "a tap of another finger count begins a new run", c)
            settle(i, .possible, step, t, c, &out)
        }
        resolve(t.time, t, c, &out)
    }

    /// A button was pressed: every press is a click of its own, within one touch sequence
    /// too, so finished click recognizers start again (called before the frame that has it).
    public mutating func buttonPressed(_ t: TouchTracker, _ c: RecognizerContext) {
        logger?.time = t.time
        resetFinished(t, c, only: .click)
    }

    /// A button was pressed while taps that already happened wait for a double tap that
    /// may still follow: the click is where those touches were going (a finger on its way to
    /// a button below the pad, a touch whose pressure dipped and came back to press), so the
    /// taps are dropped, not written. (libinput writes a tap's button press at the lift and
    /// cannot take it back; Tactile holds the line until no double tap can follow.)
    @inline(never)
    private mutating func dropHeldTaps(_ c: RecognizerContext) {
        for i in members.indices where pending[i] != nil && members.kind(i) == .tap {
            pending[i] = nil
            vetoed[i] = true
            logger.map { $0.sink("t=\($0.time) dev\(c.device) \(members[i].name): dropped (a button was pressed before it was written)") }
        }
    }

    /// Within one frame, lines that end gestures come before lines that start others (a
    /// touchpad pinch that ends as one finger lifts, and the pan that follows it), each
    /// kind keeping its order.
    @inline(never)
    static func endsFirst(_ out: inout [GestureEvent], from first: Int) {
        func ends(_ e: GestureEvent) -> Bool { e.phase == .ended || e.phase == .cancelled }
        guard let start = out[first...].firstIndex(where: { $0.phase.starts }),
              out[(start + 1)...].contains(where: ends) else { return }
        let tail = Array(out[start...])
        out.removeSubrange(start...)
        out += tail.filter(ends)
        out += tail.filter { !ends($0) }
    }

    /// Wakes the recognizers whose deadline is at or before `now`; returns the next deadline.
    @discardableResult
    public mutating func timer(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext, into out: inout [GestureEvent]) -> Timestamp? {
        logger?.time = now
        for i in members.timed {
            guard let d = members.deadline(i, c.settings), d <= now else { continue }
            let before = members.state(i)
            let step = members.timer(i, now, t, c)
            settle(i, before, step, t, c, &out)
        }
        resolve(now, t, c, &out)
        return nextDeadline(c.settings)
    }

    /// Cancels every gesture under way and fails the rest (a device went away, or the input
    /// ended with fingers down). Returns the next deadline.
    @discardableResult
    public mutating func cancelAll(_ t: TouchTracker, _ c: RecognizerContext, into out: inout [GestureEvent]) -> Timestamp? {
        logger?.time = t.time
        for i in members.indices {
            let before = members.state(i)
            pending[i] = nil
            if let e = members.fail(i, t, c) { out.append(e) }
            transition(i, before, members.state(i), "the device went away", c)
        }
        return nextDeadline(c.settings)
    }

    // MARK: - Settling

    /// Resets finished recognizers (of one kind, if given; not those in `skipping`) that
    /// hold no output; returns which it reset.
    @discardableResult
    private mutating func resetFinished(
        _ t: TouchTracker, _ c: RecognizerContext, only kind: GestureKind? = nil, skipping: UInt64 = 0
    ) -> UInt64 {
        var mask: UInt64 = 0
        for i in members.indices where members.state(i).isFinished && pending[i] == nil && (kind == nil || members.kind(i) == kind)
            && skipping & (1 << i) == 0 {
            let before = members.state(i)
            members.reset(i)
            vetoed[i] = false
            mask |= 1 << i
            transition(i, before, .possible, "new touch sequence", c)
        }
        return mask
    }

    /// Inlined into the loops: most steps are a gesture under way going on, written as is.
    @inline(__always)
    private mutating func settle(
        _ i: Int, _ before: RecognizerState, _ step: RecognizerStep,
        _ t: TouchTracker, _ c: RecognizerContext, _ out: inout [GestureEvent]
    ) {
        let after = members.state(i)
        guard let event = step.event else {
            transition(i, before, after, step.reason, c)
            return
        }
        guard event.phase.starts else {
            out.append(event)
            transition(i, before, after, step.reason, c)
            return
        }
        settleStart(i, before, after, event, step.reason, t, c, &out)
    }

    /// A line that starts a gesture: it may lose, wait, or win and exclude others.
    private mutating func settleStart(
        _ i: Int, _ before: RecognizerState, _ after: RecognizerState, _ event: GestureEvent, _ reason: StaticString,
        _ t: TouchTracker, _ c: RecognizerContext, _ out: inout [GestureEvent]
    ) {
        // Starting: end the gestures under way that this one takes over from (a click ends
        // a hold; force ends a long press, as force touch takes over on iOS).
        for j in members.indices where j != i && exclusive[i][j] && members.state(j).isActive
            && members.kind(i).preempts(members.kind(j)) {
            let was = members.state(j)
            if let e = members.fail(j, t, c) { out.append(e) }
            transition(j, was, members.state(j), "another gesture took over", c)
        }
        // Else lose to an exclusive gesture already under way.
        for j in members.indices where j != i && exclusive[i][j] && members.state(j).isActive {
            _ = members.fail(i, t, c)  // never began as far as anyone saw: no line
            vetoed[i] = true
            transition(i, before, .failed, "another gesture is under way", c)
            return
        }
        for j in waits[i] where finallySucceeded(j) {
            _ = members.fail(i, t, c)
            vetoed[i] = true
            transition(i, before, .failed, "the gesture it waits for happened", c)
            return
        }
        if waits[i].contains(where: { !finallyFailed($0) }) {
            pending[i] = event
            pendingSequence[i] = sequences
            transition(i, before, after, "waiting for others to fail", c)
            return
        }
        out.append(event)
        transition(i, before, after, reason, c)
        excludeOthers(i, t, c, &out)
    }

    /// Fails the recognizers that may not run with `i` and have not started (but not those
    /// that would take over from it: a hold leaves a click and force possible).
    private mutating func excludeOthers(_ i: Int, _ t: TouchTracker, _ c: RecognizerContext, _ out: inout [GestureEvent]) {
        for j in members.indices where j != i && exclusive[i][j] && members.state(j) == .possible && pending[j] == nil
            && !members.kind(j).preempts(members.kind(i)) {
            _ = members.fail(j, t, c)
            transition(j, .possible, members.state(j), "another gesture won", c)
        }
    }

    /// Releases or drops held output until nothing changes.
    private mutating func resolve(_ now: Timestamp, _ t: TouchTracker, _ c: RecognizerContext, _ out: inout [GestureEvent]) {
        guard pending.contains(where: { $0 != nil }) else { return }
        var changed = true
        var rounds = 0
        while changed && rounds <= members.count {
            changed = false
            rounds += 1
            for i in members.indices {
                guard var event = pending[i] else { continue }
                if waits[i].contains(where: { finallySucceeded($0) }) {
                    pending[i] = nil
                    vetoed[i] = true
                    transition(i, members.state(i), .failed, "the gesture it waited for happened", c)
                    changed = true
                } else if waits[i].allSatisfy({ finallyFailed($0) }) {
                    pending[i] = nil
                    // A line of an earlier touch sequence (a tap, recognized at its lift)
                    // excludes nothing in this one: a drag that lands where no double tap
                    // can be, or a drumroll's next finger that moves, is still a pan.
                    let earlier = pendingSequence[i] != sequences
                    event.time = Swift.max(event.time, now)
                    out.append(event)
                    logger.map { $0.sink("t=\($0.time) dev\(c.device) \(members[i].name): released (the gestures it waited for failed)") }
                    if !earlier { excludeOthers(i, t, c, &out) }
                    changed = true
                }
            }
        }
    }

    private func finallySucceeded(_ j: Int) -> Bool {
        !vetoed[j] && members.state(j).succeeded && pending[j] == nil
    }

    private func finallyFailed(_ j: Int) -> Bool {
        vetoed[j] || members.state(j) == .failed || members.state(j) == .cancelled
    }

    /// The one place transitions are logged: a change of state, or else of the
    /// recognizer's own sub-state (tap's idle, touching, waiting), each with its reason.
    private func transition(_ i: Int, _ from: RecognizerState, _ to: RecognizerState, _ why: StaticString, _ c: RecognizerContext) {
        guard let logger else { return }
        logTransition(logger, i, from, to, why, c)
    }

    @inline(never)
    private func logTransition(
        _ logger: TransitionLog, _ i: Int, _ from: RecognizerState, _ to: RecognizerState, _ why: StaticString, _ c: RecognizerContext
    ) {
        let now = members[i].detailedState
        let was = logger.subStates[i]
        logger.subStates[i] = now
        if from != to {
            logger.sink("t=\(logger.time) dev\(c.device) \(members[i].name): \(from.rawValue) → \(to.rawValue) (\(why))")
        } else if was != now {
            logger.sink("t=\(logger.time) dev\(c.device) \(members[i].name): \(was) → \(now) (\(why))")
        }
    }
}

/// Where transitions go, and each recognizer's `detailedState` as last logged: a
/// reference, so that logging, which only reads the arena, can keep them.
private final class TransitionLog: @unchecked Sendable {
    let sink: @Sendable (String) -> Void
    var subStates: [String]
    /// The time of the frame or timer being handled.
    var time = Timestamp(microseconds: 0)
    init(_ sink: @escaping @Sendable (String) -> Void, subStates: [String]) {
        self.sink = sink
        self.subStates = subStates
    }
}
