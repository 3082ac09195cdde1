#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Where a Unix-domain socket is: a path, or a name in Linux's abstract namespace (no
/// file; Hyprland's and some X servers' sockets).
public struct UnixAddress: Sendable, Hashable {
    /// The path, or the abstract name without its leading NUL.
    public let path: String
    /// Whether `path` is an abstract name.
    public let abstract: Bool

    /// The longest path a `sockaddr_un` holds (107 bytes on Linux: 108 with its NUL).
    public static let maxLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// An address; throws `ENAMETOOLONG` when the path does not fit.
    public init(path: String, abstract: Bool = false) throws(Errno) {
        guard path.utf8.count + (abstract ? 1 : 0) <= Self.maxLength else { throw Errno(rawValue: ENAMETOOLONG) }
        self.path = path
        self.abstract = abstract
    }

    /// Calls `body` with the C address and its length.
    func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = (abstract ? [0] : []) + Array(path.utf8)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        // A path's length counts its NUL; an abstract name's is exactly its bytes.
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1))
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
    }
}

extension Errno {
    /// `EINPROGRESS`: a non-blocking connect goes on; wait until the socket is writable.
    public static let inProgress = Errno(rawValue: EINPROGRESS)
    /// `EADDRINUSE`: something is at the address already.
    public static let addressInUse = Errno(rawValue: EADDRINUSE)
    /// `EACCES`: not permitted.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// `EPERM`: not permitted.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// `ECONNRESET`: the other end went away with data unread.
    public static let connectionReset = Errno(rawValue: ECONNRESET)
    /// `EPIPE`: the other end is closed.
    public static let brokenPipe = Errno(rawValue: EPIPE)
}

extension FileDescriptor {
    /// A new stream socket (close-on-exec; non-blocking when asked).
    public static func socket(_ domain: Int32, type: Int32 = Int32(SOCK_STREAM.rawValue), protocol proto: Int32 = 0,
                              nonBlocking: Bool, system: SystemCalls = .kernel) throws(Errno) -> FileDescriptor {
        var flags = type | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking { flags |= Int32(SOCK_NONBLOCK.rawValue) }
        let fd = system.socket(domain, flags, proto)
        guard fd >= 0 else { throw Errno.current }
        return FileDescriptor(taking: fd, system: system)
    }

    /// Connects to `address`. On a non-blocking socket `.inProgress` means "wait until it
    /// is writable, then ask `socketError()`".
    public func connect(to address: UnixAddress) throws(Errno) {
        let system = self.system
        let fd = rawValue
        try Self.check(address.withSockaddr { system.connect(fd, $0, $1) })
    }

    /// Binds to `address` (which makes the socket file).
    public func bind(to address: UnixAddress) throws(Errno) {
        let system = self.system
        let fd = rawValue
        try Self.check(address.withSockaddr { system.bind(fd, $0, $1) })
    }

    /// Listens, with room for `backlog` connections not yet accepted.
    public func listen(backlog: Int32) throws(Errno) {
        try Self.check(system.listen(rawValue, backlog))
    }

    /// The next connection waiting (non-blocking and close-on-exec); `.wouldBlock` when
    /// none is.
    public func accept() throws(Errno) -> FileDescriptor {
        while true {
            let fd = system.accept(rawValue, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            if fd >= 0 { return FileDescriptor(taking: fd, system: system) }
            let failure = Errno.current
            if failure != .interrupted { throw failure }
        }
    }

    /// Sends up to `buffer.count` bytes; how many went. Never raises SIGPIPE: a closed
    /// other end is `.brokenPipe`. Without `waiting`, a full socket is `.wouldBlock`.
    public func send(_ buffer: UnsafeRawBufferPointer, waiting: Bool = true) throws(Errno) -> Int {
        var flags = Int32(MSG_NOSIGNAL)
        if !waiting { flags |= Int32(MSG_DONTWAIT) }
        while true {
            let n = system.send(rawValue, buffer.baseAddress, buffer.count, flags)
            if n >= 0 { return n }
            let failure = Errno.current
            if failure != .interrupted { throw failure }
        }
    }

    /// Receives up to `buffer.count` bytes; 0 when the other end closed. Without
    /// `waiting`, nothing there is `.wouldBlock`.
    public func receive(into buffer: UnsafeMutableRawBufferPointer, waiting: Bool = true) throws(Errno) -> Int {
        let flags = waiting ? Int32(0) : Int32(MSG_DONTWAIT)
        while true {
            let n = system.receive(rawValue, buffer.baseAddress, buffer.count, flags)
            if n >= 0 { return n }
            let failure = Errno.current
            if failure != .interrupted { throw failure }
        }
    }

    /// The error a non-blocking connect ended with (`SO_ERROR`), nil when it succeeded.
    public func socketError() throws(Errno) -> Errno? {
        var value: Int32 = 0
        try Self.check(system.getOption(rawValue, SOL_SOCKET, SO_ERROR, &value))
        return value == 0 ? nil : Errno(rawValue: value)
    }

    /// Sets the kernel's send buffer (`SO_SNDBUF`), which bounds what one slow reader holds.
    public func setSendBuffer(_ bytes: Int32) throws(Errno) {
        try Self.check(system.setOption(rawValue, SOL_SOCKET, SO_SNDBUF, bytes))
    }

    /// Makes reads and writes return `.wouldBlock` instead of waiting.
    public func setNonBlocking() throws(Errno) {
        let flags = system.getFlags(rawValue)
        guard flags >= 0 else { throw Errno.current }
        try Self.check(system.setFlags(rawValue, flags | O_NONBLOCK))
    }

    /// A call's result: -1 becomes the thread's `errno`.
    static func check(_ result: Int32) throws(Errno) {
        if result < 0 { throw Errno.current }
    }
}

/// An address of a host and port, as the resolver gave it (`getaddrinfo`), kept as bytes
/// so it outlives the resolver's list.
public struct NetworkAddress: Sendable {
    /// `AF_INET` or `AF_INET6`.
    public let family: Int32
    /// The socket type to connect with (`SOCK_STREAM`).
    public let type: Int32
    /// The protocol to connect with (`IPPROTO_TCP`).
    public let `protocol`: Int32
    /// The C address (a `sockaddr_in` or `sockaddr_in6`).
    let storage: [UInt8]
    /// The host's 4 (IPv4) or 16 (IPv6) bytes: X11 authorization entries are looked up by
    /// them.
    public let hostBytes: [UInt8]

    /// Why a name did not resolve, in the resolver's words.
    public struct Failure: Error { public let message: String }

    /// Every stream address of `host`:`port`, in the resolver's order.
    public static func resolve(host: String, port: Int) throws(Failure) -> [NetworkAddress] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let first = list else { throw Failure(message: String(cString: gai_strerror(rc))) }
        defer { freeaddrinfo(first) }
        var found: [NetworkAddress] = []
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let info = next?.pointee {
            next = info.ai_next
            guard let raw = info.ai_addr else { continue }
            let storage = Array(UnsafeRawBufferPointer(start: raw, count: Int(info.ai_addrlen)))
            let host: [UInt8]
            switch info.ai_family {
            case AF_INET:
                host = raw.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { p in withUnsafeBytes(of: p.pointee.sin_addr) { Array($0) } }
            case AF_INET6:
                host = raw.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in withUnsafeBytes(of: p.pointee.sin6_addr) { Array($0) } }
            default:
                host = []
            }
            found.append(NetworkAddress(family: info.ai_family, type: info.ai_socktype, protocol: info.ai_protocol,
                                        storage: storage, hostBytes: host))
        }
        return found
    }
}

extension FileDescriptor {
    /// Connects to a resolved host address (`.inProgress` on a non-blocking socket, as
    /// for a Unix address).
    public func connect(to address: NetworkAddress) throws(Errno) {
        let system = self.system
        let fd = rawValue
        try Self.check(address.storage.withUnsafeBytes { raw in
            system.connect(fd, raw.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(raw.count))
        })
    }
}
