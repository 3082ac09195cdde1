#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Errors opening and reading device nodes, turned into what a person can act on.
public enum DeviceAccess {
    /// The error for a failed `open` of a device node, by errno.
    public static func openError(_ path: String, errno code: Int32) -> TactileError {
        switch code {
        case ENOENT, ENOTDIR:
            return TactileError(.noInput, file: path, "no such device (see `tactile devices`)")
        case EACCES, EPERM:
            return TactileError(.noPermission, file: path, """
                permission denied. Input devices belong to root and the `input` group: run \
                `sudo usermod -aG input $USER` and log in again, or add a udev rule such as \
                SUBSYSTEM=="input", KERNEL=="event*", GROUP="input", MODE="0660" in \
                /etc/udev/rules.d/, or run as root
                """)
        case ENODEV, ENXIO:
            return TactileError(.unavailable, file: path, "the device is gone (unplugged)")
        default:
            return TactileError(.ioError, file: path, "cannot open: \(String(cString: strerror(code)))")
        }
    }

    /// Opens a device node read-only and non-blocking, or throws the error above.
    public static func openForReading(_ path: String) throws(TactileError) -> FileDescriptor {
        do throws(Errno) {
            return try .open(path, O_RDONLY | O_NONBLOCK)
        } catch {
            throw openError(path, errno: error.rawValue)
        }
    }
}
