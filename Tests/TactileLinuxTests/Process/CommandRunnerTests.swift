#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
import TestSupport
@testable import TactileLinux

/// The command runner's own loop: a command that never exits is ended at its deadline,
/// whatever it does with SIGTERM, and the runner's waits go through the base's `poll`.
@Suite struct CommandRunnerTests {
    @Test func aCommandThatNeverExitsIsEndedAtItsDeadline() throws {
        let polls = Counter()
        var system = SystemCalls.kernel
        system.poll = { fds, count, timeout in
            polls.add()
            return Glibc.poll(fds, count, timeout)
        }
        let outcomes = Outcomes()
        let runner = try CommandRunner(concurrency: 1, timeout: .milliseconds(100), system: system) { job, outcome in
            outcomes.add(job.label, outcome)
        }
        defer { runner.stop() }
        // It ignores SIGTERM, and starts a new sleep whenever one is ended: only SIGKILL to
        // its process group, a second after the SIGTERM, ends it.
        runner.submit(CommandRunner.Job(argv: ["/bin/sh", "-c", "trap '' TERM; while :; do sleep 1; done"], label: "stubborn"))
        runner.submit(CommandRunner.Job(argv: ["/bin/sleep", "300"], label: "sleeper"))
        #expect(runner.waitUntilIdle(limit: .seconds(Waiting.patience)))
        #expect(outcomes.all == ["stubborn: timedOut", "sleeper: timedOut"])
        #expect(polls.value > 0)
    }
}

private final class Outcomes: @unchecked Sendable {
    private let monitor = Monitor()
    private var list: [String] = []
    func add(_ label: String, _ outcome: CommandRunner.Outcome) { monitor.locked { list.append("\(label): \(outcome)") } }
    var all: [String] { monitor.locked { list } }
}

private final class Counter: @unchecked Sendable {
    private let monitor = Monitor()
    private var count = 0
    func add() { monitor.locked { count += 1 } }
    var value: Int { monitor.locked { count } }
}
