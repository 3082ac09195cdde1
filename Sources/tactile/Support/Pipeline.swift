import Tactile
import TactileLibinputRecord

/// Reads a recording and assembles its evdev frames, so every command sees touch frames
/// and accelerometer samples whatever the input format was.
///
/// The recording is decoded on a second thread (`ReadAhead`), beside assembling and
/// writing.
struct AssembledInput {
    private let reader: ReadAhead
    private var assembler: Assembler
    /// The header with each device's size as assembled (after `--size`).
    var header: InputDevices { assembler.header }

    init(_ options: InputOptions) throws {
        reader = ReadAhead(try Recordings.open(options.input, description: options.description))
        assembler = Assembler(header: reader.header, size: options.size?.size)
    }

    /// Lets the reading thread end when the input is not read to its end.
    func stop() { reader.stop() }

    /// The next touch frame or sample, or nil at the end.
    mutating func next() throws -> InputEvent? {
        while let event = try reader.next() {
            if let out = assembler.process(event) { return out }
        }
        return nil
    }
}
