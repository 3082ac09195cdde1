import Foundation
import Testing
import Tactile
import TactileBindings
import TactileBindingsLinux

/// A binding session with real commands: a swipe's lines, handed over a frame at a time or
/// one by one, run its binding's command; a reload swaps the bindings, and a bad one keeps
/// them and says why.
@Suite(.serialized) struct BindingSessionTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var lines: [String] = []
        func add(_ label: String?, _ message: String) { lock.lock(); lines.append("\(label ?? "-"): \(message)"); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    static let device = DeviceDescription(id: 0, name: "Test touchscreen", kind: .touchscreen, size: Size(width: 150, height: 90))

    /// One finger 80 mm left in 150 ms, a frame every 10 ms, then lifted: a swipe left.
    static func swipeLeft() -> [[RecognizedEvent]] {
        var recognition = Recognition(devices: InputDevices(devices: [device]))
        var frames: [[RecognizedEvent]] = []
        for k in 0...16 {
            var f = TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (k + 1))), device: 0)
            if k < 16 { f.contacts.append(Contact(id: 0, position: Point(x: 120 - 5 * Double(k), y: 45))) }
            var out: [RecognizedEvent] = []
            recognition.process(.touches(f), into: &out)
            frames.append(out)
        }
        var out: [RecognizedEvent] = []
        recognition.finish(into: &out)
        frames.append(out)
        return frames
    }

    static func scratch() -> String {
        var template = Array("/tmp/tactile-bindings-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)!) }
    }

    /// A configuration whose swipe left appends `word` to `dir`/out.
    static func config(_ dir: String, word: String) throws -> BindingConfig {
        try BindingConfig.parse("""
            commands: {timeout: 120s}
            bindings:
              - {gesture: swipe, direction: left, command: [/bin/sh, -c, "printf '%s ' \(word) >> '\(dir)/out'"]}
            """, file: "test.yaml")
    }

    static func output(_ dir: String) -> String {
        (try? String(contentsOfFile: dir + "/out", encoding: .utf8)) ?? ""
    }

    @Test func aSwipeRunsItsCommandWhetherItsLinesComeByFrameOrOneByOne() throws {
        for byFrame in [true, false] {
            let dir = Self.scratch()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            let heard = Heard()
            let session = try BindingSession(config: try Self.config(dir, word: "back"), dryRun: false, verbose: false, log: heard.add)
            #expect(session.add(Self.device, node: "/dev/input/event7"))
            for frame in Self.swipeLeft() {
                if byFrame {
                    try session.handleFrame(frame)
                } else {
                    for line in frame { try session.handle(line) }
                }
            }
            if !byFrame { #expect(session.framePending) }
            try session.finish(interrupted: false)
            #expect(Self.output(dir) == "back ", "by frame: \(byFrame)")
            #expect(heard.all.isEmpty, "\(heard.all)")
        }
    }

    @Test func aReloadBindsAnewAndABadOneKeepsWhatWasLoaded() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let heard = Heard()
        let session = try BindingSession(config: try Self.config(dir, word: "first"), dryRun: false, verbose: false, log: heard.add)
        session.add(Self.device, node: nil)
        try session.reload { try Self.config(dir, word: "second") }
        try session.reload { throw TactileError(.config, "test.yaml:1:1: not a configuration") }
        for frame in Self.swipeLeft() { try session.handleFrame(frame) }
        try session.finish(interrupted: false)
        #expect(Self.output(dir) == "second ")
        #expect(heard.all.count == 2, "\(heard.all)")
        #expect(heard.all.first?.hasPrefix("-: reloaded test.yaml: 1 bindings") == true, "\(heard.all)")
        #expect(heard.all.last?.hasSuffix("not a configuration; keeping the configuration loaded before") == true, "\(heard.all)")
    }

    @Test func aDeviceTheConfigurationDoesNotReadIsRefusedAndItsLinesDropped() throws {
        let dir = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let config = try BindingConfig.parse("""
            devices: [{name: 'Other*'}]
            bindings:
              - {gesture: swipe, direction: left, command: [/bin/sh, -c, "echo x >> '\(dir)/out'"]}
            """, file: "test.yaml")
        let session = try BindingSession(config: config, dryRun: false, verbose: false, log: Heard().add)
        #expect(!session.add(Self.device, node: nil))
        for frame in Self.swipeLeft() { try session.handleFrame(frame) }
        try session.finish(interrupted: false)
        #expect(Self.output(dir).isEmpty)
    }
}
