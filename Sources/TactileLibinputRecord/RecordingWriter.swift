import Tactile

/// A recording written in any format Tactile reads (`RecordingFormat`), event by event:
/// what `convert` and `synth` write. The file appears only when `finish()` succeeds. It
/// lives beside `Recordings.all`, the reader of every format, because the `libinput
/// record` writer is here.
public struct RecordingWriter {

    // One of these writes; optionals, so each is mutated in place (an enum's payload would
    // be copied at every event).
    private var trace: TraceWriter?
    private var record: LibinputRecordWriter?
    private var getevent: GeteventWriter?
    private var evemu: EvemuWriter?
    /// Touch frames and samples as raw frames (a raw trace, getevent).
    private var raw: RawFrames?
    /// Touch frames and samples as the evemu device's events, and its id.
    private var synth: EvdevSynthesizer?
    private var evemuID = 0

    /// A writer of `format` to `file` for a recording of `header`'s devices; `raw` writes a
    /// trace's touch frames and samples as the protocol B events of a virtual device;
    /// `evemuDevice` is the one device an evemu recording holds.
    public init(_ format: RecordingFormat, raw rawFrames: Bool, header: InputDevices, file: OutputFile,
                evemuDevice: DeviceDescription?) throws {
        switch format {
        case .trace where rawFrames:
            let frames = RawFrames(header)
            raw = frames
            trace = try TraceWriter(output: file, header: frames.header)
        case .trace:
            trace = try TraceWriter(output: file, header: header)
        case .libinputRecord:
            record = LibinputRecordWriter(output: file, header: header)
        case .getevent:
            let frames = RawFrames(header)
            raw = frames
            getevent = try GeteventWriter(output: file, header: frames.header)
        case .evemu:
            guard var desc = evemuDevice else { throw TactileError(.usage, "an evemu recording needs its one device") }
            if desc.evdev == nil { desc.evdev = EvdevSynthesizer.capabilities(for: desc) }
            evemu = try EvemuWriter(output: file, device: desc, origin: header.origin)
            synth = EvdevSynthesizer(device: desc)
            evemuID = desc.id
        }
    }

    /// Writes one event (an evemu recording skips other devices').
    public mutating func write(_ e: InputEvent) throws {
        if trace != nil {
            if raw != nil {
                let (device, frame) = raw!.frame(e)
                try trace!.write(.evdev(device: device, frame: frame))
            } else {
                try trace!.write(e)
            }
        } else if record != nil {
            record!.write(e)
        } else if getevent != nil {
            let (device, frame) = raw!.frame(e)
            try getevent!.write(frame, device: device)
        } else if evemu != nil {
            guard e.device == evemuID else { return }
            switch e {
            case .evdev(_, let frame): try evemu!.write(frame)
            case .touches(let frame): try evemu!.write(synth!.events(for: frame))
            case .accel(let sample): try evemu!.write(synth!.events(for: sample))
            }
        }
    }

    /// Commits the file.
    public func finish() throws {
        try trace?.finish()
        try record?.finish()
        try getevent?.finish()
        try evemu?.finish()
    }
}
