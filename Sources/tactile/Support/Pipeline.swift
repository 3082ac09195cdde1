import Tactile
import TactileLibinputRecord

/// Reads a recording and assembles its evdev frames, so every command sees touch frames
/// and accelerometer samples whatever the input format was.
struct AssembledInput {
    private var reader: RecordingReader
    private var assembler: Assembler
    /// The header with each device's size as assembled (after `--size`).
    var header: TraceHeader { assembler.header }

    init(_ options: InputOptions) throws {
        reader = try Recordings.open(options.input, description: options.description)
        assembler = Assembler(header: reader.header, size: options.size?.size)
    }

    /// The next touch frame or sample, or nil at the end.
    mutating func next() throws -> TraceEvent? {
        while let event = try reader.next() {
            if let out = assembler.process(event) { return out }
        }
        return nil
    }
}
