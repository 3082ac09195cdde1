import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Bindings that run by how fast a gesture goes (`speed:`), measured over a window of its
/// latest lines, as fusuma measures its last 10 updates:
/// - Swipes run mid-stroke, once the stroke is fast enough (fusuma's swipes): the first pan
///   line whose speed over the window, along the axis it mostly went, reaches a binding's
///   runs it, in the direction the window went. One stroke runs one swipe binding: a
///   stroke that ran one by its speed runs no other at its end, quick or slow.
/// - Pinches and turns run at every line whose speed over the window reaches a binding's,
///   in the direction the window went (a pinch out then in runs the out binding, then the
///   in one), at most once per the binding's `interval` (fusuma's pinches and rotations:
///   a slow pinch runs nothing).
extension Binder {
    /// A stroke's latest lines, where its fingers were and when: fixed storage, no
    /// allocation per line.
    struct SpeedWindow {
        var times = [Timestamp](repeating: Timestamp(microseconds: 0), count: GestureTrigger.speedWindow)
        var translations = [Vector](repeating: .zero, count: GestureTrigger.speedWindow)
        var count = 0, next = 0
        /// A swipe binding ran for this stroke by its speed.
        var ran = false
        /// A pinch's or turn's runs by its speed: how many (at most
        /// `GestureTrigger.maxRunsPerGesture`), and when the latest one's interval ends.
        var runs = 0, waitUntil = Timestamp(microseconds: 0)

        /// A new stroke: its storage kept.
        mutating func reset() { count = 0; next = 0; ran = false; runs = 0 }

        mutating func add(_ time: Timestamp, _ translation: Vector) {
            times[next] = time
            translations[next] = translation
            next = (next + 1) % times.count
            count = Swift.min(count + 1, times.count)
        }

        /// The mean velocity over the window, mm/s on screen, or nil before two lines apart
        /// in time.
        var velocity: Vector? {
            guard count >= 2 else { return nil }
            let newest = (next + times.count - 1) % times.count
            let oldest = (next + times.count - count) % times.count
            let seconds = Double((times[newest] - times[oldest]).microseconds) / 1_000_000
            guard seconds > 0 else { return nil }
            let d = translations[newest] - translations[oldest]
            return Vector(x: d.x / seconds, y: d.y / seconds)
        }
    }

    /// A pan line: kept in its stroke's window, and the swipe bindings with a `speed` the
    /// window now reaches run.
    mutating func strokeSpeed(_ g: GestureEvent, _ translation: Vector, _ device: Device, _ turn: ScreenTurn, into out: inout [BoundAction]) {
        if speedWindows[g.device] == nil { speedWindows[g.device] = SpeedWindow() } else if g.phase == .began { speedWindows[g.device]!.reset() }
        guard g.phase == .began || g.phase == .changed else { return }
        speedWindows[g.device]!.add(g.time, translation)
        guard !speedWindows[g.device]!.ran, let v = speedWindows[g.device]!.velocity else { return }
        var r = Reading(gesture: .swipe, phase: .recognized, event: g, fingers: g.fingers)
        r.translation = translation
        // Along the axis it mostly went, as fusuma measures (`Quantity`: the larger of the two).
        r.speed = Swift.max(Swift.abs(v.x), Swift.abs(v.y))
        r.direction = Self.bound(ScreenTurn.direction(of: v))
        if hasDiagonals, let diagonal = Self.diagonal(of: v) { r.direction = diagonal }
        if hasSwipeEdges { strokeEdges(&r, device, turn) }
        if fire(r, device, bySpeed: true, into: &out) { speedWindows[g.device]!.ran = true }
    }

    /// A pinch or turn line (`r` read from it): kept in its gesture's window, and the
    /// binding with a `speed` the window now reaches, in the way it went, runs. Its
    /// log scale or its degrees go in the window's x.
    mutating func gestureSpeed(_ r: Reading, _ device: Device, into out: inout [BoundAction]) {
        let key = InstanceKey(device: r.event.device, gesture: r.event.kind)
        // One window per device and gesture, kept from one gesture to the next (no
        // allocation per gesture), taken out while this line is read: one lookup, no copy.
        var w = gestureSpeedWindows.removeValue(forKey: key) ?? SpeedWindow()
        defer { gestureSpeedWindows[key] = w }
        if r.event.phase == .began { w.reset() }
        guard r.event.phase == .began || r.event.phase == .changed else { return }
        let pinch = r.gesture == .pinch
        w.add(r.event.time, Vector(x: pinch ? log(Swift.max(r.scale, 1e-9)) : r.degrees, y: 0))
        guard let v = w.velocity?.x, v != 0, v.isFinite else { return }
        var fast = r
        fast.phase = .update
        // A pinch's span in percent a second of its size (its log's rate), a turn's degrees.
        fast.speed = Swift.abs(pinch ? v * 100 : v)
        fast.direction = pinch ? (v > 0 ? .out : .in) : (v > 0 ? .clockwise : .anticlockwise)
        guard let i = best(for: fast, device, followers: false, bySpeed: true),
              case .gesture(let t) = config.bindings[i].trigger else { return }
        // After a run, none until its interval has passed, whichever way the gesture goes
        // then (fusuma's `Executor`: one `wait_until` for every index).
        guard w.runs == 0 || r.event.time >= w.waitUntil, w.runs < GestureTrigger.maxRunsPerGesture else { return }
        w.waitUntil = r.event.time + (t.interval ?? .zero)
        w.runs += 1
        // The sign along the binding's direction: +, or with none, + outwards or clockwise.
        emit(i, fast, device, sign: t.direction != nil || v > 0 ? 1 : -1, steps: 1, into: &out)
    }

    /// Whether the device's stroke ran a swipe binding by its speed.
    func ranBySpeed(_ device: Int) -> Bool { speedWindows[device]?.ran ?? false }
}
