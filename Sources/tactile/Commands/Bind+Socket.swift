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
        let signals = try TerminationSignals()
        Self.warnOfRecognitionSettings(initial)
        let bindings = try BindingSession(config: initial, dryRun: dryRun, verbose: verbose, log: Self.log)
        let subscription = try ServiceSubscription(path: path, filter: BindingSession.serviceFilter)
        let end = try bindings.follow(subscription, signals: signals) { try load(config) }
        try bindings.finish(interrupted: end == .interrupted) { Interruption.shared.signal }
        if end == .closed { throw TactileError(.unavailable, "\(path): the service closed the connection (tactile serve ended or restarted)") }
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
