import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which binding a reading runs, and the reading measured along a binding's direction.
extension Binder {
    /// The index of the most specific binding matching `r`, ties to the first.
    /// With `deferredBegan`, only the `on: began` bindings with a threshold, which run when
    /// the gesture first reaches it.
    /// With `bySpeed`, only the swipe bindings with a `speed` the reading reaches; without,
    /// none of them (they run mid-stroke alone).
    func best(for r: Reading, _ device: Device, followers: Bool, slowSwipe: Bool = false, deferredBegan: Bool = false, bySpeed: Bool = false) -> Int? {
        var best: (index: Int, score: Int, held: Double)?
        for (i, b) in config.bindings.enumerated() {
            guard case .gesture(let t) = b.trigger, t.gesture == r.gesture else { continue }
            if followers {
                guard t.followsUpdates else { continue }
            } else {
                guard !t.followsUpdates, t.on == r.phase else { continue }
            }
            if deferredBegan && t.threshold == nil { continue }
            if (t.speed != nil) != bySpeed { continue }
            if let speed = t.speed, r.speed < speed { continue }
            guard t.fingers.contains(r.fingers) else { continue }
            if let taps = t.taps, taps != r.taps { continue }
            if let d = t.direction, !(r.direction.map(d.includes) ?? false) { continue }
            if r.gesture == .swipe || r.gesture == .pan {
                // A swipe's edge is where its stroke started or ended, a pan's where it started.
                if let e = t.edge, !r.strokeEdges.contains(e) { continue }
                if let c = t.corner, !r.strokeCorners.contains(c) { continue }
                if t.awayFromEdges && !r.strokeEdges.isEmpty { continue }
            } else {
                if let e = t.edge, e != r.edge { continue }
                if let c = t.corner, c != r.corner { continue }
            }
            if let button = t.button, button != r.button { continue }
            // A gesture slower than the binding's limit (lisgd's `-m`, libinput-gestures'
            // `timeout`); one whose length is not known is not held to it.
            if let limit = t.maxDuration, let lasted = r.lasted, lasted > limit { continue }
            if let m = b.device, !m.matches(device.description, node: device.node) { continue }
            guard b.applies(toFocused: focusedApplication) else { continue }
            // A slow stroke runs the swipe bindings that give a threshold, and the diagonal
            // ones (a quick diagonal stroke is no swipe line: the recognizer's swipes keep to
            // 30° of an axis).
            if slowSwipe && t.threshold == nil && !(t.direction?.isDiagonal ?? false) { continue }
            // A follower's threshold is where it starts, not whether it is chosen.
            if !followers && !meets(t, r, device) { continue }
            // An application's binding wins over one for any, then a device's.
            let score = t.specificity * 4 + (b.isForApplication ? 2 : 0) + (b.device != nil ? 1 : 0)
            // Of the holds the hand held long enough for, the longest's, whatever their
            // fingers; then the most specific (libinput-gestures' `HOLD.end`: the largest
            // delay reached, a finger count's own over one for any at the same delay).
            let held = t.threshold.map { $0.dimension == .time ? $0.value : -1 } ?? -1
            if best == nil || (held, score) > (best!.held, best!.score) { best = (i, score, held) }
        }
        return best?.index
    }

    /// Whether the reading reaches the binding's threshold. A diagonal swipe with none must
    /// go as far as the recognizer's swipes (`swipeMinDistance`) along its diagonal.
    func meets(_ t: GestureTrigger, _ r: Reading, _ device: Device) -> Bool {
        guard let threshold = t.threshold else {
            if let d = t.direction, d.isDiagonal {
                return measure(t, r, device, direction: d) >= config.settings.swipeMinDistance.value
            }
            return true
        }
        switch r.gesture.measure {
        case .length:
            let direction = t.direction ?? r.direction
            return Swift.abs(measure(t, r, device, direction: direction)) >= length(threshold, device, direction: direction)
        case .scale:
            let f = Swift.max(threshold.value, 1)
            switch t.direction {
            case .in: return r.scale <= 1 / f
            case .out: return r.scale >= f
            default: return r.scale <= 1 / f || r.scale >= f
            }
        case .angle:
            return Swift.abs(measure(t, r, device, direction: t.direction)) >= threshold.value
        case .time?, nil:
            // A hold's threshold: how long it lasted, as it ends.
            if threshold.dimension == .time { return Double((r.lasted ?? .zero).microseconds) / 1000 >= threshold.value }
            return true
        }
    }

    /// The gesture's value along the binding's direction: mm, log scale or degrees,
    /// positive toward `direction`.
    func measure(_ t: GestureTrigger, _ r: Reading, _ device: Device, direction: BoundDirection?) -> Double {
        switch r.gesture.measure {
        case .length:
            switch direction ?? .horizontal {
            case .right, .horizontal: return r.translation.x
            case .left: return -r.translation.x
            case .down, .vertical: return r.translation.y
            case .up: return -r.translation.y
            // Along the diagonal (y grows downwards).
            case .leftUp: return (-r.translation.x - r.translation.y) / 2.squareRoot()
            case .rightUp: return (r.translation.x - r.translation.y) / 2.squareRoot()
            case .leftDown: return (-r.translation.x + r.translation.y) / 2.squareRoot()
            case .rightDown: return (r.translation.x + r.translation.y) / 2.squareRoot()
            default: return 0
            }
        case .scale:
            let v = log(r.scale)
            return direction == .in ? -v : v
        case .angle:
            return direction == .anticlockwise ? -r.degrees : r.degrees
        case .time?, nil:
            return 0
        }
    }

    func stepSize(_ every: Quantity, _ t: GestureTrigger, _ r: Reading, _ device: Device,
                          direction: BoundDirection?) -> Double {
        switch every.dimension {
        case .length: return length(every, device, direction: direction)
        case .scale: return every.value > 1 ? log(every.value) : 0
        case .angle: return every.value
        case .time: return 0
        }
    }

    /// A length in mm: a percentage is of the surface's extent along the direction, as the
    /// screen is turned now.
    func length(_ q: Quantity, _ device: Device, direction: BoundDirection?) -> Double {
        guard q.unit == .percent, let size = device.description.size else { return q.value }
        let turned = self.turn(for: device.description).quarterTurns & 1 == 1
        let horizontal = direction == .left || direction == .right || direction == .horizontal || direction == nil
        let extent = horizontal != turned ? size.width.value : size.height.value
        return q.millimetres(along: extent)
    }

    /// How the screen is turned for this device's directions and edges.
    func turn(for d: DeviceDescription) -> ScreenTurn {
        config.screen == .followOrientation && d.kind == .touchscreen ? ScreenTurn(orientation) : ScreenTurn(.portrait)
    }
}
