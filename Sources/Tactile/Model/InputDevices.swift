/// The devices a stream of input events refers to (by `id`), and the absolute time of
/// `t = 0`. Every source gives one: a trace's first line, an evemu description, a `libinput
/// record` header, the live devices found.
public struct InputDevices: Hashable, Sendable {
    /// The devices, in the order the source lists them.
    public var devices: [DeviceDescription]
    /// The absolute time of `t = 0` (for example the kernel time of the first event of an
    /// evemu recording), so converting back restores the original timestamps.
    public var origin: Timestamp?

    /// The devices of one source; `origin` is the kernel time of the recording's start, when known.
    public init(devices: [DeviceDescription], origin: Timestamp? = nil) {
        self.devices = devices; self.origin = origin
    }

    /// The device with this id.
    public func device(_ id: Int) -> DeviceDescription? { devices.first { $0.id == id } }

    /// The kind of device `id`, read in place: what every decoded line checks, without
    /// copying the description (its name and evdev tables) to read one field.
    public func kind(of id: Int) -> DeviceKind? {
        devices.withUnsafeBufferPointer { b in
            for i in b.indices where b[i].id == id { return b[i].kind }
            return nil
        }
    }
}
