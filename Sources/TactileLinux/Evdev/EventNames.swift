import CLibevdev
import Tactile

/// The kernel's names for event types, codes and input properties (`ABS_MT_POSITION_X`,
/// `INPUT_PROP_DIRECT`), as libevdev knows them.
public enum EventNames {
    /// `EV_ABS` for type 3; nil for a type the kernel does not define.
    /// (libevdev_event_type_get_name)
    public static func type(_ type: UInt16) -> String? {
        libevdev_event_type_get_name(UInt32(type)).map { String(cString: $0) }
    }

    /// `ABS_MT_POSITION_X` for type 3, code 53; nil when unknown. (libevdev_event_code_get_name)
    public static func code(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    /// `INPUT_PROP_DIRECT` for 1; nil when unknown. (libevdev_property_get_name)
    public static func property(_ property: UInt16) -> String? {
        libevdev_property_get_name(UInt32(property)).map { String(cString: $0) }
    }

    /// The code named `name` (`"ABS_MT_SLOT"`), with its type. (libevdev_event_code_from_code_name)
    public static func code(named name: String) -> (type: UInt16, code: UInt16)? {
        let code = libevdev_event_code_from_code_name(name)
        let type = libevdev_event_type_from_code_name(name)
        guard code >= 0, type >= 0 else { return nil }
        return (UInt16(type), UInt16(code))
    }
}
