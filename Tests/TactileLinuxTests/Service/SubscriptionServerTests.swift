#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

/// The subscription socket driven by hand: a real Unix socket in a temporary folder, the
/// server's own `poll` set, and clients that are plain sockets.
@Suite struct SubscriptionServerTests {
    /// A server on a fresh socket path, and a way to connect to it.
    final class Fixture {
        let directory: String
        let server: SubscriptionServer
        /// The server's clock, standing still: a test that takes seconds on a busy machine
        /// never meets the filter deadline it does not test.
        let now = MonotonicClock.now()

        init() throws {
            var template = Array("/tmp/tactile-sub-XXXXXX".utf8CString)
            directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
            server = try SubscriptionServer(path: directory + "/s.sock")
        }

        deinit {
            server.close()
            rmdir(directory)
        }

        /// A connected client (blocking, with a receive timeout: what it reads was sent
        /// before, so the timeout only ends a test that would hang).
        func connect() -> Int32 {
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var addr = sockaddr_un()
            addr.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &addr.sun_path) { raw in
                for (i, b) in (directory + "/s.sock").utf8.enumerated() { raw[i] = b }
            }
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            #expect(ok == 0)
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return fd
        }

        /// One round of the server's loop: what is ready now (no waiting).
        func turn() {
            var set = PollSet()
            server.pollDescriptors(into: &set)
            _ = try? set.wait(until: MonotonicClock.now() + .milliseconds(50))
            server.handle(set, from: 0, now: now)
        }

        func send(_ fd: Int32, _ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// The next line the client gets (nil at the end or after 30 s).
        func line(_ fd: Int32) -> String? {
            var bytes: [UInt8] = []
            var b: UInt8 = 0
            while recv(fd, &b, 1, 0) == 1 {
                if b == 0x0a { return String(decoding: bytes, as: UTF8.self) }
                bytes.append(b)
            }
            return nil
        }
    }

    static func turn(_ o: InterfaceOrientation, at seconds: Double) -> RecognizedEvent {
        .orientation(OrientationEvent(time: Timestamp(seconds: seconds), device: 1, orientation: o, previous: nil,
                                      pose: DevicePose(o), rotation: .zero, rotationDelta: .zero,
                                      bounds: Size(width: 60, height: 120), transform: .identity))
    }

    static func publish(_ f: Fixture, _ event: RecognizedEvent) {
        f.server.publish(event, bytes: Array((event.jsonLine + "\n").utf8))
    }

    /// `socat`, `nc -N` and a shell's `echo '{}' >&3` close their sending side once the
    /// filter is sent: the subscriber still reads, so it is still served.
    @Test func aSubscriberThatClosedItsSendingSideIsStillServed() throws {
        let f = try Fixture()
        let client = f.connect()
        defer { close(client) }
        f.turn()
        f.send(client, "{}\n")
        shutdown(client, Int32(SHUT_WR))
        f.turn()
        #expect(f.line(client)?.contains("\"subscribed\"") == true)
        for _ in 0..<3 { f.turn() }  // the end of its input is seen, and is no reason to go
        #expect(f.server.connections == 1)
        Self.publish(f, Self.turn(.landscapeLeft, at: 1))
        #expect(f.line(client)?.contains("\"landscapeLeft\"") == true)
    }

    @Test func aSubscriberThatClosesIsDropped() throws {
        let f = try Fixture()
        let client = f.connect()
        f.turn()
        f.send(client, "{}\n")
        f.turn()
        #expect(f.line(client)?.contains("\"subscribed\"") == true)
        close(client)
        for _ in 0..<3 { f.turn() }
        #expect(f.server.connections == 0)
        #expect(f.server.dropped == 1)
    }

    /// A client that closes its sending side before any filter can never send one: it is
    /// told so at once, not at the filter deadline.
    @Test func aClientThatEndsItsInputBeforeAFilterIsToldWhy() throws {
        let f = try Fixture()
        let client = f.connect()
        defer { close(client) }
        f.turn()
        shutdown(client, Int32(SHUT_WR))
        f.turn()
        let line = f.line(client)
        #expect(line?.contains("\"error\"") == true && line?.contains("before a filter line") == true
                && line?.contains("ending in a newline") == true, "\(line ?? "nothing")")
        for _ in 0..<3 { f.turn() }
        #expect(f.server.connections == 0)
    }

    /// systemd's socket activation: descriptor 3 when LISTEN_PID is this process, and the
    /// variables cleared so that no child takes the socket for its own.
    @Test func theSocketSystemdPassesIsTakenOnceAndOnlyByItsProcess() {
        setenv("LISTEN_PID", "\(getpid() + 1)", 1)
        setenv("LISTEN_FDS", "1", 1)
        #expect(SubscriptionServer.activatedSocket() == nil)  // another process's
        setenv("LISTEN_PID", "\(getpid())", 1)
        #expect(SubscriptionServer.activatedSocket() == 3)
        #expect(getenv("LISTEN_PID") == nil && getenv("LISTEN_FDS") == nil)
        #expect(SubscriptionServer.activatedSocket() == nil)
    }

    /// `--socket` pointed at a file or a folder by mistake: refused, and nothing deleted.
    @Test func aFileOrAFolderAtTheSocketPathIsLeftAlone() throws {
        var template = Array("/tmp/tactile-sub-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
        defer { _ = system("rm -rf '\(directory)'") }
        let file = directory + "/precious.txt"
        let fd = open(file, O_WRONLY | O_CREAT, 0o644)
        _ = write(fd, "keep me", 7)
        close(fd)
        mkdir(directory + "/folder", 0o755)
        for (path, says) in [(file, "a file that is not a socket"), (directory + "/folder", "a folder")] {
            do {
                _ = try SubscriptionServer(path: path)
                Issue.record("listened on \(path)")
            } catch {
                #expect(error.kind == .cannotCreate && error.description.contains(says), "\(error)")
            }
        }
        var st = stat()
        #expect(stat(file, &st) == 0 && st.st_size == 7)
        #expect(stat(directory + "/folder", &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR)
    }

    /// `printf '{}' | nc -N`: the filter's newline is missing, but the end of the input
    /// ends the line. Kept open without the newline, the client is told what is missing.
    @Test func aFilterEndedByTheEndOfTheInputIsTaken() throws {
        let f = try Fixture()
        let client = f.connect()
        defer { close(client) }
        f.turn()
        f.send(client, #"{"gestures":["tap"]}"#)
        shutdown(client, Int32(SHUT_WR))
        f.turn()
        #expect(f.line(client) == #"{"subscribed":{"gestures":["tap"]}}"#)
        #expect(f.server.subscribers == 1)
    }

    /// A client that connects and leaves without a word (a second service probing the
    /// path, a port scan) is dropped quietly: there is no one to tell, nothing to log.
    @Test func aClientThatComesAndGoesSilentlyIsDroppedQuietly() throws {
        let f = try Fixture()
        var logged: [String] = []
        f.server.log = { logged.append($0) }
        let client = f.connect()
        f.turn()
        close(client)
        for _ in 0..<3 { f.turn() }
        #expect(f.server.connections == 0)
        #expect(logged.isEmpty, "\(logged)")
    }
}
