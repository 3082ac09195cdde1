import TactileJSON
/// One output line: a gesture, or an orientation change.
public enum RecognizedEvent: Hashable, Sendable {
    /// A gesture line.
    case gesture(GestureEvent)
    /// An orientation line.
    case orientation(OrientationEvent)

    /// When it happened.
    public var time: Timestamp {
        switch self {
        case .gesture(let g): return g.time
        case .orientation(let o): return o.time
        }
    }

    /// Writes the line in the output format, without its newline.
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

    /// The line in the output format.
    public var jsonLine: String {
        switch self {
        case .gesture(let g): return g.jsonLine
        case .orientation(let o): return o.jsonLine
        }
    }

    /// The gesture, if it is one.
    public var gesture: GestureEvent? {
        switch self {
        case .gesture(let g): g
        case .orientation: nil
        }
    }

    /// The orientation change, if it is one.
    public var orientation: OrientationEvent? {
        switch self {
        case .orientation(let o): o
        case .gesture: nil
        }
    }
}
