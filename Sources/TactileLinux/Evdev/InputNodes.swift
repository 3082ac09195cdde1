#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// The evdev nodes of the system: `/dev/input/eventN`, in N order.
public enum InputNodes {
    public static func all(directory: String = "/dev/input") -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var numbers: [Int] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
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
