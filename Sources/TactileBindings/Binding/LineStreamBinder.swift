import Tactile

/// Binds output lines that come one by one with the devices told of as they come and go:
/// as `tactile bind --socket` reads them from `tactile serve` (notices tell the devices, and
/// lines arrive one at a time), and as live `tactile bind` gets them from its session (which
/// ends each frame itself).
///
/// It keeps the devices told of (a reloaded configuration selects anew among them), drops
/// the lines of devices the configuration does not select (live bind would not read
/// them), and hands the binder the lines of one input frame together: lines of one frame
/// share their time and device, and a slow swipe settles at the end of its frame. A frame
/// ends when a line of another comes, when a device comes or goes, or when the caller
/// says nothing more came for a moment (`endFrame`).
public struct LineStreamBinder {
    /// The binder, for its configuration and focused application.
    public private(set) var binder: Binder
    /// Every device told of, with its node.
    private var known: [Int: (DeviceDescription, String?)] = [:]
    /// Those the configuration selects.
    private var selected: Set<Int> = []
    /// The lines of the frame under way.
    private var frame: [RecognizedEvent] = []

    /// A binder of `config`'s bindings, no device told of yet.
    public init(config: BindingConfig) { binder = Binder(config: config) }

    /// Whether lines of a frame wait for its end.
    public var framePending: Bool { !frame.isEmpty }

    /// Whether claims are decided (`Binder.claiming`: under pass-through).
    public var claiming: Bool {
        get { binder.claiming }
        set { binder.claiming = newValue }
    }

    /// The application that has focus (`Binder.focusedApplication`).
    public var focusedApplication: [String]? {
        get { binder.focusedApplication }
        set { binder.focusedApplication = newValue }
    }

    /// A device was told of; whether the configuration selects it.
    @discardableResult
    public mutating func add(_ d: DeviceDescription, node: String?, into out: inout [BoundAction]) -> Bool {
        endFrame(into: &out)
        known[d.id] = (d, node)
        guard binder.selects(d, node: node) else { return false }
        selected.insert(d.id)
        binder.add(d, node: node)
        return true
    }

    /// A device went.
    public mutating func remove(device id: Int, into out: inout [BoundAction]) {
        endFrame(into: &out)
        known[id] = nil
        if selected.remove(id) != nil { binder.remove(device: id, into: &out) }
    }

    /// One line: kept with its frame, which it ends the one before it when it is of another.
    public mutating func handle(_ line: RecognizedEvent, into out: inout [BoundAction]) {
        let key = Self.frameKey(line)
        guard selected.contains(key.device) else { return }
        if let last = frame.last, Self.frameKey(last) != key { endFrame(into: &out) }
        frame.append(line)
    }

    /// The frame under way is whole: its lines are bound.
    public mutating func endFrame(into out: inout [BoundAction]) {
        guard !frame.isEmpty else { return }
        binder.handle(frame, into: &out)
        frame.removeAll(keepingCapacity: true)
    }

    /// Binds by `config` from now on: what the old bindings hold down is released (into
    /// `out`), and the new configuration selects among the devices told of.
    public mutating func reload(_ config: BindingConfig, into out: inout [BoundAction]) {
        endFrame(into: &out)
        binder.releaseAll(into: &out)
        let focused = binder.focusedApplication, claiming = binder.claiming
        binder = Binder(config: config)
        binder.focusedApplication = focused
        binder.claiming = claiming
        selected = []
        for (id, (d, node)) in known.sorted(by: { $0.key < $1.key }) where binder.selects(d, node: node) {
            selected.insert(id)
            binder.add(d, node: node)
        }
    }

    /// The end: the last frame is bound and everything held down released.
    public mutating func finish(into out: inout [BoundAction]) {
        endFrame(into: &out)
        binder.releaseAll(into: &out)
    }

    private static func frameKey(_ line: RecognizedEvent) -> (time: Timestamp, device: Int) {
        switch line {
        case .gesture(let g): return (g.time, g.device)
        case .orientation(let o): return (o.time, o.device)
        }
    }
}
