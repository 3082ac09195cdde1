import Tactile
import TactileBindings
import TactileTesting
import Testing

/// What docs/bindings.md promises of `speed:` on swipes, `edge:` on pans, a pinch's
/// repeat in points and `reverse: []`, replayed on synthesized gestures.
struct BinderSpeedTests {
    typealias T = ImportedConfigurationTests

    static func runs(_ yaml: String, _ steps: [GestureScript.Step], on device: DeviceDescription = T.touchpad) throws -> [String] {
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        return T.run(config, T.Expect(name: "", device: device, steps: steps, runs: [])).actions.map(\.1)
    }

    /// A flick with both a speed binding and a plain one runs the speed one alone, mid-stroke,
    /// once: one stroke runs one swipe binding.
    @Test func aFastStrokeRunsItsSpeedBindingOnceAndNoOther() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, fingers: 3, direction: left, speed: 60mm/s, command: [fast]}
              - {gesture: swipe, fingers: 3, direction: left, command: [flick]}
              - {gesture: swipe, fingers: 3, direction: left, threshold: 5mm, command: [slow]}
            """
        #expect(try Self.runs(yaml, T.stroke(3, Vector(x: -40, y: 0), ms: 150)) == ["fast"])
        // 20 mm in 1.5 s never goes 60 mm/s: the slow stroke's binding runs at the end.
        #expect(try Self.runs(yaml, T.stroke(3, Vector(x: -20, y: 0), ms: 1500)) == ["slow"])
    }

    /// The speed is the stroke's, in its direction: a fast stroke right runs no left binding.
    @Test func theSpeedBindingKeepsToItsDirection() throws {
        let yaml = "bindings:\n  - {gesture: swipe, fingers: 3, direction: left, speed: 60mm/s, command: [left]}\n"
        #expect(try Self.runs(yaml, T.stroke(3, Vector(x: 40, y: 0), ms: 150)) == [])
    }

    /// Two fingers 20 mm apart around the middle of the pad.
    static let twoFingers = [Point(x: 40, y: 30), Point(x: 60, y: 30)]

    /// A pinch with a `speed` runs by the way each update goes: out, then back in, runs the
    /// out binding, then the in one, each at most once per its interval.
    @Test func aPinchBySpeedRunsTheWayEachUpdateGoes() throws {
        let yaml = """
            bindings:
              - {gesture: pinch, direction: out, speed: 100%/s, interval: 300ms, command: [out]}
              - {gesture: pinch, direction: in, speed: 100%/s, interval: 300ms, command: [in]}
            """
        // Out to 2x in 400 ms (173%/s), then in to 1x in 400 ms.
        let outThenIn: [GestureScript.Step] = [.down(Self.twoFingers), .spread(scale: 2, duration: .milliseconds(400)),
                                               .spread(scale: 0.5, duration: .milliseconds(400)), .lift]
        let got = try Self.runs(yaml, outThenIn)
        #expect(got.first == "out" && got.last == "in", "\(got)")
        #expect(got.firstIndex(of: "in")! > got.lastIndex(of: "out")!, "no out once it turned in: \(got)")
        // 400 ms each way, one run per 300 ms: at most two of each.
        #expect((2...4).contains(got.count), "\(got)")
    }

    /// A slow pinch (to 0.8x over two seconds: 11%/s) runs no binding that needs 100%/s.
    @Test func aSlowPinchRunsNoSpeedBinding() throws {
        let yaml = "bindings:\n  - {gesture: pinch, direction: in, speed: 100%/s, command: [in]}\n"
        #expect(try Self.runs(yaml, [.pinch(scale: 0.8, duration: .milliseconds(2000))]) == [])
        #expect(try Self.runs(yaml, [.pinch(scale: 0.5, duration: .milliseconds(300))]).count >= 1)
    }

    /// A turn's speed in degrees a second, in its direction.
    @Test func aTurnBySpeedKeepsToItsDirection() throws {
        let yaml = "bindings:\n  - {gesture: rotate, direction: clockwise, speed: 50deg/s, interval: 1s, command: [turn]}\n"
        #expect(try Self.runs(yaml, [.rotate(degrees: 90, duration: .milliseconds(600))]) == ["turn"])
        #expect(try Self.runs(yaml, [.rotate(degrees: -90, duration: .milliseconds(600))]) == [])
        // 20° in two seconds: 10°/s.
        #expect(try Self.runs(yaml, [.rotate(degrees: 20, duration: .milliseconds(2000))]) == [])
    }

    /// `speed:` on a pinch or turn names its unit; a swipe's is mm/s.
    @Test func aSpeedInTheWrongUnitIsRefused() throws {
        for (yaml, words) in [("{gesture: pinch, speed: 60mm/s, command: [x]}", "%/s"),
                              ("{gesture: rotate, speed: 2%/s, command: [x]}", "deg/s"),
                              ("{gesture: swipe, speed: 50deg/s, command: [x]}", "mm/s"),
                              ("{gesture: pan, speed: 50mm/s, command: [x]}", "swipe, pinch and rotate"),
                              ("{gesture: pinch, speed: 100%/s, on: ended, command: [x]}", "leave out `on: ended`"),
                              ("{gesture: pinch, speed: 0.1%/s, command: [x]}", "at least 1%/s")] {
            #expect {
                try BindingConfig.parse("bindings:\n  - \(yaml)\n", file: "t.yaml")
            } throws: { "\($0)".contains(words) && "\($0)".contains("t.yaml:2") }
        }
        #expect(throws: Never.self) { try BindingConfig.parse("bindings:\n  - {gesture: rotate, speed: 50°/s, command: [x]}\n", file: "t.yaml") }
    }

    /// A two-finger gesture that ends runs one end binding: a turn's that runs outranks the
    /// pinch's; bindings that follow updates run both.
    @Test func aTurnThatRunsAtTheEndOutranksThePinch() throws {
        let yaml = """
            bindings:
              - {gesture: pinch, direction: out, command: [zoom]}
              - {gesture: rotate, direction: clockwise, threshold: 30deg, command: [turn]}
              - {gesture: pinch, direction: out, repeat: {every: 1.1x}, command: [step]}
            """
        #expect(try Self.runs(yaml, [.pinchRotate(scale: 1.3, degrees: 60)]).filter { $0 != "step" } == ["turn"])
        // 20°: under the turn's threshold, so the pinch's end runs.
        #expect(try Self.runs(yaml, [.pinchRotate(scale: 1.3, degrees: 20)]).filter { $0 != "step" } == ["zoom"])
        #expect(try Self.runs(yaml, [.pinchRotate(scale: 1.3, degrees: 60)]).contains("step"))
    }

    /// `edge: none`: a stroke that starts and ends away from every edge; `edge` is refused
    /// on gestures that have none.
    @Test func aSwipeAwayFromEveryEdge() throws {
        let screen = T.phone
        let w = screen.size!.width.value
        let yaml = "bindings:\n  - {gesture: swipe, fingers: 1, direction: right, edge: none, threshold: 10mm, command: [middle]}\n"
        let middle = [GestureScript.Step.down([Point(x: w / 4, y: 80)]), .move(by: Vector(x: w / 2, y: 0), duration: .milliseconds(250)), .lift]
        let toTheEdge = [GestureScript.Step.down([Point(x: w / 4, y: 80)]), .move(by: Vector(x: w * 3 / 4 - 1, y: 0), duration: .milliseconds(250)), .lift]
        #expect(try Self.runs(yaml, middle, on: screen) == ["middle"])
        #expect(try Self.runs(yaml, toTheEdge, on: screen) == [])
        #expect {
            try BindingConfig.parse("bindings:\n  - {gesture: edgeSwipe, edge: none, command: [x]}\n", file: "t.yaml")
        } throws: { "\($0)".contains("`edge: none` is for swipe and pan bindings") }
    }

    /// A `taps: 1` binding alone runs as the fingers lift, and a double tap runs it twice;
    /// with a double-tap binding too, or a tap binding that takes any run, a tap waits for
    /// the next (`maxTaps` from the bindings).
    @Test func aTapWaitsForTheNextOnlyWhenALongerRunIsBound() throws {
        let single = "bindings:\n  - {gesture: tap, fingers: 2, taps: 1, command: [tap]}\n"
        let config = try BindingConfig.parse(single, file: "t.yaml")
        #expect(config.settings.maxTaps == 1)
        let r = T.run(config, T.Expect(name: "", device: T.screen, steps: [.tap(fingers: 2)], runs: []))
        #expect(r.actions.map(\.1) == ["tap"])
        #expect(r.actions.allSatisfy { $0.0 - r.firstLift < .milliseconds(20) }, "ran at \(r.actions.map(\.0.seconds)), the lift at \(r.firstLift.seconds)")
        #expect(try Self.runs(single, [.tap(fingers: 2, taps: 2)], on: T.screen) == ["tap", "tap"])
        let double = single + "  - {gesture: tap, fingers: 2, taps: 2, command: [double]}\n"
        #expect(try BindingConfig.parse(double, file: "t.yaml").settings.maxTaps == 2)
        #expect(try Self.runs(double, [.tap(fingers: 2, taps: 2)], on: T.screen) == ["double"])
        // No `taps`: any run, so the default wait for up to three.
        let any = "bindings:\n  - {gesture: tap, fingers: 2, command: [tap]}\n"
        #expect(try BindingConfig.parse(any, file: "t.yaml").settings.maxTaps == 3)
        #expect(try Self.runs(any, [.tap(fingers: 2, taps: 2)], on: T.screen) == ["tap"])
        // A run longer than three, named, is recognized.
        let five = "bindings:\n  - {gesture: tap, taps: 5, command: [five]}\n"
        #expect(try BindingConfig.parse(five, file: "t.yaml").settings.maxTaps == 5)
        #expect(try Self.runs(five, [.tap(fingers: 1, taps: 5)], on: T.screen) == ["five"])
        // `settings:` has the last word, and a run it cuts short is refused where it is bound.
        let given = "settings: {maxTaps: 3}\n" + single
        #expect(try BindingConfig.parse(given, file: "t.yaml").settings.maxTaps == 3)
        #expect {
            try BindingConfig.parse("settings: {maxTaps: 2}\n" + five, file: "t.yaml")
        } throws: { "\($0)".contains("t.yaml:3:") && "\($0)".contains("taps: 5 never runs: `settings: maxTaps` on line 1 stops a run at 2") }
    }

    /// A pan's `edge:` is where it started: a stroke up along the right edge runs it, the
    /// same stroke in the middle does not.
    @Test func aPanEdgeIsWhereThePanStarted() throws {
        let screen = T.phone
        let w = screen.size!.width.value
        let yaml = "bindings:\n  - {gesture: pan, fingers: 1, direction: up, edge: right, repeat: {every: 10mm}, command: [step]}\n"
        let along = [GestureScript.Step.down([Point(x: w - 1, y: 120)]), .move(by: Vector(x: 0, y: -35), duration: .milliseconds(300)), .lift]
        let middle = [GestureScript.Step.down([Point(x: w / 2, y: 120)]), .move(by: Vector(x: 0, y: -35), duration: .milliseconds(300)), .lift]
        #expect(try Self.runs(yaml, along, on: screen) == ["step", "step", "step"])
        #expect(try Self.runs(yaml, middle, on: screen) == [])
    }

    /// `every: 10%` of a pinch: points of its scale, 1.1, 1.2 ... up to `within`.
    @Test func aPinchStepsByPointsOfItsScale() throws {
        let yaml = "bindings:\n  - {gesture: pinch, direction: out, repeat: {every: 10%, within: 50%}, command: [zoom]}\n"
        // To 2x: 10 points each, five within 50%.
        #expect(try Self.runs(yaml, T.pinch(2)) == Array(repeating: "zoom", count: 5))
        let geometric = "bindings:\n  - {gesture: pinch, direction: out, repeat: {every: 1.1x}, command: [zoom]}\n"
        // 1.1x a step: 1.1, 1.21 ... 1.95 before 2x, seven.
        #expect(try Self.runs(geometric, T.pinch(2)).count == 7)
    }

    /// `reverse: []`: a step back presses nothing.
    @Test func anEmptyReversePressesNothingOnTheWayBack() throws {
        let yaml = "bindings:\n  - {gesture: pan, fingers: 3, direction: up, repeat: {every: 5mm}, keys: [volumeup], reverse: []}\n"
        let steps: [GestureScript.Step] = [.down((0..<3).map { Point(x: 30 + 15 * Double($0), y: 45) }),
                                           .move(by: Vector(x: 0, y: -20), duration: .milliseconds(300)),
                                           .move(by: Vector(x: 0, y: 20), duration: .milliseconds(300)), .lift]
        let got = try Self.runs(yaml, steps)
        #expect(got.count >= 3 && got.allSatisfy { $0 == "keys KEY_VOLUMEUP" }, "\(got)")
        let both = yaml.replacingOccurrences(of: "reverse: []", with: "reverse: [volumedown]")
        #expect(try Self.runs(both, steps).contains("keys KEY_VOLUMEDOWN"))
    }
}
