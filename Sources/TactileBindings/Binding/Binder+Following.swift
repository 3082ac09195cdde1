import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Continuous gestures followed from began to ended: the follower chosen when one begins,
/// its updates and steps, the run of a chosen binding.
extension Binder {
    /// A line of a continuous gesture: began picks the follower, every line moves its
    /// steps on, ended and cancelled run what is pending and end the instance.
    mutating func continuous(_ r: Reading, _ device: Device, into out: inout [BoundAction]) {
        let key = InstanceKey(device: r.event.device, gesture: r.event.kind)
        var reading = r
        if r.phase == .began || instances[key] == nil {
            release(key, at: r.event.time, into: &out)
            var instance = Instance(fingers: r.fingers, direction: r.direction)
            instance.began = r.event.time
            instance.follower = best(for: reading, device, followers: true)
            instance.beganPending = config.bindings.contains { b in
                if case .gesture(let t) = b.trigger { return t.gesture == r.gesture && t.on == .began && t.threshold != nil }
                return false
            }
            instances[key] = instance
            claimBegan(reading, device, into: &out)
        }
        guard var instance = instances[key] else { return }
        // Bindings that follow and those that run on began see the gesture as it began.
        reading.fingers = instance.fingers
        if r.phase != .ended { reading.direction = instance.direction ?? r.direction }

        if r.phase == .began || r.phase == .cancelled || r.phase == .ended {
            var once = reading
            // An end sees the direction the gesture ended with, and the fingers it began
            // with: fingers lift one by one, and a three-finger stroke often ends on one.
            if r.phase == .ended {
                once.direction = r.direction
                once.lasted = r.event.time - instance.began
            }
            if r.phase == .began, instance.beganPending,
               fire(once, device, deferredBegan: true, into: &out) {
                instance.beganPending = false
            } else if r.phase == .ended && r.gesture == .pinch && hasTurnEnds {
                // It waits for the frame's other lines: a turn's end that runs a binding
                // outranks it (`endOfFrame`).
                endingPinches[r.event.device] = once
            } else if fire(once, device, into: &out), r.phase == .ended, r.gesture == .rotate {
                endingPinches[r.event.device] = nil
            }
        } else if instance.beganPending {
            // A began binding with a threshold runs once, at the first line that reaches it,
            // with the direction the gesture began in.
            var began = reading
            began.phase = .began
            if fire(began, device, deferredBegan: true, into: &out) { instance.beganPending = false }
        }
        if let f = instance.follower {
            follow(f, reading, device, &instance, into: &out)
        }
        if r.phase == .ended || r.phase == .cancelled {
            if let f = instance.follower, instance.pending != 0, instance.takeRun() {
                run(f, reading, device, sign: instance.pending, into: &out)
            }
            instances[key] = nil
            release(key, at: r.event.time, into: &out)
            endClaim(r)
        } else {
            instances[key] = instance
        }
    }

    /// The follower binding `index` on one line: every update, or every step crossed.
    mutating func follow(_ index: Int, _ r: Reading, _ device: Device, _ instance: inout Instance,
                                 into out: inout [BoundAction]) {
        guard case .gesture(let trigger) = config.bindings[index].trigger else { return }
        if !instance.started {
            // A progress binding runs from the start: it animates toward its threshold.
            guard trigger.on == .progress || meets(trigger, r, device) else { return }
            instance.started = true
        }
        guard let every = trigger.every else {
            // Every update, no more often than the interval.
            guard r.phase == .began || r.phase == .update else { return }
            if let interval = trigger.interval, let last = instance.lastRun, r.event.time - last < interval { return }
            if let d = trigger.direction, d == .horizontal || d == .vertical, r.gesture.measure == .length {
                // Along an axis: not a line that moved mostly across it since the last run
                // (fusuma's update of another direction: a switcher's stroke turned upwards
                // tabs no more).
                let moved = r.translation - instance.lastTranslation
                let along = d == .horizontal ? moved.x : moved.y, across = d == .horizontal ? moved.y : moved.x
                if Swift.abs(across) > Swift.abs(along) { return }
            }
            // A built-in action runs no process: a drag follows every update past the cap.
            guard config.bindings[index].input != nil || instance.takeRun() else { return }
            instance.lastRun = r.event.time
            var update = r
            update.phase = .update
            // The sign follows the motion since the last run, along the binding's direction
            // (or the axis the gesture began on): + rightwards, downwards, outwards, clockwise.
            let value = measure(trigger, r, device, direction: trigger.direction ?? instance.direction.map(Self.positive))
            let sign = value >= instance.lastValue ? 1 : -1
            instance.lastValue = value
            instance.lastTranslation = r.translation
            emit(index, update, device, sign: sign, steps: 1, into: &out)
            return
        }
        // touchégg steps on its updates alone (`RepeatedAction::onGestureBegin` and
        // `onGestureEnd` take none with `repeat`): with `perUpdate`, so do these.
        if trigger.stepsPerUpdate != nil && r.phase != .update { return }
        // Without a direction, steps count along the axis the gesture began on, rightwards,
        // downwards, outwards or clockwise.
        let direction = trigger.direction ?? instance.direction.map(Self.positive)
        // A pinch stepping by points (`every: 10%`) counts its scale's distance from 1 in
        // points, as touchégg does: out 1.1, 1.2 ...; in 0.9, 0.8 ...
        let points = r.gesture.measure == .scale && every.unit == .percent
        var value = points ? (direction == .in ? 1 - r.scale : r.scale - 1) * 100 : measure(trigger, r, device, direction: direction)
        if let within = trigger.within {
            // Steps only between the start and `within` along the direction (both ways
            // along an axis): touchégg's percentage, 0 to 100%.
            let far = reach(within, points: points, r, device, direction: direction)
            value = Swift.min(far, Swift.max(trigger.direction == nil ? -far : 0, value))
        }
        let size = points ? every.value : stepSize(every, trigger, r, device, direction: direction)
        guard size > 0 else { return }
        // A step reached to within rounding counts (270° is 4.71238898038469 rad, which
        // turns back into 269.99999999999997°).
        let reached = size * (1 - 1e-9)
        // Step by step, at most the cap per line; beyond it the base jumps to the value
        // (a hostile trace's huge value costs no more than a small one). With `perUpdate`,
        // the base lags instead and the next lines take the steps left.
        let cap = trigger.stepsPerUpdate ?? GestureTrigger.maxRunsPerGesture
        var k = 0
        while value - instance.base >= reached && k < cap {
            instance.base += size
            step(index, r, device, +1, trigger, &instance, into: &out)
            k += 1
        }
        while value - instance.base <= -reached && k < cap {
            instance.base -= size
            step(index, r, device, -1, trigger, &instance, into: &out)
            k += 1
        }
        if trigger.stepsPerUpdate == nil, Swift.abs(value - instance.base) >= reached {
            instance.base += ((value - instance.base) / size).rounded(.towardZero) * size
        }
    }

    /// How far `within` reaches along `direction`, in what the steps count: points of a
    /// pinch's scale when it steps by points, else the log of a scale, millimetres, degrees.
    /// A pinch's scale and its points convert both ways (100% out is 2x).
    func reach(_ within: Quantity, points: Bool, _ r: Reading, _ device: Device, direction: BoundDirection?) -> Double {
        let inPoints = r.gesture.measure == .scale && within.unit == .percent
        switch (points, inPoints) {
        case (true, true): return within.value
        case (true, false): return (direction == .in ? 1 - 1 / Swift.max(within.value, 1) : within.value - 1) * 100
        case (false, true): return direction == .in ? -log(Swift.max(1e-9, 1 - within.value / 100)) : log(1 + within.value / 100)
        case (false, false):
            switch within.dimension {
            case .scale: return log(Swift.max(within.value, 1))
            case .length: return length(within, device, direction: direction)
            case .angle, .time: return within.value
            }
        }
    }

    /// One step crossed: run now, or hold it until the interval has passed.
    mutating func step(_ index: Int, _ r: Reading, _ device: Device, _ sign: Int, _ trigger: GestureTrigger,
                      _ instance: inout Instance, into out: inout [BoundAction]) {
        instance.pending += sign
        if let interval = trigger.interval, let last = instance.lastRun, r.event.time - last < interval { return }
        instance.lastRun = r.event.time
        if instance.pending != 0 && instance.takeRun() {
            run(index, r, device, sign: instance.pending, into: &out)
        }
        instance.pending = 0
    }

    mutating func run(_ index: Int, _ r: Reading, _ device: Device, sign net: Int, into out: inout [BoundAction]) {
        var update = r
        update.phase = .update
        emit(index, update, device, sign: net > 0 ? 1 : -1, steps: Swift.abs(net), into: &out)
    }

    /// Runs the most specific binding that matches `r` (not the followers: they run on
    /// steps); whether one ran.
    @discardableResult
    mutating func fire(_ r: Reading, _ device: Device, slowSwipe: Bool = false, deferredBegan: Bool = false, bySpeed: Bool = false,
                       into out: inout [BoundAction]) -> Bool {
        guard let i = best(for: r, device, followers: false, slowSwipe: slowSwipe, deferredBegan: deferredBegan, bySpeed: bySpeed) else { return false }
        emit(i, r, device, sign: 1, steps: 1, into: &out)
        return true
    }

    /// One run of binding `index`: its command, or its built-in action's events (none when
    /// a drag or scroll has not moved a whole unit since its last run).
    mutating func emit(_ index: Int, _ r: Reading, _ device: Device, sign: Int, steps: Int, into out: inout [BoundAction]) {
        let b = config.bindings[index]
        claim(for: index, r, into: &out)
        guard let a = b.input else {
            out.append(action(index, r, device, sign: sign, steps: steps))
            return
        }
        let owner = InputActionEvents.Owner(device: r.event.device, gesture: r.event.kind, binding: index)
        let events = input.run(a, owner, line: b.line, time: r.event.time, translation: r.translation, sign: sign, steps: steps)
        guard !events.isEmpty else { return }
        out.append(BoundAction(time: r.event.time, binding: index, line: b.line, effect: .input(events)))
    }

    /// The gesture `key` ended: what its bindings' built-in actions hold is released.
    mutating func release(_ key: InstanceKey, at time: Timestamp, into out: inout [BoundAction]) {
        guard !input.isEmpty else { return }
        input.release(where: { $0.device == key.device && $0.gesture == key.gesture }, at: time, into: &out)
    }

    /// The way a repeat counts up when the binding names no direction.
    static func positive(_ d: BoundDirection) -> BoundDirection {
        switch d {
        case .left, .right, .horizontal: return .horizontal
        case .up, .down, .vertical: return .vertical
        case .in, .out: return .out
        case .clockwise, .anticlockwise: return .clockwise
        case .leftUp, .rightUp, .leftDown, .rightDown: return d
        }
    }
}
