#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached POSIX thread running one closure: for blocking work (a `poll`, a file
/// read) that must not occupy a task of the cooperative pool.
public enum DetachedThread {
    /// Runs `body` on a new thread; if no thread can be made, runs it here.
    public static func start(_ body: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let rc = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, context)
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
