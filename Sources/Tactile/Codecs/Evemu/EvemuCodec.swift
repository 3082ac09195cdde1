/// evemu-record output (`# EVEMU 1.x`, `N:`/`E:` lines), one device, its description
/// inline or in a `.desc` file beside `.events`: streamed.
public struct EvemuCodec: RecordingCodec {
    /// The codec.
    public init() {}
    /// An evemu recording: one device, its description perhaps in a file of its own.
    public var traits: RecordingFormatTraits {
        RecordingFormatTraits(.evemu, name: "an evemu recording", extensions: [".evemu", ".events", ".event"],
                              readsDescription: true, holdsOneDevice: true)
    }

    /// Whether `line` starts a recording of this format.
    public func claims(_ line: Substring) -> Bool {
        if line.hasPrefix("# EVEMU") { return true }
        return line.count >= 2 && "NIPBALSE".contains(line.first!) && line.dropFirst().first == ":"
    }

    /// Opens a recording of this format.
    public func open(_ lines: LineReader, path: String, description: String?) throws -> RecordingReader {
        let desc = try description.map { LineReader(source: try InputFile.open($0), name: $0) }
        return .streamed(try EvemuReader(lines: lines, description: desc))
    }

    /// A writer of this format.
    public func writer(to file: OutputFile, header: InputDevices, options: RecordingWriteOptions) throws -> any RecordingFileWriter {
        var device = try options.oneDevice(of: header, as: self)
        if device.evdev == nil { device.evdev = EvdevSynthesizer.capabilities(for: device) }
        return try EvemuFileWriter(file: file, device: device, origin: header.origin)
    }
}

/// An evemu recording of one device: its touch frames and samples as its events.
struct EvemuFileWriter: RecordingFileWriter {
    private var evemu: EvemuWriter
    private var synth: EvdevSynthesizer
    private let id: Int

    init(file: OutputFile, device: DeviceDescription, origin: Timestamp?) throws {
        evemu = try EvemuWriter(output: file, device: device, origin: origin)
        synth = EvdevSynthesizer(device: device)
        id = device.id
    }

    mutating func write(_ event: InputEvent) throws {
        guard event.device == id else { return }
        switch event {
        case .evdev(_, let frame): try evemu.write(frame)
        case .touches(let frame): try evemu.write(synth.events(for: frame))
        case .accel(let sample): try evemu.write(synth.events(for: sample))
        }
    }

    func finish() throws { try evemu.finish() }
}
