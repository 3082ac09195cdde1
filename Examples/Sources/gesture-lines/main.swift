// The smallest app on Tactile, and docs/library.md's first excerpt: a whole program that
// prints a recording's gesture and orientation lines as `tactile recognize --json` writes
// them. It uses the Tactile library alone (no ExampleSupport), so it can be pasted into a
// package of its own as its main.swift.
// docs:begin first-program
import Tactile
#if canImport(Glibc)
import Glibc
#endif

/// A line to standard error.
func complain(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

// gesture-lines RECORDING [DESC]: DESC is the path of the .desc file an evemu .events
// recording needs (a recording that describes its devices needs none).
let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first, arguments.count <= 2 else {
    complain("usage: gesture-lines RECORDING [DESC]")
    exit(64)
}
do {
    let events = try RecordingEvents(path: path, description: arguments.dropFirst().first, input: false)
    for device in events.devices.devices {
        complain("device \(device.id): \(device.name), \(device.kind.rawValue)")
    }
    for try await event in events {
        switch event {
        case .gesture(let gesture): print(gesture.jsonLine)
        case .orientation(let orientation): print(orientation.jsonLine)
        case .touches, .accel: break  // the input itself: not asked for (input: false)
        }
    }
} catch let error as TactileError {
    complain("gesture-lines: \(error)")  // FILE:LINE: problem
    exit(error.exitCode)
}
// docs:end first-program
