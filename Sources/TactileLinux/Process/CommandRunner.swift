#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// Runs commands without ever holding up the thread that asks for them: `submit` queues a
/// job and returns; a thread of the runner's own starts it when fewer than `concurrency`
/// are running, watches each child's exit through a pidfd, and ends any that runs past
/// `timeout` (SIGTERM to its process group, SIGKILL a second later).
///
/// Children start with the default signal mask and dispositions (the caller may block
/// signals for its `signalfd`), in a process group of their own, with standard input from
/// the job (or /dev/null) and standard output and error inherited. No shell is involved:
/// the argv is executed as given (`posix_spawnp`, searching PATH).
public final class CommandRunner: @unchecked Sendable {
    /// One command to run.
    public struct Job: Sendable {
        /// The program and its arguments, run without a shell (the program found on `PATH`).
        public var argv: [String]
        /// `NAME=value` entries added to (and overriding) the inherited environment.
        public var environment: [String]
        /// Written to the command's standard input, then closed; nil: `/dev/null`.
        public var stdin: String?
        /// How messages name the job (a binding's line).
        public var label: String
        /// When what the job answers happened (CLOCK_MONOTONIC, a live event's time), to say
        /// how long after it the command started.
        public var eventTime: Timestamp?

        /// A job; `label` names it in logs, `eventTime` is when its gesture happened.
        public init(argv: [String], environment: [String] = [], stdin: String? = nil, label: String, eventTime: Timestamp? = nil) {
            self.argv = argv; self.environment = environment; self.stdin = stdin; self.label = label
            self.eventTime = eventTime
        }
    }

    /// How a command ended.
    public enum Outcome: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)
        /// It ran past the timeout and was killed.
        case timedOut
        /// It could not be started, and why.
        case failedToStart(String)
    }

    /// Commands running at once.
    public let concurrency: Int
    /// How long a command may run before SIGTERM, then SIGKILL.
    public let timeout: TimeSpan
    private let finished: @Sendable (Job, Outcome) -> Void
    private let started: (@Sendable (Job, TimeSpan?) -> Void)?

    private let monitor = Monitor()
    private let wakeFD: Int32
    // Under the monitor:
    private var queue: [Job] = []
    private var queueStart = 0
    private var stopped = false
    /// `terminateAll()` asked the runner's thread to end what runs.
    private var terminating = false
    private var outstanding = 0
    // The runner's thread only:
    private var running: [Child] = []

    private struct Child {
        var pid: pid_t
        var pidfd: Int32
        var job: Job
        var deadline: Timestamp
        var terminated = false
    }

    /// `finished` is called on the runner's thread for every job, with how it ended;
    /// `started`, when given, as each starts, with the time since its `eventTime`.
    public init(concurrency: Int, timeout: TimeSpan, started: (@Sendable (Job, TimeSpan?) -> Void)? = nil,
                finished: @escaping @Sendable (Job, Outcome) -> Void) {
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
        self.started = started
        self.finished = finished
        wakeFD = eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        DetachedThread.start { [self] in loop() }
    }

    /// Queues a job; returns at once.
    public func submit(_ job: Job) {
        monitor.locked {
            queue.append(job)
            outstanding += 1
        }
        wake()
    }

    /// Waits until every job submitted so far has ended (or `limit` has passed): true when
    /// none is left.
    @discardableResult
    public func waitUntilIdle(limit: TimeSpan) -> Bool {
        let end = MonotonicClock.now() + limit
        return monitor.locked {
            while outstanding > 0 {
                let left = (end - MonotonicClock.now()).microseconds
                if left <= 0 { return false }
                monitor.wait(microseconds: left)
            }
            return true
        }
    }

    /// Ends every running command now, as a timeout would (SIGTERM to its process group,
    /// SIGKILL a second later), and drops the queued ones: for a daemon that is told to
    /// end, whose commands must not outlive it. Returns how many queued jobs were dropped.
    @discardableResult
    public func terminateAll() -> Int {
        let dropped = monitor.locked {
            let n = queue.count - queueStart
            outstanding -= n
            queue.removeAll()
            queueStart = 0
            terminating = true
            stopped = true
            monitor.broadcast()
            return n
        }
        wake()
        return dropped
    }

    /// Stops taking jobs and ends the thread once the running ones have ended; queued ones
    /// are dropped.
    public func stop() {
        monitor.locked { stopped = true }
        wake()
    }

    private func wake() {
        var one: UInt64 = 1
        _ = Glibc.write(wakeFD, &one, 8)
    }

    // MARK: The runner's thread

    private func loop() {
        var fds: [pollfd] = []
        while true {
            let (jobs, stop) = takeStartable()
            for job in jobs { start(job) }
            if monitor.locked({ terminating }) {
                // Due now: enforceTimeouts sends SIGTERM, and SIGKILL a second later.
                let now = MonotonicClock.now()
                for i in running.indices where !running[i].terminated { running[i].deadline = now }
                enforceTimeouts()
            }
            if stop && running.isEmpty { break }
            fds.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0))
            for c in running { fds.append(pollfd(fd: c.pidfd, events: Int16(POLLIN), revents: 0)) }
            var timeout: Int32 = -1
            if let next = running.map(\.deadline).min() {
                let left = (next - MonotonicClock.now()).microseconds
                timeout = left <= 0 ? 0 : Int32(clamping: (left + 999) / 1000)
            }
            let n = poll(&fds, nfds_t(fds.count), timeout)
            if n < 0 && errno != EINTR { break }
            if fds[0].revents != 0 {
                var value: UInt64 = 0
                _ = Glibc.read(wakeFD, &value, 8)
            }
            reap(ready: fds)
            enforceTimeouts()
        }
        close(wakeFD)
    }

    /// Takes the queued jobs there is room for now.
    private func takeStartable() -> ([Job], Bool) {
        monitor.locked {
            var jobs: [Job] = []
            if stopped {
                outstanding -= queue.count - queueStart
                queue.removeAll()
                queueStart = 0
                monitor.broadcast()
                return ([], true)
            }
            while running.count + jobs.count < concurrency && queueStart < queue.count {
                jobs.append(queue[queueStart])
                queueStart += 1
            }
            if queueStart == queue.count {
                queue.removeAll(keepingCapacity: true)
                queueStart = 0
            }
            return (jobs, false)
        }
    }

    private func done(_ job: Job, _ outcome: Outcome) {
        finished(job, outcome)
        monitor.locked {
            outstanding -= 1
            monitor.broadcast()
        }
    }

    private func reap(ready fds: [pollfd]) {
        var i = 0
        var index = 1
        while i < running.count {
            defer { index += 1 }
            guard fds[index].revents != 0 else { i += 1; continue }
            let c = running[i]
            var status: Int32 = 0
            let r = waitpid(c.pid, &status, WNOHANG)
            guard r == c.pid else { i += 1; continue }
            close(c.pidfd)
            running.remove(at: i)
            let outcome: Outcome
            if c.terminated {
                outcome = .timedOut
            } else if status & 0x7f == 0 {
                outcome = .exited((status >> 8) & 0xff)
            } else {
                outcome = .signalled(status & 0x7f)
            }
            done(c.job, outcome)
        }
    }

    /// Past its deadline: SIGTERM to the group; a second later, SIGKILL.
    private func enforceTimeouts() {
        let now = MonotonicClock.now()
        for i in running.indices where running[i].deadline <= now {
            if running[i].terminated {
                kill(-running[i].pid, SIGKILL)
                running[i].deadline = now + TimeSpan(microseconds: 3_600_000_000)
            } else {
                kill(-running[i].pid, SIGTERM)
                running[i].terminated = true
                running[i].deadline = now + TimeSpan(microseconds: 1_000_000)
            }
        }
    }

    private func start(_ job: Job) {
        do {
            let (pid, pidfd) = try spawn(job)
            let now = MonotonicClock.now()
            started?(job, job.eventTime.map { now - $0 })
            running.append(Child(pid: pid, pidfd: pidfd, job: job, deadline: now + timeout))
        } catch {
            done(job, .failedToStart(error.message))
        }
    }

    private func spawn(_ job: Job) throws(ProcessSpawn.Failure) -> (pid_t, Int32) {
        var pipeFDs: [Int32] = [-1, -1]
        if job.stdin != nil {
            // Close-on-exec from the start: no other child can inherit them meanwhile.
            guard pipe2(&pipeFDs, O_CLOEXEC) == 0 else {
                throw ProcessSpawn.Failure(message: "pipe: \(String(cString: strerror(errno)))")
            }
        }
        let pid: pid_t
        do {
            pid = try ProcessSpawn.start(job.argv, environment: job.environment,
                                         stdin: job.stdin == nil ? .null : .descriptor(pipeFDs[0]))
        } catch {
            for fd in pipeFDs where fd >= 0 { close(fd) }
            throw error
        }
        if pipeFDs[0] >= 0 { close(pipeFDs[0]) }
        if let stdin = job.stdin, pipeFDs[1] >= 0 {
            // A line is far below a pipe's buffer: written whole without waiting on the command.
            _ = fcntl(pipeFDs[1], F_SETFL, O_NONBLOCK)
            var bytes = Array(stdin.utf8)
            _ = bytes.withUnsafeMutableBytes { Glibc.write(pipeFDs[1], $0.baseAddress, $0.count) }
            close(pipeFDs[1])
        }
        let pidfd = pidfd_open(pid, 0)
        guard pidfd >= 0 else {
            // Without a pidfd (a kernel before 5.3) the exit could not be seen: wait here.
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            throw ProcessSpawn.Failure(message: "pidfd_open: \(String(cString: strerror(errno)))")
        }
        return (pid, pidfd)
    }
}
