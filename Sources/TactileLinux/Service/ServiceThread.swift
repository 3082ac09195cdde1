#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A `ServiceLoop` on a thread of its own (not the cooperative pool: it blocks in `poll`),
/// joined at the end: how `tactile serve` keeps serving apart from recognizing.
public final class ServiceThread: @unchecked Sendable {
    private let done = Monitor()
    private var finished = false
    /// Why the loop ended, if it failed.
    public private(set) var error: TactileError?

    /// Starts `loop`. When it fails (the bus went away), `failed` runs on its thread: the
    /// recognizing side should stop then (`tactile serve` sends itself SIGTERM, which its
    /// signalfd takes), and `error` is what to report.
    public static func start(_ loop: ServiceLoop, failed: @escaping @Sendable () -> Void = {}) -> ServiceThread {
        let t = ServiceThread()
        nonisolated(unsafe) let loop = loop
        DetachedThread.start {
            var failure: TactileError?
            do throws(TactileError) { try loop.run() } catch { failure = error }
            t.done.locked { t.error = failure; t.finished = true; t.done.broadcast() }
            if failure != nil { failed() }
        }
        return t
    }

    /// Whether the loop has ended.
    public var isDone: Bool { done.locked { finished } }

    /// Waits for the loop to end.
    public func join() {
        done.locked { while !finished { done.wait() } }
    }
}
