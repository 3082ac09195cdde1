import Tactile

/// One client of a `SubscriptionServer`: what it has sent of its filter, then its filter
/// and the lines waiting to be written to it (whole lines, at most `limit`), and how many
/// it missed since it was last told.
final class SubscriberConnection {
    enum Stage {
        /// Reading the filter line, until the deadline.
        case awaitingFilter(deadline: Timestamp)
        /// Receiving lines.
        case subscribed(SubscriptionFilter)
        /// Writing its last lines (an error, or the end), then closed; dropped at the
        /// deadline if it does not read them.
        case closing(deadline: Timestamp)
    }

    /// The client's socket, closed when the connection ends.
    let socket: FileDescriptor
    var stage: Stage
    /// The filter line so far.
    var received: [UInt8] = []
    /// Lines waiting, the first possibly written in part (`written` bytes of it).
    var backlog: [[UInt8]] = []
    var head = 0
    var written = 0
    /// Lines that matched and were dropped because the backlog was full, not yet told.
    var missed = 0
    /// Every line dropped, for the server's count.
    var missedTotal = 0
    /// The client closed its sending side (`shutdown(SHUT_WR)`, as `socat` and `nc -N` do
    /// at the end of their input): it may still read, so it is served, but not polled for
    /// input any more (the end would be readable forever).
    var inputEnded = false

    init(_ socket: consuming FileDescriptor, deadline: Timestamp) {
        self.socket = socket
        stage = .awaitingFilter(deadline: deadline)
    }

    /// The socket's number, for `poll`.
    var fd: Int32 { socket.rawValue }

    var waiting: Int { backlog.count - head }

    /// Queues a matching line, or counts it missed when `limit` lines already wait. The
    /// "missed" notice goes ahead of the first line that fits after a drop (so it needs
    /// room for two).
    func offer(_ line: [UInt8], limit: Int) {
        if missed > 0 {
            guard waiting + 2 <= limit else { missed += 1; missedTotal += 1; return }
            append(SubscriptionNotice.missed(missed).line)
            missed = 0
        } else if waiting >= limit {
            missed += 1; missedTotal += 1
            return
        }
        append(line)
    }

    /// Queues a notice whatever the limit (the last ones before closing, the confirmation).
    func append(_ line: [UInt8]) {
        if head > 64 && head * 2 > backlog.count {
            backlog.removeFirst(head)
            head = 0
        }
        backlog.append(line)
    }

    /// After a write: tells a client that caught up what it missed at once, rather than
    /// with the next line it gets.
    func tellMissed(limit: Int) {
        guard missed > 0, waiting + 1 <= limit else { return }
        append(SubscriptionNotice.missed(missed).line)
        missed = 0
    }
}
