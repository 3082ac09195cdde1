import Tactile
import TactileLibinputRecord

/// Reads a recording and assembles its evdev frames, so every command sees touch frames
/// and accelerometer samples whatever the input format was.
struct AssembledInput {
    private var reader: RecordingReader
    private var assemblers: [Int: FrameAssembler] = [:]
    /// The header with each device's size as assembled (after `--size`).
    let header: TraceHeader

    init(_ options: InputOptions) throws {
        reader = try Recordings.open(options.input, description: options.description)
        var header = reader.header
        for i in header.devices.indices {
            if let size = options.size?.size, header.devices[i].kind != .accelerometer {
                header.devices[i].size = size
                header.devices[i].sizeSource = .given
            }
            if header.devices[i].evdev != nil {
                let a = FrameAssembler(device: header.devices[i], size: options.size?.size)
                assemblers[header.devices[i].id] = a
            }
        }
        self.header = header
    }

    /// The next touch frame or sample, or nil at the end. Raw evdev frames are assembled;
    /// frames that change nothing produce nothing.
    mutating func next() throws -> TraceEvent? {
        while let event = try reader.next() {
            switch event {
            case .touches, .accel:
                return event
            case .evdev(let device, let frame):
                guard var a = assemblers[device] else { continue }
                let out = a.process(frame)
                assemblers[device] = a
                switch out {
                case .touches(let f)?: return .touches(f)
                case .accel(let s)?: return .accel(s)
                case nil: continue
                }
            }
        }
        return nil
    }
}
