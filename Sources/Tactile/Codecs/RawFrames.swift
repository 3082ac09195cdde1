/// Every device of a recording as raw evdev frames: its own, or the protocol B (and
/// accelerometer) events of a virtual device for touch frames and samples.
public struct RawFrames {
    /// Each device described from its virtual device (or its own evdev description, for
    /// frames assembled from one), as if recorded from it.
    public let header: InputDevices
    private var synthesizers: [Int: EvdevSynthesizer] = [:]

    /// Synthesizers for `recorded`'s devices.
    public init(_ recorded: InputDevices) {
        var header = recorded
        for i in header.devices.indices {
            let d = header.devices[i]
            let s = EvdevSynthesizer(device: d)
            header.devices[i] = DeviceDescription(id: d.id, name: d.name, evdev: s.caps)
            synthesizers[d.id] = s
        }
        self.header = header
    }

    /// The event as a raw frame of its device.
    public mutating func frame(_ e: InputEvent) -> (device: Int, frame: EvdevFrame) {
        switch e {
        case .evdev(let device, let frame): (device, frame)
        case .touches(let f): (f.device, synthesizers[f.device]!.events(for: f))
        case .accel(let a): (a.device, synthesizers[a.device]!.events(for: a))
        }
    }
}
