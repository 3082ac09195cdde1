#if canImport(Glibc)
import Glibc
#endif
import Tactile

extension ServiceLoop {
    /// A loop serving on what is asked: the subscription socket systemd passed (socket
    /// activation) or else a new one at `socket` ('' for none) with `mode`; and, unless
    /// `bus` is "none", iio-sensor-proxy's object on the system bus ("system") or on the bus
    /// at that address. `log` hears what is served where, then everything the loop and the
    /// socket have to say. A usage error when there is nothing to serve.
    public init(socket: String, mode: mode_t, bus: String, limits: SubscriptionServer.Limits,
                mailbox: ServiceMailbox, accelerometers: Int, log: @escaping (String) -> Void) throws(TactileError) {
        var server: SubscriptionServer?
        if let fd = SubscriptionServer.activatedSocket() {
            server = try SubscriptionServer(listening: fd, limits: limits)
            log("subscribers on the socket systemd passed")
        } else if !socket.isEmpty {
            server = try SubscriptionServer(path: socket, mode: mode, limits: limits)
            log("subscribers on \(socket)")
        }
        var connection: DBusConnection?
        var proxy: SensorProxy?
        if bus != "none" {
            let c = try DBusConnection(address: bus == "system" ? nil : bus)
            proxy = try SensorProxy(connection: c, hasAccelerometer: accelerometers > 0)
            connection = c
            log("\(SensorProxy.busName) on \(bus == "system" ? "the system bus" : bus)")
        }
        if server == nil && connection == nil {
            throw TactileError(.usage, "nothing to serve: give a --socket or a --bus")
        }
        self.init(mailbox: mailbox, server: server, bus: connection, proxy: proxy)
        self.log = log
        server?.log = log
    }
}

extension SubscriptionServer {
    /// The listening socket systemd passed to this process (`LISTEN_PID` is ours and
    /// `LISTEN_FDS` at least 1: descriptor 3), if any; the variables are then cleared, so
    /// no child takes it for its own.
    public static func activatedSocket() -> Int32? {
        guard let pid = getenv("LISTEN_PID").map({ String(cString: $0) }), Int32(pid) == getpid(),
              let fds = getenv("LISTEN_FDS").map({ String(cString: $0) }), Int(fds) ?? 0 >= 1
        else { return nil }
        unsetenv("LISTEN_PID"); unsetenv("LISTEN_FDS"); unsetenv("LISTEN_FDNAMES")
        return 3  // SD_LISTEN_FDS_START
    }
}
