#if canImport(Glibc)
import Glibc
#endif
import CLibinput
import Tactile

/// Input nodes appearing while running (udev's monitor, after udev has processed them, so
/// their properties and permissions are in place): reported as `.appeared(node:)` for the
/// caller to open or not.
public final class DeviceMonitor: LiveSource {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// Watches udev for input devices appearing.
    public init() throws(TactileError) {
        guard let udev = udev_new() else { throw TactileError(.unavailable, "udev_new failed") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            throw TactileError(.unavailable, "cannot listen to udev (is udevd running?)")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        udev_monitor_enable_receiving(monitor)
        self.udev = udev
        self.monitor = monitor
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    public var fd: Int32 { udev_monitor_get_fd(monitor) }
    public var nextPoll: Timestamp? { nil }

    public func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            guard let action = udev_device_get_action(device).map({ String(cString: $0) }), action == "add",
                  let node = udev_device_get_devnode(device).map({ String(cString: $0) }),
                  node.hasPrefix("/dev/input/event") else { continue }
            out.append(.appeared(node: node))
        }
        return true
    }
}
