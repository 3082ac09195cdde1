import Tactile

/// A `tactile bind` configuration: which devices, how the screen turns, which gestures and
/// orientation changes run which commands. Read from YAML by `BindingConfig.load`; the
/// format is documented in docs/bindings.md and docs/bindings.schema.json.
public struct BindingConfig: Sendable {
    /// The file it was read from, for messages.
    public var file: String
    /// The devices read; empty for every touch device and accelerometer.
    public var devices: [DeviceMatch] = []
    /// Whether touchscreen directions and edges are the screen's as it is turned now.
    public var screen: ScreenSpace = .fixed
    /// The recognizers' thresholds.
    public var settings = GestureSettings()
    /// The orientation filter's settings (a mount matrix given here wins over the one udev
    /// reports).
    public var orientation = OrientationSettings()
    /// How commands run.
    public var limits = CommandLimits()
    /// A command (argv, no shell) whose first line of output names the focused
    /// application, for desktops with no protocol Tactile reads (KDE, GNOME on Wayland);
    /// nil: sway, Hyprland or X11, found from the environment (`focus: {command: [...]}`).
    public var focusCommand: [String]?
    /// The bindings, in file order.
    public var bindings: [Binding] = []
    /// What a binding does with its gesture's touches under pass-through when it does not
    /// say (`pass-through: {claim: ...}`): cancel them in applications, or leave them.
    public var claim = ClaimMode.cancel
    /// Under pass-through, whether every finger on a panel is a palm on its copy while a pen
    /// is near it (`pass-through: {palmsNearPen: false}` turns it off).
    public var palmsNearPen = true

    /// Whether binding `index` takes its gesture's touches from applications (under
    /// pass-through): its own `claim:`, or the configuration's.
    public func claims(_ index: Int) -> Bool { claimMode(index) != .none }

    /// Binding `index`'s claim mode: its own, or the configuration's (whose `delay` is an
    /// edge swipe's alone: the other gestures then cancel).
    public func claimMode(_ index: Int) -> ClaimMode {
        if let own = bindings[index].claim { return own }
        if claim == .delay, case .gesture(let t) = bindings[index].trigger, t.gesture != .edgeSwipe { return .cancel }
        return claim
    }

    /// What the copy of device `d` does beyond claims as gestures are recognized (see
    /// docs/pass-through.md): on a touchpad, the finger counts of three or more that a
    /// claiming binding names are claimed as they land (libinput recognizes its own
    /// three-finger gestures from their first motion); on a touchscreen, a touch landing
    /// in the zone of an edge that a `claim: delay` edge swipe names is held back. Bindings
    /// that name applications (`app:`) take part in neither: the focus is only read as a
    /// gesture is recognized.
    public func passThroughPolicy(for d: DeviceDescription, node: String? = nil) -> PassThroughPolicy {
        var policy = PassThroughPolicy()
        policy.rejectsTouchesNearPen = palmsNearPen
        policy.holdDepth = settings.edgeZone
        policy.holdRelease = settings.edgeSwipeMinDistance
        policy.holdLongest = settings.edgeSwipeMaxDuration
        for (i, b) in bindings.enumerated() {
            // A binding for some applications claims only as its gesture is recognized,
            // when the focus is known: landing and holding happen before anything is.
            guard case .gesture(let t) = b.trigger, claims(i), b.apps.isEmpty else { continue }
            if !devices.isEmpty && !devices.contains(where: { $0.matches(d, node: node) }) { continue }
            if let m = b.device, !m.matches(d, node: node) { continue }
            switch d.kind {
            case .touchpad where t.gesture != .tap && t.gesture != .click:
                for n in 3...5 where t.fingers.contains(n) { policy.claimOnLanding.insert(n) }
            case .touchscreen where t.gesture == .edgeSwipe && claimMode(i) == .delay:
                if screen != .fixed {
                    policy.holdEdges = Set(ScreenEdge.allCases)  // the edges turn with the screen
                } else if let corner = t.corner {
                    policy.holdEdges.formUnion([corner.edges.0, corner.edges.1])
                } else if let edge = t.edge {
                    policy.holdEdges.insert(edge)
                } else {
                    policy.holdEdges = Set(ScreenEdge.allCases)
                }
            default:
                break
            }
        }
        return policy
    }

    /// How devices are recognized for these bindings: every gesture (a binding may name
    /// any), the configuration's thresholds and orientation; `size` and `profile` as
    /// `Recognition.Configuration` has them.
    public func recognition(size: Size? = nil, profile: DeviceKind? = nil) -> Recognition.Configuration {
        Recognition.Configuration(settings: settings, size: size, orientation: orientation, profile: profile, input: false)
    }

    /// Whether any binding needs to know the focused application (`app:`, or `{app}` in a
    /// command).
    public var needsFocus: Bool {
        bindings.contains { b in
            !b.apps.isEmpty || (b.command?.arguments.contains { arg in
                switch arg {
                case .parts(let parts): return parts.contains(.value(.app))
                case .spread: return false
                }
            } ?? false)
        }
    }

    /// An empty configuration read from `file`.
    public init(file: String) { self.file = file }

    /// One line on what it binds and reads (`bind --check`, a reload): the file, the
    /// bindings by trigger, the devices it reads and how directions follow the screen.
    public var summary: String {
        let gestures = bindings.filter { if case .gesture = $0.trigger { true } else { false } }.count
        let read = devices.isEmpty ? "every touch device and accelerometer" : "\(devices.count) device match(es)"
        return "\(file): \(bindings.count) bindings (\(gestures) gesture, \(bindings.count - gestures) orientation); reads \(read); screen \(screen.rawValue)"
    }
}

/// Whose directions and edges a touchscreen's gestures have.
public enum ScreenSpace: String, Sendable, CaseIterable {
    /// Directions and edges are the panel's, however it is held.
    case fixed
    /// Directions and edges of touchscreens turn with the interface orientation, as
    /// lisgd's `-o` does, but following the accelerometer.
    case followOrientation = "follow-orientation"
}

/// How commands run: never holding up recognition.
public struct CommandLimits: Sendable, Hashable {
    /// Commands running at once; an action beyond it waits its turn (in order).
    public var concurrency = 4
    /// A command running longer is sent SIGTERM, then SIGKILL a second later.
    public var timeout = TimeSpan.milliseconds(10_000)
    /// The shortest `timeout`: 100 ms, so a command has time to start at all.
    public static let shortestTimeout = TimeSpan.milliseconds(100)
    /// Four at once, ten seconds each.
    public init() {}
}

/// Which devices a configuration, or one binding, applies to. Every field given must match.
public struct DeviceMatch: Sendable, Hashable {
    /// A shell-style glob over the device's name (`*`, `?`, `[...]`).
    public var name: String?
    public var kind: DeviceKind?
    /// The evdev node, `/dev/input/eventN`.
    public var node: String?

    /// A match of the fields given.
    public init(name: String? = nil, kind: DeviceKind? = nil, node: String? = nil) {
        self.name = name; self.kind = kind; self.node = node
    }

    /// Whether `device` at `node` matches every field given. A device with no node (one
    /// of a recording) is taken to be at the node named, so a configuration for a live
    /// node can be tried on a recording (`tactile bind` says so).
    public func matches(_ device: DeviceDescription, node deviceNode: String?) -> Bool {
        if let kind, device.kind != kind { return false }
        if let node, let deviceNode, node != deviceNode { return false }
        if let name, !Glob.matches(name, device.name) { return false }
        return true
    }
}

/// What a binding does with the touches of its gesture under pass-through (`tactile bind
/// --pass-through`, docs/pass-through.md).
public enum ClaimMode: String, Sendable, CaseIterable {
    /// The touches reach applications at once, and are cancelled there (turned into palms
    /// on the device's copy) when the gesture is recognized: UIKit's `cancelsTouchesInView`.
    case cancel
    /// The gesture reaches applications too, as without pass-through.
    case none
    /// For an edge swipe: a touch landing in its edge zone is held back until it cannot
    /// start the swipe any more (UIKit's `delaysTouchesBegan`), then given to applications
    /// whole; if the swipe is recognized, applications never see the touch.
    case delay
}

/// One binding: what triggers it, and what it does.
public struct Binding: Sendable {
    /// Where it is in the file (1-based), for messages and dry-run output.
    public var line: Int
    /// Its column.
    public var column: Int
    /// What runs it.
    public var trigger: Trigger
    /// What it does.
    public var action: Action
    /// Only on these devices.
    public var device: DeviceMatch?
    /// Only while one of these applications has focus: globs over the focused window's
    /// names (`FocusedApplication`), matched without regard to case; empty for any. A glob
    /// written `!GLOB` excludes: the binding does not run while such an application has
    /// the focus (touchégg's section for all, where an application has its own).
    public var apps: [String] = []

    /// Whether it names an application to run for (not only ones to leave out): such a
    /// binding wins over one for any application.
    public var isForApplication: Bool { apps.contains { !$0.hasPrefix("!") } }
    /// What it does with its gesture's touches under pass-through; nil: the
    /// configuration's `pass-through: {claim:}`.
    public var claim: ClaimMode?

    /// A command, or a built-in action on the virtual keyboard and pointer.
    public enum Action: Sendable, Hashable {
        /// Run this command.
        case command(CommandTemplate)
        /// Write this input.
        case input(InputAction)
    }

    /// Its command, when it runs one.
    public var command: CommandTemplate? {
        if case .command(let c) = action { return c }
        return nil
    }

    /// Its built-in action, when it has one.
    public var input: InputAction? {
        if case .input(let i) = action { return i }
        return nil
    }

    /// A gesture, or an orientation change.
    public enum Trigger: Sendable, Hashable {
        /// A gesture, with what it must be.
        case gesture(GestureTrigger)
        /// The interface orientation changed to one of these (nil: any).
        case orientation(Set<InterfaceOrientation>?)
    }

    /// A binding at `line:column`.
    public init(line: Int, column: Int, trigger: Trigger, action: Action, device: DeviceMatch? = nil, apps: [String] = []) {
        self.line = line; self.column = column; self.trigger = trigger; self.action = action; self.device = device
        self.apps = apps
    }

    /// Whether the binding applies while an application of these names (its Wayland
    /// `app_id`, its X11 class and instance) has focus: always when the binding names no
    /// application; never when it names one and no desktop says what has focus (nil).
    public func applies(toFocused names: [String]?) -> Bool {
        guard !apps.isEmpty else { return true }
        func matches(_ glob: Substring) -> Bool { names?.contains { Glob.matches(glob.lowercased(), $0.lowercased()) } ?? false }
        // Left out while an excluded application has the focus; with no focus known, none has.
        if apps.contains(where: { $0.hasPrefix("!") && matches($0.dropFirst()) }) { return false }
        guard isForApplication else { return true }
        guard names != nil else { return false }
        return apps.contains { !$0.hasPrefix("!") && matches(Substring($0)) }
    }
}

/// The gestures a binding names: every gesture by its kind's name (`GestureKind`), but
/// `hold` for the long press (libinput's hold on touchpads), and `pop`, the moment a peek's
/// pressure passes the pop threshold. What a binding may say of one (when it runs, what
/// its threshold is in) follows from the gesture's kind, so a new gesture is bound with no
/// change here.
public struct BoundGesture: RawRepresentable, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The name a configuration uses.
    public let rawValue: String
    /// The gesture whose lines it reads.
    public let kind: GestureKind

    /// The gesture of `kind`, by its name in a configuration.
    public init(_ kind: GestureKind) {
        self.kind = kind
        rawValue = kind == .longPress ? "hold" : kind.rawValue
    }

    private init(pop: ()) { kind = .peek; rawValue = "pop" }

    /// The gesture a configuration names `rawValue`, if any.
    public init?(rawValue: String) {
        guard let g = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = g
    }

    /// Every name, in `GestureKind`'s order, `pop` after `peek`.
    public static let allCases: [BoundGesture] = GestureKind.allCases.flatMap { $0 == .peek ? [BoundGesture(.peek), .pop] : [BoundGesture($0)] }

    /// The gestures whose names the bindings' code spells out.
    public static let tap = BoundGesture(.tap), hold = BoundGesture(.longPress), pan = BoundGesture(.pan),
        swipe = BoundGesture(.swipe), edgeSwipe = BoundGesture(.edgeSwipe), pinch = BoundGesture(.pinch),
        rotate = BoundGesture(.rotate), peek = BoundGesture(.peek), click = BoundGesture(.click)
    /// A peek's pop: once, when its pressure passes the pop threshold.
    public static let pop = BoundGesture(pop: ())

    /// The name.
    public var description: String { rawValue }

    /// Whether it begins and ends (`on: began | update | ended | cancelled`) or happens
    /// once (`on: recognized`).
    public var isContinuous: Bool { self != .pop && !kind.isDiscrete }

    /// What `on` is when the binding does not say: began for a gesture whose moment matters
    /// (hold, peek), ended for one that goes some way (pan, pinch, rotate).
    public var defaultPhase: BindingPhase {
        isContinuous ? (kind.isMoment ? .began : .ended) : .recognized
    }

    /// The kind of value a threshold or a repeat step of this gesture is.
    public var measure: Quantity.Dimension? {
        guard self != .pop else { return nil }
        switch kind.measure {
        case .distance: return .length
        case .scale: return .scale
        case .angle: return .angle
        case nil: return nil
        }
    }
}

/// When a binding runs (`on`).
public enum BindingPhase: String, Sendable, Hashable, CaseIterable {
    /// At its beginning, at each update (or each repeat step), at its end, when cancelled, when recognized.
    case began, update, ended, cancelled, recognized
    /// At every update from the start, before the threshold too, `{progress}` rising from 0
    /// to 1 as the gesture nears it: what an animation that follows the fingers needs.
    case progress
}

/// A direction a binding names: the four of a stroke, an axis (both ways, for repeats),
/// pinch in or out, rotate one way or the other.
public enum BoundDirection: String, Sendable, Hashable, CaseIterable {
    /// A stroke's direction, or an axis.
    case left, right, up, down, horizontal, vertical
    /// A pinch's.
    case `in`, out
    /// A rotation's.
    case clockwise, anticlockwise
    /// A swipe's diagonals (libinput-gestures' `left_up` and so on). With one of them bound,
    /// swipes are told apart in eight directions of 45° each, as libinput-gestures does;
    /// otherwise in four.
    case leftUp = "left-up", rightUp = "right-up", leftDown = "left-down", rightDown = "right-down"

    /// Whether it is one of the four diagonals.
    public var isDiagonal: Bool {
        switch self {
        case .leftUp, .rightUp, .leftDown, .rightDown: return true
        default: return false
        }
    }

    /// The gestures it applies to: by what they measure; diagonals to swipes only.
    public func applies(to g: BoundGesture) -> Bool {
        switch self {
        case .leftUp, .rightUp, .leftDown, .rightDown: return g == .swipe
        case .left, .right, .up, .down, .horizontal, .vertical: return g.measure == .length
        case .in, .out: return g.measure == .scale
        case .clockwise, .anticlockwise: return g.measure == .angle
        }
    }

    /// Whether an observed direction is this one (an axis takes both of its directions).
    public func includes(_ observed: BoundDirection) -> Bool {
        switch self {
        case .horizontal: return observed == .left || observed == .right || observed == .horizontal
        case .vertical: return observed == .up || observed == .down || observed == .vertical
        default: return observed == self
        }
    }
}

/// Finger counts: any, exactly n, or a range.
public struct FingerRange: Sendable, Hashable {
    /// The fewest.
    public var lower: Int
    /// The most.
    public var upper: Int
    /// Any number of fingers.
    public static let any = FingerRange(lower: 1, upper: Int.max)
    /// From `lower` to `upper` fingers.
    public init(lower: Int, upper: Int) { self.lower = lower; self.upper = upper }
    /// Whether `n` fingers are in the range.
    public func contains(_ n: Int) -> Bool { n >= lower && n <= upper }
    /// 2 for an exact count, 1 for a bounded range, 0 for any: an exact count wins.
    var specificity: Int { lower == upper ? 2 : self == .any ? 0 : 1 }
}

/// What a gesture binding matches.
public struct GestureTrigger: Sendable, Hashable {
    /// The gesture.
    public var gesture: BoundGesture
    /// When it runs.
    public var on: BindingPhase
    /// How many fingers.
    public var fingers = FingerRange.any
    /// Taps in a row (`tap` only).
    public var taps: Int?
    /// Only this direction.
    public var direction: BoundDirection?
    /// Only from this edge (edge swipes).
    public var edge: ScreenEdge?
    /// Only from this corner (edge swipes that landed within the edge zone of two edges).
    public var corner: ScreenCorner?
    /// Only a stroke that neither started nor ended within `edgeZone` of any edge (swipes
    /// and pans, `edge: none`: lisgd's `N`).
    public var awayFromEdges = false
    /// Only this button (clicks).
    public var button: ClickButton?
    /// The least the gesture must reach: mm or percent of the surface, degrees, scale.
    public var threshold: Quantity?
    /// Run again at every step of this size (`repeat: {every: ...}`).
    public var every: Quantity?
    /// Steps count only this far from where the gesture began, along its direction
    /// (`repeat: {within: ...}`): past it no step runs, as touchégg's percentage stops at 100%.
    public var within: Quantity?
    /// At most this many steps per update line (`repeat: {perUpdate: 1}`); the rest are
    /// taken on the lines that follow, and a stroke that ends first leaves them untaken, as
    /// touchégg moves its repeat one step per libinput update (`RepeatedAction`).
    public var stepsPerUpdate: Int?
    /// At most one run per interval; steps in between are run together (`{steps}`).
    public var interval: TimeSpan?
    /// Only a gesture that took at most this long, from its first line to the line that
    /// runs the binding (`maxDuration: 800ms`): a swipe from the first line of its stroke's
    /// pan, a gesture run `on: ended` from its began. lisgd's `-m` and libinput-gestures'
    /// `timeout`, which ignore a stroke slower than that.
    public var maxDuration: TimeSpan?
    /// A binding that runs mid-gesture, by how fast the gesture goes over its last
    /// `speedWindow` lines, in the gesture's `speedUnit`: a swipe once, as soon as its
    /// stroke moves this fast (`speed: 64mm/s`: fusuma's swipes), rather than at its end; a
    /// pinch (its span's rate of change, `speed: 350%/s`) or a turn (`speed: 50deg/s`) at
    /// every update that goes this fast in its direction, at most once per `interval`
    /// (fusuma's pinches and rotations, which it measures the same way).
    public var speed: Double?

    /// How many of a gesture's latest lines its speed is measured over: fusuma's last 10
    /// updates.
    public static let speedWindow = 10

    /// The unit a gesture's `speed:` is written in, or nil when it has none.
    public static func speedUnit(_ gesture: BoundGesture) -> String? {
        switch gesture {
        case .swipe: return "mm/s"
        case .pinch: return "%/s"
        case .rotate: return "deg/s"
        default: return nil
        }
    }

    static func speedExample(_ gesture: BoundGesture) -> String {
        gesture == .pinch ? "350%/s" : gesture == .rotate ? "50deg/s" : "64mm/s"
    }

    /// The speeds a `speed:` may name. A stroke: slower than 1 mm/s is a resting finger's
    /// drift, faster than 10 m/s no hand. A pinch's span and a turn: slower than 1%/s or
    /// 1°/s is a resting hand's wobble; 100 000 a second is a hundred times a snap of the
    /// fingers.
    public static func speeds(_ gesture: BoundGesture) -> ClosedRange<Double> {
        gesture == .swipe ? 1.0...10_000.0 : 1.0...100_000.0
    }

    /// A trigger on `gesture`, at `on` or the gesture's default phase.
    public init(gesture: BoundGesture, on: BindingPhase? = nil) {
        self.gesture = gesture
        self.on = on ?? gesture.defaultPhase
    }

    /// Continuous bindings that run as the gesture goes (every update, or every step),
    /// chosen as it begins; a pinch or turn with a `speed` is chosen again at every update.
    public var followsUpdates: Bool { speed == nil && (every != nil || on == .update || on == .progress) }

    /// The shortest `interval`: 10 ms, one frame of a 100 Hz device.
    public static let shortestInterval = TimeSpan.milliseconds(10)
    /// The most runs one gesture makes of one binding. Past it the binding is quiet until
    /// the gesture ends: a live gesture never becomes a process storm (a 500 mm pan in 1 mm
    /// steps is 500 runs; five full turns in 1° steps would be 1800).
    public static let maxRunsPerGesture = 500

    /// The finest `repeat: {every:}` step in a unit: 1 mm (a resting finger wanders a few
    /// tenths of a millimetre, so finer steps count noise), 1% of the surface, 1°, 1.01x.
    public static func finestStep(_ unit: Quantity.Unit) -> Quantity {
        switch unit {
        case .millimetres: return Quantity(1, .millimetres)
        case .percent: return Quantity(1, .percent)
        case .degrees: return Quantity(1, .degrees)
        case .factor: return Quantity(1.01, .factor)
        case .milliseconds: return Quantity(10, .milliseconds)
        }
    }

    /// Higher wins when several bindings match one line.
    var specificity: Int {
        // A time limit is the last word: between two bindings alike but for it, the limited
        // one runs while the gesture is within it.
        (fingers.specificity * 8 + (direction != nil ? 2 : 0) + (edge != nil || awayFromEdges ? 2 : 0) + (corner != nil ? 5 : 0) + (taps != nil ? 2 : 0)
            + (button != nil ? 2 : 0) + (threshold != nil || speed != nil ? 1 : 0)) * 2 + (maxDuration != nil ? 1 : 0)
    }
}

extension BindingConfig {
    /// What a run over a recording should be told before it starts: device matches that
    /// cannot be checked against a recording (nodes), and a `devices:` that no device of
    /// the recording meets (then nothing runs, and a silent dry run would say nothing).
    public func notes(for header: InputDevices, recording: String, focusedApplication: [String]? = nil) -> [String] {
        var notes: [String] = []
        let forApps = bindings.filter(\.isForApplication).map { String($0.line) }
        if !forApps.isEmpty && focusedApplication == nil {
            notes.append("\(recording) has no focused application: the bindings for one (line \(forApps.joined(separator: ", "))) run only with --app NAME")
        }
        let nodes = (devices.compactMap(\.node) + bindings.compactMap { $0.device?.node })
        for node in Set(nodes).sorted() {
            notes.append("\(recording) has no device nodes: `node: \(node)` is taken to match its devices")
        }
        let touch = header.devices
        for b in bindings {
            guard let m = b.device, m.node == nil, !touch.contains(where: { m.matches($0, node: nil) }) else { continue }
            notes.append("the binding on line \(b.line) is for a device \(recording) does not have (\(m.name.map { "name \"\($0)\"" } ?? m.kind?.rawValue ?? "")): it will not run")
        }
        if !devices.isEmpty && !touch.contains(where: { d in devices.contains { $0.matches(d, node: nil) } }) {
            let have = touch.map { "\"\($0.name)\" (\($0.kind.rawValue))" }.joined(separator: ", ")
            notes.append("no device of \(recording) matches `devices:` in \(file): it has \(have.isEmpty ? "none" : have); nothing will run")
        }
        return notes
    }
}
