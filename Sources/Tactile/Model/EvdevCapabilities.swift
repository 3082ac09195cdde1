/// Everything the kernel says about an evdev device: enough to re-create it with uinput
/// and to interpret its events (axis ranges, resolutions, properties).
public struct EvdevCapabilities: Hashable, Sendable {
    /// The device's bus, vendor, product and version.
    public var inputID: InputID
    /// `INPUT_PROP_*` bits that are set, ascending.
    public var properties: [UInt16]
    /// Supported codes per event type, ascending. `EV_SYN` is listed like any other type.
    public var codes: [UInt16: [UInt16]]
    /// Absolute axes by code.
    public var absinfo: [UInt16: AbsInfo]
    /// Initial LED and switch states, as evemu keeps them (`L:` and `S:` lines).
    public var ledStates: [UInt16: Int32]
    /// `EV_SW` switches and their states.
    public var switchStates: [UInt16: Int32]

    /// A device's capabilities, as read from the kernel or a recording.
    public init(
        inputID: InputID = InputID(bustype: 0, vendor: 0, product: 0, version: 0),
        properties: [UInt16] = [], codes: [UInt16: [UInt16]] = [:],
        absinfo: [UInt16: AbsInfo] = [:],
        ledStates: [UInt16: Int32] = [:], switchStates: [UInt16: Int32] = [:]
    ) {
        self.inputID = inputID; self.properties = properties; self.codes = codes
        self.absinfo = absinfo; self.ledStates = ledStates; self.switchStates = switchStates
    }

    /// Whether the device has the input property (`INPUT_PROP_*`).
    public func has(property: UInt16) -> Bool { properties.contains(property) }
    /// Whether the device reports `code` of event type `type`.
    public func has(type: UInt16, code: UInt16) -> Bool {
        if type == EventType.abs, absinfo[code] != nil { return true }
        return codes[type]?.contains(code) ?? false
    }
    /// Whether the device reports the key or button `code`.
    public func hasKey(_ code: UInt16) -> Bool { has(type: EventType.key, code: code) }
    /// Whether the device has the absolute axis `code`.
    public func hasAbs(_ code: UInt16) -> Bool { absinfo[code] != nil }
}
