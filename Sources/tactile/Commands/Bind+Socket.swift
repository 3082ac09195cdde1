import Tactile
import TactileBindings
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

extension Bind {
    /// `bind --socket`: the lines of `tactile serve` instead of the devices, bound as live
    /// bind binds them. The service tells the devices (`"describe":true`); lines of devices
    /// the configuration does not select are dropped, as live bind would not read them.
    func runSocket(_ path: String, _ initial: BindingConfig) throws {
        // Before any thread starts (the command runner's), so every thread has them blocked.
        let signals = LiveInput.catchTerminationSignals()
        Self.warnOfRecognitionSettings(initial)
        var binder = Binder(config: initial)
        // Every device the service told of, and those the configuration selects.
        var known: [Int: (DeviceDescription, String?)] = [:]
        var devices: Set<Int> = []
        var actions: [BoundAction] = []
        let sink = try Sink(dryRun: dryRun, limits: initial.limits, verbose: verbose, live: true)
        try sink.prepare(for: initial)
        var watcher = try Self.focusWatcher(initial, required: false)
        defer { watcher?.stop() }
        let filter = SubscriptionFilter(devices: nil, gestures: nil, orientation: true, states: nil, describe: true)
        let subscription = try ServiceSubscription(path: path, filter: filter)
        // The lines of one input frame share their time and device: they are handed to the
        // binder together (a slow swipe settles at the end of its frame), once the next
        // line is of another frame or nothing more came for a moment.
        var frame: [RecognizedEvent] = []
        func flushFrame() throws {
            guard !frame.isEmpty else { return }
            if let watcher { binder.focusedApplication = watcher.current?.names }
            binder.handle(frame, into: &actions)
            frame.removeAll(keepingCapacity: true)
            try sink.take(&actions)
        }
        var interrupted = false
        var gone = false
        reading: while true {
            switch try subscription.next(timeout: frame.isEmpty ? -1 : 20, signals: signals) {
            case .idle:
                try flushFrame()
            case .signal(let s) where s == SIGHUP:
                try flushFrame()
                do {
                    let fresh = try load(self.config)
                    try sink.prepare(for: fresh)
                    if watcher == nil { watcher = try Self.focusWatcher(fresh, required: false) }
                    binder.releaseAll(into: &actions)
                    try sink.take(&actions)
                    binder = Binder(config: fresh)
                    // The fresh configuration selects anew among the devices there.
                    devices = []
                    for (id, (d, node)) in known where binder.selects(d, node: node) {
                        devices.insert(id)
                        binder.add(d, node: node)
                    }
                    printError("tactile: bind: reloaded \(Self.summary(fresh))")
                } catch {
                    printError("tactile: \(error); keeping the configuration loaded before")
                }
            case .signal:
                interrupted = true
                break reading
            case .closed:
                gone = true
                break reading
            case .line(.notice(.end)):
                break reading
            case .line(.notice(.device(let d, let node))):
                try flushFrame()
                known[d.id] = (d, node)
                if binder.selects(d, node: node) {
                    devices.insert(d.id)
                    binder.add(d, node: node)
                }
            case .line(.notice(.removed(let id))):
                try flushFrame()
                known[id] = nil
                if devices.remove(id) != nil {
                    binder.remove(device: id, into: &actions)
                    try sink.take(&actions)
                }
            case .line(.notice(.missed(let n))):
                printError("tactile: bind: \(path): \(n) line(s) missed: bind did not keep up with the service")
            case .line(.notice(.subscribed)):
                printError("tactile: bind: subscribed to \(path)")
            case .line(.notice(.error)):
                break
            case .line(.recognized(let line)):
                let (time, device) = Self.frameKey(line)
                guard devices.contains(device) else { continue }
                if let last = frame.last, Self.frameKey(last) != (time, device) { try flushFrame() }
                frame.append(line)
            }
        }
        try flushFrame()
        binder.releaseAll(into: &actions)
        try sink.take(&actions)
        try sink.finish(binder.config.limits, interrupted: interrupted)
        if gone { throw TactileError(.unavailable, "\(path): the service closed the connection (tactile serve ended or restarted)") }
    }

    /// The service recognizes: a configuration's `settings` and `orientation` (and --set)
    /// are its to apply, not bind's. Said rather than refused, so one file serves both ways.
    static func warnOfRecognitionSettings(_ config: BindingConfig) {
        if config.settings != GestureSettings() {
            printError("tactile: bind: \(config.file): with --socket, `settings` do not apply: tactile serve recognizes (give them to it: --config, --set)")
        }
        if config.orientation != OrientationSettings() {
            printError("tactile: bind: \(config.file): with --socket, `orientation` does not apply: tactile serve decides the orientation (give it --allowed, --lock, --mount-matrix)")
        }
    }

    private static func frameKey(_ line: RecognizedEvent) -> (Timestamp, Int) {
        switch line {
        case .gesture(let g): return (g.time, g.device)
        case .orientation(let o): return (o.time, o.device)
        }
    }
}
