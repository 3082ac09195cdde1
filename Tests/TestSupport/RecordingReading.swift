import Foundation
import Tactile
import TactileLibinputRecord

/// Reads a whole recording into memory (tests only; the tools stream).
public func readAll(_ path: String, description: String? = nil) throws -> (InputDevices, [InputEvent]) {
    var reader = try Recordings.open(path, description: description)
    var events: [InputEvent] = []
    while let e = try reader.next() { events.append(e) }
    return (reader.header, events)
}

/// Reads a recording from bytes in memory.
public func readAll(bytes: [UInt8], name: String = "test.jsonl") throws -> (InputDevices, [InputEvent]) {
    let url = Paths.scratch().appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return try readAll(url.path)
}

/// Reads a recording from text in memory.
public func readAll(text: String, name: String = "test.jsonl") throws -> (InputDevices, [InputEvent]) {
    try readAll(bytes: Array(text.utf8), name: name)
}
