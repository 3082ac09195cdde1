/// The kernel's names for event types, codes and input properties (`EV_ABS`,
/// `ABS_MT_POSITION_X`, `INPUT_PROP_DIRECT`), both ways, without libevdev: the table is
/// generated from `linux/input-event-codes.h` by `tools/gen-event-names`.
public enum EventCodeNames {
    private static let typeNames: [UInt16: String] = {
        var d: [UInt16: String] = [:]
        for (name, type) in EventCodeNameTable.types where d[type] == nil { d[type] = name }
        return d
    }()
    private static let typesByName: [String: UInt16] = Dictionary(
        EventCodeNameTable.types.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
    private static let codeNames: [UInt32: String] = {
        var d: [UInt32: String] = [:]
        for (name, type, code) in EventCodeNameTable.codes where d[key(type, code)] == nil { d[key(type, code)] = name }
        return d
    }()
    private static let codesByName: [String: (type: UInt16, code: UInt16)] = {
        var d: [String: (type: UInt16, code: UInt16)] = [:]
        for (name, type, code) in EventCodeNameTable.codes where d[name] == nil { d[name] = (type, code) }
        return d
    }()
    private static let propertyNames: [UInt16: String] = {
        var d: [UInt16: String] = [:]
        for (name, p) in EventCodeNameTable.properties where d[p] == nil { d[p] = name }
        return d
    }()
    private static let propertiesByName: [String: UInt16] = Dictionary(
        EventCodeNameTable.properties.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })

    private static func key(_ type: UInt16, _ code: UInt16) -> UInt32 { UInt32(type) << 16 | UInt32(code) }

    /// `EV_ABS` for 3; nil for a type the kernel does not name.
    public static func type(_ type: UInt16) -> String? { typeNames[type] }
    /// 3 for `EV_ABS`.
    public static func type(named name: some StringProtocol) -> UInt16? { typesByName[String(name)] }
    /// `ABS_MT_POSITION_X` for type 3, code 0x35; nil when the kernel names none.
    public static func code(type: UInt16, code: UInt16) -> String? { codeNames[key(type, code)] }
    /// The type and code a name stands for (`BTN_TOUCH`: 1, 0x14a).
    public static func code(named name: some StringProtocol) -> (type: UInt16, code: UInt16)? { codesByName[String(name)] }
    /// `INPUT_PROP_DIRECT` for 1.
    public static func property(_ property: UInt16) -> String? { propertyNames[property] }
    /// 1 for `INPUT_PROP_DIRECT`.
    public static func property(named name: some StringProtocol) -> UInt16? { propertiesByName[String(name)] }
}
