#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Where a binding program's actions go: printed as JSON lines (a dry run), written to a
/// virtual keyboard and pointer (built-in actions), or run as commands under a
/// `CommandRunner`'s limits. What `tactile bind` does with what its `Binder` decides, for
/// any program that binds gestures the same way.
public final class ActionSink {
    /// One action.
    public enum Action: Sendable {
        /// A dry run's line (without its newline).
        case line(String)
        /// Input events for the virtual device (`SYN_REPORT` included), and whose they are.
        case input([EvdevEvent], label: String)
        /// A command to run.
        case command(CommandRunner.Job)
    }

    /// Where a dry run's lines go (standard output); nil when actions are done.
    private let output: OutputFile?
    /// Runs the commands; nil in a dry run.
    private let runner: CommandRunner?
    /// The virtual keyboard and pointer, made by `prepareVirtualInput`.
    public private(set) var virtual: UinputDevice?
    private let verbose: Bool
    private let log: @Sendable (_ label: String?, _ message: String) -> Void

    /// A sink that prints (`dryRun`) or acts, running at most `concurrency` commands at
    /// once, each for at most `timeout`. `log` hears, with the action's label when there is
    /// one, commands that fail, are killed or time out, and with `verbose` every start
    /// (and how long after its gesture), end and input written.
    public init(dryRun: Bool, concurrency: Int, timeout: TimeSpan, verbose: Bool,
                log: @escaping @Sendable (_ label: String?, _ message: String) -> Void) throws {
        self.verbose = verbose
        self.log = log
        guard !dryRun else {
            output = try OutputFile(path: "-")
            runner = nil
            return
        }
        output = nil
        var started: (@Sendable (CommandRunner.Job, TimeSpan?) -> Void)? = nil
        if verbose {
            started = { job, delay in
                let after = delay.map { " \(Self.milliseconds($0)) ms after its gesture" } ?? ""
                log(job.label, "\(job.argv[0]) started\(after)")
            }
        }
        runner = CommandRunner(concurrency: concurrency, timeout: timeout, started: started) { job, outcome in
            switch outcome {
            case .exited(0):
                if verbose { log(job.label, "\(job.argv.joined(separator: " ")): done") }
            case .exited(let status):
                log(job.label, "\(job.argv[0]) exited with status \(status)")
            case .signalled(let signal):
                log(job.label, "\(job.argv[0]) was killed by signal \(signal)")
            case .timedOut:
                log(job.label, "\(job.argv[0]) ran past the timeout and was ended")
            case .failedToStart(let why):
                log(job.label, "could not start: \(why)")
            }
        }
    }

    /// Whether actions are printed rather than done.
    public var isDryRun: Bool { output != nil }

    /// Makes the virtual keyboard and pointer, named `name` with `capabilities`, unless this
    /// is a dry run or it exists (a configuration that gains built-in actions on reload
    /// calls it again).
    public func prepareVirtualInput(name: String, capabilities: EvdevCapabilities) throws(TactileError) {
        guard output == nil, virtual == nil else { return }
        let device = try UinputDevice(name: name, capabilities: capabilities)
        virtual = device
        log(nil, "built-in actions write to \(device.node ?? "a virtual device") (\"\(name)\")")
    }

    /// Prints or does each action, in order.
    public func take(_ actions: [Action]) throws {
        for a in actions {
            switch a {
            case .line(let text):
                try output?.write(text + "\n")
            case .input(let events, let label):
                guard output == nil else { continue }
                try virtual?.write(EvdevFrame(events: events))
                if verbose { log(label, "\(events.count) input events written") }
            case .command(let job):
                runner?.submit(job)
            }
        }
        if output != nil && !actions.isEmpty { try output?.flush() }
    }

    /// The end: the printed lines committed, or the commands run. Normally every queued
    /// command runs (each ended by its timeout); when the program was told to end
    /// (`interrupted`), running commands are ended as a timeout would end them, queued ones
    /// dropped, and none outlives it. While waiting, a `signal()` that says one arrived
    /// ends them too.
    public func finish(interrupted: Bool, signal: () -> Int32? = { nil }) throws {
        try output?.commit()
        guard let runner else { return }
        if interrupted {
            let dropped = runner.terminateAll()
            if dropped > 0 { log(nil, "ending: \(dropped) queued command(s) not run") }
        }
        // Each command ends by its timeout (and a second's grace after SIGTERM).
        while !runner.waitUntilIdle(limit: .milliseconds(100)) {
            if !interrupted, let s = signal() {
                log(nil, "signal \(s): ending the running commands")
                runner.terminateAll()
            }
        }
        runner.stop()
    }

    /// A span as milliseconds with three decimals ("1.042"), for the start delays.
    static func milliseconds(_ t: TimeSpan) -> String {
        let us = t.microseconds
        let fraction = String(abs(us % 1000))
        return "\(us < 0 && us > -1000 ? "-" : "")\(us / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
