#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// The focus as a command of the user's says it, for desktops whose focus has no open
/// protocol (KDE: `kdotool getactivewindow getwindowclassname`; GNOME: a `gdbus` call to an
/// extension): the first line it prints is the application's name, a second line, if any,
/// the title. No output, or a blank first line, is no application.
///
/// The command runs on the watcher's thread, never the caller's, at most once every
/// `interval`, and is killed (its whole process group) when it runs past `timeout`. Its
/// standard error goes to /dev/null: it runs four times a second, and a failing command
/// would fill a journal; a failure shows as its exit status in the watcher's `failure`.
final class CommandFocus: FocusSource {
    private let argv: [String]
    private let stop: StopSignal
    private var nextRun: Timestamp?

    /// The least time from one run's start to the next.
    static let interval = TimeSpan.milliseconds(250)
    /// How long one run may take before it is killed.
    static let timeout = TimeSpan.seconds(1)
    /// The most output one run may print.
    private static let maxOutput = 64 << 10

    /// The source running `argv` (no shell; PATH searched).
    init(argv: [String], stop: StopSignal) {
        self.argv = argv
        self.stop = stop
    }

    var fd: Int32 { -1 }
    var due: Timestamp? { nextRun }

    func open() throws(TactileError) -> FocusedApplication? { try run() }

    func update() throws(TactileError) -> FocusReading { .focus(try run()) }

    func close() { nextRun = nil }

    /// Runs the command once, waiting for it to exit (or killing it at the timeout).
    private func run() throws(TactileError) -> FocusedApplication? {
        let start = MonotonicClock.now()
        nextRun = start + Self.interval
        var pipeFDs: [Int32] = [-1, -1]
        guard pipe2(&pipeFDs, O_CLOEXEC | O_NONBLOCK) == 0 else {
            throw TactileError(.unavailable, "focus command: pipe: \(String(cString: strerror(errno)))")
        }
        defer { for fd in pipeFDs where fd >= 0 { Glibc.close(fd) } }
        let pid: pid_t
        do {
            pid = try ProcessSpawn.start(argv, stdin: .null, stdout: .descriptor(pipeFDs[1]), stderr: .null)
        } catch {
            throw TactileError(.unavailable, "focus command: cannot start \(error.message)")
        }
        Glibc.close(pipeFDs[1])
        pipeFDs[1] = -1
        let child = Child(pid: pid)
        defer { child.end() }
        let output = try read(pipeFDs[0], until: start + Self.timeout)
        // Output read to its end; the command itself may still be running a moment.
        guard let status = try child.wait(until: start + Self.timeout, stop: stop) else { throw timedOut() }
        guard status == 0 else { throw TactileError(.unavailable, "focus command \(argv[0]) exited with status \(status)") }
        let lines = output.split(separator: 0x0a, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self).trimmingTrailingCR }
        guard let name = lines.first, !name.isEmpty else { return nil }
        return FocusedApplication(names: [name], title: lines.count > 1 ? lines[1] : nil)
    }

    /// The command's output, up to `maxOutput` bytes, until it closes its end.
    private func read(_ fd: Int32, until deadline: Timestamp) throws(TactileError) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            let code = errno
            if n == 0 { return output }
            if n > 0 {
                output += chunk[0..<n]
                guard output.count <= Self.maxOutput else {
                    throw TactileError(.badData, "focus command \(argv[0]) printed more than \(Self.maxOutput >> 10) KiB; a name is one line")
                }
                continue
            }
            guard code == EAGAIN || code == EINTR else {
                throw TactileError(.ioError, "focus command: cannot read its output: \(String(cString: strerror(code)))")
            }
            guard try stop.wait(for: fd, until: deadline) else { throw timedOut() }
        }
    }

    private func timedOut() -> TactileError {
        TactileError(.unavailable, "focus command \(argv[0]) took longer than \(Self.timeout.seconds) s and was killed")
    }

    /// A started command, killed with its process group and reaped unless it exited.
    private final class Child {
        let pid: pid_t
        private var reaped = false

        init(pid: pid_t) { self.pid = pid }

        /// The exit status (or 128 + the signal), waiting until `deadline` through a pidfd;
        /// nil when the deadline came first.
        func wait(until deadline: Timestamp, stop: StopSignal) throws(TactileError) -> Int32? {
            let pidfd = pidfd_open(pid, 0)
            if pidfd >= 0 {
                defer { Glibc.close(pidfd) }
                guard try stop.wait(for: pidfd, until: deadline) else { return nil }
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
            return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        }

        /// Kills a command that has not been reaped (its group: a shell's children too),
        /// and reaps it. A reaped one's number may be another process's already.
        func end() {
            guard !reaped else { return }
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            reaped = true
        }
    }
}

private extension String {
    /// Without the carriage return a line from a Windows-minded tool ends in.
    var trimmingTrailingCR: String { hasSuffix("\r") ? String(dropLast()) : self }
}
