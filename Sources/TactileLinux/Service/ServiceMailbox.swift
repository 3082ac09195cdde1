#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// How the recognizing thread hands `tactile serve`'s news to the serving thread: a queue
/// under a lock and an eventfd the serving thread polls. Posting never waits on a client,
/// so recognition runs at its own pace whatever the subscribers do.
public final class ServiceMailbox: @unchecked Sendable {
    /// What the recognizing thread says.
    public enum Message: Sendable {
        /// A recognized line and its bytes (the `recognize --json` line, newline included).
        case line(RecognizedEvent, [UInt8])
        /// How many accelerometers are present now.
        case accelerometers(Int)
        /// A device is there (a live one with its node, or a recording's).
        case deviceAdded(DeviceDescription, node: String?)
        /// Device `id` went away.
        case deviceRemoved(Int)
        /// The input ended: serve what is left, then stop.
        case ended
    }

    private let monitor = Monitor()
    private var queue: [Message] = []
    private var clients = 0
    private let arrived: EventFD

    /// An empty mailbox. Fails only when no eventfd can be made (no descriptor left).
    public init(system: SystemCalls = .kernel) throws(TactileError) {
        arrived = try EventFD(system: system)
    }

    /// The descriptor that becomes readable when messages wait.
    public var fd: Int32 { arrived.fd }

    /// Posts a message (from the recognizing thread).
    public func post(_ message: Message) {
        monitor.locked { queue.append(message) }
        arrived.raise()
    }

    /// Takes every message waiting (on the serving thread).
    public func take(into out: inout [Message]) {
        arrived.clear()
        monitor.locked {
            out.append(contentsOf: queue)
            queue.removeAll(keepingCapacity: true)
        }
    }

    /// The serving thread reports its clients (subscribers and accelerometer claims).
    public func setClients(_ n: Int) {
        monitor.locked {
            if n != clients { clients = n; monitor.broadcast() }
        }
    }

    /// Waits until at least `n` clients are there, or `stop()` returns true (checked every
    /// 50 ms); true when they are.
    public func waitForClients(_ n: Int, stop: () -> Bool) -> Bool {
        while true {
            let there = monitor.locked { () -> Bool in
                if clients < n { monitor.wait(microseconds: 50_000) }
                return clients >= n
            }
            if there { return true }
            if stop() { return false }
        }
    }
}
