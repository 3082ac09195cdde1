import Tactile
import TactileBindings
import TactileLinux

/// Bindings run over lines as they come, from a live session or a `tactile serve` socket:
/// the binder that keeps the devices (`LineStreamBinder`), the sink its actions go to, and
/// the desktop's focus, read for each frame. What live `tactile bind` and `bind --socket`
/// both are, apart from where their lines come from.
public final class BindingSession {
    /// The binder, for its configuration and whether a frame waits for its end.
    public private(set) var binder: LineStreamBinder
    private let sink: BoundActionSink
    private var focus: FocusWatcher?
    private var actions: [BoundAction] = []
    /// Where the session says what happens (its `init`'s `log`).
    let log: @Sendable (_ label: String?, _ message: String) -> Void

    /// A session binding by `config`: commands run (or, `dryRun`, printed), the virtual
    /// input made when it has built-in actions, and the focus followed when a binding
    /// needs it (`app:`, or `{app}` in a command). `log` hears what happens, as `BoundActionSink`'s does.
    public init(config: BindingConfig, dryRun: Bool, verbose: Bool,
                log: @escaping @Sendable (_ label: String?, _ message: String) -> Void) throws {
        self.log = log
        binder = LineStreamBinder(config: config)
        sink = try BoundActionSink(dryRun: dryRun, limits: config.limits, verbose: verbose, live: true, log: log)
        try sink.prepare(for: config)
        focus = try FocusWatcher.forBindings(config, required: false) { log(nil, $0) }
    }

    deinit { focus?.stop() }

    /// Whether lines of a frame wait for its end (`endFrame`).
    public var framePending: Bool { binder.framePending }

    /// A device appeared; whether the configuration reads it. What it ends (a frame under
    /// way) is done with the next call that binds, or `flush`.
    @discardableResult
    public func add(_ device: DeviceDescription, node: String?) -> Bool {
        readFocus()
        return binder.add(device, node: node, into: &actions)
    }

    /// Does what is decided and not done yet (what `add` ended).
    public func flush() throws {
        try take()
    }

    /// A device went: what its bindings hold down is released.
    public func remove(device id: Int) throws {
        readFocus()
        binder.remove(device: id, into: &actions)
        try take()
    }

    /// One line, bound when its frame ends (a line of another frame, or `endFrame`).
    public func handle(_ line: RecognizedEvent) throws {
        readFocus()
        binder.handle(line, into: &actions)
        try take()
    }

    /// The lines of one whole frame, bound at once.
    public func handleFrame(_ lines: [RecognizedEvent]) throws {
        guard !lines.isEmpty else { return }
        readFocus()
        for line in lines { binder.handle(line, into: &actions) }
        binder.endFrame(into: &actions)
        try take()
    }

    /// The frame under way is whole (nothing more came for a moment).
    public func endFrame() throws {
        readFocus()
        binder.endFrame(into: &actions)
        try take()
    }

    /// SIGHUP: the configuration `load` gives is bound from the next line on; on an error
    /// (logged) the one loaded before stays. The frame under way is bound by the bindings
    /// it began under.
    public func reload(_ load: () throws -> BindingConfig) throws {
        readFocus()
        binder.endFrame(into: &actions)
        try take()
        do {
            let fresh = try load()
            try sink.prepare(for: fresh)
            if focus == nil { focus = try FocusWatcher.forBindings(fresh, required: false) { log(nil, $0) } }
            binder.reload(fresh, into: &actions)
            log(nil, "reloaded \(fresh.summary)")
        } catch {
            log(nil, "\(error); keeping the configuration loaded before")
        }
        try take()
    }

    /// The end: the last frame bound, what is held down released, and the commands run to
    /// their end (`interrupted`: ended now; a `signal()` while waiting ends them too).
    public func finish(interrupted: Bool, signal: () -> Int32? = { nil }) throws {
        readFocus()
        binder.finish(into: &actions)
        try take()
        try sink.finish(interrupted: interrupted, signal: signal)
        focus?.stop()
    }

    /// Under pass-through, where claims go (the device's id and the claim's time): set,
    /// the binder decides claims (a reload keeps deciding them) and they go here, not to
    /// the sink.
    public var claimed: ((_ device: Int, _ time: Timestamp) -> Void)? {
        didSet { binder.claiming = claimed != nil }
    }

    /// Hands claims to `claimed`, then the rest to the sink.
    private func take() throws {
        if let claimed {
            var kept = 0
            for i in actions.indices {
                if case .claim(let device) = actions[i].effect {
                    claimed(device, actions[i].time)
                } else {
                    if kept != i { actions[kept] = actions[i] }
                    kept += 1
                }
            }
            actions.removeLast(actions.count - kept)
        }
        try sink.take(&actions)
    }

    /// The focused application, for the bindings that name one; cheap (never waits).
    private func readFocus() {
        if let focus { binder.focusedApplication = focus.current?.names }
    }
}
