import TactileJSON
/// The lines a subscription server writes besides recognized lines, each one JSON object
/// on its own line, with a member no gesture or orientation line has, so a client tells
/// them apart by their first key (docs/service.md).
public enum SubscriptionNotice: Hashable, Sendable {
    /// The filter was accepted (written back in full): lines follow.
    case subscribed(SubscriptionFilter)
    /// `count` lines that matched were not sent: the client fell behind by more than its
    /// backlog. Sent before the next line it does get.
    case missed(Int)
    /// The client is refused (a bad filter, too many clients, a line too long); the server
    /// closes the connection after it.
    case error(String)
    /// The input ended (a recording played to its end): the server closes after it.
    case end
    /// A device is there (for a filter with `"describe":true`): one for each device present
    /// when the client subscribes, then one as each is added. The description is written
    /// as a trace header writes it (docs/trace-format.md); `node` is its `/dev/input`
    /// path, nil for a recording's.
    case device(DeviceDescription, node: String?)
    /// Device `id` went away (for a filter with `"describe":true`).
    case removed(Int)

    /// Appends the line, newline included.
    public func encodeLine(into out: inout JSONOutput) {
        switch self {
        case .subscribed(let filter):
            out.raw("{\"subscribed\":")
            filter.encode(into: &out)
            out.raw("}")
        case .missed(let n):
            out.raw("{\"missed\":")
            out.int(n)
            out.raw("}")
        case .error(let message):
            out.raw("{\"error\":")
            out.string(message)
            out.raw("}")
        case .end:
            out.raw("{\"end\":true}")
        case .device(let d, let node):
            out.raw("{\"device\":")
            d.encode(into: &out)
            if let node {
                out.key("node")
                out.string(node)
            }
            out.raw("}")
        case .removed(let id):
            out.raw("{\"removed\":")
            out.int(id)
            out.raw("}")
        }
        out.byte(0x0a)
    }

    /// The line as bytes, newline included.
    public var line: [UInt8] {
        var out = JSONOutput(capacity: 128)
        encodeLine(into: &out)
        return out.bytes
    }
}
