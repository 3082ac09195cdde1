#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutex with one condition variable (pthreads): the smallest monitor two threads
/// handing work to each other need.
public final class Monitor: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// A mutex and its condition, unlocked.
    public init() {
        pthread_mutex_init(mutex, nil)
        #if canImport(Darwin)
        pthread_cond_init(condition, nil)
        #else
        // Timed waits count on the monotonic clock: a wall-clock change must not stretch them.
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #endif
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Holds the mutex until `unlock()`: for a body that must move a value in or out,
    /// which a closure could only copy.
    public func lock() { pthread_mutex_lock(mutex) }
    /// Lets go of the lock.
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// Runs `body` holding the mutex.
    public func locked<R>(_ body: () throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Inside `locked`: releases the mutex until another thread calls `broadcast()`, then
    /// holds it again. Callers loop on their own condition (wake-ups may be spurious).
    public func wait() { pthread_cond_wait(condition, mutex) }

    /// As `wait()`, returning after at most `microseconds` even without a broadcast.
    public func wait(microseconds: Int64) {
        #if canImport(Darwin)
        var deadline = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int(microseconds % 1_000_000) * 1000)
        pthread_cond_timedwait_relative_np(condition, mutex, &deadline)
        #else
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let total = Int64(now.tv_nsec) + (microseconds % 1_000_000) * 1000
        var deadline = timespec(tv_sec: now.tv_sec + Int(microseconds / 1_000_000) + Int(total / 1_000_000_000),
                                tv_nsec: Int(total % 1_000_000_000))
        pthread_cond_timedwait(condition, mutex, &deadline)
        #endif
    }

    /// Wakes every thread waiting in `wait()`.
    public func broadcast() { pthread_cond_broadcast(condition) }
}
