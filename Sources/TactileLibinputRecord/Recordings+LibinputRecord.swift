import Tactile

extension Recordings {
    /// Every format Tactile reads and writes, `libinput record` YAML included.
    public static let all = Recordings().replacing(LibinputRecordCodec(
        decode: { bytes, name in try LibinputRecordReader.read(bytes, name: name) },
        makeWriter: { file, header in LibinputRecordWriter(output: file, header: header) }))

    /// Opens `path` in any format Tactile reads (`Recordings.all`).
    public static func open(_ path: String, description: String? = nil) throws -> RecordingReader {
        try all.open(path, description: description)
    }
}

extension LibinputRecordWriter: RecordingFileWriter {}
