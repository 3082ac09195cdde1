#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// The evdev nodes of the system: `/dev/input/eventN`, in N order.
public enum InputNodes {
    /// Every `eventN` node in `directory`, in number order.
    public static func all(directory: String = "/dev/input") -> [String] {
        var numbers: [Int] = []
        for name in DirectoryEntries.names(in: directory) {
            if name.hasPrefix("event"), let n = Int(name.dropFirst(5)) { numbers.append(n) }
        }
        return numbers.sorted().map { "\(directory)/event\($0)" }
    }

    /// Whether a device is one Tactile reads: a touchscreen, touchpad or accelerometer.
    public static func isTouchOrMotion(_ d: DeviceDescription) -> Bool {
        switch d.kind {
        case .touchscreen, .touchpad, .accelerometer: return true
        case .other: return false
        }
    }
}
