import Tactile
import TactileBindings
import TactileBindingsLinux
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
        let bindings = try BindingSession(config: initial, dryRun: dryRun, verbose: verbose, log: Self.log)
        let filter = SubscriptionFilter(devices: nil, gestures: nil, orientation: true, states: nil, describe: true)
        let subscription = try ServiceSubscription(path: path, filter: filter)
        var interrupted = false
        var gone = false
        reading: while true {
            // A frame's lines wait for the next frame, or 20 ms of nothing (`endFrame`).
            switch try subscription.next(timeout: bindings.framePending ? 20 : -1, signals: signals) {
            case .idle:
                try bindings.endFrame()
            case .signal(let s) where s == SIGHUP:
                try bindings.reload { try load(config) }
            case .signal:
                interrupted = true
                break reading
            case .closed:
                gone = true
                break reading
            case .line(.notice(.end)):
                break reading
            case .line(.notice(.device(let d, let node))):
                bindings.add(d, node: node)
                try bindings.flush()
            case .line(.notice(.removed(let id))):
                try bindings.remove(device: id)
            case .line(.notice(.missed(let n))):
                printError("tactile: bind: \(path): \(n) line(s) missed: bind did not keep up with the service")
            case .line(.notice(.subscribed)):
                printError("tactile: bind: subscribed to \(path)")
            case .line(.notice(.error)):
                break
            case .line(.recognized(let line)):
                try bindings.handle(line)
            }
        }
        try bindings.finish(interrupted: interrupted) { Interruption.shared.signal }
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
