/// What an app sees of its input, in time order: the contacts and samples as assembled
/// (in mm and m/s²), each followed by the gesture and orientation lines it completed.
///
/// `RecognizedEvent` is what `tactile recognize` writes; an app often needs the input too
/// (a preview frame drawn where a finger lands, a pressure hint before any gesture), so
/// `Recognition` writing into `[AppEvent]`, `RecordingEvents` and `LiveAppEvents` hand on
/// both, in one stream.
public enum AppEvent: Hashable, Sendable {
    /// The contacts down after one device frame (empty: all lifted).
    case touches(TouchFrame)
    /// One accelerometer sample, before the mount matrix.
    case accel(AccelerometerSample)
    /// A gesture line.
    case gesture(GestureEvent)
    /// An orientation change.
    case orientation(OrientationEvent)

    /// When it happened: the frame's or sample's time, or the line's.
    public var time: Timestamp {
        switch self {
        case .touches(let f): f.time
        case .accel(let s): s.time
        case .gesture(let g): g.time
        case .orientation(let o): o.time
        }
    }

    /// A recognized line as an app event.
    public init(_ line: RecognizedEvent) {
        switch line {
        case .gesture(let g): self = .gesture(g)
        case .orientation(let o): self = .orientation(o)
        }
    }
}
