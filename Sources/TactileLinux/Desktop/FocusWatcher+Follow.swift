#if canImport(Glibc)
import Glibc
#endif
import Tactile

extension FocusWatcher {
    /// Follows `desktop` on the calling thread (`tactile bind focus --watch`): `shown` gets
    /// the focus as first read, then the focus after each change, until a signal comes on
    /// `signals` (a descriptor from `LiveInput.catchTerminationSignals()`). The watcher's own
    /// thread only says "changed" through a pipe, so a slow `shown` (a terminal) never holds
    /// it up; changes that come while `shown` runs are folded into the newest, and a change
    /// back to what was last shown is not shown again.
    public static func follow(_ desktop: Desktop, signals: Int32, _ shown: (FocusedApplication?) -> Void) throws(TactileError) {
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else { throw TactileError(.unavailable, "pipe: \(String(cString: strerror(errno)))") }
        defer { close(wake[0]); close(wake[1]) }
        for fd in wake { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        let writeEnd = wake[1]
        let watcher = try FocusWatcher(desktop) { _ in
            var one: UInt8 = 1
            _ = write(writeEnd, &one, 1)
        }
        defer { watcher.stop() }
        var last = try watcher.waitForFirstReading()
        shown(last)
        var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
        var drained = [UInt8](repeating: 0, count: 256)
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 && errno != EINTR { return }
            if fds[0].revents != 0 { return }
            guard fds[1].revents != 0 else { continue }
            while read(wake[0], &drained, drained.count) > 0 {}
            let now = watcher.current
            if now != last {
                shown(now)
                last = now
            }
        }
    }
}
