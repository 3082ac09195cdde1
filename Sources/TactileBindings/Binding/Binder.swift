import Tactile

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns recognized lines into the commands a configuration binds to them. Pure: time is
/// the lines' own, so a recording gives the same actions as the live devices did.
///
/// Each line becomes a *reading* (which bound gesture, in which phase, with which fingers,
/// direction, edge and values). Among the bindings that match a reading, the most specific
/// runs: an exact finger count over a range over any, then a direction, edge, tap count or
/// button over none, then a threshold, then a device; ties go to the first in the file.
/// Orientation bindings are not rivals: every one that matches runs, in file order.
///
/// Continuous gestures (pan, pinch, rotate, hold, peek) are followed from `began` to
/// `ended`: the binding that runs on updates or repeats is chosen when the gesture begins,
/// with the direction it began in; `ended` bindings see the direction it ended with, and
/// the fingers it began with.
public struct Binder {
    /// The configuration it binds by.
    public let config: BindingConfig
    private var devices: [Int: Device] = [:]
    private var orientation = InterfaceOrientation.portrait
    private var instances: [InstanceKey: Instance] = [:]
    /// Per device, the translation of its last pan, kept after the pan ends: a swipe or an
    /// edge swipe is written after the pan of its stroke, and measures that stroke.
    private var strokes: [Int: Vector] = [:]
    /// Per device, a slow swipe waiting for the end of the lines of its frame: a flick's
    /// swipe line comes after its pan's end, and then the swipe runs instead.
    private var slowSwipes: [Int: Reading] = [:]
    /// Per device, an edge swipe no binding ran for yet: the recognizer writes it as the
    /// stroke leaves the edge zone, and a binding's threshold is met later in the same
    /// stroke, by the pan lines that follow.
    private var edgeSwipes: [Int: Reading] = [:]
    /// Which gestures any binding names: lines of others are skipped at once.
    private let bound: Set<BoundGesture>
    private let hasOrientationBindings: Bool
    /// A swipe binding names a diagonal: strokes are then told apart in eight directions.
    private let hasDiagonals: Bool
    /// What built-in actions hold down, per gesture.
    private var input = InputActionEvents()
    /// The names of the application that has focus (`FocusWatcher`), for bindings that name
    /// one (`app:`); nil when no desktop says (then those bindings never run).
    public var focusedApplication: [String]?

    private struct Device {
        var description: DeviceDescription
        var node: String?
        var selected: Bool
    }

    private struct InstanceKey: Hashable {
        var device: Int
        var gesture: GestureKind
    }

    /// A continuous gesture under way.
    private struct Instance {
        var fingers: Int
        var direction: BoundDirection?
        /// The binding that runs on its updates or steps.
        var follower: Int?
        var base = 0.0
        var pending = 0
        var lastRun: Timestamp?
        /// The follower's value at its last run, for the sign of an update.
        var lastValue = 0.0
        /// Runs of the follower so far (at most `GestureTrigger.maxRunsPerGesture`).
        var runs = 0
        var started = false
        var swipeSeen = false
        var popSeen = false

        /// Counts one run of the follower; false once the gesture has run it
        /// `GestureTrigger.maxRunsPerGesture` times (the binding is then quiet).
        mutating func takeRun() -> Bool {
            guard runs < GestureTrigger.maxRunsPerGesture else { return false }
            runs += 1
            return true
        }
    }

    /// What one line means to the bindings.
    private struct Reading {
        /// The gesture as bindings name it (a peek's pop is its own).
        var gesture: BoundGesture
        /// Where in the gesture the line is, as `on:` names it.
        var phase: BindingPhase
        /// The line itself.
        var event: GestureEvent
        /// How many fingers made it.
        var fingers: Int
        /// A swipe's or edge swipe's direction, in screen space.
        var direction: BoundDirection?
        /// The edge an edge swipe came from, the corner a tap was in, a click's button and a
        /// tap's count: what `edge:`, `corner:`, `button:` and `taps:` match.
        var edge: ScreenEdge?, corner: ScreenCorner?, button: ClickButton?, taps: Int?
        /// Translation in screen space (pan, swipe), scale (pinch), degrees (rotate).
        var translation = Vector.zero
        var scale = 1.0
        var degrees = 0.0
        /// A peek's pressure, 0...1.
        var pressure: Double?
    }

    /// A binder for `config`, nothing under way.
    public init(config: BindingConfig) {
        self.config = config
        var bound = Set<BoundGesture>()
        var orientation = false
        for b in config.bindings {
            switch b.trigger {
            case .gesture(let g): bound.insert(g.gesture)
            case .orientation: orientation = true
            }
        }
        self.bound = bound
        hasOrientationBindings = orientation
        hasDiagonals = config.bindings.contains { b in
            if case .gesture(let t) = b.trigger { return t.direction?.isDiagonal ?? false }
            return false
        }
    }

    /// A device appeared (a recording's header, or a live device).
    public mutating func add(_ d: DeviceDescription, node: String? = nil) {
        let selected = config.devices.isEmpty || config.devices.contains { $0.matches(d, node: node) }
        devices[d.id] = Device(description: d, node: node, selected: selected)
    }

    /// A device went: its gestures' pending steps are dropped with it, and what its
    /// gestures' built-in actions hold down is released (appended to `out`).
    public mutating func remove(device id: Int, into out: inout [BoundAction]) {
        input.release(where: { $0.device == id }, at: nil, into: &out)
        devices[id] = nil
        instances = instances.filter { $0.key.device != id }
        strokes[id] = nil
        slowSwipes[id] = nil
        edgeSwipes[id] = nil
    }

    /// Releases every key and button the built-in actions hold down (before a reload, at
    /// the end): the actions that do, appended to `out`.
    public mutating func releaseAll(into out: inout [BoundAction]) {
        input.release(where: { _ in true }, at: nil, into: &out)
    }

    /// Whether the configuration reads this device at all.
    public func selects(_ d: DeviceDescription, node: String?) -> Bool {
        config.devices.isEmpty || config.devices.contains { $0.matches(d, node: node) }
    }

    /// Appends the actions `line` triggers. A slow swipe (a pan that ended without a
    /// swipe) waits for the rest of its frame's lines: call `handle(_:into:)` with a frame's
    /// lines, or `endOfFrame(into:)` after them.
    public mutating func handle(_ line: RecognizedEvent, into out: inout [BoundAction]) {
        switch line {
        case .gesture(let g): gesture(g, into: &out)
        case .orientation(let o): orientationChanged(o, into: &out)
        }
    }

    /// Appends the actions the lines of one input frame trigger (what one event gave the
    /// recognizer), settling its strokes: a pan that ended without a swipe among these
    /// lines runs the swipe bindings that take slow strokes.
    public mutating func handle(_ lines: [RecognizedEvent], into out: inout [BoundAction]) {
        for line in lines { handle(line, into: &out) }
        endOfFrame(into: &out)
    }

    /// The lines of one frame are all handled: a slow swipe still waiting runs now.
    public mutating func endOfFrame(into out: inout [BoundAction]) {
        guard !slowSwipes.isEmpty else { return }
        for id in slowSwipes.keys.sorted() {
            guard let r = slowSwipes[id], let device = devices[id] else { continue }
            fire(r, device, slowSwipe: true, into: &out)
        }
        slowSwipes.removeAll()
    }

    // MARK: Gestures

    private mutating func gesture(_ g: GestureEvent, into out: inout [BoundAction]) {
        guard let device = devices[g.device], device.selected else { return }
        let turn = turn(for: device.description)
        func base(_ gesture: BoundGesture, _ phase: BindingPhase) -> Reading {
            Reading(gesture: gesture, phase: phase, event: g, fingers: g.fingers)
        }
        switch g.detail {
        case .tap(let taps):
            guard bound.contains(.tap) else { return }
            var r = base(.tap, .recognized)
            r.taps = taps
            fire(r, device, into: &out)
        case .click(let button):
            guard bound.contains(.click) else { return }
            var r = base(.click, .recognized)
            r.button = button
            fire(r, device, into: &out)
        case .swipe(let direction, _):
            guard bound.contains(.swipe) else { return }
            let key = InstanceKey(device: g.device, gesture: .pan)
            instances[key]?.swipeSeen = true
            slowSwipes[g.device] = nil  // the stroke is this swipe: one swipe binding runs
            var r = base(.swipe, .recognized)
            r.direction = Self.bound(turn.direction(direction))
            r.translation = strokes[g.device] ?? .zero
            if hasDiagonals, let diagonal = Self.diagonal(of: r.translation) { r.direction = diagonal }
            fire(r, device, into: &out)
        case .edgeSwipe(let edge, let direction, let corner):
            guard bound.contains(.edgeSwipe) else { return }
            var r = base(.edgeSwipe, .recognized)
            r.edge = device.description.kind == .touchscreen ? turn.edge(edge) : edge
            r.corner = corner.flatMap { c in device.description.kind == .touchscreen ? ScreenCorner(turn.edge(c.edges.0), turn.edge(c.edges.1)) : c }
            r.direction = Self.bound(turn.direction(direction))
            r.translation = strokes[g.device] ?? .zero
            if !fire(r, device, into: &out) { edgeSwipes[g.device] = r }
        case .peek(let stage, let pressure):
            guard bound.contains(.peek) || bound.contains(.pop) else { return }
            var r = base(.peek, Self.phase(g.phase))
            r.pressure = pressure.value
            let key = InstanceKey(device: g.device, gesture: .peek)
            if stage == .pop, g.phase != .cancelled, instances[key].map({ !$0.popSeen }) ?? true {
                instances[key]?.popSeen = true
                var pop = r
                pop.gesture = .pop
                pop.phase = .recognized
                fire(pop, device, into: &out)
            }
            continuous(r, device, into: &out)
        case .pan(let translation, _, _):
            let t = turn.vector(translation)
            let key = InstanceKey(device: g.device, gesture: .pan)
            strokes[g.device] = t
            if var edge = edgeSwipes[g.device] {
                // The stroke of an edge swipe goes on: its binding runs once it is far enough,
                // with the time and place of the line that got it there.
                edge.translation = t
                edge.event.time = g.time
                edge.event.location = g.location
                if fire(edge, device, into: &out) || g.phase == .ended || g.phase == .cancelled { edgeSwipes[g.device] = nil }
            }
            guard bound.contains(.pan) || bound.contains(.swipe) else { return }
            var r = base(.pan, Self.phase(g.phase))
            r.translation = t
            r.direction = Self.bound(ScreenTurn.direction(of: t))
            if g.phase == .ended, bound.contains(.swipe), !(instances[key]?.swipeSeen ?? false) {
                // A slow stroke: a swipe for the bindings that give a threshold, unless the
                // recognizer's swipe follows among this frame's lines.
                var swipe = r
                swipe.gesture = .swipe
                swipe.phase = .recognized
                if hasDiagonals, let diagonal = Self.diagonal(of: t) { swipe.direction = diagonal }
                slowSwipes[g.device] = swipe
            }
            if bound.contains(.pan) || g.phase == .began || instances[key] != nil {
                continuous(r, device, into: &out)
            }
        default:
            // Every other gesture (hold, pinch, rotate, and a new one) the bindings know by
            // its kind and how far it went alone.
            measured(g, device, turn, into: &out)
        }
    }

    /// A line of a gesture with no binding semantics of its own: bound by its kind's name,
    /// run once or followed as its kind says, its amount (`GestureEvent.amount`) read as a
    /// translation on screen, a scale or an angle, with the direction that amount has.
    private mutating func measured(_ g: GestureEvent, _ device: Device, _ turn: ScreenTurn, into out: inout [BoundAction]) {
        let gesture = BoundGesture(g.kind)
        guard bound.contains(gesture) else { return }
        var r = Reading(gesture: gesture, phase: Self.phase(g.phase), event: g, fingers: g.fingers)
        switch g.amount {
        case .distance(let translation)?:
            r.translation = turn.vector(translation)
            r.direction = Self.bound(ScreenTurn.direction(of: r.translation))
        case .scale(let scale)?:
            r.scale = scale
            // In or out once the span changed by a twentieth, as a hand means it; below that
            // (a rotation's wobble, 0.9999999999999993) a pinch has no direction.
            r.direction = scale >= Self.pinchDirectionFactor ? .out : scale <= 1 / Self.pinchDirectionFactor ? .in : nil
        case .angle(let angle)?:
            r.degrees = angle.degrees
            // Likewise a turn has a direction once it passed 5° (a pinch's wobble has none).
            r.direction = r.degrees >= Self.rotateDirectionDegrees ? .clockwise
                : r.degrees <= -Self.rotateDirectionDegrees ? .anticlockwise : nil
        case nil:
            break
        }
        if gesture.isContinuous { continuous(r, device, into: &out) } else { fire(r, device, into: &out) }
    }

    /// A line of a continuous gesture: began picks the follower, every line moves its
    /// steps on, ended and cancelled run what is pending and end the instance.
    private mutating func continuous(_ r: Reading, _ device: Device, into out: inout [BoundAction]) {
        let key = InstanceKey(device: r.event.device, gesture: r.event.kind)
        var reading = r
        if r.phase == .began || instances[key] == nil {
            release(key, at: r.event.time, into: &out)
            var instance = Instance(fingers: r.fingers, direction: r.direction)
            instance.follower = best(for: reading, device, followers: true)
            instances[key] = instance
        }
        guard var instance = instances[key] else { return }
        // Bindings that follow and those that run on began see the gesture as it began.
        reading.fingers = instance.fingers
        if r.phase != .ended { reading.direction = instance.direction ?? r.direction }

        if r.phase == .began || r.phase == .cancelled || r.phase == .ended {
            var once = reading
            // An end sees the direction the gesture ended with, and the fingers it began
            // with: fingers lift one by one, and a three-finger stroke often ends on one.
            if r.phase == .ended { once.direction = r.direction }
            fire(once, device, into: &out)
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
        } else {
            instances[key] = instance
        }
    }

    /// The follower binding `index` on one line: every update, or every step crossed.
    private mutating func follow(_ index: Int, _ r: Reading, _ device: Device, _ instance: inout Instance,
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
            emit(index, update, device, sign: sign, steps: 1, into: &out)
            return
        }
        // Without a direction, steps count along the axis the gesture began on, rightwards,
        // downwards, outwards or clockwise.
        let direction = trigger.direction ?? instance.direction.map(Self.positive)
        let value = measure(trigger, r, device, direction: direction)
        let size = stepSize(every, trigger, r, device, direction: direction)
        guard size > 0 else { return }
        // A step reached to within rounding counts (270° is 4.71238898038469 rad, which
        // turns back into 269.99999999999997°).
        let reached = size * (1 - 1e-9)
        // Step by step, at most the cap per line; beyond it the base jumps to the value
        // (a hostile trace's huge value costs no more than a small one).
        var k = 0
        while value - instance.base >= reached && k < GestureTrigger.maxRunsPerGesture {
            instance.base += size
            step(index, r, device, +1, trigger, &instance, into: &out)
            k += 1
        }
        while value - instance.base <= -reached && k < GestureTrigger.maxRunsPerGesture {
            instance.base -= size
            step(index, r, device, -1, trigger, &instance, into: &out)
            k += 1
        }
        if Swift.abs(value - instance.base) >= reached {
            instance.base += ((value - instance.base) / size).rounded(.towardZero) * size
        }
    }

    /// One step crossed: run now, or hold it until the interval has passed.
    private mutating func step(_ index: Int, _ r: Reading, _ device: Device, _ sign: Int, _ trigger: GestureTrigger,
                      _ instance: inout Instance, into out: inout [BoundAction]) {
        instance.pending += sign
        if let interval = trigger.interval, let last = instance.lastRun, r.event.time - last < interval { return }
        instance.lastRun = r.event.time
        if instance.pending != 0 && instance.takeRun() {
            run(index, r, device, sign: instance.pending, into: &out)
        }
        instance.pending = 0
    }

    private mutating func run(_ index: Int, _ r: Reading, _ device: Device, sign net: Int, into out: inout [BoundAction]) {
        var update = r
        update.phase = .update
        emit(index, update, device, sign: net > 0 ? 1 : -1, steps: Swift.abs(net), into: &out)
    }

    /// Runs the most specific binding that matches `r` (not the followers: they run on
    /// steps); whether one ran.
    @discardableResult
    private mutating func fire(_ r: Reading, _ device: Device, slowSwipe: Bool = false, into out: inout [BoundAction]) -> Bool {
        guard let i = best(for: r, device, followers: false, slowSwipe: slowSwipe) else { return false }
        emit(i, r, device, sign: 1, steps: 1, into: &out)
        return true
    }

    /// One run of binding `index`: its command, or its built-in action's events (none when
    /// a drag or scroll has not moved a whole unit since its last run).
    private mutating func emit(_ index: Int, _ r: Reading, _ device: Device, sign: Int, steps: Int, into out: inout [BoundAction]) {
        let b = config.bindings[index]
        guard let a = b.input else {
            out.append(action(index, r, device, sign: sign, steps: steps))
            return
        }
        let owner = InputActionEvents.Owner(device: r.event.device, gesture: r.event.kind, binding: index)
        let events = input.run(a, owner, line: b.line, time: r.event.time, translation: r.translation, sign: sign, steps: steps)
        guard !events.isEmpty else { return }
        out.append(BoundAction(time: r.event.time, binding: index, line: b.line, argv: [], environment: [], stdin: nil, input: events))
    }

    /// The gesture `key` ended: what its bindings' built-in actions hold is released.
    private mutating func release(_ key: InstanceKey, at time: Timestamp, into out: inout [BoundAction]) {
        guard !input.isEmpty else { return }
        input.release(where: { $0.device == key.device && $0.gesture == key.gesture }, at: time, into: &out)
    }

    /// The index of the most specific binding matching `r`, ties to the first.
    private func best(for r: Reading, _ device: Device, followers: Bool, slowSwipe: Bool = false) -> Int? {
        var best: (index: Int, score: Int)?
        for (i, b) in config.bindings.enumerated() {
            guard case .gesture(let t) = b.trigger, t.gesture == r.gesture else { continue }
            if followers {
                guard t.followsUpdates else { continue }
            } else {
                guard !t.followsUpdates, t.on == r.phase else { continue }
            }
            guard t.fingers.contains(r.fingers) else { continue }
            if let taps = t.taps, taps != r.taps { continue }
            if let d = t.direction, !(r.direction.map(d.includes) ?? false) { continue }
            if let e = t.edge, e != r.edge { continue }
            if let c = t.corner, c != r.corner { continue }
            if let button = t.button, button != r.button { continue }
            if let m = b.device, !m.matches(device.description, node: device.node) { continue }
            guard b.applies(toFocused: focusedApplication) else { continue }
            // A slow stroke runs the swipe bindings that give a threshold, and the diagonal
            // ones (a quick diagonal stroke is no swipe line: the recognizer's swipes keep to
            // 30° of an axis).
            if slowSwipe && t.threshold == nil && !(t.direction?.isDiagonal ?? false) { continue }
            // A follower's threshold is where it starts, not whether it is chosen.
            if !followers && !meets(t, r, device) { continue }
            // An application's binding wins over one for any, then a device's.
            let score = t.specificity * 4 + (b.apps.isEmpty ? 0 : 2) + (b.device != nil ? 1 : 0)
            if best == nil || score > best!.score { best = (i, score) }
        }
        return best?.index
    }

    /// Whether the reading reaches the binding's threshold. A diagonal swipe with none must
    /// go as far as the recognizer's swipes (`swipeMinDistance`) along its diagonal.
    private func meets(_ t: GestureTrigger, _ r: Reading, _ device: Device) -> Bool {
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
            return true
        }
    }

    /// The gesture's value along the binding's direction: mm, log scale or degrees,
    /// positive toward `direction`.
    private func measure(_ t: GestureTrigger, _ r: Reading, _ device: Device, direction: BoundDirection?) -> Double {
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

    private func stepSize(_ every: Quantity, _ t: GestureTrigger, _ r: Reading, _ device: Device,
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
    private func length(_ q: Quantity, _ device: Device, direction: BoundDirection?) -> Double {
        guard q.unit == .percent, let size = device.description.size else { return q.value }
        let turned = self.turn(for: device.description).quarterTurns & 1 == 1
        let horizontal = direction == .left || direction == .right || direction == .horizontal || direction == nil
        let extent = horizontal != turned ? size.width.value : size.height.value
        return q.millimetres(along: extent)
    }

    /// How the screen is turned for this device's directions and edges.
    private func turn(for d: DeviceDescription) -> ScreenTurn {
        config.screen == .followOrientation && d.kind == .touchscreen ? ScreenTurn(orientation) : ScreenTurn(.portrait)
    }

    // MARK: Orientation

    private mutating func orientationChanged(_ o: OrientationEvent, into out: inout [BoundAction]) {
        orientation = o.orientation
        // A line that keeps the orientation (the device laid flat, a turn the allowed set
        // refuses) is no change: nothing runs.
        guard o.previous != o.orientation, hasOrientationBindings, let device = devices[o.device], device.selected else { return }
        for (i, b) in config.bindings.enumerated() {
            guard case .orientation(let set) = b.trigger else { continue }
            if let set, !set.contains(o.orientation) { continue }
            if let m = b.device, !m.matches(device.description, node: device.node) { continue }
            out.append(orientationAction(i, o, device))
        }
    }

    // MARK: Actions

    private func action(_ index: Int, _ r: Reading, _ device: Device, sign: Int, steps: Int) -> BoundAction {
        let b = config.bindings[index]
        guard case .gesture(let t) = b.trigger else { preconditionFailure("a gesture action of an orientation binding") }
        let g = r.event
        let progress: Double
        if let every = t.every {
            let step = stepSize(every, t, r, device, direction: t.direction ?? r.direction)
            let v = Swift.abs(measure(t, r, device, direction: t.direction ?? r.direction))
            progress = step > 0 ? (v / step).truncatingRemainder(dividingBy: 1) : 1
        } else if let threshold = t.threshold {
            let direction = t.direction ?? r.direction
            let goal: Double
            switch threshold.dimension {
            case .length: goal = length(threshold, device, direction: direction)
            case .scale: goal = threshold.value > 1 ? log(threshold.value) : 0
            case .angle, .time: goal = threshold.value
            }
            // Along the binding's direction, motion the other way is no progress; with none,
            // either way counts (a pinch without `in` or `out` as far as it went).
            let along = measure(t, r, device, direction: direction)
            let reached = t.direction == nil ? Swift.abs(along) : Swift.max(0, along)
            progress = goal > 0 ? Swift.min(1, reached / goal) : 1
        } else {
            progress = 1
        }
        func value(_ p: Placeholder) -> String? {
            switch p {
            case .time: return Self.seconds(g.time)
            case .device: return device.description.name
            case .gesture: return r.gesture.rawValue
            case .state: return r.phase.rawValue
            case .fingers: return String(r.fingers)
            case .direction: return r.direction?.rawValue
            case .edge: return r.corner?.rawValue ?? r.edge?.rawValue
            case .button: return r.button?.rawValue
            case .taps: return r.taps.map(String.init)
            case .x: return Self.number(g.location.x)
            case .y: return Self.number(g.location.y)
            case .dx: return r.gesture.measure == .length ? Self.number(r.translation.x) : nil
            case .dy: return r.gesture.measure == .length ? Self.number(r.translation.y) : nil
            case .scale: return r.gesture.measure == .scale ? Self.number(r.scale) : nil
            case .rotation: return r.gesture.measure == .angle ? Self.number(r.degrees) : nil
            case .pressure: return r.pressure.map(Self.number)
            case .progress: return Self.number(progress)
            case .sign: return sign >= 0 ? "+" : "-"
            case .steps: return String(steps)
            case .app: return focusedApplication?.first
            case .orientation, .previous, .angle, .xrandr, .transform, .libinputMatrix, .x11Matrix: return nil
            }
        }
        return Self.make(index, b, time: g.time, value, stdin: RecognizedEvent.gesture(g).jsonLine)
    }

    private func orientationAction(_ index: Int, _ o: OrientationEvent, _ device: Device) -> BoundAction {
        let outputs = OrientationOutputs(o.orientation)
        func value(_ p: Placeholder) -> String? {
            switch p {
            case .time: return Self.seconds(o.time)
            case .device: return device.description.name
            case .orientation: return o.orientation.rawValue
            case .previous: return o.previous?.rawValue ?? "unknown"
            case .angle: return String(outputs.angle)
            case .xrandr: return outputs.xrandr
            case .transform: return outputs.swayTransform
            case .libinputMatrix: return OrientationOutputs.text(outputs.libinputMatrix)
            case .x11Matrix: return OrientationOutputs.text(outputs.x11Matrix)
            default: return nil
            }
        }
        return Self.make(index, config.bindings[index], time: o.time, value, stdin: RecognizedEvent.orientation(o).jsonLine)
    }

    private static func make(_ index: Int, _ b: Binding, time: Timestamp, _ value: (Placeholder) -> String?,
                             stdin: @autoclosure () -> String) -> BoundAction {
        var environment: [BoundAction.Variable] = []
        for p in Placeholder.allCases {
            if let v = value(p) { environment.append(.init(name: p.environmentName, value: v)) }
        }
        guard let command = b.command else { preconditionFailure("a command action of a binding without one") }
        return BoundAction(time: time, binding: index, line: b.line, argv: command.argv { value($0) ?? "" },
                           environment: environment, stdin: command.stdinJSON ? stdin() + "\n" : nil)
    }

    // MARK: Words

    /// The scale factor past which a pinch is in or out (1.05x either way).
    static let pinchDirectionFactor = 1.05
    /// The turn past which a rotation is clockwise or anticlockwise.
    static let rotateDirectionDegrees = 5.0

    private static func phase(_ p: GesturePhase) -> BindingPhase {
        switch p {
        case .began: return .began
        case .changed: return .update
        case .ended: return .ended
        case .cancelled: return .cancelled
        case .recognized: return .recognized
        }
    }

    /// The diagonal a stroke goes along, when it is within 22.5° of one (the eight sectors
    /// of 45° libinput-gestures uses), else nil.
    static func diagonal(of v: Vector) -> BoundDirection? {
        let ax = Swift.abs(v.x), ay = Swift.abs(v.y)
        guard Swift.max(ax, ay) > 0, Swift.min(ax, ay) / Swift.max(ax, ay) > tan(Double.pi / 8) else { return nil }
        switch (v.x >= 0, v.y >= 0) {
        case (true, true): return .rightDown
        case (true, false): return .rightUp
        case (false, true): return .leftDown
        case (false, false): return .leftUp
        }
    }

    /// The way a repeat counts up when the binding names no direction.
    private static func positive(_ d: BoundDirection) -> BoundDirection {
        switch d {
        case .left, .right, .horizontal: return .horizontal
        case .up, .down, .vertical: return .vertical
        case .in, .out: return .out
        case .clockwise, .anticlockwise: return .clockwise
        case .leftUp, .rightUp, .leftDown, .rightDown: return d
        }
    }

    private static func bound(_ d: SwipeDirection) -> BoundDirection {
        switch d {
        case .left: return .left
        case .right: return .right
        case .up: return .up
        case .down: return .down
        }
    }

    /// Seconds with microseconds, as the output lines write time.
    static func seconds(_ t: Timestamp) -> String {
        let us = t.microseconds
        let sign = us < 0 ? "-" : ""
        let a = us.magnitude
        let frac = String(a % 1_000_000)
        return sign + String(a / 1_000_000) + "." + String(repeating: "0", count: 6 - frac.count) + frac
    }

    /// A value rounded to 4 decimals, written shortest (`12.5`, `-3`, `0.3333`).
    static func number(_ v: Double) -> String {
        let r = (v * 10_000).rounded() / 10_000
        if r == r.rounded() && Swift.abs(r) < 1e15 { return String(Int(r)) }
        return String(r)
    }
}
