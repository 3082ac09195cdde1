/// A program to run, as a binding decided it: argv (no shell), the `TACTILE_*` variables,
/// what it reads on standard input, and what it answers. `tactile bind` hands this one
/// value from its binder to the process it starts (TactileLinux's `CommandRunner` runs it
/// as it is); the C argv and environment are made from it only at the spawn.
public struct CommandInvocation: Sendable, Hashable {
    /// The program and its arguments, run without a shell (the program found on `PATH`).
    public var argv: [String]
    /// Variables added to (and overriding) the inherited environment, in order.
    public var environment: [Variable]
    /// Written to the command's standard input, then closed; nil: `/dev/null`.
    public var stdin: String?
    /// How messages name it (a binding's line: "line 12").
    public var label: String
    /// When what it answers happened (a live event's `CLOCK_MONOTONIC` time), to say how
    /// long after it the command started; nil when that means nothing (a recording).
    public var eventTime: Timestamp?

    /// One environment variable.
    public struct Variable: Sendable, Hashable {
        /// Its name (`TACTILE_GESTURE`).
        public var name: String
        /// Its value.
        public var value: String

        /// `name` set to `value`.
        public init(name: String, value: String) { self.name = name; self.value = value }

        /// `NAME=value`, as the C environment holds it.
        public var entry: String { name + "=" + value }
    }

    /// A command; `label` names it in messages, `eventTime` is when its gesture happened.
    public init(argv: [String], environment: [Variable] = [], stdin: String? = nil, label: String, eventTime: Timestamp? = nil) {
        self.argv = argv; self.environment = environment; self.stdin = stdin; self.label = label
        self.eventTime = eventTime
    }
}
