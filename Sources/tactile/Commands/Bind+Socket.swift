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
        var binder = LineStreamBinder(config: initial)
        var actions: [BoundAction] = []
        let sink = try Sink(dryRun: dryRun, limits: initial.limits, verbose: verbose, live: true)
        try sink.prepare(for: initial)
        var watcher = try Self.focusWatcher(initial, required: false)
        defer { watcher?.stop() }
        let filter = SubscriptionFilter(devices: nil, gestures: nil, orientation: true, states: nil, describe: true)
        let subscription = try ServiceSubscription(path: path, filter: filter)
        var interrupted = false
        var gone = false
        reading: while true {
            // A frame's lines wait for the next frame, or 20 ms of nothing (`endFrame`).
            let next = try subscription.next(timeout: binder.framePending ? 20 : -1, signals: signals)
            if let watcher { binder.focusedApplication = watcher.current?.names }
            switch next {
            case .idle:
                binder.endFrame(into: &actions)
            case .signal(let s) where s == SIGHUP:
                // The frame under way is bound by the bindings it began under.
                binder.endFrame(into: &actions)
                try sink.take(&actions)
                reload(&binder, sink, &watcher, into: &actions)
            case .signal:
                interrupted = true
                break reading
            case .closed:
                gone = true
                break reading
            case .line(.notice(.end)):
                break reading
            case .line(.notice(.device(let d, let node))):
                binder.add(d, node: node, into: &actions)
            case .line(.notice(.removed(let id))):
                binder.remove(device: id, into: &actions)
            case .line(.notice(.missed(let n))):
                printError("tactile: bind: \(path): \(n) line(s) missed: bind did not keep up with the service")
            case .line(.notice(.subscribed)):
                printError("tactile: bind: subscribed to \(path)")
            case .line(.notice(.error)):
                break
            case .line(.recognized(let line)):
                binder.handle(line, into: &actions)
            }
            try sink.take(&actions)
        }
        binder.finish(into: &actions)
        try sink.take(&actions)
        try sink.finish(binder.binder.config.limits, interrupted: interrupted)
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
}
