import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tactile bind --socket` runs on `tactile serve`'s lines exactly what `tactile bind` runs
/// on the same recording, and fails clearly when the service is not there or speaks
/// something else (docs/service.md, docs/bindings.md).
@Suite(.serialized) struct BindSocketCommandTests {
    let run = CommandTests()

    /// `bind CONFIG --socket` against `serve --play RECORDING`, and `bind CONFIG RECORDING`.
    func both(_ config: String, _ recording: String, serve more: [String] = []) throws -> (socket: (status: Int32, stdout: String, stderr: String), direct: String) {
        let configPath = CommandTests.root.appendingPathComponent("configs/bindings/" + config).path
        let direct = try run.tactile("bind", configPath, CommandTests.root.appendingPathComponent("Recordings/" + recording).path, "--dry-run")
        #expect(direct.status == 0, "\(direct.stderr)")
        let socket = run.scratch().appendingPathComponent("s.sock").path
        let service = try run.serve(recording, socket: socket, ["--wait-for", "1", "--speed", "8"] + more)
        // Once the service listens (its socket file exists a moment before): a connection
        // that says nothing is dropped quietly.
        close(try TestSubscriber.connect(socket))
        let bound = try run.tactile("bind", configPath, "--socket", socket, "--dry-run")
        let served = service.finish()
        #expect(served.status == 0, "\(served.stderr)")
        return (bound, direct.stdout)
    }

    @Test func aThreeFingerSwipeRunsWhatItRunsFromTheRecording() throws {
        let (bound, direct) = try both("laptop-touchpad.yaml", "swipe-3finger-up-touchpad.jsonl")
        #expect(bound.status == 0, "\(bound.stderr)")
        #expect(direct.contains(#""TACTILE_FINGERS":"3""#))
        #expect(bound.stdout == direct)
    }

    @Test func gesturesAndOrientationOfAPhoneSessionRunWhatTheyRunFromTheRecording() throws {
        let (bound, direct) = try both("convertible-sway.yaml", "phone-session.jsonl")
        #expect(bound.status == 0, "\(bound.stderr)")
        #expect(direct.split(separator: "\n").count == 4)
        #expect(bound.stdout == direct)
    }

    /// The configuration's `orientation` is the service's to apply: said, and with the
    /// service given the same, the same commands run.
    @Test func theConfigurationsOrientationSettingsAreTheServices() throws {
        let (bound, direct) = try both("phone-sway.yaml", "phone-session.jsonl",
                                       serve: ["--allowed", "portrait,landscapeLeft,landscapeRight"])
        #expect(bound.status == 0, "\(bound.stderr)")
        #expect(bound.stderr.contains("with --socket, `orientation` does not apply"))
        #expect(!direct.isEmpty)
        #expect(bound.stdout == direct)
    }

    @Test func devicesAreToldToASubscriberThatAsks() throws {
        let socket = run.scratch().appendingPathComponent("s.sock").path
        let service = try run.serve("phone-session.jsonl", socket: socket, ["--wait-for", "1", "--speed", "8"])
        let s = try TestSubscriber(path: socket)
        s.send(#"{"devices":[1],"describe":true}"# + "\n")
        s.startReading()
        let got = try s.wait()
        #expect(service.finish().status == 0)
        #expect(got.first == #"{"subscribed":{"devices":[1],"describe":true}}"# + "\n")
        // Only the device it asked for, as the recording's header describes it.
        #expect(got.count > 2 && got[1].hasPrefix(#"{"device":{"id":1,"name":"Demo accelerometer","kind":"accelerometer""#), "\(got)")
        #expect(got.filter { $0.hasPrefix(#"{"device""#) }.count == 1)
        #expect(got.last == "{\"end\":true}\n")
    }

    @Test func noServiceExits69NamingTheSocket() throws {
        let socket = run.scratch().appendingPathComponent("absent.sock").path
        let config = CommandTests.root.appendingPathComponent("configs/bindings/laptop-touchpad.yaml").path
        let r = try run.tactile("bind", config, "--socket", socket, "--dry-run")
        #expect(r.status == 69)
        #expect(r.stderr.contains(socket) && r.stderr.contains("is tactile serve running?"), "\(r.stderr)")
    }

    /// `bind --socket --dry-run` against a server that answers its first line with `reply`
    /// and closes: what bind said, the socket's path and what the server was sent.
    func bindAgainst(reply: String) throws -> (result: (status: Int32, stdout: String, stderr: String), socket: String, received: String) {
        let socket = run.scratch().appendingPathComponent("g.sock").path
        let server = try GarbageServer(path: socket, reply: reply)
        defer { server.close() }
        let config = CommandTests.root.appendingPathComponent("configs/bindings/laptop-touchpad.yaml").path
        let r = try run.tactile("bind", config, "--socket", socket, "--dry-run")
        return (r, socket, server.received)
    }

    @Test func aSocketThatSendsGarbageIsAClearError() throws {
        let (r, socket, received) = try bindAgainst(reply: "{\"subscribed\":{}}\nHTTP/1.1 400 Bad Request\n")
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(socket) line 2, column"), "\(r.stderr)")
        #expect(received.hasPrefix(#"{"describe":true}"#), "\(received)")
    }

    @Test func aServiceThatGoesAwayExits69() throws {
        let (r, socket, _) = try bindAgainst(reply: "{\"subscribed\":{\"describe\":true}}\n")
        #expect(r.status == 69)
        #expect(r.stderr.contains("\(socket): the service closed the connection"), "\(r.stderr)")
    }
}

/// A Unix socket that accepts one client, reads its first line, writes `reply` and closes.
final class GarbageServer: @unchecked Sendable {
    private let fd: Int32
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var text = ""

    /// What the client sent first.
    var received: String { _ = done.wait(timeout: .now() + Waiting.patience); lock.lock(); defer { lock.unlock() }; return text }

    init(path: String, reply: String) throws {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(fd, 1) == 0 else { throw TestServeError("cannot listen on \(path)") }
        Thread.detachNewThread { [self] in
            let c = accept(fd, nil, nil)
            guard c >= 0 else { done.signal(); return }
            var got: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while !got.contains(0x0a) {
                let n = chunk.withUnsafeMutableBytes { recv(c, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                got.append(contentsOf: chunk[0..<n])
            }
            lock.lock(); text = String(decoding: got, as: UTF8.self); lock.unlock()
            let bytes = Array(reply.utf8)
            _ = bytes.withUnsafeBytes { send(c, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            Glibc.close(c)
            done.signal()
        }
    }

    func close() { Glibc.close(fd) }
}
