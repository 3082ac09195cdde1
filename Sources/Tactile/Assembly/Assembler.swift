/// Assembles every device of a recording: raw evdev frames become touch frames and
/// accelerometer samples; events that are already assembled pass through.
///
/// One `FrameAssembler` per device with an evdev description, kept in an array and
/// mutated in place.
public struct Assembler {
    /// The header as assembled: device sizes after any override.
    public private(set) var header: InputDevices
    /// The surface size every touch device is given, if one was.
    public let size: Size?
    private var ids: [Int] = []
    private var assemblers: [FrameAssembler] = []

    /// `size` overrides the surface size of every touch device (for devices that give no
    /// resolution, or to correct one).
    public init(header: InputDevices, size: Size? = nil) {
        self.header = InputDevices(devices: [], origin: header.origin)
        self.size = size
        for d in header.devices { add(d) }
    }

    /// Takes a device that appeared (a live device plugged in); returns it as assembled
    /// (its size after the override).
    @discardableResult
    public mutating func add(_ device: DeviceDescription) -> DeviceDescription {
        let d = device.sized(size)
        if d.evdev != nil {
            ids.append(d.id)
            assemblers.append(FrameAssembler(device: d, size: size))
        }
        header.devices.append(d)
        return d
    }

    /// Lets a device go (unplugged): its frames are no longer assembled.
    public mutating func remove(device id: Int) {
        header.devices.removeAll { $0.id == id }
        if let i = index(of: id) {
            ids.remove(at: i)
            assemblers.remove(at: i)
        }
    }

    /// The assembled form of `event`, or nil when it changes nothing (or names a device
    /// the header does not list).
    public mutating func process(_ event: InputEvent) -> InputEvent? {
        switch event {
        case .touches, .accel:
            return event
        case .evdev(let device, let frame):
            guard let i = index(of: device) else { return nil }
            switch feed(i, frame) {
            case .touches: return .touches(assemblers[i].frame)
            case .accel: return .accel(assemblers[i].sample)
            case .nothing: return nil
            }
        }
    }

    /// Which assembler takes raw frames of `device`; nil when the header gives it none.
    public func index(of device: Int) -> Int? { ids.firstIndex(of: device) }

    /// Feeds a raw frame to assembler `i`; what it completed is then read from
    /// `self[frameOf: i]` or `self[sampleOf: i]`, without copying it out.
    public mutating func feed(_ i: Int, _ frame: EvdevFrame) -> FrameAssembler.Completed {
        assemblers[i].feed(frame)
    }

    /// The frame assembler `i` last completed, read where it lies.
    public subscript(frameOf i: Int) -> TouchFrame {
        _read { yield assemblers[i].frame }
    }

    /// The sample assembler `i` last completed.
    public subscript(sampleOf i: Int) -> AccelerometerSample { assemblers[i].sample }

    /// What assembly repaired so far in `device`'s raw stream (nil: it has none).
    public func repairs(of device: Int) -> AssemblyRepairs? {
        index(of: device).map { assemblers[$0].repairs }
    }
}
