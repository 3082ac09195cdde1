import Foundation
import Testing
import Tactile
import TactileBindings
import TestSupport

/// Built-in actions (`keys`, `hold`, `click`, `scroll`, `drag`): the events they give for
/// strokes whose distances are known, what the configuration refuses, and the promise that
/// matters most live: nothing is left pressed, however a gesture ends.
@Suite struct InputActionTests {
    typealias Stroke = BinderTests

    /// The events as (name, value) pairs, SYN_REPORT left out.
    static func names(_ a: BoundAction) -> [String] {
        a.input.filter { !$0.isSynReport }.map { "\(EventCodeNames.code(type: $0.type, code: $0.code) ?? "?") \($0.value)" }
    }

    /// Keys and buttons down after all `actions` (each press counted against its release).
    static func stillDown(_ actions: [BoundAction]) -> [UInt16] {
        var down: [UInt16: Int32] = [:]
        for a in actions { for e in a.input where e.type == EventType.key { down[e.code] = e.value } }
        return down.filter { $0.value != 0 }.keys.sorted()
    }

    @Test func aSwipeBoundToAKeyCombinationPressesInOrderAndReleasesInReverseEachInItsOwnFrame() throws {
        let yaml = """
            bindings:
              - gesture: swipe
                direction: left
                keys: [ctrl, alt, right]
            """
        let actions = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 120, y: 45)], by: Point(x: -60, y: 0), ms: 150))
        try #require(actions.count == 1)
        #expect(actions[0].argv.isEmpty)
        #expect(Self.names(actions[0]) == ["KEY_LEFTCTRL 1", "KEY_LEFTALT 1", "KEY_RIGHT 1", "KEY_RIGHT 0", "KEY_LEFTALT 0", "KEY_LEFTCTRL 0"])
        #expect(actions[0].input.filter(\.isSynReport).count == 6)
        #expect(actions[0].jsonLine.contains(#""input":[["KEY_LEFTCTRL",1],["SYN_REPORT",0],["KEY_LEFTALT",1]"#))
        // The same keys written xdotool's way.
        let plus = try Stroke.actions(yaml.replacingOccurrences(of: "[ctrl, alt, right]", with: "ctrl+Alt+Right"),
                                      Stroke.stroke(from: [Point(x: 120, y: 45)], by: Point(x: -60, y: 0), ms: 150))
        #expect(plus.map(\.input) == actions.map(\.input))
    }

    @Test func xKeysymsAsOtherToolsWriteThemNameKernelKeys() throws {
        let names = ["Control_L", "Super_L", "Alt_R", "Page_Down", "Prior", "KP_Add", "KP_Subtract", "period", "bracketleft",
                     "ISO_Left_Tab", "XF86AudioRaiseVolume", "XF86MonBrightnessUp", "cmd", "ctrl_r", "KP_7", "KP_Home", "KP_Page_Down", "KP_Delete"]
        let kernel = ["KEY_LEFTCTRL", "KEY_LEFTMETA", "KEY_RIGHTALT", "KEY_PAGEDOWN", "KEY_PAGEUP", "KEY_KPPLUS", "KEY_KPMINUS", "KEY_DOT",
                      "KEY_LEFTBRACE", "KEY_TAB", "KEY_VOLUMEUP", "KEY_BRIGHTNESSUP", "KEY_LEFTMETA", "KEY_RIGHTCTRL", "KEY_KP7", "KEY_KP7", "KEY_KP3", "KEY_KPDOT"]
        for (name, want) in zip(names, kernel) {
            let key = try #require(KeyName(name), "\(name)")
            #expect(EventCodeNames.code(type: EventType.key, code: key.code) == want, "\(name)")
        }
        #expect(KeyName("hyper") == nil && KeyName("KEY_ZOOMIN") == nil)  // beyond the virtual keyboard's keys
    }

    @Test func aRunStandingForSeveralStepsPressesItsKeysOncePerStep() throws {
        let yaml = """
            bindings:
              - {gesture: pan, direction: right, repeat: {every: 10mm, interval: 400ms}, keys: [tab]}
            """
        // 50 mm in 500 ms: the first step runs at once, the next four wait for the interval.
        let actions = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 40, y: 45)], by: Point(x: 50, y: 0)))
        let tabs = actions.flatMap(Self.names).filter { $0 == "KEY_TAB 1" }.count
        #expect(actions.count < 5 && tabs == 5, "\(actions.count) runs, \(tabs) presses")
    }

    /// Keys with a click or a wheel notch are its modifiers: down before it, up after it,
    /// at each run (a shift-click; ctrl+wheel, the zoom other tools write as `xdotool
    /// keydown ctrl click 4 keyup ctrl`).
    @Test func keysWithAClickOrANotchAreHeldAroundIt() throws {
        let click = "bindings:\n  - {gesture: hold, fingers: 1, keys: [shift], click: left}\n"
        let held = try Stroke.actions(click, Stroke.stroke(from: [Point(x: 60, y: 45)], by: Point(x: 0, y: 0), ms: 1200))
        #expect(held.map(Self.names) == [["KEY_LEFTSHIFT 1", "BTN_LEFT 1", "BTN_LEFT 0", "KEY_LEFTSHIFT 0"]])
        let zoom = "bindings:\n  - {gesture: pan, direction: vertical, repeat: {every: 10mm}, keys: [ctrl], scroll: down}\n"
        let notches = try Stroke.actions(zoom, Stroke.stroke(from: [Point(x: 60, y: 20)], by: Point(x: 0, y: 30)))
        #expect(notches.map(Self.names) == Array(repeating: ["KEY_LEFTCTRL 1", "REL_WHEEL -1", "REL_WHEEL_HI_RES -120", "KEY_LEFTCTRL 0"], count: 3))
    }

    @Test func aLongPressBoundToARightClickClicksOnce() throws {
        let yaml = "bindings:\n  - gesture: hold\n    fingers: 1\n    click: right\n"
        let actions = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 60, y: 45)], by: Point(x: 0, y: 0), ms: 1200))
        #expect(actions.map(Self.names) == [["BTN_RIGHT 1", "BTN_RIGHT 0"]])
    }

    @Test func heldKeysGoDownAtTheFirstStepAndUpWhenTheFingersLift() throws {
        // The alt-tab switcher: alt held while the fingers stay down, tab at every 10 mm.
        let yaml = """
            bindings:
              - {gesture: pan, direction: horizontal, repeat: {every: 10mm}, keys: [tab], hold: [alt]}
            """
        let actions = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 40, y: 45)], by: Point(x: 35, y: 0)))
        let all = actions.flatMap(Self.names)
        #expect(all.first == "KEY_LEFTALT 1")
        #expect(all.last == "KEY_LEFTALT 0")
        #expect(all.filter { $0 == "KEY_TAB 1" }.count == 3)
        #expect(all.filter { $0 == "KEY_LEFTALT 1" }.count == 1)
        #expect(Self.stillDown(actions).isEmpty)
        // Released at the lift, not before the last step.
        let lift = try #require(actions.last)
        #expect(Self.names(lift) == ["KEY_LEFTALT 0"])
        #expect(lift.time > actions[actions.count - 2].time)
    }

    @Test func aDragHoldsTheButtonAndMovesThePointerAsFarAsTheFingersWentAtATouchpadsScale() throws {
        let yaml = "bindings:\n  - gesture: pan\n    fingers: 3\n    drag: left\n"
        let from = [Point(x: 40, y: 30), Point(x: 55, y: 30), Point(x: 70, y: 30)]
        let actions = try Stroke.actions(yaml, Stroke.stroke(from: from, by: Point(x: 30, y: 20)))
        let events = actions.flatMap(\.input)
        #expect(Self.names(actions.first!).first == "BTN_LEFT 1")
        #expect(Self.names(actions.last!) == ["BTN_LEFT 0"])
        let dx = events.filter { $0.type == EventType.rel && $0.code == RelCode.x }.reduce(0) { $0 + Int($1.value) }
        let dy = events.filter { $0.type == EventType.rel && $0.code == RelCode.y }.reduce(0) { $0 + Int($1.value) }
        // The pan's translation (from where the fingers settled, so a little under the
        // stroke) at 1000 dpi; fractions carried, so the sum is within one unit of it.
        let pan = try Stroke.actions("bindings:\n  - gesture: pan\n    fingers: 3\n    command: [p, '{dx}', '{dy}']\n",
                                     Stroke.stroke(from: from, by: Point(x: 30, y: 20)))
        let translation = (Double(pan[0].argv[1])!, Double(pan[0].argv[2])!)
        #expect(abs(Double(dx) - translation.0 * 1000 / 25.4) <= 1.01)
        #expect(abs(Double(dy) - translation.1 * 1000 / 25.4) <= 1.01)
        #expect(dx > 1000 && dy > 700)
        // Past the cap on runs per gesture a drag keeps following: it runs no process.
        let long = try Stroke.actions(yaml, Stroke.stroke(from: from, by: Point(x: 60, y: 0), ms: 8000))
        #expect(long.count > GestureTrigger.maxRunsPerGesture)
    }

    @Test func aFollowingScrollTurnsTheWheelANotchPerTenMillimetresTheWayItsStyleSays() throws {
        func wheel(_ style: String, by move: Point) throws -> (hiRes: Int, notches: Int) {
            let yaml = "bindings:\n  - gesture: pan\n    fingers: 2\n    scroll: \(style)\n"
            let events = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 60, y: 30), Point(x: 80, y: 30)], by: move)).flatMap(\.input)
            func sum(_ code: UInt16) -> Int { events.filter { $0.type == EventType.rel && $0.code == code }.reduce(0) { $0 + Int($1.value) } }
            return (sum(RelCode.wheelHiRes), sum(RelCode.wheel))
        }
        // Fingers 40 mm down: natural scrolling moves the content down with them, which is
        // the wheel's positive (up) way; traditional the other.
        let natural = try wheel("natural", by: Point(x: 0, y: 40))
        #expect(natural.hiRes > 400 && natural.hiRes <= 480)
        #expect(natural.notches == natural.hiRes / 120)
        let traditional = try wheel("traditional", by: Point(x: 0, y: 40))
        #expect(traditional.hiRes == -natural.hiRes && traditional.notches == -natural.notches)
    }

    @Test func aScrollANotchAtATimeTurnsStepsNotchesAndReversesOnAMinusStep() throws {
        let yaml = """
            bindings:
              - {gesture: pan, direction: vertical, repeat: {every: 10mm}, scroll: down}
            """
        let down = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 60, y: 20)], by: Point(x: 0, y: 30)))
        #expect(down.map(Self.names) == Array(repeating: ["REL_WHEEL -1", "REL_WHEEL_HI_RES -120"], count: 3))
        let up = try Stroke.actions(yaml, Stroke.stroke(from: [Point(x: 60, y: 60)], by: Point(x: 0, y: -30)))
        #expect(up.map(Self.names) == Array(repeating: ["REL_WHEEL 1", "REL_WHEEL_HI_RES 120"], count: 3))
    }

    @Test func aDeviceThatGoesAwayMidGestureReleasesWhatItsGestureHeld() throws {
        let config = try BindingConfig.parse("bindings:\n  - gesture: pan\n    fingers: 3\n    drag: left\n    hold: shift\n", file: "t.yaml")
        var binder = Binder(config: config)
        binder.add(Stroke.device)
        var out: [BoundAction] = []
        let from = [Point(x: 40, y: 30), Point(x: 55, y: 30), Point(x: 70, y: 30)]
        var recognizer = Recognition(devices: InputDevices(devices: [Stroke.device]), settings: config.settings)
        var lines: [RecognizedEvent] = []
        for e in Stroke.stroke(from: from, by: Point(x: 30, y: 0)).dropLast(1) {  // never lifted
            recognizer.process(e, into: &lines)
            binder.handle(lines, into: &out)
            lines.removeAll()
        }
        #expect(Self.stillDown(out) == [42, KeyCode.btnLeft])  // KEY_LEFTSHIFT and the button
        binder.remove(device: 0, into: &out)
        #expect(Self.stillDown(out).isEmpty)
        #expect(Self.names(out.last!) == ["BTN_LEFT 0", "KEY_LEFTSHIFT 0"])
    }

    @Test func everyRecordingLeavesNothingPressedUnderBindingsThatHoldAndDrag() throws {
        let yaml = """
            bindings:
              - gesture: hold
                fingers: 2-5
                hold: [super]
              - gesture: pan
                fingers: 1
                drag: left
              - gesture: pan
                fingers: 2
                scroll: natural
                hold: ctrl
              - gesture: pan
                fingers: 3+
                direction: horizontal
                repeat: {every: 15mm}
                keys: tab
                hold: alt
              - gesture: pinch
                on: began
                hold: [ctrl]
              - gesture: peek
                hold: [shift]
            """
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        var pressed = 0
        for name in inputRecordings {
            let (header, events) = try readAll(Paths.recording(name))
            let actions = boundActions(config, header, events)
            let down = Self.stillDown(actions)
            #expect(down.isEmpty, "\(name): left down \(down)")
            let written = actions.flatMap(\.input)
            pressed += written.filter { e in e.type == EventType.key && e.value == 1 }.count
        }
        #expect(pressed > 20)
    }

    /// Each case of `Tests/Fixtures/bind/refused-actions.txt` is refused at its line and
    /// column with its message.
    @Test func aBuiltInActionThatCannotWorkIsRefusedWhereItStands() throws {
        let path = Paths.packageRoot.appendingPathComponent("Tests/Fixtures/bind/refused-actions.txt").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let cases = lines.split(separator: "").filter { !$0.isEmpty && !$0[$0.startIndex].hasPrefix("#") }
        #expect(cases.count >= 12, "read \(cases.count) cases from \(path)")
        for refusal in cases {
            try #require(refusal.count == 2, "a case is a config and its error: \(Array(refusal))")
            let yaml = String(refusal[refusal.startIndex]), expected = refusal[refusal.startIndex + 1]
            do {
                _ = try BindingConfig.parse(yaml, file: "t.yaml")
                Issue.record("accepted: \(yaml)")
            } catch {
                #expect(error.description.contains("t.yaml:\(expected)"), "\(yaml): \(error.description)")
            }
        }
    }
}
