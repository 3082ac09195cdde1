import Foundation
import Tactile
import TactileBindings
import TactileTesting
import Testing
import TestSupport

/// Issue 47's acceptance: configurations of each tool written the way people write them
/// (Tests/Fixtures/import: comments, odd spacing, scripts, plugin keys, per-application
/// sections) import, pass what `bind --check` checks, and on synthesized gestures
/// (`GestureScript`, what `tactile synth` writes) run what the original tool would run,
/// when it would run it: at the lift, or while the fingers are still down. Each expectation
/// is read from the tool's source (the importers' doc comments say where); the gestures the
/// tool would not act on (a one-finger move, a two-finger scroll, a hold that becomes a
/// swipe, a stroke under its threshold) run nothing.
struct ImportedConfigurationTests {
    /// When an action runs, against the gesture's fingers.
    enum When: Sendable { case atLift, beforeLift, anytime }

    /// One gesture and what it runs: descriptions (`Self.describe`) in order; one ending in
    /// `*` stands for two or more runs of it in a row, ` …` for one or more. With `contains`, these among others.
    struct Expect: Sendable, CustomStringConvertible {
        var name: String
        var device: DeviceDescription
        var steps: [GestureScript.Step]
        var runs: [String]
        var when: When = .atLift
        var app: [String]? = nil
        var contains = false
        var description: String { name }
    }

    static let touchpad = DeviceProfile.touchpad.description
    static let screen = DeviceProfile.touchscreen.description
    static let phone = DeviceProfile.phone.description

    static func imported(_ file: String, keepCommands: Bool = false) throws -> (ImportedConfig, BindingConfig) {
        let text = try BindingImportTests.fixture(file)
        let imported = try BindingImport.translate(text, file: file, keepCommands: keepCommands)
        // What `bind --check` checks: it parses, and no shell text in it is refused.
        let config = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
        let broken = config.warnings(searchPath: "/nonexistent", isExecutable: { _ in true }, exists: { _ in true })
            .filter { $0.contains("does not parse") }
        #expect(broken.isEmpty, "\(broken)")
        return (imported, config)
    }

    /// A built-in action's events in words: `keys KEY_LEFTALT+KEY_RIGHT` for a chord pressed
    /// and released, `+KEY_X` and `-KEY_X` for a key held and let go, `wheel N`.
    static func describe(_ a: BoundAction) -> String {
        if !a.argv.isEmpty {
            if a.argv.count >= 3 && a.argv[0] == "/bin/sh" && a.argv[1] == "-c" { return "sh " + a.argv[2] }
            return a.argv.joined(separator: " ")
        }
        var pressed: [String] = [], released: [String] = [], other: [String] = []
        for e in a.input {
            let name = EventCodeNames.code(type: e.type, code: e.code) ?? "\(e.type):\(e.code)"
            if e.type == EventType.key {
                if e.value == 1 { pressed.append(name) } else { released.append(name) }
            } else if e.type == EventType.rel && (name == "REL_WHEEL" || name == "REL_HWHEEL") {
                other.append("wheel \(e.value)")
            }
        }
        var out: [String] = []
        // Keys pressed and then released in reverse: a chord. Otherwise each press and release.
        if !pressed.isEmpty && released == Array(pressed.reversed()) {
            out.append((pressed.first.map { $0.hasPrefix("BTN_") } ?? false ? "click " : "keys ") + pressed.joined(separator: "+"))
        } else {
            let held = pressed.filter { !released.contains($0) }, lifted = released.filter { !pressed.contains($0) }
            let chord = pressed.filter { released.contains($0) }
            out += held.map { "+" + $0 }
            if !chord.isEmpty { out.append("keys " + chord.joined(separator: "+")) }
            out += lifted.map { "-" + $0 }
        }
        return (out + other).joined(separator: " ")
    }

    /// What `config` runs over `steps` on `device`, with each action's time.
    static func run(_ config: BindingConfig, _ e: Expect) -> (actions: [(Timestamp, String)], firstLift: Timestamp, end: Timestamp) {
        let script = GestureScript(device: e.device, steps: e.steps)
        let frames = script.frames()
        var firstLift = frames.last?.time ?? .zero
        for (a, b) in zip(frames, frames.dropFirst()) where b.contacts.count < a.contacts.count {
            firstLift = b.time
            break
        }
        var stage = BindingStage(config: config, header: InputDevices(devices: [e.device]), focusedApplication: e.app)
        var events = frames.map { InputEvent.touches($0) }
        var out: [BoundAction] = []
        stage.process(&events, events.indices, into: &out)
        stage.finish(into: &out)
        return (out.map { ($0.time, describe($0)) }, firstLift, frames.last?.time ?? .zero)
    }

    /// Whether `got` is `want`, `*` standing for two or more in a row, ` …` for one or more.
    static func matches(_ got: [String], _ want: [String], contains: Bool) -> Bool {
        func stem(_ w: String) -> String { w.hasSuffix("*") ? String(w.dropLast()) : w.hasSuffix(" …") ? String(w.dropLast(2)) : w }
        if contains { return want.allSatisfy { w in got.contains { $0.hasPrefix(stem(w)) } } }
        var i = 0
        for w in want {
            if w.hasSuffix("*") || w.hasSuffix(" …") {
                let p = stem(w)
                var n = 0
                while i < got.count && got[i].hasPrefix(p) { i += 1; n += 1 }
                if n < (w.hasSuffix("*") ? 2 : 1) { return false }
            } else {
                guard i < got.count, got[i].hasPrefix(w) else { return false }
                i += 1
            }
        }
        return i == got.count
    }

    static func check(_ file: String, _ expectations: [Expect]) throws {
        let (_, config) = try imported(file)
        for e in expectations {
            let r = run(config, e)
            let got = r.actions.map(\.1)
            #expect(matches(got, e.runs, contains: e.contains), "\(file): \(e.name): ran \(got), not \(e.runs)")
            for (t, what) in r.actions where !what.hasPrefix("-") {
                switch e.when {
                case .atLift: #expect(t >= r.firstLift, "\(file): \(e.name): \(what) ran at \(t.seconds) s, before the lift at \(r.firstLift.seconds) s")
                case .beforeLift: #expect(t < r.firstLift, "\(file): \(e.name): \(what) ran at \(t.seconds) s, not while the fingers were down (lift at \(r.firstLift.seconds) s)")
                case .anytime: break
                }
            }
        }
    }

    // MARK: Gestures

    /// `fingers` fingers 15 mm apart from the middle, moved by `by` in `ms`, lifted.
    static func stroke(_ fingers: Int, _ by: Vector, ms: Double = 150, on device: DeviceDescription = touchpad, at: Point? = nil) -> [GestureScript.Step] {
        [.pan(fingers: fingers, by: by, duration: .milliseconds(ms), at: at)]
    }

    /// Fingers held still for `ms`, then moved by `by` (a hold that becomes a swipe).
    static func holdThenMove(_ fingers: Int, ms: Double, by: Vector) -> [GestureScript.Step] {
        let points = (0..<fingers).map { Point(x: 30 + 15 * Double($0), y: 30) }
        return [.down(points), .wait(.milliseconds(ms)), .move(by: by, duration: .milliseconds(200)), .lift]
    }

    /// One finger from `from`, by `by`, in `ms`: a stroke at an edge of a screen.
    static func line(from: Point, by: Vector, ms: Double = 200, fingers: Int = 1) -> [GestureScript.Step] {
        [.down((0..<fingers).map { from + Vector(x: 0, y: 15 * Double($0)) }), .move(by: by, duration: .milliseconds(ms)), .lift]
    }

    static func hold(_ fingers: Int, ms: Double = 1000) -> [GestureScript.Step] {
        [.hold(fingers: fingers, duration: .milliseconds(ms))]
    }

    static func pinch(_ scale: Double, fingers: Int = 2) -> [GestureScript.Step] { [.pinch(fingers: fingers, scale: scale)] }

    /// What no tool acts on: one finger moving the pointer, two scrolling.
    static func pointerAndScroll(_ device: DeviceDescription = touchpad) -> [Expect] {
        [Expect(name: "one-finger move", device: device, steps: stroke(1, Vector(x: 40, y: 0), ms: 400), runs: []),
         Expect(name: "two-finger scroll", device: device, steps: stroke(2, Vector(x: 0, y: 30), ms: 400), runs: [])]
    }
}
