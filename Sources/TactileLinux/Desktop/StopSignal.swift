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
    /// The eventfd that becomes readable when the watcher stops.
    let fd: Int32

    /// A signal not yet raised.
    init() throws(TactileError) {
        fd = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw TactileError(.unavailable, "eventfd: \(String(cString: strerror(errno)))") }
    }

    /// What a wait throws once the signal is raised: the watcher's loop ends on it and says
    /// nothing.
    static let stopped = TactileError(.unavailable, "the focus watcher was stopped")

    /// Wakes every wait, now and later.
    func raise() {
        var one: UInt64 = 1
        _ = Glibc.write(fd, &one, 8)
    }

    /// Closes the descriptor (the watcher's thread, once nothing waits any more).
    func close() { _ = Glibc.close(fd) }

    /// Waits until `descriptor` is ready for `events` (true), or `deadline` passes (false);
    /// throws `stopped` when the signal is raised. A negative `descriptor` waits for the
    /// deadline alone; no deadline waits for readiness alone.
    func wait(for descriptor: Int32, _ events: Int16 = Int16(POLLIN), until deadline: Timestamp?) throws(TactileError) -> Bool {
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: descriptor, events: events, revents: 0)]
            var timeout: Int32 = -1
            if let deadline {
                let left = (deadline - MonotonicClock.now()).microseconds
                timeout = left <= 0 ? 0 : Int32(clamping: (left + 999) / 1000)
            }
            let n = poll(&fds, 2, timeout)
            if n < 0 {
                if errno == EINTR { continue }
                throw TactileError(.ioError, "poll: \(String(cString: strerror(errno)))")
            }
            if fds[0].revents != 0 { throw Self.stopped }
            if fds[1].revents != 0 { return true }
            if let deadline, MonotonicClock.now() >= deadline { return false }
        }
    }

    /// Sleeps until `time`; throws `stopped` when the signal is raised first.
    func sleep(until time: Timestamp) throws(TactileError) {
        _ = try wait(for: -1, until: time)
    }
}
