/// Android `getevent -t` / `-lt` text, with or without the `-p` description: decoded whole
/// (without a description, a device is known only once all its events have been seen).
public struct GeteventCodec: RecordingCodec {
    /// The codec.
    public init() {}
    /// A getevent capture, written as `getevent -lp` then `getevent -lt` would print it.
    public var traits: RecordingFormatTraits {
        RecordingFormatTraits(.getevent, name: "an Android getevent capture", extensions: [".getevent"],
                              readsDescription: true, writingNote: "getevent output is `getevent -lp` then `getevent -lt`, one node per device.")
    }

    /// Whether `line` starts a recording of this format.
    public func claims(_ line: Substring) -> Bool {
        // (events without times are getevent without -t: its reader says what to do)
        if line.hasPrefix("add device ") || line.hasPrefix("could not ") || line.hasPrefix("/dev/input/") { return true }
        // `adb shell wm size` and `wm density` printed before the capture (`AndroidDisplay`).
        if line.hasPrefix("Physical size:") || line.hasPrefix("Physical density:") || line.hasPrefix("Override size:")
            || line.hasPrefix("Override density:") { return true }
        return line.hasPrefix("[") && line.dropFirst().drop(while: { $0 == " " }).first?.isNumber == true && line.contains("]")
    }

    /// Opens a recording of this format.
    public func open(_ lines: LineReader, path: String, description: String?) throws -> RecordingReader {
        let desc = try description.map { LineReader(source: try InputFile.open($0), name: $0) }
        let (header, frames) = try GeteventReader.read(lines, description: desc)
        return .decoded(header: header, frames: frames, next: 0)
    }

    /// A writer of this format.
    public func writer(to file: OutputFile, header: InputDevices, options: RecordingWriteOptions) throws -> any RecordingFileWriter {
        // Touch frames and samples as the raw events of virtual devices.
        try RawFramesWriter(header: header) { try GeteventWriter(output: file, header: $0) }
    }
}

extension GeteventWriter: RawFrameWriting {}
