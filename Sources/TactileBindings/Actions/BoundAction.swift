import Tactile
import TactileJSON

/// What a binding decided at a moment: for which binding, and its effect: a command to run
/// (a `CommandInvocation`, the form the command runner takes as it is) or a built-in
/// action's events for the virtual keyboard and pointer.
public struct BoundAction: Sendable, Hashable {
    /// When its gesture or orientation change happened.
    public var time: Timestamp
    /// The binding's index in the configuration, and its line there.
    public var binding: Int
    /// The binding's line.
    public var line: Int
    /// What it does.
    public var effect: Effect

    /// What a binding does: run a command, or write a built-in action's events.
    public enum Effect: Sendable, Hashable {
        /// A command to run, in the form the command runner takes it.
        case command(CommandInvocation)
        /// A built-in action's events (`SYN_REPORT` included), for the virtual device.
        case input([EvdevEvent])
        /// Under pass-through: the touches down on this device now, and those that land
        /// before they all lift, are the gesture's; applications see them cancelled.
        case claim(device: Int)
    }

    /// An action of binding `binding` (at `line`), for what happened at `time`.
    public init(time: Timestamp, binding: Int, line: Int, effect: Effect) {
        self.time = time; self.binding = binding; self.line = line; self.effect = effect
    }

    /// One JSON line: what `tactile bind --dry-run` prints.
    public var jsonLine: String {
        var out = JSONOutput(capacity: 256)
        out.raw("{\"t\":")
        out.seconds(time.microseconds)
        out.raw(",\"line\":")
        out.int(Int64(line))
        switch effect {
        case .input(let input):
            // The events as the kernel names them, each [name, value], frames ended by
            // SYN_REPORT: what the virtual device is given, in order.
            out.raw(",\"input\":[")
            for (i, e) in input.enumerated() {
                if i > 0 { out.byte(0x2c) }
                out.byte(0x5b)
                out.string(EventCodeNames.code(type: e.type, code: e.code) ?? "\(e.type):\(e.code)")
                out.byte(0x2c)
                out.int(Int64(e.value))
                out.byte(0x5d)
            }
            out.raw("]}")
        case .command(let command):
            write(command, into: &out)
        case .claim(let device):
            out.raw(",\"claim\":{\"device\":")
            out.int(Int64(device))
            out.raw("}}")
        }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private func write(_ command: CommandInvocation, into out: inout JSONOutput) {
        out.raw(",\"argv\":[")
        for (i, a) in command.argv.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.string(a)
        }
        out.raw("],\"env\":{")
        for (i, v) in command.environment.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.string(v.name)
            out.byte(0x3a)
            out.string(v.value)
        }
        out.byte(0x7d)
        if let stdin = command.stdin {
            out.raw(",\"stdin\":")
            out.string(stdin)
        }
        out.byte(0x7d)
    }
}
