import Foundation
import Testing
import Tactile
import TactileBindings
import TestSupport

/// The binder over synthetic strokes whose distances and angles are known, and over the
/// orientation recordings: counts, signs, matrices and which binding wins, each written
/// from what docs/bindings.md promises.
@Suite struct BinderTests {
    static let device = DeviceDescription(id: 0, name: "Test touchscreen", kind: .touchscreen, size: Size(width: 150, height: 90))

    /// Fingers moving in a straight line at 100 mm/s, a frame every 10 ms; then lifted.
    static func stroke(from: [Point], by move: Point, ms: Double = 500) -> [InputEvent] {
        var out: [InputEvent] = []
        let frames = Int(ms / 10)
        for k in 0...frames {
            var f = TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (k + 1))), device: 0)
            let s = Double(k) / Double(frames)
            for (i, p) in from.enumerated() { f.contacts.append(Contact(id: i, position: p + move * s)) }
            out.append(.touches(f))
        }
        out.append(.touches(TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (frames + 2))), device: 0)))
        return out
    }

    /// Two fingers 40 mm apart turning about their midpoint by `degrees` (clockwise, y down).
    static func turn(degrees: Double, ms: Double = 1500) -> [InputEvent] {
        var out: [InputEvent] = []
        let frames = Int(ms / 10), c = Point(x: 75, y: 45)
        for k in 0...frames {
            let a = Angle(degrees: degrees).radians * Double(k) / Double(frames)
            var f = TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (k + 1))), device: 0)
            f.contacts.append(Contact(id: 0, position: c + Point(x: -20 * cos(a), y: -20 * sin(a))))
            f.contacts.append(Contact(id: 1, position: c + Point(x: 20 * cos(a), y: 20 * sin(a))))
            out.append(.touches(f))
        }
        out.append(.touches(TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (frames + 2))), device: 0)))
        return out
    }

    static func actions(_ yaml: String, _ events: [InputEvent], device: DeviceDescription = device) throws -> [BoundAction] {
        boundActions(try BindingConfig.parse(yaml, file: "test.yaml"), InputDevices(devices: [device]), events)
    }

    static func env(_ a: BoundAction, _ name: String) -> String? { a.environment.first { $0.name == name }?.value }

    @Test func aFiftyMillimetrePanWithEveryTenMillimetresRunsFiveTimesEachWayWithItsSign() throws {
        let yaml = """
            bindings:
              - {gesture: pan, direction: horizontal, repeat: {every: 10mm}, command: [volume, "{sign}"]}
            """
        let right = try Self.actions(yaml, Self.stroke(from: [Point(x: 40, y: 45)], by: Point(x: 50, y: 0)))
        #expect(right.map { $0.argv } == Array(repeating: ["volume", "+"], count: 5))
        let left = try Self.actions(yaml, Self.stroke(from: [Point(x: 100, y: 45)], by: Point(x: -50, y: 0)))
        #expect(left.map { $0.argv } == Array(repeating: ["volume", "-"], count: 5))
        // 49 mm is four steps, not five.
        let short = try Self.actions(yaml, Self.stroke(from: [Point(x: 40, y: 45)], by: Point(x: 49, y: 0)))
        #expect(short.count == 4)
    }

    @Test func aTurnOf270DegreesWithEvery90RunsThreeTimes() throws {
        let yaml = """
            bindings:
              - gesture: rotate
                repeat: {every: 90deg}
                command: [turn, "{sign}", "{steps}"]
            """
        let clockwise = try Self.actions(yaml, Self.turn(degrees: 270))
        #expect(clockwise.map { $0.argv } == Array(repeating: ["turn", "+", "1"], count: 3))
        let back = try Self.actions(yaml, Self.turn(degrees: -270))
        #expect(back.map { $0.argv } == Array(repeating: ["turn", "-", "1"], count: 3))
        // Against the binding's own direction, the sign turns.
        let anticlockwise = try Self.actions(yaml.replacingOccurrences(of: "repeat:", with: "direction: anticlockwise\n    repeat:"),
                                             Self.turn(degrees: -270))
        #expect(anticlockwise.map { $0.argv[1] } == ["+", "+", "+"])
    }

    @Test func anIntervalHoldsStepsBackAndRunsThemTogether() throws {
        let yaml = """
            bindings:
              - {gesture: pan, direction: right, repeat: {every: 5mm, interval: 1s}, command: [step, "{steps}"]}
            """
        // 50 mm in 500 ms: the first step runs, the other nine wait for the end.
        let a = try Self.actions(yaml, Self.stroke(from: [Point(x: 40, y: 45)], by: Point(x: 50, y: 0)))
        #expect(a.map { $0.argv } == [["step", "1"], ["step", "9"]])
    }

    @Test func theMostSpecificBindingWinsAndATieGoesToTheFirst() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, threshold: 20mm, command: [any]}
              - {gesture: swipe, fingers: 2-3, threshold: 20mm, command: [range]}
              - {gesture: swipe, fingers: 3, threshold: 20mm, command: [three]}
              - {gesture: swipe, fingers: 3, direction: left, threshold: 20mm, command: [three-left]}
              - {gesture: swipe, fingers: 3, direction: horizontal, threshold: 20mm, command: [three-horizontal]}
            """
        func run(_ fingers: Int, _ dx: Double) throws -> [[String]] {
            let from = (0..<fingers).map { Point(x: 60 + 10 * Double($0), y: 45) }
            return try Self.actions(yaml, Self.stroke(from: from, by: Point(x: dx, y: 0), ms: 800)).map(\.argv)
        }
        #expect(try run(3, -40) == [["three-left"]])        // the direction over none; first of two
        #expect(try run(3, 40) == [["three-horizontal"]])   // right: only the axis matches
        #expect(try run(2, 40) == [["range"]])
        #expect(try run(1, 40) == [["any"]])
        // Too short for every threshold: nothing.
        #expect(try run(3, 15).isEmpty)
    }

    /// Expected matrix: where the panel's normalised point lands on the screen once the
    /// device has turned counter-clockwise by `q` quarters, worked out by turning the unit
    /// square (y down) about its centre, not from Tactile's table.
    static func calibration(quarterTurns q: Int) -> [Double] {
        // Counter-clockwise by 90° on screen (y down): (u, v) → (v, 1 - u).
        var m: [Double] = [1, 0, 0, 0, 1, 0]
        for _ in 0..<q {
            // new x = old y-row, new y = 1 - old x-row.
            m = [m[3], m[4], m[5], -m[0], -m[1], 1 - m[2]]
        }
        return m
    }

    @Test func theOrientationRecordingsRunOncePerChangeWithTheirCalibration() throws {
        let yaml = """
            bindings:
              - orientation: any
                command: [calibrate, "{libinput_matrix...}"]
            """
        var seen = Set<InterfaceOrientation>()
        for name in ["accelerometer-turn", "orientation-turn-left", "orientation-turn-right", "orientation-half-turn",
                     "orientation-table-taps", "orientation-walking", "orientation-shake"] {
            let (header, events) = try readAll(Paths.recording(name + ".jsonl"))
            let changes = recognizeAll(header, events).compactMap { line -> OrientationEvent? in
                guard case .orientation(let o) = line, o.previous != o.orientation else { return nil }
                return o
            }
            let out = boundActions(try BindingConfig.parse(yaml, file: "test.yaml"), header, events)
            #expect(out.count == changes.count, "\(name)")
            for (a, o) in zip(out, changes) {
                seen.insert(o.orientation)
                #expect(a.time == o.time)
                #expect(a.argv.dropFirst().map { Double($0)! } == Self.calibration(quarterTurns: o.orientation.quarterTurns),
                        "\(name): \(o.orientation)")
                #expect(Self.env(a, "TACTILE_ORIENTATION") == o.orientation.rawValue)
            }
        }
        #expect(seen == Set(InterfaceOrientation.allCases), "the recordings reach every orientation")
    }

    @Test func followingTheScreenTurnsEdgesAndDirections() throws {
        let yaml = """
            screen: follow-orientation
            bindings:
              - {gesture: edgeSwipe, edge: bottom, direction: up, command: [launcher]}
              - {gesture: edgeSwipe, edge: left, command: [back]}
            """
        let config = try BindingConfig.parse(yaml, file: "test.yaml")
        let accel = DeviceDescription(id: 1, name: "Accelerometer", kind: .accelerometer)
        func edge(_ turned: InterfaceOrientation?) -> [[String]] {
            var binder = Binder(config: config)
            binder.add(Self.device)
            binder.add(accel)
            var out: [BoundAction] = []
            if let turned {
                binder.handle(.orientation(OrientationEvent(
                    time: Timestamp(microseconds: 1), device: 1, orientation: turned, previous: .portrait, pose: DevicePose(turned),
                    rotation: turned.rotation, rotationDelta: turned.rotation, bounds: Size(width: 160, height: 90),
                    transform: .identity)), into: &out)
            }
            // In from the panel's left edge, moving right.
            binder.handle(.gesture(GestureEvent(time: Timestamp(microseconds: 2), device: 0, phase: .recognized, fingers: 1,
                                                location: Point(x: 10, y: 45), detail: .edgeSwipe(edge: .left, direction: .right))),
                          into: &out)
            return out.map(\.argv)
        }
        #expect(edge(nil) == [["back"]])
        // Top edge on the left: the panel's left edge is the screen's bottom, right is up.
        #expect(edge(.landscapeLeft) == [["launcher"]])
        #expect(edge(.landscapeRight).isEmpty)   // the screen's top: no binding
        #expect(edge(.portraitUpsideDown).isEmpty)
    }

    @Test func aCornerBindingTakesSwipesFromItsCornerAndWinsOverItsEdge() throws {
        let yaml = """
            bindings:
              - gesture: edgeSwipe
                edge: bottom
                command: [bottom, "{edge}"]
              - gesture: edgeSwipe
                edge: bottom-left
                command: [corner, "{edge}"]
            """
        // The test surface is 150 × 90 mm; the edge zone 4 mm.
        let fromCorner = try Self.actions(yaml, Self.stroke(from: [Point(x: 3, y: 89)], by: Point(x: 15, y: -25), ms: 150))
        #expect(fromCorner.map(\.argv) == [["corner", "bottom-left"]])
        let fromEdge = try Self.actions(yaml, Self.stroke(from: [Point(x: 70, y: 88)], by: Point(x: 0, y: -25), ms: 150))
        #expect(fromEdge.map(\.argv) == [["bottom", "bottom"]])
    }

    @Test func aProgressBindingRunsFromTheStartWithProgressRisingToOneAtItsThreshold() throws {
        let yaml = """
            bindings:
              - gesture: pan
                direction: left
                threshold: 40mm
                on: progress
                command: [animate, "{progress}"]
            """
        let left = try Self.actions(yaml, Self.stroke(from: [Point(x: 120, y: 45)], by: Point(x: -60, y: 0)))
        let progress = left.map { Double($0.argv[1])! }
        #expect(progress.count > 20)
        #expect(progress.first! < 0.25)
        #expect(zip(progress, progress.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(progress.filter { $0 > 0 && $0 < 1 }.count > 10)
        #expect(progress.last == 1)
        // A pan the other way is another gesture's: this binding does not follow it.
        #expect(try Self.actions(yaml, Self.stroke(from: [Point(x: 40, y: 45)], by: Point(x: 60, y: 0))).isEmpty)
        // Progress counts toward a threshold: without one the binding is refused.
        #expect(throws: TactileError.self) {
            try BindingConfig.parse("bindings: [{gesture: pan, on: progress, command: [a]}]", file: "t.yaml")
        }
    }

    @Test func anApplicationsBindingRunsOnlyWhileItHasFocusAndWinsOverTheGeneralOne() throws {
        let config = try BindingConfig.parse("""
            bindings:
              - gesture: tap
                command: [general]
              - gesture: tap
                app: [firefox, "org.gnome.*"]
                command: [browser, "{app}"]
            """, file: "t.yaml")
        func run(_ focused: [String]?) -> [[String]] {
            var binder = Binder(config: config)
            binder.add(Self.device)
            binder.focusedApplication = focused
            var out: [BoundAction] = []
            binder.handle(.gesture(GestureEvent(time: Timestamp(microseconds: 1), device: 0, phase: .recognized, fingers: 1,
                                                location: Point(x: 10, y: 10), detail: .tap(taps: 1))), into: &out)
            return out.map(\.argv)
        }
        #expect(run(nil) == [["general"]])                    // no desktop says: never the app's
        #expect(run(["Firefox", "Navigator"]) == [["browser", "Firefox"]])   // case ignored
        #expect(run(["org.gnome.Nautilus"]) == [["browser", "org.gnome.Nautilus"]])
        #expect(run(["xterm", "XTerm"]) == [["general"]])
    }

    @Test func valuesStayOneArgumentAndReachTheEnvironment() throws {
        let yaml = """
            bindings:
              - gesture: tap
                taps: 2
                stdin: json
                command: [run, "{device}", "n={taps}", "{{literal}}", "{fingers}{fingers}"]
            """
        let (header, events) = try readAll(Paths.recording("double-tap.jsonl"))
        let out = boundActions(try BindingConfig.parse(yaml, file: "test.yaml"), header, events)
        let a = try #require(out.first)
        #expect(out.count == 1)
        #expect(a.argv == ["run", header.devices[0].name, "n=2", "{literal}", "11"])
        #expect(Self.env(a, "TACTILE_GESTURE") == "tap")
        #expect(Self.env(a, "TACTILE_TAPS") == "2")
        #expect(Self.env(a, "TACTILE_DX") == nil)
        #expect(a.stdin?.contains("\"taps\":2") == true)
        #expect(a.stdin?.hasSuffix("}\n") == true)
    }

    /// docs/bindings.md's placeholder table lists exactly the placeholders, with their
    /// environment names and what they hold.
    @Test func theDocumentedPlaceholdersAreTheOnesThereAre() throws {
        let doc = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/bindings.md"), encoding: .utf8)
        let rows = doc.components(separatedBy: "<!-- placeholders:")[1].split(separator: "\n").dropFirst()
            .prefix { $0.hasPrefix("| `{") }
        let documented = rows.map { row -> [String] in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
        let actual = Placeholder.allCases.map { ["{\($0.rawValue)}", $0.environmentName, $0.help] }
        #expect(documented == actual)
    }

    @Test func globsMatchAsAShellDoes() {
        let d = { (name: String) in DeviceDescription(id: 0, name: name, kind: .touchpad) }
        #expect(DeviceMatch(name: "ELAN*").matches(d("ELAN0732:00 04F3:22E1 Touchpad"), node: nil))
        #expect(!DeviceMatch(name: "ELAN*").matches(d("SynPS/2 Synaptics TouchPad"), node: nil))
        #expect(DeviceMatch(name: "*Touch[Pp]ad").matches(d("SynPS/2 Synaptics TouchPad"), node: nil))
        #expect(DeviceMatch(name: "Syn?S/2*").matches(d("SynPS/2 Synaptics TouchPad"), node: nil))
        #expect(!DeviceMatch(name: "*[!a-z]").matches(d("abc"), node: nil))
        #expect(DeviceMatch(name: "*a*b*c*").matches(d("xxaxxbxxcxx"), node: nil))
        #expect(!DeviceMatch(kind: .touchscreen).matches(d("pad"), node: nil))
        #expect(DeviceMatch(node: "/dev/input/event3").matches(d("pad"), node: "/dev/input/event3"))
    }

    @Test func quantitiesAreReadInTheirUnits() {
        #expect(Quantity(parsing: "10mm") == Quantity(10, .millimetres))
        #expect(Quantity(parsing: "2.5 cm") == Quantity(25, .millimetres))
        #expect(Quantity(parsing: "20%") == Quantity(20, .percent))
        #expect(Quantity(parsing: "90deg") == Quantity(90, .degrees))
        #expect(Quantity(parsing: "1.25x") == Quantity(1.25, .factor))
        #expect(Quantity(parsing: "2s") == Quantity(2000, .milliseconds))
        #expect(Quantity(parsing: "ten mm") == nil)
        #expect(Quantity(parsing: "10") == nil)
        #expect(Quantity(parsing: "10 furlongs") == nil)
    }

    /// A repeat never runs more than the cap per gesture, and a hostile line (a turn of a
    /// trillion radians) costs no more than a small one (#31: it grew to gigabytes).
    @Test func aRepeatRunsAtMostTheCapPerGesture() throws {
        let config = try BindingConfig.parse("""
            bindings:
              - gesture: rotate
                repeat: {every: 1deg}
                command: [step, "{sign}"]
              - gesture: pan
                on: update
                command: [moved]
            """, file: "test.yaml")
        var binder = Binder(config: config)
        binder.add(Self.device)
        var out: [BoundAction] = []
        func line(_ ms: Int64, _ phase: GesturePhase, _ detail: GestureEvent.Detail) -> RecognizedEvent {
            .gesture(GestureEvent(time: Timestamp(microseconds: ms * 1000), device: 0, phase: phase, fingers: 2,
                                  location: Point(x: 50, y: 50), detail: detail))
        }
        binder.handle(line(0, .began, .rotate(rotation: Angle(radians: 0.2), rotationDelta: Angle(radians: 0.2), velocity: AngularVelocity(radiansPerSecond: 1))), into: &out)
        binder.handle(line(10, .changed, .rotate(rotation: Angle(radians: 1e12), rotationDelta: Angle(radians: 1e12), velocity: AngularVelocity(radiansPerSecond: 1))), into: &out)
        binder.handle(line(20, .changed, .rotate(rotation: Angle(radians: -1e12), rotationDelta: Angle(radians: -2e12), velocity: AngularVelocity(radiansPerSecond: 1))), into: &out)
        binder.handle(line(30, .ended, .rotate(rotation: Angle(radians: -1e12), rotationDelta: Angle(radians: 0), velocity: AngularVelocity(radiansPerSecond: 1))), into: &out)
        #expect(out.count == GestureTrigger.maxRunsPerGesture)
        // Every update of a pan runs, up to the same cap.
        out.removeAll()
        binder.handle(line(100, .began, .pan(translation: Vector(x: 2, y: 0), delta: Vector(x: 2, y: 0), velocity: .zero)), into: &out)
        for k in 1...2000 {
            binder.handle(line(100 + Int64(k), .changed, .pan(translation: Vector(x: 2 + Double(k), y: 0), delta: Vector(x: 1, y: 0),
                                                                velocity: .zero)), into: &out)
        }
        #expect(out.count == GestureTrigger.maxRunsPerGesture)
    }

    // MARK: Strokes (#31 items 1, 2, 3, 7)

    static func recording(_ name: String) throws -> [InputEvent] { try readAll(Paths.recording(name)).1 }
    static func recordingHeader(_ name: String) throws -> DeviceDescription { try readAll(Paths.recording(name)).0.devices[0] }

    @Test func anEdgeSwipeWithAThresholdFiresAlone() throws {
        // edge-swipe-left.jsonl: a stroke in from the left edge, 40 mm.
        let yaml = """
            bindings:
              - {gesture: edgeSwipe, edge: left, threshold: 20mm, command: [back, "{dx}", "{x}"]}
            """
        let a = try Self.actions(yaml, Self.recording("edge-swipe-left.jsonl"), device: Self.recordingHeader("edge-swipe-left.jsonl"))
        // The recognizer writes the edge swipe 10.6 mm out; the binding runs once, on the
        // first pan line of the same stroke past 20 mm, with that line's time and place.
        #expect(a.count == 1)
        let dx = try #require(a.first.flatMap { Double($0.argv[1]) })
        #expect(dx >= 20 && dx < 23, "\(dx)")
        let x = try #require(a.first.flatMap { Double($0.argv[2]) })
        #expect(x > 20, "{x} is where the fingers are when the binding runs, not where the edge swipe was recognized: \(x)")
        var recognizer = Recognition(devices: InputDevices(devices: [try Self.recordingHeader("edge-swipe-left.jsonl")]))
        var lines: [RecognizedEvent] = []
        for e in try Self.recording("edge-swipe-left.jsonl") { recognizer.process(e, into: &lines) }
        let recognized = try #require(lines.first { if case .gesture(let g) = $0, g.kind == .edgeSwipe { true } else { false } })
        #expect(a[0].time > recognized.time)
    }

    @Test func oneFlickRunsOneSwipeBindingWithItsTranslation() throws {
        // flick-left.jsonl: 30 mm to the left in 120 ms.
        let header = try Self.recordingHeader("flick-left.jsonl"), events = try Self.recording("flick-left.jsonl")
        let both = """
            bindings:
              - {gesture: swipe, direction: left, command: [any, "{dx}"]}
              - {gesture: swipe, direction: left, threshold: 20mm, command: [far, "{dx}"]}
            """
        let a = try Self.actions(both, events, device: header)
        #expect(a.count == 1, "\(a.map(\.argv))")
        #expect(a.first?.argv.first == "far")
        let alone = try Self.actions("bindings: [{gesture: swipe, direction: left, command: [any, \"{dx}\"]}]", events, device: header)
        let dx = try #require(alone.first.flatMap { Double($0.argv[1]) })
        #expect(dx < -25 && dx > -35, "the flick's translation, not 0")
    }

    @Test func aSlowStrokeRunsTheThresholdSwipeOnce() throws {
        // pan-slow.jsonl: 40 mm right over 1.2 s, let go of slowly: no swipe line, a slow swipe.
        let yaml = """
            bindings:
              - {gesture: swipe, direction: right, threshold: 20mm, command: [far]}
              - {gesture: swipe, direction: right, command: [any]}
            """
        let a = try Self.actions(yaml, Self.recording("pan-slow.jsonl"), device: Self.recordingHeader("pan-slow.jsonl"))
        #expect(a.map(\.argv) == [["far"]])
    }

    @Test func aPureRotationOnATouchpadIsNoPinch() throws {
        let pad = DeviceDescription(id: 0, name: "Test touchpad", kind: .touchpad, size: Size(width: 150, height: 90))
        let yaml = """
            bindings:
              - {gesture: pinch, direction: in, command: [zoom-out]}
              - {gesture: pinch, direction: out, command: [zoom-in]}
              - {gesture: rotate, direction: clockwise, command: [turned]}
            """
        let a = try Self.actions(yaml, Self.turn(degrees: 90), device: pad)
        #expect(!a.contains { $0.argv == ["zoom-out"] || $0.argv == ["zoom-in"] }, "\(a.map(\.argv))")
    }

    @Test func anUpdateBindingsSignFollowsTheMotion() throws {
        let yaml = """
            bindings:
              - {gesture: pan, direction: horizontal, on: update, command: [move, "{sign}"]}
            """
        let left = try Self.actions(yaml, Self.stroke(from: [Point(x: 100, y: 45)], by: Point(x: -50, y: 0)))
        #expect(!left.isEmpty && left.allSatisfy { $0.argv == ["move", "-"] }, "\(left.map(\.argv))")
        let right = try Self.actions(yaml, Self.stroke(from: [Point(x: 50, y: 45)], by: Point(x: 50, y: 0)))
        #expect(!right.isEmpty && right.allSatisfy { $0.argv == ["move", "+"] })
    }

    /// Diagonal swipes (#31): with one bound, strokes are told apart in eight sectors of 45°
    /// (as libinput-gestures does), quick or slow; without, in four.
    @Test func diagonalSwipesTakeTheirSectors() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, fingers: 3, direction: left-up, command: [diagonal, "{direction}"]}
              - {gesture: swipe, fingers: 3, direction: up, threshold: 15mm, command: [up]}
            """
        let three = [Point(x: 60, y: 60), Point(x: 75, y: 60), Point(x: 90, y: 60)]
        for ms in [150.0, 800] {
            #expect(try Self.actions(yaml, Self.stroke(from: three, by: Point(x: -30, y: -30), ms: ms)).map(\.argv)
                    == [["diagonal", "left-up"]], "45°, \(ms) ms")
            #expect(try Self.actions(yaml, Self.stroke(from: three, by: Point(x: -17, y: -30), ms: ms)).map(\.argv)
                    == [["diagonal", "left-up"]], "30° off the vertical is in the diagonal's sector, \(ms) ms")
            #expect(try Self.actions(yaml, Self.stroke(from: three, by: Point(x: -8, y: -40), ms: ms)).map(\.argv)
                    == [["up"]], "11° off the vertical is up, \(ms) ms")
            #expect(try Self.actions(yaml, Self.stroke(from: three, by: Point(x: 30, y: 30), ms: ms)).isEmpty, "the other diagonal")
        }
        // Too short a stroke is no diagonal swipe.
        #expect(try Self.actions(yaml, Self.stroke(from: three, by: Point(x: -5, y: -5), ms: 150)).isEmpty)
        // Without a diagonal binding, the 30° stroke is a swipe up, as before.
        let axes = "bindings: [{gesture: swipe, fingers: 3, direction: up, threshold: 15mm, command: [up]}]"
        #expect(try Self.actions(axes, Self.stroke(from: three, by: Point(x: -17, y: -30), ms: 800)).map(\.argv) == [["up"]])
        #expect(throws: TactileError.self) { try BindingConfig.parse("bindings: [{gesture: pan, direction: left-up, command: [x]}]", file: "t.yaml") }
    }
}
