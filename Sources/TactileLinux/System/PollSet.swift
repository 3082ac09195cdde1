#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// What a descriptor is waited for, and what it turned out to be (`poll(2)`'s bits).
public struct PollEvents: OptionSet, Sendable {
    /// `poll(2)`'s bits.
    public let rawValue: Int16
    /// The events of these bits.
    public init(rawValue: Int16) { self.rawValue = rawValue }

    /// Something to read (`POLLIN`).
    public static let readable = PollEvents(rawValue: Int16(POLLIN))
    /// Room to write (`POLLOUT`).
    public static let writable = PollEvents(rawValue: Int16(POLLOUT))
    /// The descriptor failed (`POLLERR`; always reported).
    public static let error = PollEvents(rawValue: Int16(POLLERR))
    /// The other end hung up, or the device went away (`POLLHUP`; always reported).
    public static let hangUp = PollEvents(rawValue: Int16(POLLHUP))
    /// Not an open descriptor (`POLLNVAL`; always reported).
    public static let invalid = PollEvents(rawValue: Int16(POLLNVAL))
}

/// One `poll(2)` over a set of descriptors, waiting until a `Timestamp` rather than for a
/// number of milliseconds: the one place a deadline becomes `poll`'s timeout, rounded up so
/// a wait never returns before its deadline (and never spins on a deadline less than a
/// millisecond away). The set keeps its storage from one round to the next, so a loop that
/// refills it allocates nothing once it has grown.
public struct PollSet {
    private var entries: [pollfd] = []
    private let system: SystemCalls

    /// An empty set, polled through `system`.
    public init(system: SystemCalls = .kernel) { self.system = system }

    /// How many descriptors are in the set.
    public var count: Int { entries.count }

    /// Empties the set (keeping its storage).
    public mutating func removeAll() { entries.removeAll(keepingCapacity: true) }

    /// Adds `fd`, waited for `events`; its index in the set. A negative `fd` takes a place
    /// that `poll` skips (never ready), so indices stay those the caller counted.
    @discardableResult
    public mutating func add(_ fd: Int32, for events: PollEvents = .readable) -> Int {
        entries.append(pollfd(fd: fd, events: events.rawValue, revents: 0))
        return entries.count - 1
    }

    /// The descriptor at `index`.
    public func descriptor(at index: Int) -> Int32 { entries[index].fd }

    /// What the descriptor at `index` turned out to be in the last wait.
    public func events(at index: Int) -> PollEvents { PollEvents(rawValue: entries[index].revents) }

    /// Whether the descriptor at `index` had anything to say in the last wait (ready, or
    /// failed, or hung up: each means "look at it now").
    public func isReady(_ index: Int) -> Bool { entries[index].revents != 0 }

    /// Waits until a descriptor is ready or `deadline` passes (nil: no deadline); how many
    /// are ready (0 at the deadline). A signal that interrupts the wait (`EINTR`) makes it
    /// wait again for what is left; any other failure is thrown.
    @discardableResult
    public mutating func wait(until deadline: Timestamp?, now: () -> Timestamp = MonotonicClock.now) throws(Errno) -> Int {
        while true {
            let timeout = deadline.map { Self.timeout(until: $0, now: now()) } ?? -1
            if let n = try pollOnce(timeout: timeout) { return n }
        }
    }

    /// Looks without waiting: how many are ready now.
    @discardableResult
    public mutating func check() throws(Errno) -> Int {
        while true { if let n = try pollOnce(timeout: 0) { return n } }
    }

    /// One `poll`; nil when a signal interrupted it.
    private mutating func pollOnce(timeout: Int32) throws(Errno) -> Int? {
        for i in entries.indices { entries[i].revents = 0 }
        let system = self.system
        let n = entries.withUnsafeMutableBufferPointer { system.poll($0.baseAddress, nfds_t($0.count), timeout) }
        if n >= 0 { return Int(n) }
        let failure = Errno.current
        if failure == .interrupted { return nil }
        throw failure
    }

    /// `poll`'s timeout for `deadline` seen at `now`: whole milliseconds, rounded up; 0 once
    /// it has passed.
    public static func timeout(until deadline: Timestamp, now: Timestamp) -> Int32 {
        let left = (deadline - now).microseconds
        return left <= 0 ? 0 : Int32(clamping: (left + 999) / 1000)
    }
}
