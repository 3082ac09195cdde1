import Foundation
import Testing
import Tactile
import TactileBindings
@testable import TactileBindingsLinux
import TactileLinux
import TestSupport

/// The sink with real commands: they run, their failures are told with their label, and an
/// interrupted finish ends what still runs.
@Suite struct BoundActionSinkTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ label: String?, _ message: String) { lock.lock(); lines.append("\(label ?? "-"): \(message)"); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    /// A command of binding `line`, as the binder decides one.
    static func command(_ argv: [String], environment: [CommandInvocation.Variable] = [], line: Int) -> BoundAction {
        BoundAction(time: .zero, binding: line - 1, line: line,
                    effect: .command(CommandInvocation(argv: argv, environment: environment, label: "line \(line)")))
    }

    static func limits(concurrency: Int, timeout: TimeSpan) -> CommandLimits {
        var l = CommandLimits()
        l.concurrency = concurrency
        l.timeout = timeout
        return l
    }

    static func scratch() -> String {
        var template = Array("/tmp/tactile-sink-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    @Test func commandsRunAndTheirFailuresAreToldWithTheirLabel() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let heard = Heard()
        // The timeout only keeps a hung command from hanging the test.
        let sink = try BoundActionSink(dryRun: false, limits: Self.limits(concurrency: 2, timeout: .milliseconds(120_000)),
                                       verbose: false, live: false, log: heard.add)
        #expect(!sink.isDryRun)
        var actions = [
            Self.command(["/bin/sh", "-c", "printf %s \"$WHO\" > '\(dir)/out'"], environment: [.init(name: "WHO", value: "sink")], line: 1),
            Self.command(["/bin/sh", "-c", "exit 3"], line: 2),
        ]
        try sink.take(&actions)
        #expect(actions.isEmpty)
        try sink.finish(interrupted: false)
        #expect((try? String(contentsOfFile: dir + "/out", encoding: .utf8)) == "sink")
        #expect(heard.all == ["line 2: /bin/sh exited with status 3"])
    }

    @Test func anInterruptedFinishEndsWhatRunsAndDropsWhatWaits() throws {
        let heard = Heard()
        let sink = try BoundActionSink(dryRun: false, limits: Self.limits(concurrency: 1, timeout: .milliseconds(300_000)),
                                       verbose: true, live: false, log: heard.add)
        var actions = [Self.command(["/bin/sleep", "300"], line: 1), Self.command(["/bin/sleep", "300"], line: 2)]
        try sink.take(&actions)
        // The first is running (verbose tells its start), the second waits its turn.
        #expect(Waiting.until { heard.all.contains("line 1: /bin/sleep started") }, "\(heard.all)")
        // Ended, not waited for: a finish that waited would take the command's 300 s.
        let start = MonotonicClock.now()
        try sink.finish(interrupted: true)
        #expect((MonotonicClock.now() - start).seconds < 30)
        #expect(heard.all.contains("-: ending: 1 queued command(s) not run"), "\(heard.all)")
    }

    @Test func startDelaysAreInMillisecondsWithThreeDecimals() {
        #expect(BoundActionSink.milliseconds(TimeSpan(microseconds: 1042)) == "1.042")
        #expect(BoundActionSink.milliseconds(TimeSpan(microseconds: 7)) == "0.007")
        #expect(BoundActionSink.milliseconds(TimeSpan(microseconds: -500)) == "-0.500")
    }
}
