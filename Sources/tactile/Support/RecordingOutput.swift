import ArgumentParser
import Tactile
import TactileLibinputRecord

/// A recording written in one of the formats Tactile reads, event by event: what `convert`
/// and `synth` write. The file appears only when `finish()` succeeds.
struct RecordingOutput {
    /// The formats written.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case trace, evemu
        case libinputRecord = "libinput-record"
        case getevent

        /// The format an output file's extension names, or nil.
        static func of(path: String) -> Format? {
            let lower = path.lowercased()
            if lower.hasSuffix(".jsonl") || lower.hasSuffix(".json") || lower.hasSuffix(".trace") { return .trace }
            if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") { return .libinputRecord }
            if lower.hasSuffix(".evemu") || lower.hasSuffix(".events") || lower.hasSuffix(".event") { return .evemu }
            if lower.hasSuffix(".getevent") { return .getevent }
            return nil
        }
    }

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
    init(_ format: Format, raw rawFrames: Bool, header: InputDevices, file: OutputFile, evemuDevice: DeviceDescription?) throws {
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
    mutating func write(_ e: InputEvent) throws {
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
    func finish() throws {
        try trace?.finish()
        try record?.finish()
        try getevent?.finish()
        try evemu?.finish()
    }
}

/// Every device of a recording as raw evdev frames: its own, or the protocol B (and
/// accelerometer) events of a virtual device for touch frames and samples.
struct RawFrames {
    /// Each device described from its virtual device (or its own evdev description, for
    /// frames assembled from one), as if recorded from it.
    let header: InputDevices
    private var synthesizers: [Int: EvdevSynthesizer] = [:]

    init(_ recorded: InputDevices) {
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
    mutating func frame(_ e: InputEvent) -> (device: Int, frame: EvdevFrame) {
        switch e {
        case .evdev(let device, let frame): (device, frame)
        case .touches(let f): (f.device, synthesizers[f.device]!.events(for: f))
        case .accel(let a): (a.device, synthesizers[a.device]!.events(for: a))
        }
    }
}
