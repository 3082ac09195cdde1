#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// SIGINT and SIGTERM during a run over a recording, taken by a thread of their own
/// (waiting on a `TerminationSignals`), so a program (`tactile bind`) can end the commands it started before it
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
    /// a thread of its own. Throws, leaving the signals as they were, when they cannot be
    /// taken.
    public func watch() throws(TactileError) {
        let signals = try TerminationSignals([SIGINT, SIGTERM])
        DetachedThread.start { [self] in
            // Fails only on a bad descriptor: then no signal is taken, and none can be.
            guard let signal = try? signals.wait() else { return }
            monitor.locked { received = signal }
        }
    }
}
