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
            var raw = DeviceDescription(id: d.id, name: d.name, evdev: s.caps)
            if s.caps == d.evdev {
                // Its own description: what was guessed, and a display's size, stay so.
                raw.inferred = d.inferred
                if d.sizeSource == .display { raw.size = d.size; raw.sizeSource = .display }
            }
            header.devices[i] = raw
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

/// A writer of raw frames, one device's frame at a time (a trace, a getevent capture).
protocol RawFrameWriting {
    /// Writes `frame` of `device`.
    mutating func write(_ frame: EvdevFrame, device: Int) throws
    /// Commits the file.
    func finish() throws
}

/// A recording of raw frames written from any events: touch frames and samples as the
/// events of their virtual devices (`RawFrames`), whose descriptions the file's header gives.
struct RawFramesWriter<Writer: RawFrameWriting>: RecordingFileWriter {
    private var writer: Writer
    private var raw: RawFrames

    /// A writer made by `make` for the virtual devices of `header`'s.
    init(header: InputDevices, _ make: (InputDevices) throws -> Writer) throws {
        raw = RawFrames(header)
        writer = try make(raw.header)
    }

    mutating func write(_ event: InputEvent) throws {
        let (device, frame) = raw.frame(event)
        try writer.write(frame, device: device)
    }

    func finish() throws { try writer.finish() }
}
