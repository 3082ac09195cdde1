/// A device as a trace describes it: who it is, what kind, and how big.
///
/// `kind`, `size` and `pressure` are what the recognizers need. `evdev` is present when
/// the device was recorded from the kernel; it carries what uinput needs to re-create it.
public struct DeviceDescription: Hashable, Sendable {
    /// The device id events refer to (`dev` in a trace).
    public var id: Int
    /// The device's name, as the kernel gives it.
    public var name: String
    /// What the device is, and so which recognizers it gets.
    public var kind: DeviceKind
    /// The touch surface in millimetres, for touch devices.
    public var size: Size?
    /// Whether contacts carry pressure.
    public var pressure: Bool
    /// How many contacts the device tracks on its own (its slot count), when known.
    public var slots: Int?
    /// `INPUT_PROP_SEMI_MT`: two slots give the bounding box of the fingers, not the fingers.
    public var semiMT: Bool
    /// How `size` was found: `resolution` from the kernel, or a documented fallback.
    public var sizeSource: SizeSource?
    /// What uinput needs to re-create the device (ids, properties, codes, axes); nil when not recorded from evdev.
    public var evdev: EvdevCapabilities?
    /// The capabilities were guessed from the device's events (a getevent capture without
    /// its `-p` description), not read from the kernel: ranges are at least what was seen.
    public var inferred = false

    /// A device; only `id`, `name` and `kind` are needed.
    public init(
        id: Int, name: String, kind: DeviceKind, size: Size? = nil, pressure: Bool = false,
        slots: Int? = nil, semiMT: Bool = false, sizeSource: SizeSource? = nil,
        evdev: EvdevCapabilities? = nil
    ) {
        self.id = id; self.name = name; self.kind = kind; self.size = size
        self.pressure = pressure; self.slots = slots; self.semiMT = semiMT
        self.sizeSource = sizeSource; self.evdev = evdev
    }

    /// Where a device's size in millimetres came from.
    public enum SizeSource: String, Hashable, Sendable {
        /// Axis range divided by the kernel's resolution.
        case resolution
        /// The device gave no resolution; see `DeviceGeometry` for the assumption.
        case assumed
        /// Given by the user (`--size`) or by the trace.
        case given
        /// The display's size in a getevent capture (`wm size` over `wm density`): a
        /// touchscreen without a resolution spans its display (`AndroidDisplay`).
        case display
    }
}

extension DeviceDescription {
    /// The device with its surface given as `size` (`--size`), a touch device's only: how
    /// recognition, bindings and pictures all see it. Unchanged when `size` is nil.
    public func sized(_ size: Size?) -> DeviceDescription {
        guard let size, kind != .accelerometer else { return self }
        var d = self
        d.size = size
        d.sizeSource = .given
        return d
    }

    /// The kernel's resolution of the position axes (multitouch preferred): units per mm,
    /// or per g for an accelerometer; nil without evdev capabilities or the axis.
    public var axisResolution: Int32? {
        guard let caps = evdev else { return nil }
        let axis = kind == .accelerometer ? caps.absinfo[AbsCode.x] : (caps.absinfo[AbsCode.mtPositionX] ?? caps.absinfo[AbsCode.x])
        return axis.map(\.resolution)
    }
}
