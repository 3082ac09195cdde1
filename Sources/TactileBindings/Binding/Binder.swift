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
/// button over none, then a threshold or speed, then a time limit, then a device; ties go to the
/// first in the file.
/// Orientation bindings are not rivals: every one that matches runs, in file order.
///
/// Continuous gestures (pan, pinch, rotate, hold, peek) are followed from `began` to
/// `ended`: the binding that runs on updates or repeats is chosen when the gesture begins,
/// with the direction it began in; `ended` bindings see the direction it ended with, and
/// the fingers it began with.
///
/// By concern: this file holds the state and the devices; a line becomes a reading in
/// `Binder+Reading.swift`, a reading chooses its binding in `Binder+Matching.swift`,
/// continuous gestures are followed in `Binder+Following.swift`, and a run becomes its
/// command in `Binder+Actions.swift`.
public struct Binder {
    /// The configuration it binds by.
    public let config: BindingConfig
    var devices: [Int: Device] = [:]
    var orientation = InterfaceOrientation.portrait
    var instances: [InstanceKey: Instance] = [:]
    /// Per device, the translation of its last pan, kept after the pan ends: a swipe or an
    /// edge swipe is written after the pan of its stroke, and measures that stroke.
    var strokes: [Int: Vector] = [:]
    /// Per device, where its last pan's stroke started and how far it went on the panel
    /// (not turned with the screen): where a swipe starts and ends, for `edge:` on swipes.
    var panelStrokes: [Int: (start: Point, translation: Vector)] = [:]
    /// Per device, when its last pan began: how long a swipe's stroke took (`maxDuration`).
    var strokeBegan: [Int: Timestamp] = [:]
    /// Per device, a slow swipe waiting for the end of the lines of its frame: a flick's
    /// swipe line comes after its pan's end, and then the swipe runs instead.
    var slowSwipes: [Int: Reading] = [:]
    /// Per device, a pinch's end waiting for the end of the lines of its frame: a
    /// two-finger gesture that ends runs one end binding, and a turn's that runs outranks
    /// the pinch's (libinput-gestures' `PINCH.end`: the turn once past its angle, else in
    /// or out; fusuma's one event per update). Bindings that follow updates run both.
    var endingPinches: [Int: Reading] = [:]
    /// Per device, an edge swipe no binding ran for yet: the recognizer writes it as the
    /// stroke leaves the edge zone, and a binding's threshold is met later in the same
    /// stroke, by the pan lines that follow.
    var edgeSwipes: [Int: Reading] = [:]
    /// Per device, its stroke's latest pan lines, for swipes that run by their speed
    /// (`Binder+Speed.swift`).
    var speedWindows: [Int: SpeedWindow] = [:]
    /// Per pinch and turn under way, its latest lines, for the bindings that run by its
    /// speed.
    var gestureSpeedWindows: [InstanceKey: SpeedWindow] = [:]
    /// Which gestures any binding names: lines of others are skipped at once.
    let bound: Set<BoundGesture>
    let hasOrientationBindings: Bool
    /// A swipe binding names a diagonal: strokes are then told apart in eight directions.
    let hasDiagonals: Bool
    /// A swipe or pan binding names an edge or a corner: strokes are then told where they
    /// started and ended.
    let hasSwipeEdges: Bool
    /// A pan binding names an edge or a corner: each pan line is then told where it started.
    let hasPanEdges: Bool
    /// A swipe binding names a `speed`: strokes are then measured as they go.
    let hasSwipeSpeeds: Bool
    /// A rotate binding runs at the turn's end: a pinch's end then waits for it.
    let hasTurnEnds: Bool
    /// A pinch or rotate binding has a `speed`: their lines are then kept in windows.
    let hasGestureSpeeds: Bool
    /// What built-in actions hold down, per gesture.
    var input = InputActionEvents()
    /// The names of the application that has focus (`FocusWatcher`), for bindings that name
    /// one (`app:`); nil when no desktop says (then those bindings never run).
    public var focusedApplication: [String]?
    /// Under pass-through: decide claims (`Binder+Claims.swift`); off, none is made.
    public var claiming = false
    /// Devices whose touches a gesture under way has claimed.
    var claimedDevices: Set<Int> = []

    struct Device {
        var description: DeviceDescription
        var node: String?
        var selected: Bool
    }

    struct InstanceKey: Hashable {
        var device: Int
        var gesture: GestureKind
    }

    /// A continuous gesture under way.
    struct Instance {
        var fingers: Int
        var direction: BoundDirection?
        /// When it began: how long a hold lasted.
        var began = Timestamp(microseconds: 0)
        /// The binding that runs on its updates or steps.
        var follower: Int?
        var base = 0.0
        var pending = 0
        var lastRun: Timestamp?
        /// The follower's value at its last run, for the sign of an update.
        var lastValue = 0.0
        /// The translation at the follower's last run: which way an update moved since.
        var lastTranslation = Vector.zero
        /// Runs of the follower so far (at most `GestureTrigger.maxRunsPerGesture`).
        var runs = 0
        var started = false
        /// An `on: began` binding with a threshold has not run yet: it runs at the first
        /// line that reaches the threshold (touchégg's `on: begin`).
        var beganPending = false
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
        hasSwipeSpeeds = config.bindings.contains { b in
            if case .gesture(let t) = b.trigger { return t.speed != nil && t.gesture == .swipe }
            return false
        }
        hasTurnEnds = config.bindings.contains { b in
            if case .gesture(let t) = b.trigger { return t.gesture == .rotate && t.on == .ended }  // a repeat or a speed runs on updates
            return false
        }
        hasGestureSpeeds = config.bindings.contains { b in
            if case .gesture(let t) = b.trigger { return t.speed != nil && t.gesture != .swipe }
            return false
        }
        hasPanEdges = config.bindings.contains { b in
            if case .gesture(let t) = b.trigger { return t.gesture == .pan && (t.edge != nil || t.corner != nil || t.awayFromEdges) }
            return false
        }
        hasSwipeEdges = hasPanEdges || config.bindings.contains { b in
            if case .gesture(let t) = b.trigger { return t.gesture == .swipe && (t.edge != nil || t.corner != nil || t.awayFromEdges) }
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
        panelStrokes[id] = nil
        strokeBegan[id] = nil
        slowSwipes[id] = nil
        endingPinches[id] = nil
        edgeSwipes[id] = nil
        speedWindows[id] = nil
        gestureSpeedWindows = gestureSpeedWindows.filter { $0.key.device != id }
        claimedDevices.remove(id)
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

    /// The lines of one frame are all handled: a pinch's end that no turn's end outranked,
    /// and a slow swipe still waiting, run now.
    public mutating func endOfFrame(into out: inout [BoundAction]) {
        if !endingPinches.isEmpty {
            for id in endingPinches.keys.sorted() {
                guard let r = endingPinches[id], let device = devices[id] else { continue }
                fire(r, device, into: &out)
            }
            endingPinches.removeAll(keepingCapacity: true)
        }
        guard !slowSwipes.isEmpty else { return }
        for id in slowSwipes.keys.sorted() {
            guard let r = slowSwipes[id], let device = devices[id] else { continue }
            fire(r, device, slowSwipe: true, into: &out)
        }
        slowSwipes.removeAll()
    }

    // MARK: Orientation

    mutating func orientationChanged(_ o: OrientationEvent, into out: inout [BoundAction]) {
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
}
