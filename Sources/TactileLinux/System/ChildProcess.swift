#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// A process this one started (`ProcessSpawn`), in a process group of its own: watched
/// through a pidfd, which becomes readable when it exits, signalled with its group, and
/// reaped exactly once. After it is reaped its number may be another process's, so no
/// signal is sent to it any more.
public final class ChildProcess {
    /// Its process id, which is also its process group's.
    public let pid: pid_t
    /// Readable when it has exited: poll it beside other descriptors.
    public let exit: FileDescriptor
    /// How it ended, once reaped.
    public private(set) var status: Status?

    /// How a process ended.
    public enum Status: Equatable, Sendable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// The shell's way of saying it: the status, or 128 + the signal.
        public var shellStatus: Int32 {
            switch self {
            case .exited(let s): return s
            case .signalled(let s): return 128 + s
            }
        }
    }

    /// Watches `pid`, a child just started. Without a pidfd (a kernel before 5.3) its exit
    /// could not be seen: it is killed and reaped, and the failure thrown.
    public init(pid: pid_t) throws(Errno) {
        let fd = pidfd_open(pid, 0)
        guard fd >= 0 else {
            let failure = Errno.current
            Glibc.kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            throw failure
        }
        self.pid = pid
        exit = FileDescriptor(taking: fd)
    }

    /// Sends `signal` to its process group (its children too), unless it was reaped.
    public func signal(_ signal: Int32) {
        guard status == nil else { return }
        // Fails only when the group is gone already (ESRCH): nothing left to signal.
        _ = Glibc.kill(-pid, signal)
    }

    /// Reaps it: how it ended, or nil while it runs (`waiting: false`). Once reaped, the
    /// same status again.
    @discardableResult
    public func reap(waiting: Bool) -> Status? {
        if let status { return status }
        var raw: Int32 = 0
        while true {
            let r = waitpid(pid, &raw, waiting ? 0 : WNOHANG)
            if r == pid { break }
            if r < 0 && errno == EINTR { continue }
            // 0: still running. ECHILD: reaped elsewhere (never here: the pid is ours alone).
            return nil
        }
        let ended: Status = raw & 0x7f == 0 ? .exited((raw >> 8) & 0xff) : .signalled(raw & 0x7f)
        status = ended
        return ended
    }

    /// Ends it now if it still runs (SIGKILL to its group) and reaps it.
    public func kill() {
        guard status == nil else { return }
        signal(SIGKILL)
        reap(waiting: true)
    }
}
