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
    private let socket: FileDescriptor
    private var buffer: [UInt8] = []
    private var polled = PollSet()
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
        let address: UnixAddress
        do throws(Errno) {
            address = try UnixAddress(path: path)
        } catch {
            throw TactileError(.usage, "\(path): a socket path is at most \(UnixAddress.maxLength) bytes")
        }
        do throws(Errno) {
            socket = try .socket(AF_UNIX, nonBlocking: false)
        } catch {
            throw error.error("\(path): socket", code: .unavailable)
        }
        do throws(Errno) {
            try socket.connect(to: address)
        } catch {
            if error == .permissionDenied || error == .notPermitted {
                throw TactileError(.noPermission, "\(path): \(error): the socket's group (tactile) may subscribe (docs/service.md)")
            }
            throw TactileError(.unavailable, "\(path): \(error): is tactile serve running? (docs/service.md)")
        }
        var out = JSONOutput(capacity: 256)
        filter.encode(into: &out)
        out.byte(0x0a)
        let bytes = out.bytes
        var sent = 0
        while sent < bytes.count {
            // A service that closed at once is an error said, not SIGPIPE (`send` never
            // raises it).
            let result = bytes[sent...].withUnsafeBytes { raw in Result { () throws(Errno) in try socket.send(raw) } }
            switch result {
            case .success(let n) where n > 0: sent += n
            case .success: throw TactileError(.unavailable, "\(path): sending the filter: \(Errno.brokenPipe)")
            case .failure(let error): throw error.error("\(path): sending the filter", code: .unavailable)
            }
        }
    }

    /// The next line, or `.idle` after `timeout` milliseconds (-1: wait), or the signal that
    /// arrived on `signals`, or `.closed`. An `{"error":…}` line is
    /// thrown (the service refused), as is a line that is not the protocol.
    public func next(timeout: TimeSpan?, signals: TerminationSignals? = nil) throws(TactileError) -> Event {
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
            polled.removeAll()
            let connection = polled.add(socket.rawValue)
            let signalled = polled.add(signals?.fd ?? -1)
            let n: Int
            do throws(Errno) {
                n = try polled.wait(until: timeout.map { MonotonicClock.now() + $0 })
            } catch {
                throw error.error("\(path): poll")
            }
            if n == 0 { return .idle }
            if polled.isReady(signalled), let signal = signals?.take() { return .signal(signal) }
            guard polled.isReady(connection) else { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let got: Int
            do throws(Errno) {
                got = try chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try socket.read(into: raw) } }.get()
            } catch .wouldBlock {
                continue
            } catch .connectionReset {
                return .closed
            } catch {
                throw error.error("\(path): read")
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
