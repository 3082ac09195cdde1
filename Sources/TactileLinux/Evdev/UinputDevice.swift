#if canImport(Glibc)
import Glibc
#endif
import CLibevdev
import Tactile

/// A virtual kernel input device made through libevdev's uinput API, from a trace's
/// description; events written to it reach readers exactly as a real device's would.
public final class UinputDevice {
    private let uidev: OpaquePointer
    private let dev: OpaquePointer
    /// `/dev/input/eventN`, once udev (or devtmpfs) made it.
    public let node: String?

    /// Creates the device. Axis fuzz is set to 0 so the kernel passes every value through
    /// unchanged (with fuzz it would smooth them and the replay would not be exact).
    public init(name: String, capabilities caps: EvdevCapabilities) throws(TactileError) {
        guard let dev = libevdev_new() else { throw TactileError(.software, "libevdev_new failed") }
        libevdev_set_name(dev, name.isEmpty ? "tactile replay" : name)
        libevdev_set_id_bustype(dev, Int32(caps.inputID.bustype))
        libevdev_set_id_vendor(dev, Int32(caps.inputID.vendor))
        libevdev_set_id_product(dev, Int32(caps.inputID.product))
        libevdev_set_id_version(dev, Int32(caps.inputID.version))
        for p in caps.properties { _ = libevdev_enable_property(dev, UInt32(p)) }
        for (type, codes) in caps.codes.sorted(by: { $0.key < $1.key }) {
            _ = libevdev_enable_event_type(dev, UInt32(type))
            for code in codes {
                if type == EventType.abs {
                    let a = caps.absinfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
                    var info = input_absinfo(value: a.value, minimum: a.minimum, maximum: a.maximum,
                                             fuzz: 0, flat: a.flat, resolution: a.resolution)
                    _ = libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &info)
                } else if type == UInt16(EV_REP) {
                    var v: Int32 = 0
                    _ = libevdev_enable_event_code(dev, UInt32(type), UInt32(code), &v)
                } else {
                    _ = libevdev_enable_event_code(dev, UInt32(type), UInt32(code), nil)
                }
            }
        }
        var uidev: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uidev)
        guard rc == 0, let uidev else {
            libevdev_free(dev)
            throw Self.error(errno: -rc)
        }
        self.dev = dev
        self.uidev = uidev
        node = libevdev_uinput_get_devnode(uidev).map { String(cString: $0) }
    }

    /// What a failed open of /dev/uinput (or a device made through it) means, by errno:
    /// 69 without the module, 77 without permission.
    public static func error(errno code: Int32, path: String = "/dev/uinput") -> TactileError {
        switch code {
        case ENOENT, ENODEV, ENXIO:
            return TactileError(.unavailable, file: path, "no uinput: load the module (`modprobe uinput`)")
        case EACCES, EPERM:
            return TactileError(.noPermission, file: path, "permission denied: uinput needs root (or a udev rule giving your group /dev/uinput)")
        default:
            return TactileError(.unavailable, file: path, "cannot create the device: \(String(cString: strerror(code)))")
        }
    }

    deinit {
        libevdev_uinput_destroy(uidev)
        libevdev_free(dev)
    }

    /// Writes one frame's events (the frame's own `SYN_REPORT` included) back to back.
    public func write(_ frame: EvdevFrame) throws(TactileError) {
        try write(frame.events)
    }

    /// Writes events back to back, as they are (the caller ends frames with `SYN_REPORT`).
    public func write(_ events: [EvdevEvent]) throws(TactileError) {
        for e in events {
            let rc = libevdev_uinput_write_event(uidev, UInt32(e.type), UInt32(e.code), e.value)
            if rc < 0 { throw TactileError(.ioError, file: node ?? "/dev/uinput", "write failed: \(String(cString: strerror(-rc)))") }
        }
    }
}
