#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached POSIX thread running one closure: for blocking work (a `poll`, a file
/// read) that must not occupy a task of the cooperative pool.
///
/// The thread blocks the asynchronous signals (SIGINT, SIGTERM, SIGHUP, SIGUSR1...): a
/// signal sent to the process then always reaches the main thread, which either takes its
/// default action or, when it reads signals through a `signalfd` (live input), gets them
/// there. Without this, a helper thread started before the main thread blocked SIGHUP
/// would take the signal and end the process (found by the VM test's `bind` reload).
public enum DetachedThread {
    /// Runs `body` on a new thread; if no thread can be made, runs it here.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        // Made with the signals blocked, so none can arrive before the thread runs.
        var all = sigset_t(), previous = sigset_t()
        sigfillset(&all)
        for s in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGABRT] { sigdelset(&all, s) }
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        let rc = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, context)
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        if rc == 0 {
            #if canImport(Darwin)
            pthread_detach(thread!)
            #else
            pthread_detach(thread)
            #endif
        } else {
            Unmanaged<Body>.fromOpaque(context).release()
            body()
        }
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
