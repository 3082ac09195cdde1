import Tactile
import TactileBindings
import TactileLinux

/// Where a binder's actions go on a running system: printed as JSON lines (a dry run), a
/// built-in action's events written to the virtual keyboard and pointer, or run as commands
/// under the configuration's limits. `BoundAction`s fed to TactileLinux's `ActionSink`.
public final class BoundActionSink {
    /// The virtual device's name, as `libinput list-devices` and desktops show it.
    public static let virtualName = "tactile bind virtual input"

    private let sink: ActionSink
    /// Live actions carry their gesture's kernel time, to say how long after it each
    /// command started.
    private let live: Bool
    private var items: [ActionSink.Action] = []

    /// A sink that prints (`dryRun`) or acts within `limits`. `log` hears, with the
    /// binding's line as its label when there is one, what fails (and, `verbose`, all
    /// that runs); `live` when actions come from live input, with kernel times.
    public init(dryRun: Bool, limits: CommandLimits, verbose: Bool, live: Bool,
                log: @escaping @Sendable (_ label: String?, _ message: String) -> Void) throws {
        self.live = live
        sink = try ActionSink(dryRun: dryRun, concurrency: limits.concurrency, timeout: limits.timeout, verbose: verbose, log: log)
    }

    /// Whether actions are printed rather than done.
    public var isDryRun: Bool { sink.isDryRun }

    /// Makes the virtual keyboard and pointer when `config` has built-in actions and none
    /// exists yet (at the start, and after a reload that adds them).
    public func prepare(for config: BindingConfig) throws {
        guard config.bindings.contains(where: { $0.input != nil }) else { return }
        try sink.prepareVirtualInput(name: Self.virtualName, capabilities: InputAction.capabilities)
    }

    /// Prints or does each action, in order, and empties `actions` (keeping its storage).
    public func take(_ actions: inout [BoundAction]) throws {
        items.removeAll(keepingCapacity: true)
        for a in actions {
            if sink.isDryRun {
                items.append(.line(a.jsonLine))
            } else if !a.input.isEmpty {
                items.append(.input(a.input, label: "line \(a.line)"))
            } else {
                items.append(.command(CommandRunner.Job(argv: a.argv, environment: a.environment.map { "\($0.name)=\($0.value)" },
                                                        stdin: a.stdin, label: "line \(a.line)", eventTime: live ? a.time : nil)))
            }
        }
        try sink.take(items)
        actions.removeAll(keepingCapacity: true)
    }

    /// The end (`ActionSink.finish`): the printed lines committed or the commands run; a
    /// `signal()` while waiting ends the commands too.
    public func finish(interrupted: Bool, signal: () -> Int32? = { nil }) throws {
        try sink.finish(interrupted: interrupted, signal: signal)
    }
}
