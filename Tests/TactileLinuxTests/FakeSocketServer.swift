import Foundation
import Tactile
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A Unix socket server the test runs in place of a desktop: each connection is handed to
/// `serve` on the server's thread (a fake Hyprland, or a desktop that answers garbage), and
/// connections are counted, to show how often a watcher comes back.
final class FakeSocketServer: @unchecked Sendable {
    let path: String
    private let listener: Int32
    private let lock = NSLock()
    private var accepted = 0
    private var open: [Int32] = []
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Listens at `path`; `serve` gets each connection's descriptor and returns true to keep
    /// it open (an event stream), false to have it closed.
    init(path: String, serve: @escaping @Sendable (Int32) -> Bool) throws {
        self.path = path
        unlink(path)
        listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listener, 16) == 0 else { throw Desktops.Failure("cannot listen at \(path): \(String(cString: strerror(errno)))") }
        let thread = Thread { [self] in
            while !lock.withLock({ stopped }) {
                var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)]
                guard poll(&fds, 1, 20) > 0 else { continue }
                let fd = accept(listener, nil, nil)
                guard fd >= 0 else { continue }
                lock.withLock { accepted += 1 }
                if serve(fd) { lock.withLock { open.append(fd) } } else { close(fd) }
            }
            done.signal()
        }
        thread.start()
    }

    /// A server that reads each client's request and answers `bytes`, then closes the
    /// connection (or keeps it open, with `keepOpen`): a desktop that answers garbage.
    static func answering(at path: String, with bytes: [UInt8], keepOpen: Bool = false) throws -> FakeSocketServer {
        try FakeSocketServer(path: path) { fd in
            _ = request(on: fd)
            write(bytes, to: fd)
            return keepOpen
        }
    }

    /// Connections accepted so far.
    var connections: Int { lock.withLock { accepted } }

    /// Writes `text` to every connection kept open.
    func broadcast(_ text: String) {
        for fd in lock.withLock({ open }) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Closes every connection kept open (the desktop went away), and goes on listening.
    func dropConnections() {
        for fd in lock.withLock({ let fds = open; open = []; return fds }) { close(fd) }
    }

    /// Stops listening and closes every connection (once; again does nothing).
    func stop() {
        guard !lock.withLock({ defer { stopped = true }; return stopped }) else { return }
        done.wait()
        dropConnections()
        close(listener)
        unlink(path)
    }

    /// What a client sent in one write (a request), waiting for it (`Waiting.patience` at
    /// most: a busy machine may run the client's thread seconds after it connected).
    static func request(on fd: Int32) -> String {
        var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, Int32(Waiting.patience * 1000)) > 0 else { return "" }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? String(decoding: buffer[0..<n], as: UTF8.self) : ""
    }

    /// Writes all of `bytes` to `fd`.
    static func write(_ bytes: [UInt8], to fd: Int32) {
        _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }
}

/// Hyprland's two sockets, played by the test: `.socket.sock` answers `j/activewindow`
/// with `active`, `.socket2.sock` streams what `event` sends.
final class FakeHyprland: @unchecked Sendable {
    let directory: String
    private let lock = NSLock()
    private var reply = "{}"
    private var requestsSeen: [String] = []
    private var requests: FakeSocketServer!
    private var events: FakeSocketServer!

    init() throws {
        directory = try Desktops.scratch("tactile-hypr")
        requests = try FakeSocketServer(path: directory + "/.socket.sock") { [self] fd in
            let request = FakeSocketServer.request(on: fd)
            let answer = lock.withLock { requestsSeen.append(request); return reply }
            FakeSocketServer.write(Array(answer.utf8), to: fd)
            return false
        }
        events = try FakeSocketServer(path: directory + "/.socket2.sock") { _ in true }
    }

    var socket: String { directory + "/.socket.sock" }
    var seen: [String] { lock.withLock { requestsSeen } }
    var eventConnections: Int { events.connections }

    /// What `j/activewindow` answers from now on.
    func setActive(_ json: String) { lock.withLock { reply = json } }

    /// Ends the event streams, as a Hyprland that quits does.
    func dropEventConnections() { events.dropConnections() }

    /// Sends event lines.
    func event(_ lines: String) { events.broadcast(lines) }

    /// Hyprland goes away (again does nothing).
    func stop() {
        requests.stop()
        events.stop()
        try? FileManager.default.removeItem(atPath: directory)
    }
}
