import Tactile

extension Recordings {
    /// Every format Tactile reads, `libinput record` YAML included.
    public static let all = Recordings(libinputRecord: { bytes, name in try LibinputRecordReader.read(bytes, name: name) })

    /// Opens `path` in any format Tactile reads (`Recordings.all`).
    public static func open(_ path: String, description: String? = nil) throws -> RecordingReader {
        try all.open(path, description: description)
    }
}
