import Tactile
import TactileBindings
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

extension BindingSession {
    /// How following a service ended.
    public enum ServiceEnd: Sendable, Equatable {
        /// The service said its input ended (a recording it played).
        case ended
        /// A termination signal (SIGINT, SIGTERM) came.
        case interrupted
        /// The service closed the connection (it ended or restarted).
        case closed
    }

    /// What bindings ask of `tactile serve`: every gesture and orientation line, and the
    /// devices told (a configuration selects among them as live bind would).
    public static let serviceFilter = SubscriptionFilter(devices: nil, gestures: nil, orientation: true, states: nil, describe: true)

    /// Binds the lines of a `tactile serve` subscription (made with `serviceFilter`) as
    /// live bind binds its own: devices from the notices, a frame's lines together (a frame
    /// ends with the next frame, or 20 ms of nothing). SIGHUP on `signals` reloads by
    /// `load`; SIGINT or SIGTERM end it. Lines missed by a slow reader are logged.
    public func follow(_ subscription: ServiceSubscription, signals: TerminationSignals?, load: () throws -> BindingConfig) throws -> ServiceEnd {
        while true {
            switch try subscription.next(timeout: framePending ? .milliseconds(20) : nil, signals: signals) {
            case .idle:
                try endFrame()
            case .signal(let s) where s == SIGHUP:
                try reload(load)
            case .signal:
                return .interrupted
            case .closed:
                return .closed
            case .line(.notice(.end)):
                return .ended
            case .line(.notice(.device(let d, let node))):
                add(d, node: node)
                try flush()
            case .line(.notice(.removed(let id))):
                try remove(device: id)
            case .line(.notice(.missed(let n))):
                log(nil, "\(subscription.path): \(n) line(s) missed: bind did not keep up with the service")
            case .line(.notice(.subscribed)):
                log(nil, "subscribed to \(subscription.path)")
            case .line(.notice(.error)):
                break
            case .line(.recognized(let line)):
                try handle(line)
            }
        }
    }
}
