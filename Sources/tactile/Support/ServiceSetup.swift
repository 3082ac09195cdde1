#if canImport(Glibc)
import Glibc
#endif
import Tactile
import TactileLinux

/// What `tactile serve` serves on, from its options: the socket (its own, or systemd's),
/// the bus, and the SensorProxy object on it.
enum ServiceSetup {
    static func loop(socket: String, mode: mode_t, bus: String, limits: SubscriptionServer.Limits,
                     mailbox: ServiceMailbox, accelerometers: Int) throws -> ServiceLoop {
        var server: SubscriptionServer?
        if let fd = activatedSocket() {
            server = SubscriptionServer(listening: fd, limits: limits)
            printError("tactile serve: subscribers on the socket systemd passed")
        } else if !socket.isEmpty {
            server = try SubscriptionServer(path: socket, mode: mode, limits: limits)
            printError("tactile serve: subscribers on \(socket)")
        }
        var connection: DBusConnection?
        var proxy: SensorProxy?
        if bus != "none" {
            let c = try DBusConnection(address: bus == "system" ? nil : bus)
            proxy = try SensorProxy(connection: c, hasAccelerometer: accelerometers > 0)
            connection = c
            printError("tactile serve: \(SensorProxy.busName) on \(bus == "system" ? "the system bus" : bus)")
        }
        if server == nil && connection == nil {
            throw TactileError(.usage, "nothing to serve: give a --socket or a --bus")
        }
        return ServiceLoop(mailbox: mailbox, server: server, bus: connection, proxy: proxy)
    }

    /// The listening socket systemd passes (LISTEN_FDS=1 for this process), if any.
    private static func activatedSocket() -> Int32? {
        guard let pid = getenv("LISTEN_PID").map({ String(cString: $0) }), Int32(pid) == getpid(),
              let fds = getenv("LISTEN_FDS").map({ String(cString: $0) }), Int(fds) ?? 0 >= 1
        else { return nil }
        unsetenv("LISTEN_PID"); unsetenv("LISTEN_FDS"); unsetenv("LISTEN_FDNAMES")
        return 3  // SD_LISTEN_FDS_START
    }
}

/// The serving loop on a thread of its own, joined at the end.
final class ServiceThread: @unchecked Sendable {
    private let done = Monitor()
    private var finished = false
    /// Why the loop ended, if it failed.
    private(set) var error: TactileError?

    static func start(_ loop: ServiceLoop) -> ServiceThread {
        let t = ServiceThread()
        nonisolated(unsafe) let loop = loop
        DetachedThread.start {
            var failure: TactileError?
            do throws(TactileError) { try loop.run() } catch { failure = error }
            t.done.locked { t.error = failure; t.finished = true; t.done.broadcast() }
            // Serving failed (the bus went away): the recognizing side stops as on SIGTERM,
            // which its signalfd takes, and the error is what the command reports.
            if failure != nil { kill(getpid(), SIGTERM) }
        }
        return t
    }

    var isDone: Bool { done.locked { finished } }

    func join() {
        done.locked { while !finished { done.wait() } }
    }
}
