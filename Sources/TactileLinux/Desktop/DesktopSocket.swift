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
    /// The descriptor, for the watcher's `poll` between messages.
    let fd: Int32
    /// What messages call the other end: `sway at /run/user/1000/sway-ipc.1000.42.sock`.
    let name: String
    /// The peer's IPv4 (4 bytes) or IPv6 (16 bytes) address over TCP; empty over a Unix
    /// socket. X11 authorization entries are looked up by it.
    let remoteAddress: [UInt8]
    private let stop: StopSignal
    private var buffer: [UInt8] = []
    private var head = 0
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)
    private var closed = false

    /// The most a desktop may send as one message (a reply, an event, a line): 16 MiB.
    static let maxMessage = 16 << 20
    /// How long a desktop may take to accept, to answer, or to finish a message it began.
    static let answerTime = TimeSpan.seconds(2)

    private init(fd: Int32, name: String, remoteAddress: [UInt8] = [], stop: StopSignal) {
        self.fd = fd; self.name = name; self.remoteAddress = remoteAddress; self.stop = stop
    }

    deinit { close() }

    // MARK: Connecting

    /// Connects to the Unix socket at `path` (in the abstract namespace when `abstract`).
    static func connect(unix path: String, abstract: Bool = false, name: String, stop: StopSignal) throws(TactileError) -> DesktopSocket {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = (abstract ? [0] : []) + Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else {
            throw TactileError(.unavailable, "\(name): the socket path is longer than \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw TactileError(.unavailable, "\(name): socket: \(String(cString: strerror(errno)))") }
        let socket = DesktopSocket(fd: fd, name: name, stop: stop)
        let rc = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, length) } }
        try socket.finishConnecting(rc == 0 ? 0 : errno)
        return socket
    }

    /// Connects over TCP to `host`:`port`, trying each address the name has.
    static func connect(host: String, port: Int, name: String, stop: StopSignal) throws(TactileError) -> DesktopSocket {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else {
            throw TactileError(.unavailable, "\(name): cannot resolve \(host): \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(first) }
        var failure = TactileError(.unavailable, "\(name): \(host) has no address")
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next?.pointee {
            next = info.ai_next
            let fd = socket(info.ai_family, info.ai_socktype | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), info.ai_protocol)
            guard fd >= 0 else { continue }
            let socket = DesktopSocket(fd: fd, name: name, remoteAddress: Self.addressBytes(info), stop: stop)
            do {
                let rc = Glibc.connect(fd, info.ai_addr, info.ai_addrlen)
                try socket.finishConnecting(rc == 0 ? 0 : errno)
                return socket
            } catch {
                if error == StopSignal.stopped { throw error }
                failure = error
            }
        }
        throw failure
    }

    private static func addressBytes(_ info: addrinfo) -> [UInt8] {
        guard let raw = info.ai_addr else { return [] }
        switch info.ai_family {
        case AF_INET:
            return raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { p in withUnsafeBytes(of: p.pointee.sin_addr) { Array($0) } }
        case AF_INET6:
            return raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in withUnsafeBytes(of: p.pointee.sin6_addr) { Array($0) } }
        default: return []
        }
    }

    /// After a non-blocking `connect` that failed with `code` (0: it did not fail): waits
    /// for it to complete.
    private func finishConnecting(_ code: Int32) throws(TactileError) {
        if code == 0 { return }
        guard code == EINPROGRESS || code == EINTR else { throw failure("cannot connect", code) }
        guard try stop.wait(for: fd, Int16(POLLOUT), until: MonotonicClock.now() + Self.answerTime) else {
            throw TactileError(.unavailable, "\(name): cannot connect: no answer within \(Self.answerTime.seconds) s")
        }
        var error: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &size)
        if error != 0 { throw failure("cannot connect", error) }
    }

    private func failure(_ what: String, _ code: Int32) -> TactileError {
        TactileError(.unavailable, "\(name): \(what): \(String(cString: strerror(code)))")
    }

    /// Closes the descriptor (once).
    func close() {
        if !closed { _ = Glibc.close(fd); closed = true }
    }

    // MARK: Writing and reading

    /// Sends all of `bytes`.
    func send(_ bytes: [UInt8]) throws(TactileError) {
        let deadline = MonotonicClock.now() + Self.answerTime
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
            let code = errno
            if n > 0 { sent += n; continue }
            guard n < 0, code == EAGAIN || code == EINTR else {
                throw TactileError(.ioError, "\(name): cannot send: \(String(cString: strerror(n == 0 ? EPIPE : code)))")
            }
            if code == EAGAIN, try !stop.wait(for: fd, Int16(POLLOUT), until: deadline) {
                throw TactileError(.ioError, "\(name) took no request within \(Self.answerTime.seconds) s")
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
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        let code = errno
        if n > 0 {
            buffer += chunk[0..<n]
            return n
        }
        if n == 0 {
            if endIsFine { return -1 }
            throw TactileError(.ioError, "\(name) closed the connection")
        }
        if code == EAGAIN || code == EINTR { return 0 }
        throw TactileError(.ioError, "\(name): cannot read: \(String(cString: strerror(code)))")
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
