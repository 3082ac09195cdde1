import Tactile
import TactileJSON

/// What a binding does: a command to run (when, for which binding, with what argv,
/// environment and input), or, for a built-in action, the events to write to the virtual
/// keyboard and pointer.
public struct BoundAction: Sendable, Hashable {
    /// When its gesture or orientation change happened.
    public var time: Timestamp
    /// The binding's index in the configuration, and its line there.
    public var binding: Int
    /// The binding's line.
    public var line: Int
    /// What to run.
    public var argv: [String]
    /// The `TACTILE_*` variables, in `Placeholder` order (added to the inherited environment).
    public var environment: [Variable]
    /// What the command reads on standard input, when the binding asks for the JSON line.
    public var stdin: String?
    /// A built-in action's events (`SYN_REPORT` included), for the virtual device; empty
    /// for a command (and then `argv` is not).
    public var input: [EvdevEvent] = []

    /// One `TACTILE_*` variable.
    public struct Variable: Sendable, Hashable {
        public var name: String
        /// Its value.
        public var value: String
    }

    /// One JSON line: what `tactile bind --dry-run` prints.
    public var jsonLine: String {
        var out = JSONOutput(capacity: 256)
        out.raw("{\"t\":")
        out.seconds(time.microseconds)
        out.raw(",\"line\":")
        out.int(Int64(line))
        if !input.isEmpty {
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
            return String(decoding: out.bytes, as: UTF8.self)
        }
        out.raw(",\"argv\":[")
        for (i, a) in argv.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.string(a)
        }
        out.raw("],\"env\":{")
        for (i, v) in environment.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.string(v.name)
            out.byte(0x3a)
            out.string(v.value)
        }
        out.byte(0x7d)
        if let stdin {
            out.raw(",\"stdin\":")
            out.string(stdin)
        }
        out.byte(0x7d)
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
