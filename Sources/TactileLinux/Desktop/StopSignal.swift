#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// The one thing every blocking step of a focus watcher also waits on: its `stop()`.
///
/// The watcher's thread connects, reads and waits on children; each of those waits in
/// `poll` on its own descriptor and this eventfd together, so `stop()` ends the thread at
/// once wherever it is, and a desktop that stops answering holds it no longer than a
/// deadline. Once raised it stays raised: every later wait fails at once.
final class StopSignal: @unchecked Sendable {
    private let raised: EventFD

    /// A signal not yet raised.
    init() throws(TactileError) {
        raised = try EventFD()
    }

    /// What a wait throws once the signal is raised: the watcher's loop ends on it and says
    /// nothing.
    static let stopped = TactileError(.unavailable, "the focus watcher was stopped")

    /// Wakes every wait, now and later.
    func raise() { raised.raise() }

    /// Waits until `descriptor` is ready for `events` (true), or `deadline` passes (false);
    /// throws `stopped` when the signal is raised. A negative `descriptor` waits for the
    /// deadline alone; no deadline waits for readiness alone.
    func wait(for descriptor: Int32, _ events: PollEvents = .readable, until deadline: Timestamp?) throws(TactileError) -> Bool {
        var fds = PollSet()
        let stop = fds.add(raised.fd)
        let wanted = fds.add(descriptor, for: events)
        while true {
            do throws(Errno) { try fds.wait(until: deadline) } catch { throw error.error("poll") }
            if fds.isReady(stop) { throw Self.stopped }
            if fds.isReady(wanted) { return true }
            if let deadline, MonotonicClock.now() >= deadline { return false }
        }
    }

    /// Sleeps until `time`; throws `stopped` when the signal is raised first.
    func sleep(until time: Timestamp) throws(TactileError) {
        _ = try wait(for: -1, until: time)
    }
}
