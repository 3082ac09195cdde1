/// Assembles every device of a recording: raw evdev frames become touch frames and
/// accelerometer samples; events that are already assembled pass through.
///
/// One `FrameAssembler` per device, kept in an array and mutated in place.
public struct Assembler {
    /// The header as assembled: device sizes after any override.
    public let header: TraceHeader
    private var ids: [Int]
    private var assemblers: [FrameAssembler?]

    /// `size` overrides the surface size of every touch device (for devices that give no
    /// resolution, or to correct one).
    public init(header: TraceHeader, size: Size? = nil) {
        var h = header
        var assemblers: [FrameAssembler?] = []
        for i in h.devices.indices {
            if let size, h.devices[i].kind != .accelerometer {
                h.devices[i].size = size
                h.devices[i].sizeSource = .given
            }
            assemblers.append(h.devices[i].evdev == nil ? nil : FrameAssembler(device: h.devices[i], size: size))
        }
        self.header = h
        self.ids = h.devices.map(\.id)
        self.assemblers = assemblers
    }

    /// The assembled form of `event`, or nil when it changes nothing (or names a device
    /// the header does not list).
    public mutating func process(_ event: TraceEvent) -> TraceEvent? {
        switch event {
        case .touches, .accel:
            return event
        case .evdev(let device, let frame):
            guard let i = ids.firstIndex(of: device), assemblers[i] != nil else { return nil }
            switch assemblers[i]!.process(frame) {
            case .touches(let f)?: return .touches(f)
            case .accel(let s)?: return .accel(s)
            case nil: return nil
            }
        }
    }
}
