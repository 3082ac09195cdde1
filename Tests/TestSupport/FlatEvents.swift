import Foundation
import Tactile

/// The events of a recording as flat (type, code, value, time µs) tuples.
public struct FlatEvent: Hashable, CustomStringConvertible {
    /// The event.
    public var type: UInt16, code: UInt16, value: Int32, time: Int64
    /// An event at `time` µs.
    public init(type: UInt16, code: UInt16, value: Int32, time: Int64) {
        self.type = type; self.code = code; self.value = value; self.time = time
    }
    /// `time type code value`.
    public var description: String { "\(time) \(type) \(code) \(value)" }
}

/// The evdev events of `events`, flat, their times offset by `origin`.
public func flatten(_ events: [InputEvent], origin: Timestamp?) -> [FlatEvent] {
    var out: [FlatEvent] = []
    for case .evdev(_, let frame) in events {
        for e in frame.events {
            out.append(FlatEvent(type: e.type, code: e.code, value: e.value,
                                 time: e.time.microseconds + (origin?.microseconds ?? 0)))
        }
    }
    return out
}

/// The `E:` lines of an evemu file parsed independently of the reader under test: plain
/// string splitting, so a bug in EvemuReader cannot hide in both sides.
public func evemuLines(_ path: String) throws -> [FlatEvent] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    var out: [FlatEvent] = []
    for line in text.split(separator: "\n") where line.hasPrefix("E:") {
        let fields = line.split(separator: "#")[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        let time = fields[1].split(separator: ".")
        let usText = String(time[1]).padding(toLength: 6, withPad: "0", startingAt: 0)
        out.append(FlatEvent(
            type: UInt16(fields[2], radix: 16)!, code: UInt16(fields[3], radix: 16)!,
            value: Int32(fields[4])!, time: Int64(time[0])! * 1_000_000 + Int64(usText)!))
    }
    return out
}
