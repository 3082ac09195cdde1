import Foundation
import Synchronization
import Testing

/// Runs the example apps as a person would, on the repository's recordings, and reads
/// their JSON Lines back.
enum Example {
    /// How long a test waits for an app (to end, to open its window, to write a line)
    /// before it fails: a safety net for a loaded machine, never a pace.
    static let patience: Double = 90

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let recordings = root.deletingLastPathComponent().appendingPathComponent("Recordings")

    struct Run {
        var status: Int32
        var lines: [[String: Any]]
        var error: String
    }

    /// Runs `name` (built beside this test bundle's package, `.build/debug`) with `arguments`;
    /// `environment` is added to this process's; killed after `timeout` seconds.
    static func run(_ name: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: Double = patience) throws -> Run {
        let binary = root.appendingPathComponent(".build/debug/\(name)")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw ExampleError("\(binary.path) is not built: run make examples")
        }
        let p = Process()
        p.executableURL = binary
        p.arguments = arguments
        p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // An app that does not end (a window left open) is killed, and the test fails
        // rather than hangs.
        let pid = p.processIdentifier
        let killed = Atomic(false)
        let watchdog = DispatchWorkItem {
            if kill(pid, 0) == 0, !killed.exchange(true, ordering: .relaxed) { kill(pid, SIGKILL) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        watchdog.cancel()
        if killed.load(ordering: .relaxed) { throw ExampleError("\(name) \(arguments) did not end within \(timeout) s") }
        let lines = try String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                throw ExampleError("\(name): not a JSON object: \(line)")
            }
            return object
        }
        return Run(status: p.terminationStatus, lines: lines, error: String(decoding: errors, as: UTF8.self))
    }

    /// The lines `name` writes on `arguments`, having checked that it exited 0.
    static func lines(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> [[String: Any]] {
        let run = try run(name, arguments, environment: environment)
        #expect(run.status == 0, "\(name): \(run.error)")
        return run.lines
    }

    static func recording(_ name: String) -> String { recordings.appendingPathComponent(name).path }

    /// The recording's event lines (header left out), as JSON objects.
    static func events(_ name: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: recording(name), encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map {
            try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
        }
    }
}

struct ExampleError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

extension Dictionary where Key == String, Value == Any {
    func number(_ key: String) -> Double { (self[key] as? NSNumber)?.doubleValue ?? .nan }
    func numbers(_ key: String) -> [Double] { (self[key] as? [NSNumber])?.map(\.doubleValue) ?? [] }
    func rows(_ key: String) -> [[Double]] { (self[key] as? [[NSNumber]])?.map { $0.map(\.doubleValue) } ?? [] }
    func string(_ key: String) -> String { self[key] as? String ?? "" }
    func bool(_ key: String) -> Bool? { (self[key] as? NSNumber)?.boolValue }
}

/// A transform as the apps write it, `[a, b, c, d, tx, ty]`, applied to a point.
func apply(_ t: [Double], _ p: (Double, Double)) -> (Double, Double) {
    (t[0] * p.0 + t[2] * p.1 + t[4], t[1] * p.0 + t[3] * p.1 + t[5])
}

func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(1, abs(a), abs(b)) }
func close(_ a: [Double], _ b: [Double], _ tolerance: Double = 1e-9) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { close($0, $1, tolerance) }
}
