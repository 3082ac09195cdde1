import Foundation
import Testing
import Tactile
import TactileTesting

/// `tactile synth`'s promise: every gesture the recognizers know, written as one line, is
/// recognized as that gesture, with the scripted fingers, direction, scale and angle, on
/// both device classes; and random scripts keep it.
struct GestureScriptTests {
    static func script(_ yaml: String) throws(TactileError) -> GestureScript {
        try GestureScript.parse(yaml, file: "test.yaml")
    }

    /// The milestones of a one-step script on `device`.
    static func milestones(_ device: String, _ step: String) throws -> [GestureEvent] {
        GestureRun.milestones(GestureRun.lines(try script("device: \(device)\nsteps:\n  - \(step)\n")))
    }

    static func first(_ lines: [GestureEvent], _ kind: GestureKind, _ phase: GesturePhase? = nil) -> GestureEvent? {
        lines.first { $0.kind == kind && (phase == nil || $0.phase == phase) }
    }

    /// The scale a pinch ended at, the degrees a rotation ended at.
    static func endScale(_ lines: [GestureEvent]) -> Double? {
        lines.last { $0.kind == .pinch }.flatMap { if case .pinch(let s, _, _) = $0.detail { s } else { nil } }
    }
    static func endDegrees(_ lines: [GestureEvent]) -> Double? {
        lines.last { $0.kind == .rotate }.flatMap { if case .rotate(let r, _, _) = $0.detail { r.degrees } else { nil } }
    }

    @Test(arguments: ["touchscreen", "touchpad"])
    func everyStandardGestureIsRecognizedAsScripted(device: String) throws {
        let fingers = device == "touchpad" ? [1, 2, 3] : [1, 2, 3, 4]
        for n in fingers {
            for taps in 1...3 {
                let lines = try Self.milestones(device, "tap: {fingers: \(n), taps: \(taps)}")
                let tap = Self.first(lines, .tap)
                #expect(tap?.fingers == n && tap?.detail == .tap(taps: taps), "\(device): \(n)-finger tap ×\(taps): \(lines)")
            }
            let hold = Self.first(try Self.milestones(device, "hold: {fingers: \(n)}"), .longPress, .began)
            #expect(hold?.fingers == n, "\(device): \(n)-finger hold")
        }
        // Swipes: any fingers on a touchscreen; on a touchpad, one finger moves the pointer
        // and two scroll, so three and four.
        for n in device == "touchpad" ? [3, 4] : [1, 2, 3, 4] {
            for d in SwipeDirection.allCases {
                let swipe = Self.first(try Self.milestones(device, "swipe: {fingers: \(n), direction: \(d.rawValue)}"), .swipe)
                #expect(swipe?.fingers == n, "\(device): \(n)-finger swipe \(d)")
                if case .swipe(let got, _)? = swipe?.detail { #expect(got == d) } else { Issue.record("no swipe \(d)") }
            }
        }
        for scale in [0.5, 0.7, 1.5, 2.0] {
            let lines = try Self.milestones(device, "pinch: {scale: \(scale)}")
            #expect(Self.first(lines, .pinch, .began)?.fingers == 2)
            #expect(abs((Self.endScale(lines) ?? 0) - scale) < 0.03, "\(device): pinch \(scale) ended at \(Self.endScale(lines) ?? 0)")
        }
        for angle in [-90.0, -45, 45, 90, 180] {
            let lines = try Self.milestones(device, "rotate: {angle: \(angle)deg}")
            #expect(abs((Self.endDegrees(lines) ?? 0) - angle) < 1.5, "\(device): rotate \(angle)° ended at \(Self.endDegrees(lines) ?? 0)°")
        }
        let pan = try Self.milestones(device, "pan: {fingers: 2, by: [30, -20]}")
        #expect(Self.first(pan, .pan, .began)?.fingers == 2)
        if case .pan(let t, _, _)? = pan.last(where: { $0.kind == .pan })?.detail {
            // From where the fingers settled: within a millimetre of the scripted motion.
            #expect(abs(t.x - 30) < 1 && abs(t.y + 20) < 1, "\(t)")
        } else {
            Issue.record("\(device): no pan")
        }
    }

    /// A pinch while rotating, written as one step four ways (the gesture, the rotation
    /// with a scale, and the two primitives together): on a touchscreen both recognizers
    /// end where the script went, within what a plain pinch or rotate is held to.
    @Test(arguments: ["pinch: {scale: 2, angle: 60deg}", "rotate: {angle: 60deg, scale: 2}",
                      "down: [[60, 45], [100, 45]]\n  - spread: {scale: 2, angle: 60deg}\n  - lift",
                      "down: [[60, 45], [100, 45]]\n  - turn: {angle: 60deg, scale: 2}\n  - lift"])
    func aPinchWhileRotatingIsBoth(step: String) throws {
        let lines = try Self.milestones("touchscreen", step)
        #expect(abs((Self.endScale(lines) ?? 0) - 2) < 0.03, "\(step): pinch ended at \(Self.endScale(lines) ?? 0)")
        #expect(abs((Self.endDegrees(lines) ?? 0) - 60) < 1.5, "\(step): rotate ended at \(Self.endDegrees(lines) ?? 0)°")
        #expect(Self.first(lines, .pinch, .began)?.fingers == 2 && Self.first(lines, .rotate, .began)?.fingers == 2)
    }

    @Test func touchscreenOnlyAndTouchpadOnlyGestures() throws {
        for edge in ScreenEdge.allCases {
            let e = Self.first(try Self.milestones("touchscreen", "edgeSwipe: {edge: \(edge.rawValue)}"), .edgeSwipe)
            if case .edgeSwipe(let got, _, _)? = e?.detail { #expect(got == edge) } else { Issue.record("no edge swipe from \(edge)") }
        }
        let peek = try Self.milestones("phone", "peek")
        #expect(peek.contains { if case .peek(.peek, _) = $0.detail { true } else { false } })
        #expect(!peek.contains { if case .peek(.pop, _) = $0.detail { true } else { false } })
        let pop = try Self.milestones("phone", "pop")
        #expect(pop.contains { if case .peek(.pop, _) = $0.detail { true } else { false } })
        for (n, button) in [(1, ClickButton.left), (2, .right), (3, .middle)] {
            let click = Self.first(try Self.milestones("touchpad", "click: {fingers: \(n)}"), .click)
            #expect(click?.detail == .click(button: button), "\(n)-finger click: \(String(describing: click))")
        }
    }

    @Test func theSameScriptGivesTheSameFramesAndTheSeedChangesOnlyTheNoise() throws {
        let yaml = "device: touchscreen\nnoise: 0.2mm\nseed: 7\nsteps:\n  - pan: {by: [40, 0]}\n"
        #expect(try Self.script(yaml).frames() == (try Self.script(yaml).frames()))
        var other = try Self.script(yaml)
        other.seed = 8
        let a = try Self.script(yaml).frames(), b = other.frames()
        #expect(a.count == b.count && a != b)
        #expect(zip(a, b).allSatisfy { $0.time == $1.time })
    }

    @Test(arguments: [
        ("steps:\n  - swype: {fingers: 3}\n", "test.yaml:2:5: unknown step 'swype'"),
        ("steps:\n  - swipe: {fingers: 3}\n", "test.yaml:2:12: a swipe needs `direction:`"),
        ("steps:\n  - pinch: {scale: 0}\n", "test.yaml:2:20: scale must be 0.1 to 10"),
        ("device: phone\nsteps:\n  - pan: {by: [1, 2], duration: fast}\n", "test.yaml:3:33: duration 'fast' is not a number of ms"),
        ("steps:\n  - click\n", "test.yaml:2:5: a click is a touchpad's"),
        ("steps:\n  - pop\n", "test.yaml:2:5: pop needs a device with pressure"),
        ("device: tablet\nsteps: [tap]\n", "test.yaml:1:9: device 'tablet' is not one of touchscreen, touchpad, phone"),
        ("steps:\n  - wait: 1000000s\n", "test.yaml:2:11: wait must be 0 to 600000 ms"),
        ("rate: 5\nsteps: [tap]\n", "test.yaml:1:7: rate is frames per second, 10 to 2000"),
        ("rate: 2000\nsteps:\n  - hold: {fingers: 10, duration: 600s}\n", "test.yaml:1:7: the script gives about 1201200 frames at 2000 Hz: at most 600000"),
        ("device: {kind: touchpad, slots: 2}\nsteps:\n  - swipe: {fingers: 3, direction: left}\n", "test.yaml:3:5: 3 fingers on a device of 2 slots"),
        ("device: phone\ndevice: touchpad\nsteps: [tap]\n", "test.yaml:1:1: not valid YAML: keys given twice: device"),
    ])
    func aBadScriptSaysWhereAndWhat(yaml: String, message: String) {
        let error = #expect(throws: TactileError.self, "accepted: \(yaml)") { try Self.script(yaml) }
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "")")
        #expect(error?.kind == .badData)
    }

    /// `{from: FILE}`: a relative FILE is beside the script; a kernel description keeps
    /// its own size and slots; a file that cannot be read is named in the error.
    @Test func aDeviceFromARecordingIsFoundBesideTheScriptAndKeepsItsAxes() throws {
        var asked: [String] = []
        var kernel = DeviceDescription(id: 3, name: "Panel", kind: .touchscreen, size: Size(width: 155, height: 87), slots: 16,
                                       sizeSource: .resolution, evdev: EvdevCapabilities())
        var unsized = kernel
        unsized.size = nil
        unsized.sizeSource = nil
        let found = kernel, bare = unsized
        let read = { (path: String) throws(TactileError) -> DeviceDescription in
            asked.append(path)
            if path.hasSuffix("bare.evemu") { return try GestureScript.device(from: InputDevices(devices: [bare]), path: path) }
            guard path.hasSuffix("panel.evemu") else { throw TactileError(.noInput, file: path, "no such file") }
            return try GestureScript.device(from: InputDevices(devices: [found]), path: path)
        }
        let script = try GestureScript.parse("device: {from: panel.evemu, name: Mine}\nsteps: [tap]\n", file: "scripts/a.yaml", devices: read)
        #expect(asked == ["scripts/panel.evemu"])
        #expect(script.device.id == 0 && script.device.name == "Mine" && script.device.size == kernel.size)
        _ = try GestureScript.parse("device: {from: /abs/panel.evemu}\nsteps: [tap]\n", file: "scripts/a.yaml", devices: read)
        _ = try GestureScript.parse("device: {from: panel.evemu}\nsteps: [tap]\n", file: "-", devices: read)
        #expect(asked.suffix(2) == ["/abs/panel.evemu", "panel.evemu"])

        let resized = #expect(throws: TactileError.self) {
            try GestureScript.parse("device: {from: panel.evemu, size: [100, 50]}\nsteps: [tap]\n", file: "a.yaml", devices: read)
        }
        #expect(resized?.description.hasPrefix("a.yaml:1:35: size comes from panel.evemu's kernel description") == true, "\(resized?.description ?? "")")
        // Axes without a resolution give no size: a size is what --size would give them.
        let sized = try GestureScript.parse("device: {from: bare.evemu, size: [100, 50]}\nsteps: [tap]\n", file: "a.yaml", devices: read)
        #expect(sized.device.size == Size(width: 100, height: 50))
        #expect(throws: TactileError.self) {
            try GestureScript.parse("device: {from: bare.evemu, slots: 2}\nsteps: [tap]\n", file: "a.yaml", devices: read)
        }
        let missing = #expect(throws: TactileError.self) {
            try GestureScript.parse("device: {from: gone.evemu}\nsteps: [tap]\n", file: "s/a.yaml", devices: read)
        }
        #expect(missing?.description == "s/a.yaml:1:16: s/gone.evemu: no such file", "\(missing?.description ?? "")")
    }

    func below(_ rng: inout SeededRandom, _ n: Int) -> Int { Int(rng.next() % UInt64(n)) }

    /// Random scripts of standard gestures, each recognized as written, in order.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomScriptsAreRecognizedAsWritten(seed: UInt64) throws {
        var rng = SeededRandom(seed: seed &* 0x9E37_79B9_7F4A_7C15)
        for device in ["touchscreen", "touchpad"] {
            var steps: [String] = []
            var want: [(GestureKind, String)] = []
            for _ in 0..<4 {
                switch below(&rng, 5) {
                case 0:
                    let n = 1 + below(&rng, 3), taps = 1 + below(&rng, 3)
                    steps.append("tap: {fingers: \(n), taps: \(taps)}")
                    want.append((.tap, "\(n) fingers ×\(taps)"))
                case 1:
                    let n = device == "touchpad" ? 3 + below(&rng, 2) : 1 + below(&rng, 4)
                    let d = SwipeDirection.allCases[below(&rng, 4)]
                    let distance = 30 + below(&rng, 50), ms = 80 + below(&rng, 70)
                    steps.append("swipe: {fingers: \(n), direction: \(d.rawValue), distance: \(distance)mm, duration: \(ms)ms}")
                    want.append((.swipe, "\(n) fingers \(d.rawValue)"))
                case 2:
                    let scale = [0.4, 0.5, 0.6, 1.6, 2.0, 2.5][below(&rng, 6)]
                    steps.append("pinch: {scale: \(scale)}")
                    want.append((.pinch, "\(scale)"))
                case 3:
                    let angle = (45 + below(&rng, 100)) * (below(&rng, 2) == 0 ? 1 : -1)
                    steps.append("rotate: {angle: \(angle)deg}")
                    want.append((.rotate, "\(angle)"))
                default:
                    let n = 1 + below(&rng, 4)
                    steps.append("hold: {fingers: \(n)}")
                    want.append((.longPress, "\(n) fingers"))
                }
            }
            let yaml = "device: \(device)\nsteps:\n" + steps.map { "  - \($0)\n" }.joined()
            let lines = GestureRun.milestones(GestureRun.lines(try Self.script(yaml)))
            // Each scripted gesture is there, in order, with its values.
            var from = lines.startIndex
            for ((kind, what), step) in zip(want, steps) {
                // Its beginning (or its one line); a companion that began with an earlier
                // gesture (a touchpad's pinch beside its rotation) is passed over.
                guard let i = lines[from...].firstIndex(where: { $0.kind == kind && ($0.phase == .began || $0.phase == .recognized) }) else {
                    Issue.record("\(device): `\(step)` gave no \(kind) after line \(from): \(lines.map { "\($0.kind) \($0.phase)" })")
                    break
                }
                let g = lines[i]
                switch g.detail {
                case .tap(let taps): #expect(what == "\(g.fingers) fingers ×\(taps)", "\(device): \(step)")
                case .swipe(let d, _): #expect(what == "\(g.fingers) fingers \(d.rawValue)", "\(device): \(step)")
                case .longPress: #expect(what == "\(g.fingers) fingers", "\(device): \(step)")
                case .pinch:
                    let end = lines[i...].first { $0.kind == .pinch && $0.phase == .ended }
                    if case .pinch(let s, _, _)? = end?.detail { #expect(abs(s - Double(what)!) < 0.05, "\(device): \(step): \(s)") }
                case .rotate:
                    let end = lines[i...].first { $0.kind == .rotate && $0.phase == .ended }
                    if case .rotate(let r, _, _)? = end?.detail { #expect(abs(r.degrees - Double(what)!) < 2, "\(device): \(step): \(r.degrees)") }
                default: Issue.record("\(device): \(step) gave \(g.detail)")
                }
                // On past its end.
                let end = g.phase == .began ? lines[i...].firstIndex { $0.kind == kind && ($0.phase == .ended || $0.phase == .cancelled) } : nil
                from = lines.index(after: end ?? i)
            }
        }
    }
}
