#if canImport(Glibc)
import Glibc
#endif
import Tactile

extension FocusWatcher {
    /// Follows `desktop` on the calling thread (`tactile bind focus --watch`): `shown` gets
    /// the focus as first read, then the focus after each change, until one of `signals`
    /// comes. The watcher's own
    /// thread only says "changed" through an eventfd, so a slow `shown` (a terminal) never holds
    /// it up; changes that come while `shown` runs are folded into the newest, and a change
    /// back to what was last shown is not shown again.
    public static func follow(_ desktop: Desktop, signals: TerminationSignals, _ shown: (FocusedApplication?) -> Void) throws(TactileError) {
        let changed = try EventFD()
        let watcher = try FocusWatcher(desktop) { _ in changed.raise() }
        defer { watcher.stop() }
        var last = try watcher.waitForFirstReading()
        shown(last)
        var fds = PollSet()
        let signalled = fds.add(signals.fd)
        let woken = fds.add(changed.fd)
        while true {
            do throws(Errno) { try fds.wait(until: nil) } catch { throw error.error("poll") }
            if fds.isReady(signalled) { return }
            guard fds.isReady(woken) else { continue }
            changed.clear()
            let now = watcher.current
            if now != last {
                shown(now)
                last = now
            }
        }
    }
}
