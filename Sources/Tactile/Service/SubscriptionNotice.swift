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
