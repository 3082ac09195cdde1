import Foundation
import TestSupport
import Tactile
import TactileLibinputRecord

/// Reads a whole recording into memory (tests only; the tools stream).
func readAll(_ path: String, description: String? = nil) throws -> (InputDevices, [InputEvent]) {
    var reader = try Recordings.open(path, description: description)
    var events: [InputEvent] = []
    while let e = try reader.next() { events.append(e) }
    return (reader.header, events)
}

/// Reads a recording from bytes in memory.
func readAll(bytes: [UInt8], name: String = "test.jsonl") throws -> (InputDevices, [InputEvent]) {
    let url = Paths.scratch().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return try readAll(url.path)
}

func readAll(text: String, name: String = "test.jsonl") throws -> (InputDevices, [InputEvent]) {
    try readAll(bytes: Array(text.utf8), name: name)
}

/// The events of a recording as flat (type, code, value, time µs) tuples.
struct FlatEvent: Hashable, CustomStringConvertible {
    var type: UInt16, code: UInt16, value: Int32, time: Int64
    var description: String { "\(time) \(type) \(code) \(value)" }
}

func flatten(_ events: [InputEvent], origin: Timestamp?) -> [FlatEvent] {
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
func evemuLines(_ path: String) throws -> [FlatEvent] {
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

/// Runs a command, returning its exit status and output.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (status: Int32, stdout: String, stderr: String)
{
    let r = try Subprocess.run(executable, arguments, environment: environment)
    return (r.status, r.stdout, r.stderr)
}

func TactileTestsOpen(_ recording: SharedRecording) throws -> RecordingReader {
    try Recordings.open(recording.path, description: recording.descriptionPath)
}
