import Foundation
import Tactile
@testable import TactileBindings
import TactileTesting
import Testing

/// The tools' time limits carried over (issue 47, acceptance 2): lisgd's `-m` and
/// libinput-gestures' `timeout` ignore a stroke slower than they allow, and so does the
/// imported binding's `maxDuration`. Each test runs a quick and a slow stroke of the same
/// length through the import, as the tool would see them.
struct ImportTimeLimitTests {
    typealias Expect = ImportedConfigurationTests.Expect
    typealias T = ImportedConfigurationTests

    static func runs(_ config: BindingConfig, _ device: DeviceDescription, _ steps: [GestureScript.Step]) -> [String] {
        T.run(config, Expect(name: "", device: device, steps: steps, runs: [])).actions.map(\.1)
    }

    // MARK: libinput-gestures

    /// Its default timeout, 1.5 s: a 40 mm three-finger swipe over 300 ms runs, the same
    /// over 2.5 s runs nothing; `timeout 0` takes both.
    @Test func libinputGesturesTimeoutLimitsSwipes() throws {
        let text = "gesture swipe left 3 notify-send left\n"
        let (imported, config) = try ImportFreshTrialTests.imported(text, file: "lg.conf")
        #expect(imported.yaml.contains("maxDuration: 1.5s"), "\(imported.yaml)")
        #expect(imported.notes.contains { $0.contains("maxDuration: 1.5s") }, "\(imported.notes)")
        let quick = T.stroke(3, Vector(x: -40, y: 0), ms: 300, at: Point(x: 70, y: 50))
        let slow = T.stroke(3, Vector(x: -40, y: 0), ms: 2500, at: Point(x: 70, y: 50))
        #expect(Self.runs(config, T.touchpad, quick) == ["notify-send left"])
        #expect(Self.runs(config, T.touchpad, slow) == [])

        let (_, off) = try ImportFreshTrialTests.imported("timeout 0\n" + text, file: "lg.conf")
        #expect(Self.runs(off, T.touchpad, slow) == ["notify-send left"])
        let (_, longer) = try ImportFreshTrialTests.imported("timeout 3\n" + text, file: "lg.conf")
        #expect(Self.runs(longer, T.touchpad, slow) == ["notify-send left"])
    }

    /// The timeout covers pinches (and turns, libinput's pinches too); holds have none.
    @Test func libinputGesturesTimeoutLimitsPinchesNotHolds() throws {
        let text = "timeout 1\ngesture pinch out 2 notify-send out\ngesture hold on 3 notify-send held\n"
        let (imported, config) = try ImportFreshTrialTests.imported(text, file: "lg.conf")
        let holdLine = imported.yaml.split(separator: "\n").first { $0.contains("gesture: hold") }
        #expect(holdLine.map { !$0.contains("maxDuration") } ?? false, "\(imported.yaml)")
        #expect(Self.runs(config, T.touchpad, [.pinch(scale: 1.6, duration: .milliseconds(500))]) == ["notify-send out"])
        #expect(Self.runs(config, T.touchpad, [.pinch(scale: 1.6, duration: .milliseconds(1800))]) == [])
        #expect(Self.runs(config, T.touchpad, [.hold(fingers: 3, duration: .milliseconds(2500))]) == ["notify-send held"])
    }

    // MARK: lisgd

    /// lisgd's `-m`, 800 ms unless given: a 40 mm stroke over 300 ms runs, over 1.5 s
    /// nothing; `-m 2000` takes the slow one.
    @Test func lisgdTimeoutLimitsStrokes() throws {
        let text = "lisgd -d /dev/input/event2 -g \"1,RL,*,*,R,notify-send left\"\n"
        let (imported, config) = try ImportFreshTrialTests.imported(text, file: "g.sh")
        #expect(imported.yaml.contains("maxDuration: 800ms"), "\(imported.yaml)")
        #expect(!imported.changed.contains { $0.contains("-m") }, "\(imported.changed)")
        let quick = T.line(from: Point(x: 50, y: 60), by: Vector(x: -40, y: 0), ms: 300)
        let slow = T.line(from: Point(x: 50, y: 60), by: Vector(x: -40, y: 0), ms: 1500)
        #expect(Self.runs(config, T.phone, quick) == ["notify-send left"])
        #expect(Self.runs(config, T.phone, slow) == [])

        let (_, longer) = try ImportFreshTrialTests.imported("lisgd -m 2000 -d /dev/input/event2 -g \"1,RL,*,*,R,notify-send left\"\n", file: "g.sh")
        #expect(Self.runs(longer, T.phone, slow) == ["notify-send left"])
    }

    /// A `-m` lisgd cannot mean as milliseconds is counted changed, not written.
    @Test func lisgdTimeoutThatIsNoNumberIsCounted() throws {
        let (imported, _) = try ImportFreshTrialTests.imported("lisgd -m soon -g \"1,RL,*,*,R,notify-send left\"\n", file: "g.sh")
        #expect(!imported.yaml.contains("maxDuration"), "\(imported.yaml)")
        #expect(imported.changed.contains { $0.contains("-m soon") }, "\(imported.changed)")
    }

    // MARK: The key itself

    /// `maxDuration` is known as a gesture ends: a binding that runs before (a tap, a
    /// swipe by its speed, a pinch on its updates) is told so, at its line.
    @Test func maxDurationOnlyWhereTheEndIsKnown() throws {
        let cases: [(String, String)] = [
            ("{gesture: tap, maxDuration: 1s, command: [a]}", "`maxDuration` is for swipe bindings and bindings that run `on: ended`"),
            ("{gesture: swipe, speed: 64mm/s, maxDuration: 1s, command: [a]}", "leave out `speed`"),
            ("{gesture: pinch, on: update, maxDuration: 1s, command: [a]}", "give `on: ended`"),
            ("{gesture: swipe, maxDuration: 5ms, command: [a]}", "too short"),
            ("{gesture: swipe, maxDuration: 20mm, command: [a]}", "maxDuration must be"),
        ]
        for (binding, message) in cases {
            do {
                _ = try BindingConfig.parse("bindings:\n  - \(binding)\n", file: "t.yaml")
                Issue.record("accepted: \(binding)")
            } catch {
                #expect(error.line == 2 && error.message.contains(message), "\(binding): \(error)")
            }
        }
    }

    /// On a binding it writes itself, the limit counts from the stroke's first line to its
    /// end: a quick swipe and a slow one that meets the threshold.
    @Test func maxDurationOnASwipeAndAPinchEnd() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, direction: right, threshold: 20mm, maxDuration: 1s, command: [right]}
              - {gesture: pinch, direction: in, maxDuration: 700ms, command: [in]}
            """
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        #expect(Self.runs(config, T.screen, T.line(from: Point(x: 30, y: 60), by: Vector(x: 40, y: 0), ms: 600)) == ["right"])
        #expect(Self.runs(config, T.screen, T.line(from: Point(x: 30, y: 60), by: Vector(x: 40, y: 0), ms: 1400)) == [])
        #expect(Self.runs(config, T.screen, [.pinch(scale: 0.6, duration: .milliseconds(400))]) == ["in"])
        #expect(Self.runs(config, T.screen, [.pinch(scale: 0.6, duration: .milliseconds(1200))]) == [])
    }

    /// A binding with a time limit is the more specific: a quick stroke runs it, a slow one
    /// the binding without, whichever comes first in the file.
    @Test func aTimeLimitOutranksNone() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, direction: right, threshold: 20mm, command: [slow]}
              - {gesture: swipe, direction: right, threshold: 20mm, maxDuration: 1s, command: [quick]}
            """
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        #expect(Self.runs(config, T.screen, T.line(from: Point(x: 30, y: 60), by: Vector(x: 40, y: 0), ms: 600)) == ["quick"])
        #expect(Self.runs(config, T.screen, T.line(from: Point(x: 30, y: 60), by: Vector(x: 40, y: 0), ms: 1400)) == ["slow"])
    }
}
