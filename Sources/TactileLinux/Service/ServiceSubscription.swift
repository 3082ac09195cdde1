#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile
import TactileJSON

/// A subscriber's end of `tactile serve`'s socket (docs/service.md): connects, sends the
/// filter, and reads the lines back as `ServiceLine`s. What `tactile bind --socket` runs on,
/// so a user's bindings need the socket's group, not `/dev/input`.
///
/// Every way the service can fail a client is an error naming the socket: nothing there or
/// nobody listening (69), not permitted (77), a line that is not the protocol (65, with its
/// line number and column), the service refusing the filter (69).
public final class ServiceSubscription {
    /// The socket's path, as given.
    public let path: String
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var lineNumber = 0

    /// The longest line read; past it the stream is taken to be something else.
    public static let maxLineLength = 1 << 20

    /// What `next` found.
    public enum Event: Sendable {
        /// A line of the service.
        case line(ServiceLine)
        /// Nothing arrived within the timeout.
        case idle
        /// A signal arrived on the signal descriptor (its number).
        case signal(Int32)
        /// The service closed the connection without `{"end":true}`.
        case closed
    }

    /// Connects to the socket at `path` and sends `filter`.
    public init(path: String, filter: SubscriptionFilter) throws(TactileError) {
        self.path = path
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard path.utf8.count < capacity else {
            throw TactileError(.usage, "\(path): a socket path is at most \(capacity - 1) bytes")
        }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in path.utf8.enumerated() { raw[i] = b }
        }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TactileError(.unavailable, "\(path): socket: \(String(cString: strerror(errno)))") }
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if connected != 0 {
            let e = errno
            close(fd)
            let why = String(cString: strerror(e))
            if e == EACCES || e == EPERM {
                throw TactileError(.noPermission, "\(path): \(why): the socket's group (tactile) may subscribe (docs/service.md)")
            }
            throw TactileError(.unavailable, "\(path): \(why): is tactile serve running? (docs/service.md)")
        }
        var out = JSONOutput(capacity: 256)
        filter.encode(into: &out)
        out.byte(0x0a)
        let bytes = out.bytes
        var sent = 0
        while sent < bytes.count {
            // MSG_NOSIGNAL: a service that closed at once is an error said, not SIGPIPE.
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let why = String(cString: strerror(errno))
                close(fd)
                throw TactileError(.unavailable, "\(path): sending the filter: \(why)")
            }
            sent += n
        }
    }

    deinit { close(fd) }

    /// The next line, or `.idle` after `timeout` milliseconds (-1: wait), or the signal that
    /// arrived on `signals` (a `signalfd`, or -1), or `.closed`. An `{"error":…}` line is
    /// thrown (the service refused), as is a line that is not the protocol.
    public func next(timeout: Int32, signals: Int32 = -1) throws(TactileError) -> Event {
        while true {
            if let end = buffer[start...].firstIndex(of: 0x0a) {
                let line = buffer[start..<end]
                start = end + 1
                lineNumber += 1
                let decoded: ServiceLine
                do throws(JSONScanner.Failure) {
                    decoded = try ServiceLine.decode(line)
                } catch {
                    throw TactileError(.badData, "\(path) line \(lineNumber), column \(error.column): \(error.message)")
                }
                if case .notice(.error(let message)) = decoded {
                    throw TactileError(.unavailable, "\(path): the service refused: \(message)")
                }
                return .line(decoded)
            }
            if buffer.count - start > Self.maxLineLength {
                throw TactileError(.badData, "\(path) line \(lineNumber + 1): longer than \(Self.maxLineLength) bytes: not tactile serve's protocol")
            }
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var set = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            if signals >= 0 { set.append(pollfd(fd: signals, events: Int16(POLLIN), revents: 0)) }
            let n = poll(&set, nfds_t(set.count), timeout)
            if n < 0 {
                if errno == EINTR { continue }
                throw TactileError(.ioError, "\(path): poll: \(String(cString: strerror(errno)))")
            }
            if n == 0 { return .idle }
            if set.count > 1 && set[1].revents != 0 {
                var info = signalfd_siginfo()
                if read(signals, &info, MemoryLayout<signalfd_siginfo>.size) > 0 { return .signal(Int32(info.ssi_signo)) }
            }
            guard set[0].revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let got = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                if errno == ECONNRESET { return .closed }
                throw TactileError(.ioError, "\(path): read: \(String(cString: strerror(errno)))")
            }
            if got == 0 {
                if buffer.count > start {
                    throw TactileError(.badData, "\(path) line \(lineNumber + 1): the connection closed in the middle of a line")
                }
                return .closed
            }
            buffer.append(contentsOf: chunk[0..<got])
        }
    }
}
