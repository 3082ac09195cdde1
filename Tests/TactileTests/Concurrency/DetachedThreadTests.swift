import Glibc
import Testing
import Tactile

/// Helper threads never take a signal sent to the process: `tactile bind` blocks SIGHUP on
/// its main thread to read it from a signalfd (a reload), and a helper thread that could
/// take it would end the process instead.
@Suite struct DetachedThreadTests {
    /// The mask a detached thread runs with, and the caller's after starting it.
    @Test func blocksAsynchronousSignalsButNotFaults() {
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &before)
        let monitor = Monitor()
        nonisolated(unsafe) var seen: sigset_t? = nil
        DetachedThread.start {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            monitor.locked { seen = mask; monitor.broadcast() }
        }
        var mask = monitor.locked { () -> sigset_t in
            while seen == nil { monitor.wait() }
            return seen!
        }
        for s in [SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGCHLD] {
            #expect(sigismember(&mask, s) == 1, "signal \(s) is not blocked in the helper thread")
        }
        for s in [SIGSEGV, SIGBUS, SIGABRT] {
            #expect(sigismember(&mask, s) == 0, "fault signal \(s) is blocked in the helper thread")
        }
        var after = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &after)
        for s in Int32(1)..<32 {
            #expect(sigismember(&before, s) == sigismember(&after, s), "the caller's mask changed for signal \(s)")
        }
    }
}
