import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A client of `tactile serve`'s socket for the tests: connects, sends its filter line and
/// reads every line until the server closes, noting when each arrived.
final class TestSubscriber: @unchecked Sendable {
    let fd: Int32
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private(set) var lines: [(text: String, at: Double)] = []
    private let finished = DispatchSemaphore(value: 0)

    /// Connects to `path` (retrying while the server starts).
    init(path: String) throws {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let deadline = Date().addingTimeInterval(10)
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            } == 0
            if ok { fd = s; return }
            close(s)
            if Date() > deadline { throw TestServeError("cannot connect to \(path)") }
            usleep(20_000)
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads lines on a thread of its own until the server closes, after `delay` seconds.
    func startReading(after delay: Double = 0) {
        Thread.detachNewThread { [self] in
            if delay > 0 { Thread.sleep(forTimeInterval: delay) }
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                let now = Date().timeIntervalSince1970
                lock.lock()
                buffer.append(contentsOf: chunk[0..<n])
                while let end = buffer.firstIndex(of: 0x0a) {
                    lines.append((String(decoding: buffer[...end], as: UTF8.self), now))
                    buffer.removeSubrange(...end)
                }
                lock.unlock()
            }
            finished.signal()
        }
    }

    /// Waits for the server to close (at most `timeout` seconds); the lines read.
    func wait(timeout: Double = 30) throws -> [(text: String, at: Double)] {
        if finished.wait(timeout: .now() + timeout) == .timedOut { throw TestServeError("the server did not close within \(timeout) s") }
        close(fd)
        lock.lock(); defer { lock.unlock() }
        return lines
    }
}

struct TestServeError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// A process started in the background, its standard error kept.
final class Background {
    let process = Process()
    let errors = Pipe()
    let output = Pipe()

    init(_ path: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        process.standardError = errors
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    /// Waits for it to exit, at most `timeout` seconds (its pipes are not read: a child
    /// started after it may hold them open).
    func waitForExit(timeout: Double = 30) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
    }

    /// Waits for it to exit (at most `timeout` seconds, then it is ended); its status,
    /// standard output and standard error.
    func finish(timeout: Double = 30) -> (status: Int32, stdout: String, stderr: String) {
        waitForExit(timeout: timeout)
        kill()
        let o = output.fileHandleForReading.readDataToEndOfFile()
        let e = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// Ends it now. SIGKILL: a child inherits the signal mask of the test's thread, which
    /// may block SIGTERM.
    func stop() -> (status: Int32, stdout: String, stderr: String) {
        kill()
        return finish(timeout: 10)
    }

    private func kill() {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
    }
}

extension CommandTests {
    /// `tactile recognize --json` lines of a bundled recording.
    func recognized(_ name: String) throws -> [String] {
        let r = try tactile("recognize", "--json", CommandTests.root.appendingPathComponent("Recordings/\(name)").path)
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout.split(separator: "\n").map { String($0) + "\n" }
    }

    /// `tactile serve` playing a bundled recording on a socket in a scratch directory.
    func serve(_ name: String, socket: String, _ more: [String]) throws -> Background {
        try Background(CommandTests.binary, ["serve", "--play", CommandTests.root.appendingPathComponent("Recordings/\(name)").path,
                                             "--socket", socket, "--bus", "none"] + more)
    }
}

/// A JSON line's object.
func jsonObject(_ line: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
}
