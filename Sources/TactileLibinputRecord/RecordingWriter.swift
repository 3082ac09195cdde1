import Tactile

/// A recording written in any format Tactile reads (`Recordings.all`), event by event:
/// what `convert` and `synth` write. The file appears only when `finish()` succeeds.
public struct RecordingWriter {
    private var writer: any RecordingFileWriter

    /// A writer of `format` to `file` for a recording of `header`'s devices; `raw` writes a
    /// trace's touch frames and samples as the protocol B events of a virtual device;
    /// `deviceID` is the device a format of one device holds (nil: the only one), and
    /// `source` names the recording in errors.
    public init(_ format: RecordingFormat, raw: Bool, header: InputDevices, file: OutputFile,
                deviceID: Int? = nil, source: String? = nil) throws {
        writer = try Recordings.all.writer(format, to: file, header: header,
                                           options: RecordingWriteOptions(raw: raw, deviceID: deviceID, source: source))
    }

    /// Writes one event (an evemu recording skips other devices').
    public mutating func write(_ e: InputEvent) throws { try writer.write(e) }

    /// Commits the file.
    public func finish() throws { try writer.finish() }
}
