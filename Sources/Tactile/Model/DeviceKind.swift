/// What a device is, as the trace header names it.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    case touchscreen
    case touchpad
    case accelerometer
    case other
}
