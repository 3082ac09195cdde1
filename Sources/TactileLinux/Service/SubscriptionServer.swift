#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// The subscription socket of `tactile serve`: a Unix stream socket where each client
/// sends a filter line (`SubscriptionFilter`) and then receives the recognized lines that
/// match it, as JSON Lines, byte for byte what `tactile recognize --json` writes.
///
/// Nothing here blocks: the socket and every client are non-blocking and the caller's
/// `poll` waits on `pollDescriptors`. A client that reads slowly or not at all gets at most
/// `Limits.backlog` lines queued (whole lines, beyond the kernel's socket buffer); past that
/// its lines are dropped and counted, and it is told `{"missed":N}` before the next line it
/// gets. It never delays the recognizer or the other clients. A bad filter, a line too
/// long, a filter not sent in time and one client too many get `{"error":...}` and are
/// closed; a client that goes away (even mid-line) is dropped. A subscriber that only
/// closes its sending side after its filter (`socat`, `nc -N`) is still served: it is gone
/// when its socket is closed (`POLLHUP`) or a write fails.
public final class SubscriptionServer {
    /// What one client may cost.
    public struct Limits: Sendable {
        /// Lines queued per client beyond the kernel's buffer.
        public var backlog = 256
        /// Clients at once; one more is told so and closed.
        public var clients = 64
        /// How long a client has to send its filter line, and to read its last lines.
        public var filterTimeout = TimeSpan(microseconds: 5_000_000)
        /// The kernel's send buffer per client, bytes (SO_SNDBUF).
        public var sendBuffer: Int32 = 16384
        /// Every limit at its default.
        public init() {}
    }

    /// The listening socket.
    private var listener: FileDescriptor?
    /// Its path, removed at `close()` when this server made it.
    public let path: String?
    /// What one client may cost.
    public let limits: Limits
    private var clients: [SubscriberConnection] = []
    /// The devices present, by id, each as its `{"device":…}` line: told to a client that
    /// asks (`"describe":true`) when it subscribes.
    private var devices: [Int: [UInt8]] = [:]
    /// Clients dropped since the start, and lines missed by all of them (for the log).
    public private(set) var dropped = 0
    /// Lines dropped for slow clients, in all.
    public private(set) var missedLines = 0
    /// Something for the log: a client refused or dropped, and why.
    public var log: (String) -> Void = { _ in }

    /// Listens on a new socket at `path` with `mode` (who may subscribe is who may write to
    /// it: its owner, group and mode). A stale socket left there is replaced; one a live
    /// server answers on is not, nor anything that is not a socket.
    public init(path: String, mode: mode_t = 0o660, limits: Limits = Limits()) throws(TactileError) {
        let address: UnixAddress
        do throws(Errno) {
            address = try UnixAddress(path: path)
        } catch {
            throw TactileError(.usage, "the socket path \(path) is longer than \(UnixAddress.maxLength) bytes")
        }
        let socket: FileDescriptor
        do throws(Errno) {
            socket = try .socket(AF_UNIX, nonBlocking: true)
        } catch {
            throw error.error("cannot make a Unix socket", code: .unavailable)
        }
        var bound: Errno?
        do throws(Errno) { try socket.bind(to: address) } catch { bound = error }
        if bound == .addressInUse {
            // Something is there. Only a socket is ever replaced: a file or a folder at the
            // path is the user's mistake, never ours to delete.
            if let there = FileSystem.kind(of: path), there != .socket {
                let what = there == .directory ? "a folder" : "a file that is not a socket"
                throw TactileError(.cannotCreate, file: path, "cannot listen there: \(what) is in the way (it is left as it is)")
            }
            // A socket file: another server's (refuse) or a dead one's (replace).
            var live = false
            if let probe = try? FileDescriptor.socket(AF_UNIX, nonBlocking: false) {
                live = (try? probe.connect(to: address)) != nil
            }
            if live { throw TactileError(.unavailable, "\(path): another server is listening there") }
            try? FileSystem.remove(path)
            do throws(Errno) { try socket.bind(to: address); bound = nil } catch { bound = error }
        }
        if let bound {
            throw TactileError(bound == .permissionDenied ? .noPermission : .cannotCreate, file: path, "cannot listen there: \(bound)")
        }
        do throws(Errno) {
            try FileSystem.setMode(path, mode)
            try socket.listen(backlog: 64)
        } catch {
            throw TactileError(.cannotCreate, file: path, "cannot listen: \(error)")
        }
        listener = .some(socket)
        self.path = path
        self.limits = limits
        clients.reserveCapacity(limits.clients)
    }

    /// Serves on a socket already listening (systemd's socket activation, `LISTEN_FDS`),
    /// which it takes and closes at `close()`.
    public init(listening fd: Int32, limits: Limits = Limits()) throws(TactileError) {
        let socket = FileDescriptor(taking: fd)
        do throws(Errno) {
            try socket.setNonBlocking()
        } catch {
            throw error.error("the socket systemd passed (descriptor \(fd))", code: .unavailable)
        }
        listener = .some(socket)
        path = nil
        self.limits = limits
    }

    /// Clients whose filter is accepted.
    public var subscribers: Int {
        clients.reduce(0) { n, c in if case .subscribed = c.stage { return n + 1 } else { return n } }
    }

    /// Whether any client still has lines to be written.
    public var hasPendingOutput: Bool { clients.contains { $0.waiting > 0 } }

    /// Clients connected (any stage).
    public var connections: Int { clients.count }

    /// The descriptors and events to poll: the socket first, then each client.
    public func pollDescriptors(into set: inout PollSet) {
        set.add(listener?.rawValue ?? -1)
        for c in clients {
            var events: PollEvents = c.inputEnded ? [] : .readable
            if c.waiting > 0 { events.insert(.writable) }
            set.add(c.fd, for: events)
        }
    }

    /// The earliest deadline of a client (its filter, or its last lines).
    public var nextDeadline: Timestamp? {
        var due: Timestamp?
        for c in clients {
            switch c.stage {
            case .awaitingFilter(let d), .closing(let d): if due == nil || d < due! { due = d }
            case .subscribed: break
            }
        }
        return due
    }

    /// Handles what `poll` reported for the descriptors `pollDescriptors` gave (in that
    /// order, from `start`), and the deadlines that passed by `now`.
    public func handle(_ polled: PollSet, from start: Int, now: Timestamp) {
        var i = start
        let listening = polled.isReady(i)
        i += 1
        var gone: [Int] = []
        for c in clients.indices {
            let revents: PollEvents = i < polled.count && polled.descriptor(at: i) == clients[c].fd ? polled.events(at: i) : []
            i += 1
            if !service(c, revents: revents, now: now) { gone.append(c) }
        }
        for c in gone.reversed() { drop(c) }
        if listening { accept(now: now) }
    }

    /// Offers one recognized line (its bytes, newline included) to every subscriber whose
    /// filter it matches, and writes what each can take now.
    public func publish(_ line: RecognizedEvent, bytes: [UInt8]) {
        var gone: [Int] = []
        for c in clients.indices {
            guard case .subscribed(let filter) = clients[c].stage, filter.matches(line) else { continue }
            let before = clients[c].missedTotal
            clients[c].offer(bytes, limit: limits.backlog)
            missedLines += clients[c].missedTotal - before
            if !flush(c) { gone.append(c) }
        }
        for c in gone.reversed() { drop(c) }
    }

    /// A device is there: kept for clients that subscribe later, and told to the
    /// subscribers that asked for devices (and this one).
    public func addDevice(_ d: DeviceDescription, node: String?) {
        let line = SubscriptionNotice.device(d, node: node).line
        devices[d.id] = line
        tell(line, about: d.id)
    }

    /// Device `id` went: the subscribers that were told of it are told it went.
    public func removeDevice(_ id: Int) {
        guard devices.removeValue(forKey: id) != nil else { return }
        tell(SubscriptionNotice.removed(id).line, about: id)
    }

    private func tell(_ line: [UInt8], about id: Int) {
        var gone: [Int] = []
        for c in clients.indices {
            guard case .subscribed(let filter) = clients[c].stage, filter.describes(device: id) else { continue }
            clients[c].append(line)
            if !flush(c) { gone.append(c) }
        }
        for c in gone.reversed() { drop(c) }
    }

    /// The input ended: each subscriber is told what it missed and `{"end":true}`, and is
    /// closed once it has read them (or at its deadline).
    public func finish(now: Timestamp) {
        var gone: [Int] = []
        for c in clients.indices {
            if clients[c].missed > 0 { clients[c].append(SubscriptionNotice.missed(clients[c].missed).line); clients[c].missed = 0 }
            if case .subscribed = clients[c].stage { clients[c].append(SubscriptionNotice.end.line) }
            clients[c].stage = .closing(deadline: now + limits.filterTimeout)
            if !flush(c) { gone.append(c) }
        }
        for c in gone.reversed() { drop(c) }
    }

    /// Closes every client and the socket (removing the socket file this server made).
    public func close() {
        clients.removeAll()
        listener = nil
        if let path { try? FileSystem.remove(path) }
    }

    // MARK: - Clients

    private func accept(now: Timestamp) {
        while true {
            // EAGAIN: no more waiting (or an error on one client, which it sees)
            guard let client = try? listener?.accept() else { return }
            // A smaller buffer than the kernel's default bounds what one slow reader holds;
            // a kernel that refuses leaves its default, which only costs memory.
            try? client.setSendBuffer(limits.sendBuffer)
            if clients.count >= limits.clients {
                let line = SubscriptionNotice.error("too many clients (\(limits.clients)); try again later").line
                _ = line.withUnsafeBytes { try? client.send($0, waiting: false) }
                dropped += 1
                log("a client refused: too many clients (\(limits.clients))")
                continue
            }
            clients.append(SubscriberConnection(client, deadline: now + limits.filterTimeout))
        }
    }

    /// Reads, writes and checks the deadline of client `c`; false when it is to be dropped.
    private func service(_ c: Int, revents: PollEvents, now: Timestamp) -> Bool {
        if revents.contains(.readable) && !clients[c].inputEnded {
            if !receive(from: c, hungUp: revents.contains(.hangUp)) { return false }
        }
        // Both sides closed (a half-closed client only ends its input: POLLIN, no POLLHUP).
        if !revents.isDisjoint(with: [.hangUp, .error]) { return false }
        if clients[c].waiting > 0 && !flush(c) { return false }
        switch clients[c].stage {
        case .awaitingFilter(let deadline) where now >= deadline:
            let what = clients[c].received.isEmpty ? "no filter line" : "no end to the filter line (a newline)"
            refuse(c, "\(what) within \(limits.filterTimeout.microseconds / 1_000_000) s; send one such as {} first, ending in a newline")
            return flush(c)
        case .closing(let deadline):
            if clients[c].waiting == 0 { return false }
            if now >= deadline { log("a client dropped: it did not read its last lines"); return false }
        default: break
        }
        return true
    }

    /// Reads what the client sent: its filter line, or (after it) nothing it may send.
    /// `hungUp`: the client closed both ways, so a line it left unfinished is not a filter.
    private func receive(from c: Int, hungUp: Bool) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let client = clients[c]
            let received = buffer.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try client.socket.receive(into: raw) } }
            guard case .success(let n) = received else {
                // EAGAIN: all read; any other failure shows as POLLERR or POLLHUP next.
                return true
            }
            if n == 0 {
                // The client's input ended: a subscriber goes on reading; a client still
                // owing its filter can never send it.
                clients[c].inputEnded = true
                guard case .awaitingFilter = clients[c].stage else { return true }
                if clients[c].received.isEmpty {
                    // Gone without a word (a probe, a second service checking the path): no
                    // one to tell. Still there but done sending: told why it gets nothing.
                    if hungUp { return false }
                    refuse(c, "the input ended before a filter line; send one first, such as {} ending in a newline")
                } else if hungUp {
                    log("a client dropped: it went away in the middle of its filter line")
                    return false
                } else {
                    // A last line without its newline (`printf '{}' | nc -N`) is the filter.
                    subscribe(c, clients[c].received[...])
                    clients[c].received.removeAll()
                }
                return true
            }
            switch clients[c].stage {
            case .awaitingFilter:
                clients[c].received.append(contentsOf: buffer[0..<n])
                if let end = clients[c].received.firstIndex(of: 0x0a) {
                    let line = clients[c].received[..<end]
                    clients[c].received.removeAll()
                    subscribe(c, line)
                    return true
                }
                if clients[c].received.count > SubscriptionFilter.maxLineLength {
                    clients[c].received.removeAll()
                    refuse(c, "the filter line is longer than \(SubscriptionFilter.maxLineLength) bytes")
                    return true
                }
            case .subscribed, .closing:
                break  // a subscriber has nothing more to say; what it sends is ignored
            }
        }
    }

    /// Takes the client's filter line (without its newline): subscribed, with the devices
    /// it asked to be told, or refused with why.
    private func subscribe(_ c: Int, _ line: ArraySlice<UInt8>) {
        guard line.count <= SubscriptionFilter.maxLineLength else {
            refuse(c, "the filter line is longer than \(SubscriptionFilter.maxLineLength) bytes")
            return
        }
        do throws(SubscriptionError) {
            let filter = try SubscriptionFilter(parsing: line)
            clients[c].stage = .subscribed(filter)
            clients[c].append(SubscriptionNotice.subscribed(filter).line)
            for id in devices.keys.sorted() where filter.describes(device: id) { clients[c].append(devices[id]!) }
        } catch {
            refuse(c, error.message)
        }
    }

    /// Tells the client why it is refused, then closes it once that is written.
    private func refuse(_ c: Int, _ message: String) {
        log("a client refused: \(message)")
        clients[c].append(SubscriptionNotice.error(message).line)
        clients[c].stage = .closing(deadline: MonotonicClock.now() + limits.filterTimeout)
    }

    /// Writes what the client's socket takes without blocking; false when it is gone.
    private func flush(_ c: Int) -> Bool {
        while clients[c].waiting > 0 {
            let line = clients[c].backlog[clients[c].head]
            let from = clients[c].written
            let client = clients[c]
            let sent = line.withUnsafeBytes { raw in
                Result { () throws(Errno) in try client.socket.send(UnsafeRawBufferPointer(rebasing: raw[from...]), waiting: false) }
            }
            let n: Int
            switch sent {
            case .success(let count): n = count
            case .failure(.wouldBlock): return true
            case .failure: return false  // EPIPE, ECONNRESET: it went away
            }
            clients[c].written += n
            if clients[c].written == line.count {
                clients[c].head += 1
                clients[c].written = 0
                if clients[c].waiting == 0 { clients[c].backlog.removeAll(keepingCapacity: true); clients[c].head = 0 }
                if case .subscribed = clients[c].stage { clients[c].tellMissed(limit: limits.backlog) }
            }
        }
        if case .closing = clients[c].stage { return false }
        return true
    }

    private func drop(_ c: Int) {
        clients.remove(at: c)
        dropped += 1
    }
}
