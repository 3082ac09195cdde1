#if canImport(Glibc)
import Glibc
#endif

/// Real-time scheduling for a player: SCHED_FIFO above every normal task, and memory locked
/// so that no page fault stalls a frame. Refusal is not fatal: the caller still runs.
public enum RealTime {
    /// Enters real time as far as the system allows; `warning` hears what it refused.
    public static func enter(warning: (String) -> Void) {
        var param = sched_param()
        param.sched_priority = 50
        if sched_setscheduler(0, SCHED_FIFO, &param) != 0 {
            warning("cannot use SCHED_FIFO (\(String(cString: strerror(errno)))); playing at normal priority")
        }
        if mlockall(MCL_CURRENT | MCL_FUTURE) != 0 {
            warning("cannot lock memory (\(String(cString: strerror(errno))))")
        }
    }
}
