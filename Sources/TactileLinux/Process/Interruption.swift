#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// SIGINT and SIGTERM during a run over a recording, taken by a thread of their own
/// (`sigwait`), so a program (`tactile bind`) can end the commands it started before it
/// exits. For a live loop, `LiveInput.catchTerminationSignals` gives them as a descriptor
/// to poll instead.
public final class Interruption: @unchecked Sendable {
    /// The one watcher: signal dispositions are the process's.
    public static let shared = Interruption()
    private let monitor = Monitor()
    private var received: Int32?

    /// Thrown to stop reading the recording.
    public struct Stop: Error {
        /// A stop.
        public init() {}
    }

    /// The signal received, if one was.
    public var signal: Int32? { monitor.locked { received } }

    /// Blocks SIGINT and SIGTERM here (threads made later inherit it) and waits for them on
    /// a thread of its own.
    public func watch() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        DetachedThread.start { [self] in
            var signal: Int32 = 0
            var wanted = sigset_t()
            sigemptyset(&wanted)
            sigaddset(&wanted, SIGINT)
            sigaddset(&wanted, SIGTERM)
            guard sigwait(&wanted, &signal) == 0 else { return }
            monitor.locked { received = signal }
        }
    }
}
