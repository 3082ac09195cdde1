/// Tactile trace v1 (JSON Lines, docs/trace-format.md): streamed, and decoded in chunks on
/// the pipeline's worker (`InputPipeline`).
public struct TraceCodec: RecordingCodec {
    /// The codec.
    public init() {}
    /// A trace holds touch frames and samples (and raw events with `--raw`).
    public var traits: RecordingFormatTraits {
        RecordingFormatTraits(.trace, name: "a tactile trace", extensions: [".jsonl", ".json", ".trace"], keepsTouchFrames: true)
    }

    /// Whether `line` starts a recording of this format.
    public func claims(_ line: Substring) -> Bool { line.hasPrefix("{") }

    /// Opens a recording of this format.
    public func open(_ lines: LineReader, path: String, description: String?) throws -> RecordingReader {
        .trace(try TraceReader(lines: lines))
    }

    /// A writer of this format.
    public func writer(to file: OutputFile, header: InputDevices, options: RecordingWriteOptions) throws -> any RecordingFileWriter {
        guard options.raw else { return try TraceWriter(output: file, header: header) }
        // Touch frames and samples as the protocol B events of a virtual device.
        return try RawFramesWriter(header: header) { try TraceWriter(output: file, header: $0) }
    }
}

extension TraceWriter: RecordingFileWriter {}

extension TraceWriter: RawFrameWriting {
    /// Writes `frame` of `device` as a raw line.
    mutating func write(_ frame: EvdevFrame, device: Int) throws { try write(.evdev(device: device, frame: frame)) }
}
