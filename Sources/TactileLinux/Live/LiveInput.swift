#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// Waits on every live source at once with `poll(2)`, and on the termination signals
/// through a `signalfd` (`TerminationSignals`), so a signal is just one more input: it
/// never interrupts a write half way (an output line is always finished).
///
/// Time is an input here too: `wait(until:)` returns at the caller's deadline (the next
/// recognizer timer) even when no device says anything, so a long press fires on an idle
/// device.
public final class LiveInput {
    /// The sources still open.
    public private(set) var sources: [any LiveSource]
    private var ids = DeviceIDs()
    private var pollSet: PollSet
    /// Frames stamped after the last round began, kept for the next (see `hold`).
    private var held: [LiveEvent] = []
    private let signals: TerminationSignals?
    /// Raised to stop a `wait` from another thread (cancellation of `LiveEvents`).
    private let wake: EventFD

    /// Why `wait` returned.
    public enum Wake: Equatable, Sendable {
        /// Events were appended.
        case events
        /// The deadline passed.
        case deadline
        /// A termination signal arrived (SIGINT, SIGTERM or SIGHUP).
        case signal(Int32)
        /// `stop()` was called.
        case stopped
        /// Every source has ended (all devices gone).
        case ended
    }

    /// Waits on `sources`, and on `signals` when given (nil leaves signals alone), through
    /// `system`'s calls. Fails only when no eventfd can be made (no descriptor left).
    public init(sources: [any LiveSource] = [], signals: TerminationSignals? = nil, system: SystemCalls = .kernel) throws(TactileError) {
        self.sources = sources
        self.signals = signals
        pollSet = PollSet(system: system)
        wake = try EventFD(system: system)
    }

    /// Waits on `source` too from the next `wait`.
    public func add(_ source: any LiveSource) { sources.append(source) }

    /// Makes a blocked `wait` return `.stopped` (safe from any thread).
    public func stop() { wake.raise() }

    /// Waits until a source has input, a polled source is due, `deadline` passes, or a
    /// signal or `stop()` arrives; appends whatever the sources had.
    ///
    /// What comes out is in the kernel's time order across devices, and stays so from one
    /// call to the next: see `orderByTime` and `hold`.
    public func wait(until deadline: Timestamp?, into out: inout [LiveEvent]) throws(TactileError) -> Wake {
        while true {
            if sources.isEmpty { return takeHeld(into: &out) ? .events : .ended }
            var due = deadline
            for s in sources { if let p = s.nextPoll, due == nil || p < due! { due = p } }
            if case .event(let e)? = held.first, due == nil || e.time < due! { due = e.time }
            pollSet.removeAll()
            let woken = pollSet.add(wake.fd)
            let signalled = pollSet.add(signals?.fd ?? -1)
            let first = pollSet.count
            for s in sources { pollSet.add(s.fd) }
            do throws(Errno) {
                try pollSet.wait(until: due)
            } catch {
                throw error.error("poll")
            }
            if pollSet.isReady(woken) {
                wake.clear()
                _ = takeHeld(into: &out)
                return .stopped
            }
            if pollSet.isReady(signalled), let signal = signals?.take() {
                _ = takeHeld(into: &out)
                return .signal(signal)
            }
            let now = MonotonicClock.now()
            if sources.count > 1 {
                // Every source with something stamped up to `now` is read this round, not
                // only those ready when `poll` returned: one that became ready since may
                // hold frames older than another's.
                do throws(Errno) { try pollSet.check() } catch { throw error.error("poll") }
            }
            let before = out.count
            _ = takeHeld(into: &out)
            var ended: [Int] = []
            for i in sources.indices {
                let ready = pollSet.isReady(first + i)
                let polled = sources[i].fd < 0 && (sources[i].nextPoll.map { $0 <= now } ?? false)
                guard ready || polled else { continue }
                if try !sources[i].read(now: now, ids: &ids, into: &out) { ended.append(i) }
            }
            for i in ended.reversed() { sources.remove(at: i) }
            Self.orderByTime(&out, from: before)
            Self.hold(&out, from: before, into: &held, now: now)
            if out.count > before { return .events }
            if sources.isEmpty { return takeHeld(into: &out) ? .events : .ended }
            // A held frame goes out first (the next round, at once): it may be from before
            // the deadline, and a timer must not fire ahead of what happened before it.
            if let deadline, held.isEmpty, MonotonicClock.now() >= deadline { return .deadline }
        }
    }

    /// Puts what the sources gave in one wake into the kernel's time order. Each device's
    /// frames come in order, but devices come one after another (evdev sources one by one,
    /// libinput device by device as it dispatched them): a reader slower than its devices
    /// (a busy machine) would otherwise write a touchscreen's frame before the
    /// accelerometer sample taken 10 ms earlier, and a recording's times would go back.
    /// A stable insertion sort: the runs are short and nearly sorted, it moves values in
    /// place (nothing allocated), and a device's own order stays (its times never go
    /// back: the kernel stamps a device's events as it queues them). `.added` sorts first and
    /// `.removed` and `.appeared` last, so a device is known before its events and gone
    /// only after them.
    static func orderByTime(_ out: inout [LiveEvent], from start: Int) {
        func key(_ event: LiveEvent) -> Int64 {
            switch event {
            case .added: return .min
            case .event(let e): return e.time.microseconds
            case .removed, .appeared: return .max
            }
        }
        var i = start + 1
        while i < out.count {
            var j = i
            let k = key(out[j])
            while j > start && key(out[j - 1]) > k {
                out.swapAt(j, j - 1)
                j -= 1
            }
            i += 1
        }
    }

    /// How far past a round's `now` a frame may be stamped and still be held: a round's
    /// reads take far less. A frame stamped later is not on this clock (a driver's own
    /// time), so holding it would only delay it.
    static let holdHorizon = TimeSpan(microseconds: 100_000)

    /// Moves the frames stamped after `now` (when this round began reading) from `out`
    /// into `held`, with the `.removed` of a device whose frames are held. Such a frame
    /// came while the sources were being read, so a device read earlier in the round may
    /// already have a frame from before it queued, which only the next round reads: handed
    /// on now, it would go out ahead of that frame. Everything stamped up to `now` was
    /// queued when the round began, so it all goes on. Once a device has a frame held, its
    /// later frames are held too, those past the horizon included: a reader held up for
    /// longer than the horizon between `now` and its read (a busy machine) otherwise wrote
    /// a touchpad's last eight frames ahead of the ten before them (the VM test's record of
    /// swipe-3finger-up-touchpad.evdev.frames, 2026-12-01). Allocates nothing once `held`
    /// has grown: kept values are swapped into place.
    static func hold(_ out: inout [LiveEvent], from start: Int, into held: inout [LiveEvent], now: Timestamp) {
        let horizon = now + holdHorizon
        let heldBefore = held.count
        var kept = start
        for i in start..<out.count {
            let keep: Bool
            switch out[i] {
            case .event(let e):
                let behind = held[heldBefore...].contains { if case .event(let h) = $0 { return h.device == e.device } else { return false } }
                keep = !behind && (e.time <= now || e.time > horizon)
            case .removed(let device):
                keep = !held.contains { if case .event(let e) = $0 { return e.device == device } else { return false } }
            case .added, .appeared:
                keep = true
            }
            if keep {
                if kept != i { out.swapAt(kept, i) }
                kept += 1
            } else {
                held.append(out[i])
            }
        }
        out.removeLast(out.count - kept)
    }

    /// Hands on what is held; true when there was any.
    private func takeHeld(into out: inout [LiveEvent]) -> Bool {
        if held.isEmpty { return false }
        out.append(contentsOf: held)
        held.removeAll(keepingCapacity: true)
        return true
    }

    /// Announces every source's devices without waiting (`.added` events), for callers
    /// that need descriptions before the first event (a recording's header).
    public func open(into out: inout [LiveEvent]) throws(TactileError) {
        let before = out.count
        var ended: [Int] = []
        for i in sources.indices {
            if try !sources[i].read(now: MonotonicClock.now(), ids: &ids, into: &out) { ended.append(i) }
        }
        for i in ended.reversed() { sources.remove(at: i) }
        Self.orderByTime(&out, from: before)
    }
}
