#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// The serving side of `tactile serve`, on a thread of its own: one `poll` over the
/// mailbox, the subscription socket and the D-Bus connection. Lines go to the subscribers
/// that want them and orientation changes to the SensorProxy object; a client costs this
/// thread a non-blocking write at most, and never the recognizing thread anything.
public struct ServiceLoop {
    /// The subscription socket, if serving one.
    public var server: SubscriptionServer?
    /// The D-Bus connection and the SensorProxy object, if serving them.
    public var bus: DBusConnection?
    /// iio-sensor-proxy's interface on `bus`.
    public var proxy: SensorProxy?
    /// Where the recognizing thread posts.
    public let mailbox: ServiceMailbox
    /// Something to log (stderr).
    public var log: (String) -> Void = { _ in }

    /// A loop over what is given.
    public init(mailbox: ServiceMailbox, server: SubscriptionServer?, bus: DBusConnection?, proxy: SensorProxy?) {
        self.mailbox = mailbox; self.server = server; self.bus = bus; self.proxy = proxy
    }

    /// Runs until the mailbox says the input ended and the subscribers have their last
    /// lines (or their deadline passed). Errors of the bus end it.
    public func run() throws(TactileError) {
        var set = PollSet()
        var messages: [Message] = []
        var ended = false
        defer { server?.close() }
        while true {
            set.removeAll()
            let mail = set.add(mailbox.fd)
            let busIndex = set.add(bus?.fd ?? -1, for: PollEvents(rawValue: bus?.events ?? 0))
            let serverIndex = set.count
            server?.pollDescriptors(into: &set)
            var due = server?.nextDeadline
            if let t = bus?.timeout, due == nil || t < due! { due = t }
            do throws(Errno) { try set.wait(until: due) } catch { throw error.error("poll") }
            let now = MonotonicClock.now()
            if let bus, set.isReady(busIndex) || (bus.timeout.map { $0 <= now } ?? false) {
                try bus.process()
            }
            if let server { server.handle(set, from: serverIndex, now: now) }
            if set.isReady(mail) {
                messages.removeAll(keepingCapacity: true)
                mailbox.take(into: &messages)
                for m in messages {
                    switch m {
                    case .line(let line, let bytes):
                        server?.publish(line, bytes: bytes)
                        if case .orientation(let o) = line { try proxy?.update(o) }
                    case .accelerometers(let n):
                        try proxy?.setHasAccelerometer(n > 0)
                    case .deviceAdded(let d, let node):
                        server?.addDevice(d, node: node)
                    case .deviceRemoved(let id):
                        server?.removeDevice(id)
                    case .ended:
                        ended = true
                        server?.finish(now: now)
                    }
                }
            }
            mailbox.setClients((server?.subscribers ?? 0) + (proxy?.claims.count ?? 0))
            if ended && (server?.connections ?? 0) == 0 { break }
        }
        bus?.flush()
    }

    /// One message of the mailbox.
    public typealias Message = ServiceMailbox.Message
}
