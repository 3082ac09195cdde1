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
        var pipe: Pipe
        do throws(Errno) {
            pipe = try Pipe(nonBlocking: true)
        } catch {
            throw error.error("focus command: pipe", code: .unavailable)
        }
        let child: ChildProcess
        do {
            let pid = try ProcessSpawn.start(argv, stdin: .null, stdout: .descriptor(pipe.writeEnd?.rawValue ?? -1), stderr: .null)
            pipe.writeEnd = nil  // the command has its copy: the output ends when it closes it
            child = try ChildProcess(pid: pid)
        } catch let error as ProcessSpawn.Failure {
            throw TactileError(.unavailable, "focus command: cannot start \(error.message)")
        } catch {
            throw TactileError(.unavailable, "focus command: cannot watch it: \(error)")
        }
        defer { child.kill() }
        guard let output = pipe.readEnd else { throw TactileError(.software, "focus command: the pipe has no read end") }
        let printed = try readOutput(output, until: start + Self.timeout)
        // Output read to its end; the command itself may still be running a moment.
        guard try stop.wait(for: child.exit.rawValue, until: start + Self.timeout), let status = child.reap(waiting: true) else {
            throw timedOut()
        }
        guard status == .exited(0) else {
            throw TactileError(.unavailable, "focus command \(argv[0]) exited with status \(status.shellStatus)")
        }
        let lines = printed.split(separator: 0x0a, maxSplits: 2, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self).trimmingTrailingCR }
        guard let name = lines.first, !name.isEmpty else { return nil }
        return FocusedApplication(names: [name], title: lines.count > 1 ? lines[1] : nil)
    }

    /// The command's output, up to `maxOutput` bytes, until it closes its end.
    private func readOutput(_ end: borrowing FileDescriptor, until deadline: Timestamp) throws(TactileError) -> [UInt8] {
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n: Int
            do throws(Errno) {
                n = try chunk.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try end.read(into: raw) } }.get()
            } catch .wouldBlock {
                guard try stop.wait(for: end.rawValue, until: deadline) else { throw timedOut() }
                continue
            } catch {
                throw error.error("focus command: cannot read its output")
            }
            if n == 0 { return output }
            output += chunk[0..<n]
            guard output.count <= Self.maxOutput else {
                throw TactileError(.badData, "focus command \(argv[0]) printed more than \(Self.maxOutput >> 10) KiB; a name is one line")
            }
        }
    }

    private func timedOut() -> TactileError {
        TactileError(.unavailable, "focus command \(argv[0]) took longer than \(Self.timeout.seconds) s and was killed")
    }
}

private extension String {
    /// Without the carriage return a line from a Windows-minded tool ends in.
    var trimmingTrailingCR: String { hasSuffix("\r") ? String(dropLast()) : self }
}
