/// One output line: a gesture, or an orientation change.
public enum RecognizedEvent: Hashable, Sendable {
    case gesture(GestureEvent)
    case orientation(OrientationEvent)

    public var time: Timestamp {
        switch self {
        case .gesture(let g): return g.time
        case .orientation(let o): return o.time
        }
    }

    public func encode(into out: inout JSONOutput) {
        switch self {
        case .gesture(let g): g.encode(into: &out)
        case .orientation(let o): o.encode(into: &out)
        }
    }

    /// As `encode(into:)`, and the newline after it; a gesture line copies what it shares
    /// with the last one from `memo` (see `GestureLineMemo`).
    public func encodeLine(into out: inout JSONOutput, memo: inout GestureLineMemo) {
        switch self {
        case .gesture(let g): g.encodeLine(into: &out, memo: &memo)
        case .orientation(let o):
            o.encode(into: &out)
            out.byte(0x0a)
        }
    }

    public var jsonLine: String {
        switch self {
        case .gesture(let g): return g.jsonLine
        case .orientation(let o): return o.jsonLine
        }
    }

    public var gesture: GestureEvent? {
        if case .gesture(let g) = self { return g }
        return nil
    }
    public var orientation: OrientationEvent? {
        if case .orientation(let o) = self { return o }
        return nil
    }
}
