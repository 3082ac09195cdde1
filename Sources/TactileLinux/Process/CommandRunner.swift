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
    /// One command to run: the binder's own value, run as it is.
    public typealias Job = CommandInvocation

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
    private let wakeUp: EventFD
    private let system: SystemCalls
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
        var process: ChildProcess
        var job: Job
        var deadline: Timestamp
        var terminated = false
    }

    /// `finished` is called on the runner's thread for every job, with how it ended;
    /// `started`, when given, as each starts, with the time since its `eventTime`.
    /// Fails only when no eventfd can be made for its wake-up (no descriptor left).
    public init(concurrency: Int, timeout: TimeSpan, system: SystemCalls = .kernel,
                started: (@Sendable (Job, TimeSpan?) -> Void)? = nil,
                finished: @escaping @Sendable (Job, Outcome) -> Void) throws(TactileError) {
        self.concurrency = max(1, concurrency)
        self.timeout = timeout
        self.started = started
        self.finished = finished
        self.system = system
        wakeUp = try EventFD(system: system)
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
        wakeUp.raise()
    }

    // MARK: The runner's thread

    private func loop() {
        var fds = PollSet(system: system)
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
            fds.removeAll()
            let woken = fds.add(wakeUp.fd)
            for c in running { fds.add(c.process.exit.rawValue) }
            do throws(Errno) {
                try fds.wait(until: running.map(\.deadline).min())
            } catch {
                // poll fails only on a bad argument (a pidfd closed under it): a bug. Said,
                // and the children are still ended at their deadlines, a poll later.
                assertionFailure("CommandRunner: poll: \(error)")
                MonotonicClock.sleep(until: MonotonicClock.now() + .milliseconds(10))
                continue
            }
            if fds.isReady(woken) { wakeUp.clear() }
            reap(ready: fds)
            enforceTimeouts()
        }
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

    private func reap(ready fds: PollSet) {
        var i = 0
        var index = 1
        while i < running.count {
            defer { index += 1 }
            guard fds.isReady(index) else { i += 1; continue }
            let c = running[i]
            guard let status = c.process.reap(waiting: false) else { i += 1; continue }
            running.remove(at: i)
            let outcome: Outcome
            switch status {
            case _ where c.terminated: outcome = .timedOut
            case .exited(let s): outcome = .exited(s)
            case .signalled(let s): outcome = .signalled(s)
            }
            done(c.job, outcome)
        }
    }

    /// Past its deadline: SIGTERM to the group; a second later, SIGKILL.
    private func enforceTimeouts() {
        let now = MonotonicClock.now()
        for i in running.indices where running[i].deadline <= now {
            if running[i].terminated {
                running[i].process.signal(SIGKILL)
                running[i].deadline = now + TimeSpan(microseconds: 3_600_000_000)
            } else {
                running[i].process.signal(SIGTERM)
                running[i].terminated = true
                running[i].deadline = now + TimeSpan(microseconds: 1_000_000)
            }
        }
    }

    private func start(_ job: Job) {
        do {
            let process = try spawn(job)
            let now = MonotonicClock.now()
            started?(job, job.eventTime.map { now - $0 })
            running.append(Child(process: process, job: job, deadline: now + timeout))
        } catch {
            done(job, .failedToStart(error.message))
        }
    }

    private func spawn(_ job: Job) throws(ProcessSpawn.Failure) -> ChildProcess {
        guard let stdin = job.stdin else {
            return try watch(ProcessSpawn.start(job.argv, environment: job.environment.map(\.entry), stdin: .null))
        }
        var pipe: Pipe
        do throws(Errno) { pipe = try Pipe(system: system) } catch { throw ProcessSpawn.Failure(message: "pipe: \(error)") }
        let pid = try ProcessSpawn.start(job.argv, environment: job.environment.map(\.entry), stdin: .descriptor(pipe.readEnd?.rawValue ?? -1))
        pipe.readEnd = nil  // the child has its copy
        let process = try watch(pid)
        if let end = pipe.writeEnd {
            // A line is far below a pipe's buffer: written whole without waiting on the
            // command. A command that exits without reading it is not an error of ours.
            try? end.setNonBlocking()
            let bytes = Array(stdin.utf8)
            _ = bytes.withUnsafeBytes { try? end.write($0) }
        }
        return process
    }

    private func watch(_ pid: pid_t) throws(ProcessSpawn.Failure) -> ChildProcess {
        do throws(Errno) {
            return try ChildProcess(pid: pid)
        } catch {
            throw ProcessSpawn.Failure(message: "pidfd_open: \(error)")
        }
    }
}
