import Foundation
import Testing
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A client of `tactile serve`'s socket for the tests: connects, sends its filter line and
/// reads every line until the server closes.
final class TestSubscriber: @unchecked Sendable {
    let fd: Int32
    private let lock = NSLock()
    private var buffer: [UInt8] = []
    private(set) var lines: [String] = []
    private let finished = DispatchSemaphore(value: 0)

    /// Connects to `path` (retrying while the server starts).
    init(path: String) throws {
        fd = try Self.connect(path)
    }

    /// A connection to `path`, once something listens there (the socket file exists a
    /// moment before its server listens), `Waiting.patience` at most.
    static func connect(_ path: String) throws -> Int32 {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in for (i, b) in path.utf8.enumerated() { raw[i] = b } }
        let deadline = Date().addingTimeInterval(Waiting.patience)
        while true {
            let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            } == 0
            if ok { return s }
            close(s)
            if Date() > deadline { throw TestServeError("cannot connect to \(path)") }
            usleep(20_000)
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads lines on a thread of its own until the server closes; with `gate`, only once
    /// it is signalled (a subscriber that stalls until then).
    func startReading(after gate: DispatchSemaphore? = nil) {
        Thread.detachNewThread { [self] in
            gate?.wait()
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n <= 0 { break }
                lock.lock()
                buffer.append(contentsOf: chunk[0..<n])
                while let end = buffer.firstIndex(of: 0x0a) {
                    lines.append(String(decoding: buffer[...end], as: UTF8.self))
                    buffer.removeSubrange(...end)
                }
                lock.unlock()
            }
            finished.signal()
        }
    }

    /// Waits for the server to close (at most `timeout` seconds); the lines read.
    func wait(timeout: Double = Waiting.patience) throws -> [String] {
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
    /// Standard output read while it ran (`waitForOutput`).
    private var early: [UInt8] = []

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
    func waitForExit(timeout: Double = Waiting.patience) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
    }

    /// Waits until its standard output holds `text`, at most `timeout` seconds; false if it
    /// ended or the time passed first.
    func waitForOutput(_ text: String, timeout: Double = Waiting.patience) -> Bool {
        let fd = output.fileHandleForReading.fileDescriptor
        let end = Date().addingTimeInterval(timeout)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: early, as: UTF8.self).contains(text) {
            let left = end.timeIntervalSinceNow
            guard left > 0 else { return false }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, Int32(min(left, 1) * 1000)) > 0 else { continue }
            let n = read(fd, &chunk, chunk.count)
            guard n > 0 else { return false }
            early += chunk[0..<n]
        }
        return true
    }

    /// Waits for it to exit (at most `timeout` seconds, then it is ended); its status,
    /// standard output and standard error.
    func finish(timeout: Double = Waiting.patience) -> (status: Int32, stdout: String, stderr: String) {
        waitForExit(timeout: timeout)
        kill()
        let o = Data(early) + output.fileHandleForReading.readDataToEndOfFile()
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
