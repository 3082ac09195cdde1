#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A `FocusWatcher`'s thread and what it shares with the watcher: the latest reading and
/// failure under a lock held only to copy them, so that `current` never waits on the
/// desktop, only on another copy.
///
/// The thread opens the source, then waits for its input or its due time and updates;
/// any failure makes the focus nil, says why in `failure`, and the source is opened again
/// a second after the last attempt began: a desktop that is gone, refuses, or answers
/// garbage costs one attempt a second, never a spinning thread.
final class FocusLoop: @unchecked Sendable {
    private let source: FocusSource
    private let signal: StopSignal
    private let desktop: FocusWatcher.Desktop
    private let changed: (@Sendable (FocusedApplication?) -> Void)?
    private let monitor = Monitor()
    // Under the monitor:
    private var latest: FocusedApplication?
    private var lastFailure: TactileError?
    private var attempted = false
    private var stopped = false
    private var ended = false
    private var thread: pthread_t?

    /// The least time between two attempts to open the source.
    static let retryInterval = TimeSpan.seconds(1)

    /// A loop over `source`, woken by `signal`; `changed` hears every change of the focus.
    init(source: FocusSource, signal: StopSignal, desktop: FocusWatcher.Desktop, changed: (@Sendable (FocusedApplication?) -> Void)?) {
        self.source = source
        self.signal = signal
        self.desktop = desktop
        self.changed = changed
    }

    /// The latest reading.
    var current: FocusedApplication? { monitor.locked { latest } }

    /// Why the latest attempt failed, or nil when it succeeded.
    var failure: TactileError? { monitor.locked { lastFailure } }

    /// Waits until the first attempt to read the desktop has ended: its reading, or its
    /// failure thrown.
    func firstReading(timeout: TimeSpan) throws(TactileError) -> FocusedApplication? {
        let end = MonotonicClock.now() + timeout
        monitor.lock()
        defer { monitor.unlock() }
        while !attempted {
            if stopped { throw TactileError(.unavailable, "the watcher of \(desktop) was stopped before it read the focus") }
            let left = (end - MonotonicClock.now()).microseconds
            if left <= 0 { throw TactileError(.unavailable, "\(desktop) did not answer within \(timeout.seconds) s") }
            monitor.wait(microseconds: left)
        }
        if let lastFailure { throw lastFailure }
        return latest
    }

    /// Ends the thread; waits (up to `limit`) until it has closed its connections, unless
    /// called on the thread itself (from `changed`).
    func stop(limit: TimeSpan) {
        let end = MonotonicClock.now() + limit
        monitor.lock()
        defer { monitor.unlock() }
        if !stopped {
            stopped = true
            if !ended { signal.raise() }
        }
        if let thread, pthread_equal(thread, pthread_self()) != 0 { return }
        while !ended {
            let left = (end - MonotonicClock.now()).microseconds
            if left <= 0 { return }
            monitor.wait(microseconds: left)
        }
    }

    /// The thread's body (`caller`: the thread that started it, which must not run it).
    func run(startedFrom caller: pthread_t) {
        guard pthread_equal(caller, pthread_self()) == 0 else {
            // DetachedThread runs the body in place when no thread can be made.
            publish(nil, failure: TactileError(.unavailable, "cannot start a thread to watch \(desktop)"))
            finish()
            return
        }
        monitor.locked { thread = pthread_self() }
        var nextOpen = MonotonicClock.now()
        var isOpen = false
        while true {
            do throws(TactileError) {
                if !isOpen {
                    try signal.sleep(until: nextOpen)
                    nextOpen = MonotonicClock.now() + Self.retryInterval
                    let application = try source.open()
                    isOpen = true
                    publish(application, failure: nil)
                }
                _ = try signal.wait(for: source.fd, until: source.due)
                if case .focus(let application) = try source.update() { publish(application, failure: nil) }
            } catch {
                source.close()
                isOpen = false
                if error == StopSignal.stopped || monitor.locked({ stopped }) { break }
                publish(nil, failure: error)
            }
        }
        finish()
    }

    private func publish(_ application: FocusedApplication?, failure: TactileError?) {
        let isChange = monitor.locked { () -> Bool in
            let isChange = latest != application
            latest = application
            lastFailure = failure
            attempted = true
            monitor.broadcast()
            return isChange
        }
        if isChange { changed?(application) }
    }

    private func finish() {
        source.close()
        monitor.locked {
            ended = true
            monitor.broadcast()
        }
    }
}
