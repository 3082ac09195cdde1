#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A stream socket to a desktop (sway's IPC, Hyprland's, the X server), read through a
/// buffer with bounds: the desktop is another program, and what it sends is not trusted.
///
/// The socket is non-blocking; every wait goes through the watcher's `StopSignal` with a
/// deadline, so `stop()` is prompt and a desktop that stops answering mid-message is a
/// failure after `answerTime` instead of a hung thread. Nothing over `maxMessage` is read.
final class DesktopSocket {
    /// The socket, until `close()`.
    private var descriptor: FileDescriptor?
    /// What messages call the other end: `sway at /run/user/1000/sway-ipc.1000.42.sock`.
    let name: String
    /// The peer's IPv4 (4 bytes) or IPv6 (16 bytes) address over TCP; empty over a Unix
    /// socket. X11 authorization entries are looked up by it.
    let remoteAddress: [UInt8]
    private let stop: StopSignal
    private var buffer: [UInt8] = []
    private var head = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    /// The most a desktop may send as one message (a reply, an event, a line): 16 MiB.
    static let maxMessage = 16 << 20
    /// How long a desktop may take to accept, to answer, or to finish a message it began.
    static let answerTime = TimeSpan.seconds(2)

    private init(_ descriptor: consuming FileDescriptor, name: String, remoteAddress: [UInt8] = [], stop: StopSignal) {
        self.descriptor = .some(descriptor)
        self.name = name; self.remoteAddress = remoteAddress; self.stop = stop
    }

    /// The descriptor, for the watcher's `poll` between messages (-1 once closed).
    var fd: Int32 { descriptor?.rawValue ?? -1 }

    // MARK: Connecting

    /// Connects to the Unix socket at `path` (in the abstract namespace when `abstract`).
    static func connect(unix path: String, abstract: Bool = false, name: String, stop: StopSignal) throws(TactileError) -> DesktopSocket {
        let address: UnixAddress
        do throws(Errno) {
            address = try UnixAddress(path: path, abstract: abstract)
        } catch {
            throw TactileError(.unavailable, "\(name): the socket path is longer than \(UnixAddress.maxLength) bytes")
        }
        let socket: DesktopSocket
        do throws(Errno) {
            socket = DesktopSocket(try .socket(AF_UNIX, nonBlocking: true), name: name, stop: stop)
        } catch {
            throw error.error("\(name): socket", code: .unavailable)
        }
        try socket.finishConnecting { d throws(Errno) in try d.connect(to: address) }
        return socket
    }

    /// Connects over TCP to `host`:`port`, trying each address the name has.
    static func connect(host: String, port: Int, name: String, stop: StopSignal) throws(TactileError) -> DesktopSocket {
        let addresses: [NetworkAddress]
        do throws(NetworkAddress.Failure) {
            addresses = try NetworkAddress.resolve(host: host, port: port)
        } catch {
            throw TactileError(.unavailable, "\(name): cannot resolve \(host): \(error.message)")
        }
        var failure = TactileError(.unavailable, "\(name): \(host) has no address")
        for address in addresses {
            guard let descriptor = try? FileDescriptor.socket(address.family, type: address.type, protocol: address.protocol, nonBlocking: true) else { continue }
            let socket = DesktopSocket(descriptor, name: name, remoteAddress: address.hostBytes, stop: stop)
            do {
                try socket.finishConnecting { d throws(Errno) in try d.connect(to: address) }
                return socket
            } catch {
                if error == StopSignal.stopped { throw error }
                failure = error
            }
        }
        throw failure
    }

    /// Starts a non-blocking `connect` and waits for it to complete.
    private func finishConnecting(_ connect: (borrowing FileDescriptor) throws(Errno) -> Void) throws(TactileError) {
        do throws(Errno) {
            try descriptor?.withBorrow(connect)
            return
        } catch .inProgress, .interrupted {
            // Goes on in the kernel: done when the socket is writable.
        } catch {
            throw error.error("\(name): cannot connect", code: .unavailable)
        }
        guard try stop.wait(for: fd, .writable, until: MonotonicClock.now() + Self.answerTime) else {
            throw TactileError(.unavailable, "\(name): cannot connect: no answer within \(Self.answerTime.seconds) s")
        }
        do throws(Errno) {
            if let failure = try descriptor?.socketError() { throw failure }
        } catch {
            throw error.error("\(name): cannot connect", code: .unavailable)
        }
    }

    /// Closes the descriptor (once; what is buffered can still be taken).
    func close() { descriptor = nil }

    // MARK: Writing and reading

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8]) throws(TactileError) {
        let deadline = MonotonicClock.now() + Self.answerTime
        var sent = 0
        while sent < bytes.count {
            do throws(Errno) {
                let n = try bytes.withUnsafeBytes { raw in
                    Result { () throws(Errno) in try descriptor?.send(UnsafeRawBufferPointer(rebasing: raw[sent...]), waiting: false) ?? 0 }
                }.get()
                guard n > 0 else { throw Errno.brokenPipe }
                sent += n
            } catch .wouldBlock {
                if try !stop.wait(for: fd, .writable, until: deadline) {
                    throw TactileError(.ioError, "\(name) took no request within \(Self.answerTime.seconds) s")
                }
            } catch {
                throw error.error("\(name): cannot send")
            }
        }
    }

    /// Bytes read but not yet taken.
    var buffered: Int { buffer.count - head }

    /// Exactly `count` bytes, waiting for them (until the answer time is up).
    func read(_ count: Int) throws(TactileError) -> [UInt8] {
        try refuseOver(count)
        let deadline = MonotonicClock.now() + Self.answerTime
        while buffered < count { try fill(until: deadline) }
        return take(count)
    }

    /// The next line, without its `\n`; over `maxMessage` bytes without one is refused.
    func readLine() throws(TactileError) -> [UInt8] {
        let deadline = MonotonicClock.now() + Self.answerTime
        var searched = 0  // bytes after `head` known to hold no line end
        while true {
            if let end = buffer[(head + searched)...].firstIndex(of: 0x0a) {
                var line = take(end - head + 1)
                line.removeLast()
                return line
            }
            searched = buffered
            try refuseOver(buffered + 1)
            try fill(until: deadline)
        }
    }

    /// Everything until the other end closes (a reply that ends with the connection).
    func readToEnd() throws(TactileError) -> [UInt8] {
        let deadline = MonotonicClock.now() + Self.answerTime
        while try fill(until: deadline, endIsFine: true) { try refuseOver(buffered) }
        return take(buffered)
    }

    /// Reads whatever has arrived, without waiting: true when anything did. The other end
    /// closing is a failure here, as it is for every read but `readToEnd`.
    func readAvailable() throws(TactileError) -> Bool {
        try receive(endIsFine: false) > 0
    }

    /// Whether input is waiting, read or not: a reader loops on it after a message, since
    /// bytes already in the buffer wake no `poll`.
    func hasInput() throws(TactileError) -> Bool {
        if buffered > 0 { return true }
        return try readAvailable()
    }

    private func refuseOver(_ count: Int) throws(TactileError) {
        guard count <= Self.maxMessage else {
            throw TactileError(.badData, "\(name) sent a message of \(count) bytes or more; more than 16 MiB is refused")
        }
    }

    /// Waits for more bytes and appends them: false when the other end closed (with
    /// `endIsFine`; a failure otherwise).
    @discardableResult
    private func fill(until deadline: Timestamp, endIsFine: Bool = false) throws(TactileError) -> Bool {
        while true {
            let n = try receive(endIsFine: endIsFine)
            if n > 0 { return true }
            if n < 0 { return false }
            guard try stop.wait(for: fd, until: deadline) else {
                throw TactileError(.ioError, "\(name) did not answer within \(Self.answerTime.seconds) s")
            }
        }
    }

    /// One non-blocking receive: bytes appended, 0 for none yet, -1 at the end.
    private func receive(endIsFine: Bool) throws(TactileError) -> Int {
        let n: Int
        do throws(Errno) {
            n = try chunk.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in try descriptor?.receive(into: raw, waiting: false) ?? 0 }
            }.get()
        } catch .wouldBlock {
            return 0
        } catch {
            throw error.error("\(name): cannot read")
        }
        if n > 0 {
            buffer += chunk[0..<n]
            return n
        }
        if endIsFine { return -1 }
        throw TactileError(.ioError, "\(name) closed the connection")
    }

    private func take(_ count: Int) -> [UInt8] {
        let out = Array(buffer[head..<(head + count)])
        head += count
        if head == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 1 << 16 {
            buffer.removeFirst(head)
            head = 0
        }
        return out
    }
}
