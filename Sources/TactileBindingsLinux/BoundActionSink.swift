import Tactile
import TactileBindings
import TactileLinux

/// Where a binder's actions go on a running system: printed as JSON lines (a dry run), a
/// built-in action's events written to the virtual keyboard and pointer, or run as commands
/// under the configuration's limits (a `CommandRunner`, which takes each action's
/// `CommandInvocation` as it is).
public final class BoundActionSink {
    /// The virtual device's name, as `libinput list-devices` and desktops show it.
    public static let virtualName = "tactile bind virtual input"

    /// Where a dry run's lines go (standard output); nil when actions are done.
    private let output: OutputFile?
    /// Runs the commands; nil in a dry run.
    private let runner: CommandRunner?
    /// The virtual keyboard and pointer, made by `prepare(for:)`.
    public private(set) var virtual: UinputDevice?
    /// Live actions carry their gesture's kernel time, to say how long after it each
    /// command started.
    private let live: Bool
    private let verbose: Bool
    private let log: @Sendable (_ label: String?, _ message: String) -> Void

    /// A sink that prints (`dryRun`) or acts within `limits`. `log` hears, with the
    /// binding's line as its label when there is one, what fails (commands that fail, are
    /// killed or time out) and, `verbose`, all that runs (each start and how long after its
    /// gesture, each end, the input written); `live` when actions come from live input,
    /// with kernel times.
    public init(dryRun: Bool, limits: CommandLimits, verbose: Bool, live: Bool,
                log: @escaping @Sendable (_ label: String?, _ message: String) -> Void) throws {
        self.live = live
        self.verbose = verbose
        self.log = log
        guard !dryRun else {
            output = try OutputFile(path: "-")
            runner = nil
            return
        }
        output = nil
        var started: (@Sendable (CommandInvocation, TimeSpan?) -> Void)? = nil
        if verbose {
            started = { command, delay in
                let after = delay.map { " \(Self.milliseconds($0)) ms after its gesture" } ?? ""
                log(command.label, "\(command.argv[0]) started\(after)")
            }
        }
        runner = try CommandRunner(concurrency: limits.concurrency, timeout: limits.timeout, started: started) { command, outcome in
            switch outcome {
            case .exited(0):
                if verbose { log(command.label, "\(command.argv.joined(separator: " ")): done") }
            case .exited(let status):
                log(command.label, "\(command.argv[0]) exited with status \(status)")
            case .signalled(let signal):
                log(command.label, "\(command.argv[0]) was killed by signal \(signal)")
            case .timedOut:
                log(command.label, "\(command.argv[0]) ran past the timeout and was ended")
            case .failedToStart(let why):
                log(command.label, "could not start: \(why)")
            }
        }
    }

    /// Whether actions are printed rather than done.
    public var isDryRun: Bool { output != nil }

    /// Makes the virtual keyboard and pointer when `config` has built-in actions and none
    /// exists yet (at the start, and after a reload that adds them); not in a dry run.
    public func prepare(for config: BindingConfig) throws {
        guard output == nil, virtual == nil, config.bindings.contains(where: { $0.input != nil }) else { return }
        let device = try UinputDevice(name: Self.virtualName, capabilities: InputAction.capabilities)
        virtual = device
        log(nil, "built-in actions write to \(device.node ?? "a virtual device") (\"\(Self.virtualName)\")")
    }

    /// Prints or does each action, in order, and empties `actions` (keeping its storage).
    public func take(_ actions: inout [BoundAction]) throws {
        for a in actions {
            if let output {
                try output.write(a.jsonLine + "\n")
                continue
            }
            switch a.effect {
            case .input(let events):
                try virtual?.write(EvdevFrame(events: events))
                if verbose { log("line \(a.line)", "\(events.count) input events written") }
            case .command(var command):
                // A recording's times are not the clock the command starts on.
                if !live { command.eventTime = nil }
                runner?.submit(command)
            case .claim:
                // The session's pass-through takes claims before they reach the sink; without
                // one a claim has nothing to do.
                break
            }
        }
        if let output, !actions.isEmpty { try output.flush() }
        actions.removeAll(keepingCapacity: true)
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
