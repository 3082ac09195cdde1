/// One input event of a device: a touch frame (contacts in mm), an accelerometer sample,
/// or one raw evdev frame (the events up to a `SYN_REPORT`) still to be assembled. What
/// every source gives, whatever the format or device; a trace writes one per line.
public enum InputEvent: Hashable, Sendable {
    /// The contacts down after one frame, in mm.
    case touches(TouchFrame)
    /// One accelerometer sample, m/s².
    case accel(AccelerometerSample)
    /// One raw kernel frame of `device`, still to be assembled.
    case evdev(device: Int, frame: EvdevFrame)

    /// When it happened.
    @inlinable public var time: Timestamp {
        switch self {
        case .touches(let f): return f.time
        case .accel(let s): return s.time
        case .evdev(_, let frame): return frame.time
        }
    }
    /// The device it came from.
    @inlinable public var device: Int {
        switch self {
        case .touches(let f): return f.device
        case .accel(let s): return s.device
        case .evdev(let d, _): return d
        }
    }
}

/// The name before the event model was named for what it is.
@available(*, deprecated, renamed: "InputEvent")
public typealias TraceEvent = InputEvent
/// The name before the event model was named for what it is.
@available(*, deprecated, renamed: "InputDevices")
public typealias TraceHeader = InputDevices
