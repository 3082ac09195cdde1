/// The kernel's names for event types, codes and input properties (`EV_ABS`,
/// `ABS_MT_POSITION_X`, `INPUT_PROP_DIRECT`), both ways, without libevdev: the table is
/// generated from `linux/input-event-codes.h` by `tools/gen-event-names`.
public enum EventCodeNames {
    /// A lookup of `pairs` where the first pair of a key wins: the table lists a code's
    /// first name in the header before its aliases.
    private static func firstOfEach<K: Hashable, V>(_ pairs: some Sequence<(K, V)>) -> [K: V] {
        Dictionary(pairs.map { $0 }, uniquingKeysWith: { first, _ in first })
    }

    private static func key(_ type: UInt16, _ code: UInt16) -> UInt32 { UInt32(type) << 16 | UInt32(code) }

    private static let typeNames = firstOfEach(EventCodeNameTable.types.lazy.map { ($0.1, $0.0) })
    private static let typesByName = firstOfEach(EventCodeNameTable.types)
    private static let codeNames = firstOfEach(EventCodeNameTable.codes.lazy.map { (key($0.1, $0.2), $0.0) })
    private static let codesByName = firstOfEach(EventCodeNameTable.codes.lazy.map { ($0.0, (type: $0.1, code: $0.2)) })
    private static let propertyNames = firstOfEach(EventCodeNameTable.properties.lazy.map { ($0.1, $0.0) })
    private static let propertiesByName = firstOfEach(EventCodeNameTable.properties)

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
