import ArgumentParser
import Tactile
import TactileLibinputRecord

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Convert between traces, evemu recordings, libinput record YAML and getevent text.",
        discussion: """
            Raw evdev events are copied as they are (type, code, value, order, and time to \
            the microsecond). Touch frames and accelerometer samples written to evemu or \
            libinput record are turned into multitouch protocol B events for a virtual \
            device. getevent output is `getevent -lp` then `getevent -lt`, one node per \
            device. The output file appears only when the conversion succeeded.
            """)

    enum Target: String, ExpressibleByArgument, CaseIterable {
        case trace, evemu
        case libinputRecord = "libinput-record"
        case getevent
    }

    @OptionGroup var input: InputOptions
    @OptionGroup var progress: ProgressOptions

    @Option(name: .shortAndLong, help: "The output file; - for standard output.")
    var output: String

    @Option(help: "The output format (default: from the output file's extension).")
    var to: Target?

    @Option(help: "For evemu output from a trace of several devices: which device to write.")
    var deviceID: Int?

    @Flag(help: "For trace output: write touch frames and samples as raw evdev events of a virtual device (protocol B).")
    var raw = false

    func validate() throws {
        if to == nil && Self.target(forExtensionOf: output) == nil {
            throw ValidationError("cannot tell the output format from '\(output)': add --to trace, evemu, libinput-record or getevent")
        }
    }

    static func target(forExtensionOf path: String) -> Target? {
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".json") || lower.hasSuffix(".trace") { return .trace }
        if lower.hasSuffix(".yml") || lower.hasSuffix(".yaml") { return .libinputRecord }
        if lower.hasSuffix(".evemu") || lower.hasSuffix(".events") || lower.hasSuffix(".event") { return .evemu }
        if lower.hasSuffix(".getevent") { return .getevent }
        return nil
    }

    func run() throws {
        try reportingErrors {
            // Decoded on a second thread, ahead of encoding and writing.
            let reader = InputPipeline(try Recordings.open(input.input, description: input.description), stage: PassThrough())
            defer { reader.stop() }
            let bar = ProgressBar.start("convert", reading: input.input, quiet: progress.quiet)
            defer { bar?.finish() }
            let header = reader.header
            let file = try OutputFile(path: output)
            switch to ?? Self.target(forExtensionOf: output)! {
            case .trace where raw:
                var raw = RawFrames(header)
                var w = try TraceWriter(output: file, header: raw.header)
                try reader.forEach { e in
                    let (device, frame) = raw.frame(e)
                    try w.write(.evdev(device: device, frame: frame))
                }
                try w.finish()
            case .trace:
                var w = try TraceWriter(output: file, header: header)
                try reader.forEach { try w.write($0) }
                try w.finish()
            case .libinputRecord:
                var w = LibinputRecordWriter(output: file, header: header)
                try reader.forEach { w.write($0) }
                try w.finish()
            case .getevent:
                var raw = RawFrames(header)
                var w = try GeteventWriter(output: file, header: raw.header)
                try reader.forEach { e in
                    let (device, frame) = raw.frame(e)
                    try w.write(frame, device: device)
                }
                try w.finish()
            case .evemu:
                guard let device = try evemuDevice(header) else { return }
                var desc = device
                if desc.evdev == nil { desc.evdev = EvdevSynthesizer.capabilities(for: device) }
                var synth = EvdevSynthesizer(device: desc)
                var w = try EvemuWriter(output: file, device: desc, origin: header.origin)
                try reader.forEach { e in
                    guard e.device == device.id else { return }
                    switch e {
                    case .evdev(_, let frame): try w.write(frame)
                    case .touches(let frame): try w.write(synth.events(for: frame))
                    case .accel(let sample): try w.write(synth.events(for: sample))
                    }
                }
                try w.finish()
            }
        }
    }

    private func evemuDevice(_ header: InputDevices) throws -> DeviceDescription? {
        if let id = deviceID {
            guard let d = header.device(id) else {
                throw TactileError(.usage, file: input.input, "no device \(id) in this recording")
            }
            return d
        }
        guard header.devices.count == 1 else {
            throw TactileError(
                .usage, file: input.input,
                "an evemu recording holds one device and this one has \(header.devices.count): choose one with --device-id")
        }
        return header.devices[0]
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
