/// What a device is, as the trace header names it.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    /// A touch surface over a display: positions are on the screen.
    case touchscreen
    /// A touch surface beside the display: positions move a pointer.
    case touchpad
    /// A sensor of specific force, for orientation.
    case accelerometer
    /// Anything else (a pen tablet without touch, a keyboard): recorded and replayed, not recognized.
    case other
}
