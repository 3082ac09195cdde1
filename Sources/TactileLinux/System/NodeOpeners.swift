#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Which processes have a device node open, read from `/proc/PID/fd`: what a test harness
/// waits for before it plays input, so the program under test sees the first event.
public enum NodeOpeners {
    /// The processes other than this one with `node` open (those whose descriptors this
    /// process may read: all of them for root, its own user's otherwise).
    public static func pids(of node: String) -> [Int32] {
        let me = getpid()
        var found: [Int32] = []
        for name in DirectoryEntries.names(in: "/proc") {
            guard let pid = Int32(name), pid != me else { continue }
            let fds = "/proc/\(name)/fd"
            for fd in DirectoryEntries.names(in: fds) where fd != "." && fd != ".." {
                if target(of: fds + "/" + fd) == node {
                    found.append(pid)
                    break
                }
            }
        }
        return found
    }

    /// Waits until another process has each of `nodes` open, up to `limit`; the nodes
    /// nobody opened in time (empty when all were).
    public static func wait(for nodes: [String], limit: TimeSpan) -> [String] {
        let end = MonotonicClock.now() + limit
        var waiting = nodes
        while true {
            waiting = waiting.filter { pids(of: $0).isEmpty }
            if waiting.isEmpty || MonotonicClock.now() >= end { return waiting }
            MonotonicClock.sleep(until: MonotonicClock.now() + .milliseconds(20))
        }
    }

    private static func target(of link: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink(link, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
