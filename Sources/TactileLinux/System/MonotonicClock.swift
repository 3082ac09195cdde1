#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// `CLOCK_MONOTONIC`, the clock the kernel stamps input events with once a reader asks for
/// it (libevdev_set_clock_id; libinput always does), so event times and "now" compare.
public enum MonotonicClock {
    /// Now on `CLOCK_MONOTONIC`, the clock evdev stamps events with.
    public static func now() -> Timestamp {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Timestamp(microseconds: Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000)
    }

    /// Sleeps until `time` on the monotonic clock (absolute, so lateness does not add up).
    public static func sleep(until time: Timestamp) {
        var ts = timespec(tv_sec: Int(time.microseconds / 1_000_000),
                          tv_nsec: Int(time.microseconds % 1_000_000) * 1000)
        while clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, nil) == EINTR {}
    }
}

/// CPU time the calling thread has used (user + system), for the per-event cost.
public enum ThreadCPUTime {
    /// The CPU time this thread has used.
    public static func now() -> TimeSpan {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return TimeSpan(microseconds: Int64(ts.tv_sec) * 1_000_000 + Int64(ts.tv_nsec) / 1000)
    }
}
