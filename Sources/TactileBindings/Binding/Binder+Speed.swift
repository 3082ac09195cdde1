import Tactile

/// Swipes that run mid-stroke, once the stroke is fast enough (`speed:`, fusuma's swipes):
/// each pan line of a device is kept in a window of its latest lines, and the first line
/// whose speed over that window, along the axis it mostly went, reaches a binding's runs
/// it, in the direction the window went. One stroke runs one swipe binding: a stroke that ran one by its speed runs no
/// other at its end, quick or slow.
extension Binder {
    /// A stroke's latest lines, where its fingers were and when: fixed storage, no
    /// allocation per line.
    struct SpeedWindow {
        var times = [Timestamp](repeating: Timestamp(microseconds: 0), count: GestureTrigger.speedWindow)
        var translations = [Vector](repeating: .zero, count: GestureTrigger.speedWindow)
        var count = 0, next = 0
        /// A swipe binding ran for this stroke by its speed.
        var ran = false

        /// A new stroke: its storage kept.
        mutating func reset() { count = 0; next = 0; ran = false }

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

    /// Whether the device's stroke ran a swipe binding by its speed.
    func ranBySpeed(_ device: Int) -> Bool { speedWindows[device]?.ran ?? false }
}
