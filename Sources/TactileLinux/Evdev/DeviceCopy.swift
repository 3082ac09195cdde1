#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// The copy of a grabbed device that pass-through writes to (uinput): what the compositor
/// and applications read instead of the device itself.
///
/// The same ids, properties, codes and axis ranges, so libinput sees the same kind of
/// device, with three differences: the name ends in `copySuffix` (Tactile never reads its
/// own copies, and `libinput list-devices` says which is which); `ABS_MT_TOOL_TYPE` is
/// there up to `MT_TOOL_PALM` when the device lacks it (how a claimed touch is taken back);
/// and axis fuzz is 0, so the kernel passes every value on as the device gave it (the
/// device's own fuzz was applied once already).
public enum DeviceCopy {
    /// What a copy's name ends with: " (tactile)".
    public static let copySuffix = " (tactile)"

    /// Whether a device is a copy Tactile made (by its name).
    public static func isCopy(name: String) -> Bool { name.hasSuffix(copySuffix) }

    /// The copy's name for a device named `name` (kept within the kernel's 80 bytes).
    public static func name(for name: String) -> String {
        let room = 79 - copySuffix.utf8.count
        var base = name.isEmpty ? "touch device" : name
        while base.utf8.count > room { base.removeLast() }
        return base + copySuffix
    }

    /// The copy's capabilities: the device's, with a palm tool type on a multitouch
    /// (protocol B) device that has no tool type of its own.
    public static func capabilities(of caps: EvdevCapabilities) -> EvdevCapabilities {
        var copy = caps
        guard caps.absinfo[AbsCode.mtSlot] != nil else { return copy }
        if let tool = caps.absinfo[AbsCode.mtToolType] {
            if tool.maximum < MTToolType.palm {
                copy.absinfo[AbsCode.mtToolType] = AbsInfo(value: tool.value, minimum: tool.minimum, maximum: MTToolType.palm,
                                                           fuzz: 0, flat: 0, resolution: 0)
            }
        } else {
            copy.absinfo[AbsCode.mtToolType] = AbsInfo(minimum: 0, maximum: MTToolType.palm)
            var codes = copy.codes[EventType.abs] ?? []
            codes.append(AbsCode.mtToolType)
            copy.codes[EventType.abs] = codes.sorted()
        }
        return copy
    }

    /// Which panel a node belongs to, as libinput's device groups tell a tablet's pen node
    /// from another tablet's (its `libinput-device-group` udev helper): the bus and ids, and
    /// where it is plugged in without the interface (`/inputN`), which tells a panel's pen
    /// and touch nodes apart. Nodes with the same key are one panel: its pen's proximity
    /// makes its fingers palms under pass-through (`DeviceCopies`). A device that says
    /// nothing of where it is (`phys` empty) is a panel of its own.
    public static func panel(bus: UInt16, vendor: UInt16, product: UInt16, phys: String) -> String? {
        guard !phys.isEmpty else { return nil }
        var place = Substring(phys)
        if let slash = place.lastIndex(of: "/"), place[place.index(after: slash)...].hasPrefix("input") { place = place[..<slash] }
        return "\(bus):\(vendor):\(product):\(place)"
    }

    /// `panel(bus:vendor:product:phys:)` of an open device.
    public static func panel(of device: EvdevDevice) -> String? {
        let id = device.capabilities.inputID
        return panel(bus: id.bustype, vendor: id.vendor, product: id.product, phys: device.phys)
    }

    /// Whether a device is a pen and nothing else (a panel's pen node, a pen tablet): what
    /// pass-through follows for its panel's palm rejection, without copying or grabbing it.
    public static func isPen(_ caps: EvdevCapabilities) -> Bool {
        caps.kind == .other && caps.hasKey(KeyCode.btnToolPen)
    }

    /// Checks that copies can be made at all, before any device is grabbed: `/dev/uinput`
    /// opens for writing (exit 69 without uinput, 77 without permission to it).
    public static func checkUinput(_ path: String = "/dev/uinput") throws(TactileError) {
        do throws(Errno) {
            _ = try FileDescriptor.open(path, O_WRONLY | O_NONBLOCK)
        } catch {
            // The same words uinput's own failures get (`UinputDevice.error`).
            throw UinputDevice.error(errno: error.rawValue, path: path)
        }
    }

    /// Makes the copy of `device` through uinput (exit 69 without uinput, 77 without
    /// permission to it).
    public static func make(of device: EvdevDevice) throws(TactileError) -> UinputDevice {
        try UinputDevice(name: name(for: device.name), capabilities: capabilities(of: device.capabilities))
    }
}
