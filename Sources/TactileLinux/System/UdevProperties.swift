#if canImport(Glibc)
import Glibc
#endif
import CLibinput
import Tactile

/// udev's properties for a device node (its hwdb matches and rules), through libudev.
public enum UdevProperties {
    /// The value of `name` for the device behind `node` (a `/dev/input/eventN`), or nil
    /// when udev does not know the device or the property.
    public static func value(_ name: String, forNode node: String) -> String? {
        var st = stat()
        guard stat(node, &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR else { return nil }
        return value(name) { udev_device_new_from_devnum($0, CChar(UInt8(ascii: "c")), st.st_rdev) }
    }

    /// The value of `name` for the device at `syspath` (a `/sys/...` folder, such as an IIO
    /// device's), or nil when udev does not know the device or the property.
    public static func value(_ name: String, forSysPath syspath: String) -> String? {
        guard syspath.hasPrefix("/sys/") else { return nil }
        return value(name) { udev_device_new_from_syspath($0, syspath) }
    }

    /// The property of the device `find` gets from a udev context.
    private static func value(_ name: String, of find: (OpaquePointer) -> OpaquePointer?) -> String? {
        guard let udev = udev_new() else { return nil }
        defer { udev_unref(udev) }
        guard let device = find(udev) else { return nil }
        defer { udev_device_unref(device) }
        return udev_device_get_property_value(device, name).map { String(cString: $0) }
    }

    /// `ACCEL_MOUNT_MATRIX` (systemd's hwdb, 60-sensor.hwdb) for an accelerometer node.
    public static func mountMatrix(forNode node: String) -> MountMatrix? {
        value("ACCEL_MOUNT_MATRIX", forNode: node).flatMap { try? MountMatrix(parsing: $0, system: true) }
    }
}
