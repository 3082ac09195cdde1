import Foundation
import Tactile
@testable import TactileBindings
import TactileTesting
import Testing

/// The shapes a fresh-eyes trial of `bind import` on people's configurations found carried
/// over wrongly (issue 47's second round): each configuration here is written in such a
/// shape, and each test runs synthesized gestures through its import, as the tool would.
struct ImportFreshTrialTests {
    typealias Expect = ImportedConfigurationTests.Expect
    typealias T = ImportedConfigurationTests

    static func imported(_ text: String, file: String) throws -> (ImportedConfig, BindingConfig) {
        let imported = try BindingImport.translate(text, file: file)
        let config = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
        let broken = config.warnings(searchPath: "/nonexistent", isExecutable: { _ in true }, exists: { _ in true })
            .filter { $0.contains("does not parse") }
        #expect(broken.isEmpty, "\(broken)")
        return (imported, config)
    }

    static func check(_ text: String, file: String, _ expectations: [Expect]) throws {
        let (imported, config) = try Self.imported(text, file: file)
        for e in expectations {
            let r = T.run(config, e)
            let got = r.actions.map(\.1)
            #expect(T.matches(got, e.runs, contains: e.contains), "\(file): \(e.name): ran \(got), not \(e.runs)\n\(imported.yaml)")
            for (t, what) in r.actions where !what.hasPrefix("-") {
                switch e.when {
                case .atLift: #expect(t >= r.firstLift, "\(file): \(e.name): \(what) ran before the lift")
                case .beforeLift: #expect(t < r.firstLift, "\(file): \(e.name): \(what) ran at \(t.seconds) s, not while the fingers were down")
                case .anytime: break
                }
            }
        }
    }

    // MARK: touchégg

    static let toucheggApps = """
        <touchégg>
          <application name="All">
            <gesture type="SWIPE" fingers="3" direction="UP">
              <action type="RUN_COMMAND"><command>notify-send general-up</command></action>
            </gesture>
          </application>
          <application name="Krita, Inkscape">
            <gesture type="SWIPE" fingers="3" direction="UP">
              <action type="RUN_COMMAND">
                <repeat>true</repeat>
                <command>notify-send canvas-up</command>
                <decreaseCommand>notify-send canvas-down</decreaseCommand>
              </action>
            </gesture>
          </application>
        </touchégg>
        """

    /// touchégg runs an application's gesture instead of All's of the same type, fingers
    /// and direction, even when one is a repeat and the other a one-shot.
    @Test func toucheggApplicationGestureReplacesTheGeneralOne() throws {
        let up = T.stroke(3, Vector(x: 0, y: -30), ms: 400, at: Point(x: 30, y: 45))
        try Self.check(Self.toucheggApps, file: "apps.conf", [
            Expect(name: "3 up in Krita", device: T.touchpad, steps: up, runs: ["sh if"], when: .anytime, app: ["krita"], contains: true),
            // No `on`: a RUN_COMMAND runs as the gesture begins.
            Expect(name: "3 up elsewhere", device: T.touchpad, steps: up, runs: ["notify-send general-up"], when: .beforeLift, app: ["kate"]),
            Expect(name: "3 up, focus unknown", device: T.touchpad, steps: up, runs: ["notify-send general-up"], when: .beforeLift),
        ])
        let (_, config) = try Self.imported(Self.toucheggApps, file: "apps.conf")
        let r = T.run(config, Expect(name: "", device: T.touchpad, steps: up, runs: [], app: ["inkscape"]))
        #expect(!r.actions.contains { $0.1.contains("general-up") }, "\(r.actions.map(\.1))")
    }

    /// `app: "!GLOB"` leaves an application out; with no focus known, none is left out.
    @Test func anExcludedApplicationIsLeftOut() throws {
        let config = try BindingConfig.parse("""
            bindings:
              - {gesture: tap, fingers: 2, app: ["!firefox*", "!Chromium"], command: [general]}
              - {gesture: tap, fingers: 3, app: [kate, "!kate-dev"], command: [kate]}
            """, file: "t.yaml")
        let b = config.bindings
        #expect(b[0].applies(toFocused: ["kate"]))
        #expect(!b[0].applies(toFocused: ["Firefox-esr"]))
        #expect(!b[0].applies(toFocused: ["chromium"]))
        #expect(b[0].applies(toFocused: nil))
        #expect(!b[0].isForApplication)
        #expect(b[1].applies(toFocused: ["kate"]))
        #expect(!b[1].applies(toFocused: ["kate", "kate-dev"]))
        #expect(!b[1].applies(toFocused: nil))
        #expect(throws: TactileError.self) { try BindingConfig.parse("bindings:\n  - {gesture: tap, app: \"!\", command: [x]}\n", file: "t.yaml") }
    }

    /// touchégg's repeat percentage stops at 100%: at most 10 steps one way.
    @Test func toucheggRepeatsStopAtTheFullGesture() throws {
        let text = """
            <touchégg>
              <application name="All">
                <gesture type="SWIPE" fingers="4" direction="UP">
                  <action type="RUN_COMMAND">
                    <repeat>true</repeat>
                    <command>amixer set Master 2%+</command>
                    <decreaseCommand>amixer set Master 2%-</decreaseCommand>
                  </action>
                </gesture>
              </application>
            </touchégg>
            """
        let (_, config) = try Self.imported(text, file: "vol.conf")
        let r = T.run(config, Expect(name: "4 up 40 mm", device: T.touchpad,
                                     steps: T.stroke(4, Vector(x: 0, y: -40), ms: 600, at: Point(x: 20, y: 50)), runs: []))
        let n = r.actions.count
        #expect(n >= 8 && n <= 10, "\(n) runs: \(r.actions.map(\.1))")
    }

    /// `on: begin` runs as the gesture begins, past no threshold (touchégg 86170b4); TAP is
    /// a touchscreen's only (touchégg's README).
    @Test func toucheggOnBeginIsUnconditionalAndTapIsTouchscreenOnly() throws {
        let text = """
            <touchégg>
              <application name="All">
                <gesture type="PINCH" fingers="4" direction="IN">
                  <action type="SEND_KEYS"><repeat>false</repeat><modifiers>Super_L</modifiers><keys>A</keys><on>begin</on></action>
                </gesture>
                <gesture type="TAP" fingers="2">
                  <action type="MOUSE_CLICK"><button>3</button><on>begin</on></action>
                </gesture>
              </application>
            </touchégg>
            """
        try Self.check(text, file: "begin.conf", [
            Expect(name: "4 pinch in to 0.85", device: T.touchpad, steps: T.pinch(0.85, fingers: 4),
                   runs: ["+KEY_LEFTMETA keys KEY_A", "-KEY_LEFTMETA"], when: .beforeLift),
            Expect(name: "2 tap on a touchpad", device: T.touchpad, steps: [.tap(fingers: 2)], runs: []),
            Expect(name: "2 tap on a touchscreen", device: T.screen, steps: [.tap(fingers: 2)], runs: ["click BTN_RIGHT"], when: .anytime),
        ])
    }

    /// touchégg 1.x: settings in the action's text, DRAG for a swipe.
    @Test func toucheggOneIsReadWithItsActionText() throws {
        let text = """
            <touchégg>
              <settings><property name="composed_gestures_time">0</property></settings>
              <application name="All">
                <gesture type="TAP" fingers="3" direction="">
                  <action type="MOUSE_CLICK">BUTTON=2</action>
                </gesture>
                <gesture type="DRAG" fingers="4" direction="UP">
                  <action type="SEND_KEYS">Control+KP_Add</action>
                </gesture>
                <gesture type="DRAG" fingers="4" direction="DOWN">
                  <action type="RUN_COMMAND">xterm -e htop</action>
                </gesture>
              </application>
            </touchégg>
            """
        let (imported, _) = try Self.imported(text, file: "old.conf")
        #expect(imported.changed.contains { $0.contains("1.x") }, "\(imported.changed)")
        #expect(!imported.dropped.contains { $0.contains("SEND_KEYS") }, "\(imported.dropped)")
        try Self.check(text, file: "old.conf", [
            Expect(name: "3 tap", device: T.screen, steps: [.tap(fingers: 3)], runs: ["click BTN_MIDDLE"], when: .anytime),
            // Read as 2.x reads them: SEND_KEYS and RUN_COMMAND as the gesture begins.
            Expect(name: "4 up", device: T.touchpad, steps: T.stroke(4, Vector(x: 0, y: -30), at: Point(x: 20, y: 45)), runs: ["keys KEY_LEFTCTRL+KEY_KPPLUS"],
                   when: .beforeLift),
            Expect(name: "4 down", device: T.touchpad, steps: T.stroke(4, Vector(x: 0, y: 30), at: Point(x: 20, y: 10)), runs: ["xterm -e htop"], when: .beforeLift),
        ])
    }

    // MARK: fusuma

    static let fusumaHold = """
        hold:
          4:
            sendkey: 'F6'
        swipe:
          4:
            up:
              sendkey: 'LEFTCTRL+W'
        pinch:
          2:
            in:
              command: 'notify-send zoom-out'
        """

    /// fusuma runs a hold 0.7 s × threshold after libinput's hold begins, while the fingers
    /// rest, and never once it became a swipe; a pinch mid-gesture, past its threshold.
    @Test func fusumaHoldsWaitAndPinchesRunMidGesture() throws {
        let (imported, _) = try Self.imported(Self.fusumaHold, file: "hold.yml")
        // fusuma's default pinch: 1.3x between the first of 10 updates and their mean.
        #expect(imported.yaml.contains("direction: in, speed: 583.03%/s, interval: 300ms"), "\(imported.yaml)")
        try Self.check(Self.fusumaHold, file: "hold.yml", [
            Expect(name: "4 rest 400 ms", device: T.touchpad, steps: T.hold(4, ms: 400), runs: []),
            Expect(name: "4 rest 1.2 s", device: T.touchpad, steps: T.hold(4, ms: 1200), runs: ["keys KEY_F6"], when: .beforeLift),
            Expect(name: "4 rest 300 ms, then up", device: T.touchpad, steps: T.holdThenMove(4, ms: 300, by: Vector(x: 0, y: -30)),
                   runs: ["keys KEY_LEFTCTRL+KEY_W"], when: .beforeLift),
            Expect(name: "pinch in, quick", device: T.touchpad, steps: [.pinch(scale: 0.3, duration: .milliseconds(150))], runs: ["notify-send zoom-out"],
                   when: .beforeLift, contains: true),
            // To 0.4x in half a second: fusuma's 10 updates never see 1.3x between their first and their mean.
            Expect(name: "pinch in, at ease", device: T.touchpad, steps: T.pinch(0.4), runs: []),
        ])
    }

    // MARK: lisgd

    static let lisgdScript = #"""
        #!/bin/sh
        # start the phone's gestures
        TOUCH="${PHONE_TOUCH_DEVICE:-"/dev/input/by-path/my-touchscreen"}"
        if [ -x "$(command -v lisgd)" ]; then
        	lisgd "$@" -d "$TOUCH" ${rotation:+-o $rotation} \
        		-s "${EDGE_SCALE:-2}" -t 150 -T 80 -r 20 \
        		-g "1,DU,B,*,P,notify-send keyboard" \
        		-g "1,LR,L,*,R,notify-send back"
        fi
        """#

    @Test func lisgdScriptOptionsAndExpansions() throws {
        let (imported, config) = try Self.imported(Self.lisgdScript, file: "start.sh")
        let notes = imported.notes.joined(separator: "\n")
        #expect(!notes.contains("not a lisgd option"), "\(notes)")
        #expect(imported.devices == ["{kind: touchscreen, node: /dev/input/by-path/my-touchscreen}"], "\(imported.devices)")
        #expect(config.settings.edgeZone.value > 9 && config.settings.edgeZone.value < 10, "\(config.settings.edgeZone)")
        // lisgd's time limit is each release stroke's `maxDuration`; a pressed stroke, which
        // runs while the finger is down, is counted changed for it.
        #expect(imported.notes.contains { $0.contains("-m 800") && $0.contains("maxDuration: 800ms") }, "\(imported.notes)")
        #expect(imported.changed.contains { $0.contains("1,DU,B,*,P") }, "\(imported.changed)")
        #expect(imported.changed.contains { $0.contains("-r 20") }, "\(imported.changed)")
        #expect(!imported.notes.contains { $0.contains("`o ") || $0.contains("not an orientation") }, "\(imported.notes)")
    }

    /// `-T 90`: a `P` stroke runs again every 90 px, 8.5 mm at a phone's density.
    @Test func lisgdPressedStrokesStepByTheirThreshold() throws {
        let text = "lisgd -d /dev/input/event2 -T 90 -g \"1,LR,*,*,P,notify-send right\"\n"
        let (imported, _) = try Self.imported(text, file: "t.sh")
        #expect(imported.yaml.contains("repeat: {every: 8.5mm}"), "\(imported.yaml)")
    }

    // MARK: Errors

    /// A file the import cannot read: which tool it looks like, its line and column.
    @Test(arguments: [
        ("swipe:\n  3:\n    left:\n\tcommand: 'x'\n", "fusuma"),
        ("# mine\ngesture swipe upward 3 i3-msg focus up\n", "libinput-gestures"),
        ("#!/bin/sh\nlisgd -d /dev/input/event1 \\\n  -g \"1,LR,*,*,R,notify-send x\n", "lisgd"),
        ("#!/bin/sh\n# gestures\n[ -x /usr/bin/lisgd ] || exit 0\n", "lisgd"),
    ])
    func refusalsNameTheToolLineAndColumn(_ text: String, _ tool: String) throws {
        do {
            _ = try BindingImport.translate(text, file: "f")
            Issue.record("imported")
        } catch {
            #expect(error.message.contains(tool), "\(error)")
            #expect(error.line != nil && error.column != nil, "\(error)")
        }
    }

    // MARK: Keys

    @Test func ydotoolKeyDelayIsOneChordAndTwoChordsAreNoted() throws {
        let text = """
            gesture swipe left 3 ydotool key --key-delay 0 29:1 15:1 15:0 29:0
            gesture swipe right 3 ydotool key -d 0 29:1 42:1 15:1 15:0 42:0 29:0
            gesture swipe up 3 xdotool key super+Right super+Up
            """
        let (imported, _) = try Self.imported(text, file: "k.conf")
        #expect(!imported.yaml.contains("command: [ydotool"), "\(imported.yaml)")
        #expect(imported.changed.contains { $0.contains("swipe up 3") }, "\(imported.changed)")
    }

    /// fusuma's usual zoom, ctrl held around a wheel notch at each step of a pinch, is the
    /// built-in wheel with `keys: [ctrl]` held around each notch, as the original did; two
    /// chords stay a command, counted.
    @Test func keysHeldAroundAClickAreTheBuiltInClickWithTheKeysAroundIt() throws {
        let text = """
            pinch:
              2:
                out:
                  command: 'xdotool keydown ctrl click 4 keyup ctrl'
            swipe:
              3:
                up:
                  command: 'xdotool key super+Right super+Up'
            """
        let (imported, _) = try Self.imported(text, file: "zoom.yml")
        #expect(!imported.yaml.contains("command: [xdotool, keydown"), "\(imported.yaml)")
        #expect(imported.yaml.contains("keys: [ctrl], scroll: up"), "\(imported.yaml)")
        #expect(!imported.notes.contains { $0.contains("keydown ctrl click 4 keyup ctrl") }, "\(imported.notes)")
        #expect(imported.changed.contains("swipe 3 up"), "\(imported.changed)")
        try Self.check(text, file: "zoom.yml", [
            Expect(name: "pinch out", device: T.touchpad, steps: [.pinch(scale: 3, duration: .milliseconds(150))], runs: ["keys KEY_LEFTCTRL wheel 1 …"], when: .beforeLift),
        ])
        // On a swipe, at its end, the same: ctrl down, a notch, ctrl up.
        let swipe = "swipe:\n  3:\n    up:\n      command: 'xdotool keydown ctrl click 1 keyup ctrl'\n"
        try Self.check(swipe, file: "z.yml", [
            Expect(name: "3 up", device: T.touchpad, steps: T.stroke(3, Vector(x: 0, y: -30)), runs: ["keys KEY_LEFTCTRL+BTN_LEFT"], when: .anytime),
        ])
    }

    /// CHANGE_DESKTOP's `right` is the next desktop only in one row: counted as changed.
    @Test func toucheggChangeDesktopByDirectionIsNoted() throws {
        let text = """
            <touchégg><application name="All">
              <gesture type="SWIPE" fingers="4" direction="LEFT"><action type="CHANGE_DESKTOP"><direction>right</direction></action></gesture>
            </application></touchégg>
            """
        let (imported, _) = try Self.imported(text, file: "desk.conf")
        #expect(imported.notes.contains { $0.contains("single row") }, "\(imported.notes)")
    }

    /// `$(pidof ...)` in the script's double quotes ran once, when lisgd started.
    @Test func lisgdCommandSubstitutionIsCounted() throws {
        let text = "#!/bin/sh\nlisgd -d /dev/input/event2 -g \"1,LR,*,*,R,kill -USR1 $(pidof waybar)\"\n"
        let (imported, _) = try Self.imported(text, file: "t.sh")
        #expect(imported.changed.contains { $0.contains("command substitution") }, "\(imported.changed)")
    }
}

/// Keys held across a gesture, as a third trial of people's configurations wrote them
/// (issue 47, 2026-12-01): imported so that `--check` accepts the file, the keys go down
/// and up where the tool pressed and let go of them, and never stay down.
extension ImportFreshTrialTests {
    /// A modifier held around a click, run at the gesture's end (libinput-gestures acts at
    /// the lift; touchégg's default `on: end`): the built-in wheel with ctrl around it, and
    /// the file passes `--check` (it failed once: `hold` on ended).
    @Test func keysHeldAroundAClickAtTheEndAreBuiltInToo() throws {
        let text = "gesture pinch out 2 xdotool keydown ctrl click 4 keyup ctrl\n"
        let (imported, config) = try Self.imported(text, file: "lg.conf")
        #expect(config.bindings.count == 1 && config.bindings[0].input?.keys.map(\.name) == ["ctrl"] && config.bindings[0].input?.scroll == .up,
                "\(imported.yaml)")
        #expect(imported.changed.isEmpty, "\(imported.changed)")
        let xml = """
            <touchégg><application name="All"><gesture type="PINCH" fingers="2" direction="OUT">
              <action type="RUN_COMMAND"><command>xdotool keydown ctrl click 4 keyup ctrl</command></action>
            </gesture></application></touchégg>
            """
        _ = try Self.imported(xml, file: "te.conf")
    }

    /// fusuma's alt-tab switcher as its wiki writes it: `begin:` for the fingers, `end:`
    /// under each direction. One `hold: [alt]`: alt goes down as the stroke begins and up at
    /// its end whichever way it went (fusuma left it down after a stroke up).
    @Test func fusumasSwitcherWithItsEndsUnderTheDirectionsIsOneHold() throws {
        let yaml = """
            swipe:
              3:
                begin:
                  command: 'xdotool keydown alt'
                right:
                  update:
                    command: 'xdotool key tab'
                  end:
                    command: 'xdotool keyup alt'
                left:
                  update:
                    command: 'xdotool key shift+tab'
                  end:
                    command: 'xdotool keyup alt'
            """
        try Self.check(yaml, file: "switcher.yml", [
            Expect(name: "3 right", device: T.touchpad, steps: T.stroke(3, Vector(x: 40, y: 0), ms: 1200, at: Point(x: 20, y: 30)),
                   runs: ["+KEY_LEFTALT", "keys KEY_TAB …", "-KEY_LEFTALT"], when: .anytime),
            Expect(name: "3 up: alt goes up too", device: T.touchpad, steps: T.stroke(3, Vector(x: 0, y: -30)),
                   runs: ["+KEY_LEFTALT", "-KEY_LEFTALT"], when: .anytime),
        ])
        let (imported, config) = try Self.imported(yaml, file: "switcher.yml")
        #expect(config.bindings.allSatisfy { $0.command == nil }, "\(imported.yaml)")
        #expect(imported.notes.contains { $0.contains("whichever way the stroke went") }, "\(imported.notes)")
    }

    /// fusuma's hold with begin, end and cancelled (its README): the keydown at the begin
    /// and the keyups at the end and the cancel are one `hold: [super]`, which lets go at
    /// both; a hold's begin is not dropped as a plugin's action (it was).
    @Test func fusumasHoldBeginEndAndCancelledAreOneHold() throws {
        let yaml = """
            hold:
              4:
                begin:
                  command: 'xdotool keydown super'
                end:
                  command: 'xdotool keyup super'
                cancelled:
                  command: 'xdotool keyup super'
            """
        let (imported, config) = try Self.imported(yaml, file: "hold.yml")
        #expect(imported.dropped.isEmpty, "\(imported.notes)")
        #expect(config.bindings.count == 1 && config.bindings[0].input?.hold.map(\.name) == ["super"], "\(imported.yaml)")
        try Self.check(yaml, file: "hold.yml", [
            Expect(name: "hold 4", device: T.touchpad, steps: T.hold(4), runs: ["+KEY_LEFTMETA", "-KEY_LEFTMETA"], when: .anytime),
            Expect(name: "hold 4 that becomes a stroke", device: T.touchpad, steps: T.holdThenMove(4, ms: 1000, by: Vector(x: 0, y: 25)),
                   runs: ["+KEY_LEFTMETA", "-KEY_LEFTMETA"], when: .anytime),
        ])
    }

    /// touchégg's `on: begin-and-end` runs a RUN_COMMAND as the gesture begins and again at
    /// its end: two bindings (it ran once, at the end, with no note).
    @Test func toucheggBeginAndEndRunsAtBoth() throws {
        let xml = """
            <touchégg><application name="All"><gesture type="SWIPE" fingers="3" direction="UP">
              <action type="RUN_COMMAND"><command>notify-send swiped</command><on>begin-and-end</on></action>
            </gesture></application></touchégg>
            """
        try Self.check(xml, file: "both.conf", [
            Expect(name: "3 up", device: T.touchpad, steps: T.stroke(3, Vector(x: 0, y: -30)), runs: ["notify-send swiped", "notify-send swiped"], when: .anytime),
        ])
    }

    /// fusuma's `interval: {swipe: ...}` spaces a long fast stroke's repeated runs, which
    /// run once here: said and counted as changed (the interval went without a note). A
    /// rotation it runs again and again, at most once per interval, does so here too.
    @Test func fusumasSwipeIntervalIsCountedChangedAndItsRotationRepeats() throws {
        let yaml = "swipe:\n  3:\n    left:\n      command: 'xdotool key alt+Right'\nrotate:\n  2:\n    clockwise:\n      command: 'xdotool key ctrl+bracketright'\ninterval:\n  swipe: 0.8\n"
        let (imported, _) = try Self.imported(yaml, file: "f.yml")
        #expect(imported.changed.contains("fusuma's swipes") && imported.yaml.contains("again 0.24 s later"), "\(imported.changed)\n\(imported.yaml)")
        #expect(!imported.changed.contains("rotate 2 clockwise"), "\(imported.changed)")
        try Self.check(yaml, file: "f.yml", [
            // 180° in 1.2 s, 150°/s: fusuma's 50°/s, again each 300 ms.
            Expect(name: "a half turn", device: T.touchpad, steps: [.rotate(degrees: 180, duration: .milliseconds(1200))],
                   runs: ["keys KEY_LEFTCTRL+KEY_RIGHTBRACE*"], when: .beforeLift),
            // 20° in 1 s: slower than 50°/s.
            Expect(name: "a slow turn", device: T.touchpad, steps: [.rotate(degrees: 20, duration: .milliseconds(1000))], runs: []),
        ])
    }

    // MARK: The third round (issue 47's trial of 2026-12-02)

    /// touchégg's README: three fingers at least on touchpads, two on touchscreens. A
    /// two-finger swipe is a screen's; on a touchpad two fingers scroll, and run nothing.
    @Test func toucheggTwoFingerSwipesAreTheTouchscreens() throws {
        let text = """
            <touchégg><application name="All">
              <gesture type="SWIPE" fingers="2" direction="UP"><action type="RUN_COMMAND"><command>onboard</command></action></gesture>
              <gesture type="SWIPE" fingers="2" direction="LEFT"><action type="SEND_KEYS"><modifiers>Alt_L</modifiers><keys>Right</keys><on>end</on></action></gesture>
              <gesture type="SWIPE" fingers="1" direction="DOWN"><action type="RUN_COMMAND"><command>never</command></action></gesture>
            </application></touchégg>
            """
        let (imported, _) = try Self.imported(text, file: "two.conf")
        #expect(imported.dropped.contains { $0.contains("SWIPE 1 down") }, "\(imported.dropped)")
        try Self.check(text, file: "two.conf", [
            Expect(name: "two-finger scroll up on a touchpad", device: T.touchpad, steps: T.stroke(2, Vector(x: 0, y: -30), ms: 400), runs: []),
            Expect(name: "two-finger scroll left on a touchpad", device: T.touchpad, steps: T.stroke(2, Vector(x: -30, y: 0), ms: 400), runs: []),
            Expect(name: "two fingers up on a screen", device: T.screen, steps: T.stroke(2, Vector(x: 0, y: -40)), runs: ["onboard"], when: .beforeLift),
        ])
    }

    /// A gesture given twice in one application: touchégg keeps the later
    /// (`Config::saveGestureConfig` overwrites its key).
    @Test func toucheggsLaterGestureWins() throws {
        let text = """
            <touchégg><application name="All">
              <gesture type="SWIPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>first</command></action></gesture>
              <gesture type="SWIPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>second</command></action></gesture>
            </application></touchégg>
            """
        try Self.check(text, file: "twice.conf", [
            Expect(name: "3 up", device: T.touchpad, steps: T.stroke(3, Vector(x: 0, y: -30), ms: 300, at: Point(x: 30, y: 45)), runs: ["second"], when: .beforeLift),
        ])
    }

    /// fusuma reads libinput's gestures: no swipe of two fingers (they scroll).
    @Test func fusumasTwoFingerSwipeIsDroppedAndAScrollRunsNothing() throws {
        let yaml = "swipe:\n  2:\n    up:\n      command: 'notify-send two'\n  3:\n    up:\n      command: 'notify-send three'\n"
        let (imported, _) = try Self.imported(yaml, file: "two.yml")
        #expect(imported.dropped.contains("swipe 2"), "\(imported.dropped)")
        try Self.check(yaml, file: "two.yml", [
            Expect(name: "two-finger scroll up", device: T.touchpad, steps: T.stroke(2, Vector(x: 0, y: -30), ms: 150), runs: []),
            Expect(name: "three up", device: T.touchpad, steps: T.stroke(3, Vector(x: 0, y: -30), ms: 150), runs: ["notify-send three"], when: .beforeLift),
        ])
    }

    /// fusuma looks in the default document first (`Searcher::CONTEXT_SEARCH_ORDER`): an
    /// application's binding of a gesture the default binds never runs.
    @Test func fusumasDefaultDocumentWinsOverAnApplications() throws {
        let yaml = """
            swipe:
              3:
                left:
                  command: 'notify-send general'
            ---
            context:
              application: Google-chrome
            swipe:
              3:
                left:
                  command: 'notify-send chrome'
                right:
                  command: 'notify-send chrome-right'
            """
        let (imported, _) = try Self.imported(yaml, file: "ctx.yml")
        #expect(!imported.yaml.contains("chrome'") && !imported.yaml.contains("notify-send, chrome]"), "\(imported.yaml)")
        try Self.check(yaml, file: "ctx.yml", [
            Expect(name: "3 left in Chrome", device: T.touchpad, steps: T.stroke(3, Vector(x: -30, y: 0)), runs: ["notify-send general"], when: .beforeLift, app: ["Google-chrome"]),
            Expect(name: "3 right in Chrome", device: T.touchpad, steps: T.stroke(3, Vector(x: 30, y: 0), at: Point(x: 20, y: 30)), runs: ["notify-send chrome-right"],
                   when: .beforeLift, app: ["Google-chrome"]),
        ])
    }

    /// libinput-gestures expands `~` and variables in a program's name as it starts: here
    /// from the importing user's environment.
    @Test func libinputGesturesProgramNamesAreExpanded() throws {
        let text = "gesture swipe left 4 ~/bin/prev-ws.sh --quiet\ngesture swipe right 4 $SCRIPTS/next-ws.sh\ngesture swipe up 4 $NOWHERE/x\n"
        let imported = try BindingImport.translate(text, file: "lg.conf", environment: ["HOME": "/home/ada", "SCRIPTS": "/opt/s"])
        #expect(imported.yaml.contains("command: [/home/ada/bin/prev-ws.sh, \"--quiet\"]"), "\(imported.yaml)")
        #expect(imported.yaml.contains("command: [/opt/s/next-ws.sh]"), "\(imported.yaml)")
        #expect(imported.notes.contains { $0.contains("$NOWHERE/x") && $0.contains("give its full path") }, "\(imported.notes)")
    }

    /// lisgd runs a gesture for its own count of fingers (`nfswipe == nfdown`): a pressed
    /// stroke of one finger is no two-finger stroke's.
    @Test func lisgdsPressedStrokeKeepsItsFingers() throws {
        let text = "lisgd -d /dev/input/event1 -g '1,DU,R,*,P,notify-send up'\n"
        let (imported, _) = try Self.imported(text, file: "p.sh")
        #expect(imported.yaml.contains("gesture: pan, fingers: 1"), "\(imported.yaml)")
        let w = T.phone.size!.width.value
        try Self.check(text, file: "p.sh", [
            Expect(name: "two fingers up the right edge", device: T.phone,
                   steps: [.down([Point(x: w - 1, y: 110), Point(x: w - 1, y: 125)]), .move(by: Vector(x: 0, y: -30), duration: .milliseconds(300)), .lift], runs: []),
        ])
    }

    /// fusuma's README alt-tab switcher: each update runs the way it moved (its
    /// `repeat_direction` is the update's own delta), so a stroke right and back left tabs
    /// forwards and then back, alt held throughout.
    @Test func fusumasAltTabStepsBackOnTheWayBack() throws {
        let yaml = """
            swipe:
              3:
                begin:
                  command: xdotool keydown alt
                right:
                  update:
                    command: xdotool key tab
                    interval: 0.5
                left:
                  update:
                    command: xdotool key shift+tab
                    interval: 0.5
                end:
                  command: xdotool keyup alt
            """
        let there = [GestureScript.Step.down((0..<3).map { Point(x: 30 + 15 * Double($0), y: 30) }),
                     .move(by: Vector(x: 30, y: 0), duration: .milliseconds(600)), .move(by: Vector(x: -30, y: 0), duration: .milliseconds(600)), .lift]
        try Self.check(yaml, file: "alttab.yml", [
            Expect(name: "right, then back left", device: T.touchpad, steps: there,
                   runs: ["+KEY_LEFTALT", "keys KEY_TAB …", "keys KEY_LEFTSHIFT+KEY_TAB …", "-KEY_LEFTALT"], when: .anytime),
        ])
        // A stroke right that turns upwards tabs no more as it goes up: fusuma's updates up
        // have no command.
        let turned = [GestureScript.Step.down((0..<3).map { Point(x: 30 + 15 * Double($0), y: 50) }),
                      .move(by: Vector(x: 15, y: 0), duration: .milliseconds(400)), .move(by: Vector(x: 0, y: -35), duration: .milliseconds(900)), .lift]
        let (_, both) = try Self.imported(yaml, file: "alttab.yml")
        let actions = T.run(both, Expect(name: "", device: T.touchpad, steps: turned, runs: [])).actions
        let turnedAt = Timestamp(microseconds: 450_000)
        #expect(!actions.contains { $0.0 > turnedAt && $0.1.contains("KEY_TAB") }, "\(actions.map { "\($0.0.seconds) \($0.1)" })")
        #expect(actions.contains { $0.1 == "keys KEY_TAB" }, "\(actions.map(\.1))")
        // With the right way alone, the way back runs nothing.
        let (_, config) = try Self.imported(yaml.replacingOccurrences(of: "    left:\n      update:\n        command: xdotool key shift+tab\n        interval: 0.5\n", with: ""), file: "right.yml")
        let got = T.run(config, Expect(name: "", device: T.touchpad, steps: there, runs: [])).actions.map(\.1)
        #expect(got.first == "+KEY_LEFTALT" && got.last == "-KEY_LEFTALT" && got.dropFirst().dropLast().allSatisfy { $0 == "keys KEY_TAB" }, "\(got)")
    }

    /// libinput-gestures' `hold on` and `hold on+1.5`: at the lift, the one with the
    /// largest delay the hold reached (`HOLD.end`).
    @Test func libinputGesturesShortAndLongHolds() throws {
        let text = "gesture hold on 4 notify-send short\ngesture hold on+1.5 4 notify-send long\ngesture hold on+3 4 notify-send longer\n"
        try Self.check(text, file: "holds.conf", [
            Expect(name: "4 held 0.6 s", device: T.touchpad, steps: T.hold(4, ms: 600), runs: ["notify-send short"]),
            Expect(name: "4 held 2 s", device: T.touchpad, steps: T.hold(4, ms: 2000), runs: ["notify-send long"]),
            Expect(name: "4 held 3.5 s", device: T.touchpad, steps: T.hold(4, ms: 3500), runs: ["notify-send longer"]),
        ])
        // A finger count's line inherits the delays of the lines for any count
        // (`HOLD.complete_setup`): three fingers held 2 s run the any-count 1.5 s line.
        let mixed = "gesture hold on notify-send short\ngesture hold on+1.5 notify-send long\ngesture hold on 3 notify-send three\n"
        try Self.check(mixed, file: "mixed.conf", [
            Expect(name: "3 held 0.6 s", device: T.touchpad, steps: T.hold(3, ms: 600), runs: ["notify-send three"]),
            Expect(name: "3 held 2 s", device: T.touchpad, steps: T.hold(3, ms: 2000), runs: ["notify-send long"]),
            Expect(name: "4 held 0.6 s", device: T.touchpad, steps: T.hold(4, ms: 600), runs: ["notify-send short"]),
        ])
    }

    /// touchégg's `begin-and-end`: a RUN_COMMAND at the begin and at the end however far
    /// the gesture went (`RepeatedAction::onGestureEnd` counts no threshold then); a swipe's
    /// MOUSE_CLICK pressed at the begin and let go at the end, a drag.
    @Test func toucheggBeginAndEndRunsAtBothAndHoldsAClick() throws {
        let text = """
            <touchégg><application name="All">
              <gesture type="SWIPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>notify-send both</command><on>begin-and-end</on></action></gesture>
              <gesture type="SWIPE" fingers="3" direction="DOWN"><action type="MOUSE_CLICK"><button>1</button><on>begin-and-end</on></action></gesture>
            </application></touchégg>
            """
        try Self.check(text, file: "both.conf", [
            // 8 mm up a screen: under its end threshold (7.6% of 194 mm), and still the end's run.
            Expect(name: "3 up a screen, 8 mm", device: T.screen, steps: T.stroke(3, Vector(x: 0, y: -8), ms: 300),
                   runs: ["notify-send both", "notify-send both"], when: .anytime),
            Expect(name: "3 down", device: T.touchpad, steps: T.stroke(3, Vector(x: 0, y: 20), ms: 300, at: Point(x: 30, y: 15)),
                   runs: ["+BTN_LEFT", "-BTN_LEFT"], when: .anytime, contains: true),
        ])
    }

    /// lisgd splits a gesture with `strtok` at every comma: a command is cut at its own
    /// first one. Cut inside a quote, the shell refuses it and lisgd never ran it.
    @Test func lisgdCutsACommandAtItsComma() throws {
        let text = "lisgd -d /dev/input/event1 -g \"1,LR,*,*,R,notify-send 'top, long'\" -g '2,LR,*,*,R,notify-send a,b'\n"
        let (imported, _) = try Self.imported(text, file: "comma.sh")
        #expect(imported.dropped.contains { $0.contains("top, long") }, "\(imported.dropped)")
        #expect(imported.yaml.contains("command: [notify-send, a]"), "\(imported.yaml)")
    }

    /// touchégg reads directions as written (`gestureDirectionFromStr`: UP, not up).
    @Test func toucheggsLowercaseDirectionNeverRan() throws {
        let text = """
            <touchégg><application name="All">
              <gesture type="SWIPE" fingers="3" direction="up"><action type="RUN_COMMAND"><command>never</command></action></gesture>
              <gesture type="SWIPE" fingers="3" direction="DOWN"><action type="RUN_COMMAND"><command>down</command></action></gesture>
            </application></touchégg>
            """
        let (imported, _) = try Self.imported(text, file: "case.conf")
        #expect(imported.dropped.contains { $0.contains("SWIPE 3 up") }, "\(imported.dropped)")
        #expect(!imported.yaml.contains("never]") && imported.yaml.contains("[down]"), "\(imported.yaml)")
    }

    /// libinput-gestures exits on a gesture with no command ("No command configured"): the
    /// import refuses it too, at the line and column.
    @Test func aLibinputGesturesLineWithNoCommandIsRefused() throws {
        do {
            _ = try BindingImport.translate("gesture swipe left 3 xdotool key alt+Right\ngesture swipe up 3\n", file: "lg.conf")
            Issue.record("imported a gesture with no command")
        } catch {
            #expect(error.line == 2 && error.column == 19 && error.message.contains("libinput-gestures") && error.message.contains("no command"), "\(error)")
        }
    }

    /// lisgd exits on an argument it does not know: the import refuses the script there.
    @Test func aLisgdOptionItDoesNotKnowIsRefused() throws {
        do {
            _ = try BindingImport.translate("#!/bin/sh\nlisgd -d /dev/input/event1 \\\n  -x 5 -g '1,LR,*,*,R,notify-send r'\n", file: "x.sh")
            Issue.record("imported a lisgd command line lisgd refuses")
        } catch {
            #expect(error.line == 3 && error.column == 3 && error.message.contains("`-x`"), "\(error)")
        }
    }

    /// The fourth round (issue 47's trial of 2026-12-02, second): a touchégg MOUSE_CLICK at
    /// the end clicks however far the gesture went (`MouseClick::onGestureEnd`); a gesture
    /// given twice is dropped once in the summary; lisgd runs a pressed stroke once per
    /// finger per step (`touchmotion` follows each slot); a lisgd option without its value
    /// is refused, as lisgd refuses it.
    @Test func theSecondTrialsFindings() throws {
        let clicks = """
            <touchégg><application name="All">
              <gesture type="SWIPE" fingers="3" direction="LEFT"><action type="MOUSE_CLICK"><button>2</button><on>end</on></action></gesture>
              <gesture type="SWIPE" fingers="4" direction="RIGHT"><action type="MAXIMIZE_RESTORE_WINDOW"/></gesture>
              <gesture type="SWIPE" fingers="4" direction="RIGHT"><action type="MINIMIZE_WINDOW"/></gesture>
            </application></touchégg>
            """
        let (imported, _) = try Self.imported(clicks, file: "clicks.conf")
        #expect(imported.dropped.count == 1, "\(imported.dropped)")
        // Its touchscreen swipes turn with the screen (`X11::calculateRotation`).
        #expect(imported.screen == "follow-orientation")
        try Self.check(clicks, file: "clicks.conf", [
            // 12 mm across the screen: under a swipe's end threshold there (19.6 mm), and a click.
            Expect(name: "3 left a screen, 12 mm", device: T.screen, steps: T.stroke(3, Vector(x: -12, y: 0), ms: 250), runs: ["click BTN_MIDDLE"]),
        ])
        let two = "lisgd -d /dev/input/event1 -g '2,DU,*,*,P,brightnessctl set +5%'\n"
        let (pressed, _) = try Self.imported(two, file: "two.sh")
        #expect(pressed.yaml.contains("fingers: 2, direction: up, repeat: {every: 2.83mm}"), "\(pressed.yaml)")
        do {
            _ = try BindingImport.translate("lisgd -g '1,LR,*,*,R,a' -t\n", file: "t.sh")
            Issue.record("imported a lisgd command line whose -t has no value")
        } catch {
            #expect(error.line == 1 && error.column == 25 && error.message.contains("-t expects a value"), "\(error)")
        }
    }

    // MARK: The fourth round (issue 47's trial of 2026-12-02, fusuma's pinches)

    /// fusuma picks a pinch's way at every update from its last 10 (`PinchDetector`:
    /// `Direction` of their mean against the first), so a pinch out and back in zooms in,
    /// then out; and an update that moved less than 0.01 of the span in 10 ms runs nothing
    /// (`moved?`), not even a direction's `update:`.
    @Test func fusumaPinchesGoTheWayEachUpdateGoesAndSlowOnesRunNothing() throws {
        let yaml = """
            pinch:
              2:
                in:
                  sendkey: 'LEFTCTRL+MINUS'
                  threshold: 0.1
                out:
                  sendkey: 'LEFTCTRL+EQUAL'
                  threshold: 0.1
              3:
                in:
                  update:
                    command: 'notify-send smaller'
            """
        let outThenIn: [GestureScript.Step] = [.down([Point(x: 40, y: 30), Point(x: 60, y: 30)]), .spread(scale: 2, duration: .milliseconds(400)),
                                               .spread(scale: 0.5, duration: .milliseconds(400)), .lift]
        let slowIn: [GestureScript.Step] = [.down([Point(x: 40, y: 30), Point(x: 60, y: 30), Point(x: 50, y: 45)]),
                                            .spread(scale: 0.8, duration: .milliseconds(2500)), .lift]
        let quickIn: [GestureScript.Step] = [.down([Point(x: 40, y: 30), Point(x: 60, y: 30), Point(x: 50, y: 45)]),
                                             .spread(scale: 0.5, duration: .milliseconds(400)), .lift]
        try Self.check(yaml, file: "pinch.yml", [
            Expect(name: "out, then back in", device: T.touchpad, steps: outThenIn,
                   runs: ["keys KEY_LEFTCTRL+KEY_EQUAL …", "keys KEY_LEFTCTRL+KEY_MINUS …"], when: .beforeLift),
            // To 0.8x in 2.5 s: 9%/s, under `moved?`'s 100%/s.
            Expect(name: "3 in, slowly", device: T.touchpad, steps: slowIn, runs: []),
            Expect(name: "3 in", device: T.touchpad, steps: quickIn, runs: ["notify-send smaller …"], when: .beforeLift),
        ])
    }

    /// touchégg's touchscreen TAP runs as the last finger lifts, only when every finger
    /// lifted within 150 ms of the first touch (`TAP_TIME`), and only with two fingers or more.
    @Test func toucheggTapsRunAtTheLiftUnder150Milliseconds() throws {
        let xml = """
            <touchégg><application name="All">
              <gesture type="TAP" fingers="2"><action type="MOUSE_CLICK"><button>3</button></action></gesture>
              <gesture type="TAP" fingers="1"><action type="RUN_COMMAND"><command>notify-send one</command></action></gesture>
            </application></touchégg>
            """
        let (imported, _) = try Self.imported(xml, file: "tap.conf")
        #expect(imported.dropped.contains { $0.contains("TAP") || $0.contains("tap") }, "\(imported.dropped)")
        let two = [Point(x: 60, y: 40), Point(x: 80, y: 40)]
        try Self.check(xml, file: "tap.conf", [
            Expect(name: "2, quick", device: T.screen, steps: [.down(two), .wait(.milliseconds(90)), .lift], runs: ["click BTN_RIGHT"], when: .atLift),
            Expect(name: "2, 250 ms", device: T.screen, steps: [.down(two), .wait(.milliseconds(250)), .lift], runs: []),
            Expect(name: "1", device: T.screen, steps: [.tap(fingers: 1)], runs: []),
        ])
        // At the lift itself, not after a double tap's wait.
        let (_, config) = try Self.imported(xml, file: "tap.conf")
        let r = T.run(config, Expect(name: "", device: T.screen, steps: [.down(two), .wait(.milliseconds(90)), .lift], runs: []))
        #expect(!r.actions.isEmpty && r.actions.allSatisfy { $0.0 - r.firstLift < .milliseconds(20) },
                "ran at \(r.actions.map(\.0.seconds)), the lift at \(r.firstLift.seconds)")
    }

    /// libinput-gestures runs one action as a pinch ends: the turn once it passed 15°,
    /// else in or out (`PINCH.end`). A turn made while pinching runs the turn alone.
    @Test func libinputGesturesRunsTheTurnInsteadOfThePinch() throws {
        let conf = "gesture pinch in 2 xdotool key ctrl+minus\ngesture pinch out 2 xdotool key ctrl+plus\ngesture pinch clockwise xdotool key super+Right\n"
        let (imported, _) = try Self.imported(conf, file: "lg.conf")
        #expect(imported.changed.isEmpty, "\(imported.changed)")
        try Self.check(conf, file: "lg.conf", [
            Expect(name: "out while turning 60°", device: T.touchpad, steps: [.pinchRotate(scale: 1.3, degrees: 60)], runs: ["keys KEY_LEFTMETA+KEY_RIGHT"]),
            Expect(name: "out", device: T.touchpad, steps: T.pinch(1.3), runs: ["keys KEY_LEFTCTRL+KEY_KPPLUS"]),
            // 10°: under its 15°, the pinch's.
            Expect(name: "out while turning 10°", device: T.touchpad, steps: [.pinchRotate(scale: 1.3, degrees: 10)], runs: ["keys KEY_LEFTCTRL+KEY_KPPLUS"]),
        ])
    }

    /// lisgd's edge `N` is a stroke that neither starts nor ends at an edge
    /// (`gesturecalculateedge` gives `EdgeNone`): the same stroke from an edge runs nothing.
    @Test func lisgdsEdgeNoneIsAStrokeAwayFromEveryEdge() throws {
        let script = "lisgd -d /dev/input/touchscreen -g '1,LR,N,*,R,notify-send middle'\n"
        let (imported, _) = try Self.imported(script, file: "n.sh")
        #expect(imported.yaml.contains("edge: none") && !imported.notes.contains { $0.contains("`N`") }, "\(imported.yaml)\n\(imported.notes)")
        let w = T.phone.size!.width.value
        try Self.check(script, file: "n.sh", [
            Expect(name: "across the middle", device: T.phone, steps: [.down([Point(x: w / 4, y: 80)]), .move(by: Vector(x: w / 2, y: 0), duration: .milliseconds(250)), .lift],
                   runs: ["notify-send middle"]),
            Expect(name: "in from the left edge", device: T.phone, steps: [.down([Point(x: 1, y: 80)]), .move(by: Vector(x: w / 2, y: 0), duration: .milliseconds(250)), .lift],
                   runs: []),
        ])
    }

    // MARK: The fifth round (issue 47's trial of 2026-12-02, published scripts)

    /// lisgd's five-field gesture keeps its command in the fifth field (`main`, case 4,
    /// "for backward compatibility"), an unknown distance left as any; a script that starts
    /// it through `sudo` or `exec sudo -E` is found; a comment naming lisgd is not where it
    /// is run.
    @Test func lisgdsFiveFieldsSudoAndComments() throws {
        let five = "lisgd -d /dev/input/event5 -g '3,LR,*,0.08,hyprctl dispatch workspace +1'\n"
        let (imported, _) = try Self.imported(five, file: "five.sh")
        #expect(imported.yaml.contains("command: [hyprctl, dispatch, workspace, \"+1\"]") || imported.yaml.contains("command: [hyprctl, dispatch, workspace, +1]"),
                "\(imported.yaml)")
        #expect(!imported.yaml.contains("\"*\""), "\(imported.yaml)")
        for start in ["sudo lisgd", "exec sudo -E lisgd", "doas -u root lisgd"] {
            let (s, _) = try Self.imported("#!/bin/sh\n# start lisgd\n\(start) -d /dev/input/event3 -g '1,RL,*,*,R,notify-send left'\n", file: "s.sh")
            #expect(s.yaml.contains("notify-send"), "\(start): \(s.yaml)")
        }
        do {
            _ = try BindingImport.translate("#!/bin/sh\n# lisgd is started elsewhere\necho lisgd -g x\n", file: "none.sh")
            Issue.record("imported a script that never runs lisgd")
        } catch {
            #expect(error.line == 3 && error.message.contains("no command in it runs lisgd"), "\(error)")
        }
    }

    /// Two fusuma updates joined by the sign keep each command's trailing comment to its own
    /// line: the joined text still parses.
    @Test func joinedCommandsWithCommentsStillParse() throws {
        let yaml = """
            swipe:
              4:
                left:
                  update:
                    command: 'xdotool key ctrl+Next # next tab'
                right:
                  update:
                    command: 'xdotool key ctrl+Prior # previous tab'
            """
        let (imported, config) = try Self.imported(yaml, file: "c.yml")
        // Run both ways: each way runs its own command, as fusuma runs each.
        let r = T.run(config, Expect(name: "", device: T.touchpad, steps: [.down((0..<4).map { Point(x: 20 + 12 * Double($0), y: 30) }),
                                                                             .move(by: Vector(x: 30, y: 0), duration: .milliseconds(600)), .lift], runs: []))
        let texts = r.actions.map(\.1)
        #expect(!texts.isEmpty && texts.allSatisfy { $0.hasPrefix("sh ") }, "\(texts)\n\(imported.yaml)")
        // What the shell itself says of each (`sh -n`: read, not run).
        for text in Set(texts) {
            let sh = Process()
            sh.executableURL = URL(fileURLWithPath: "/bin/sh")
            sh.arguments = ["-n", "-c", String(text.dropFirst(3))]
            sh.standardError = FileHandle.nullDevice
            try sh.run()
            sh.waitUntilExit()
            #expect(sh.terminationStatus == 0, "the shell refuses \(text)")
        }
    }
}

// MARK: The fourth trial's leftovers (issue 47, 2026-12-02)

extension ImportFreshTrialTests {
    /// A device the script finds as it runs (`-d "$(...)"`, or a variable it does not set)
    /// is no node: any touchscreen is read, noted, and nothing is counted changed for it.
    @Test func lisgdsDeviceFoundByTheScriptIsAnyTouchscreen() throws {
        for d in ["\"$(ls /dev/input/by-path/*-event-touch | head -1)\"", "$TOUCH", "`cat /tmp/dev`"] {
            let text = "#!/bin/sh\nlisgd -d \(d) -g '1,LR,*,*,R,notify-send right'\n"
            let (imported, config) = try Self.imported(text, file: "d.sh")
            let yaml = imported.yaml.split(separator: "\n").filter { !$0.trimmingPrefix(" ").hasPrefix("#") }
            #expect(yaml.contains { $0.contains("{kind: touchscreen}") } && !yaml.contains { $0.contains("node:") }, "\(d): \(imported.yaml)")
            #expect(config.devices.allSatisfy { $0.node == nil }, "\(d)")
            #expect(imported.notes.contains { $0.contains("the script finds its device as it runs") }, "\(d): \(imported.notes)")
            #expect(!imported.changed.contains { $0.contains("substitution") }, "\(d): \(imported.changed)")
            #expect(!imported.notes.contains { $0.contains("left as written") }, "\(d): \(imported.notes)")
        }
        // A substitution in a gesture's command is still counted changed.
        let (g, _) = try Self.imported("lisgd -d \"$(x)\" -g \"1,LR,*,*,R,kill $(pidof y)\"\n", file: "g.sh")
        #expect(g.changed.contains { $0.contains("command substitution") }, "\(g.changed)")
    }

    /// libinput-gestures' `timeout 0` turns its limit off, so it is not noted as 0 s; a
    /// pinch's direction by the sum of its scale's differences is noted.
    @Test func libinputGesturesTimeoutAndPinchNotes() throws {
        let (off, _) = try Self.imported("timeout 0\ngesture swipe left 3 xdotool key super+Left\ngesture pinch in 2 xdotool key ctrl+minus\n", file: "lg.conf")
        #expect(off.notes.contains { $0.contains("`timeout 0`: libinput-gestures' time limit is off") }, "\(off.notes)")
        #expect(!off.notes.contains { $0.contains("longer than its timeout (0 s)") }, "\(off.notes)")
        #expect(off.notes.contains { $0.contains("sum of its scale's differences from 1") }, "\(off.notes)")
        let (holds, _) = try Self.imported("timeout 2\ngesture hold on 4 xdotool key super\n", file: "h.conf")
        #expect(holds.notes.contains { $0.contains("`timeout 2`") && $0.contains("its holds have none") }, "\(holds.notes)")
        let (on, _) = try Self.imported("timeout 2\ngesture pinch out 2 xdotool key ctrl+plus\n", file: "p.conf")
        #expect(on.notes.contains { $0.contains("longer than its timeout (2 s)") }, "\(on.notes)")
    }

    /// `--check` names a block the shell never sees closed: `if true; then echo a`.
    @Test func checkWarnsAboutAnIfThatNeverCloses() throws {
        let yaml = "bindings:\n  - {gesture: tap, taps: 1, shell: true, command: \"if true; then echo a\"}\n"
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        let w = config.warnings(searchPath: "/bin", isExecutable: { _ in true }, exists: { _ in true })
        #expect(w.contains { $0.hasPrefix("t.yaml:2:") && $0.contains("`if` at column 1 is never closed with `fi`") }, "\(w)")
    }
}

// MARK: The fifth trial (helper-11, 2026-12-02: eleven published configurations)

extension ImportFreshTrialTests {
    /// A dry run with no `--app` warns about the bindings that need one, not about those
    /// that only leave applications out (touchégg's All beside an application's section).
    @Test func onlyBindingsForAnApplicationNeedApp() throws {
        let yaml = """
            bindings:
              - {gesture: tap, taps: 1, app: ["!Google-chrome"], command: [all]}
              - {gesture: tap, taps: 2, app: [Google-chrome], command: [chrome]}
            """
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        let notes = config.notes(for: InputDevices(devices: [T.screen]), recording: "r.jsonl")
        #expect(notes.contains { $0.contains("run only with --app NAME") && $0.contains("(line 3)") }, "\(notes)")
    }

    /// A touchégg 1.x file is read as 2.x: CHANGE_DESKTOP's NEXT and PREVIOUS as its
    /// directions, its taps at the lift on a touchscreen (DOUBLE_TAP as two), its ROTATE a turn.
    @Test func toucheggOneDesktopsTapsAndTurns() throws {
        let xml = """
            <touchégg><application name="All">
              <gesture type="DRAG" fingers="4" direction="LEFT"><action type="CHANGE_DESKTOP">NEXT</action></gesture>
              <gesture type="DRAG" fingers="4" direction="RIGHT"><action type="CHANGE_DESKTOP">PREVIOUS</action></gesture>
              <gesture type="TAP" fingers="2"><action type="MOUSE_CLICK">BUTTON=3</action></gesture>
              <gesture type="DOUBLE_TAP" fingers="3"><action type="RUN_COMMAND">notify-send twice</action></gesture>
              <gesture type="ROTATE" fingers="2" direction="RIGHT"><action type="RUN_COMMAND">notify-send turn</action></gesture>
            </application></touchégg>
            """
        let (imported, config) = try Self.imported(xml, file: "old.conf")
        #expect(imported.yaml.contains("[xdotool, set_desktop, \"--relative\", \"1\"]") && imported.yaml.contains("[xdotool, set_desktop, \"--relative\", \"--\", \"-1\"]"), "\(imported.yaml)")
        #expect(imported.dropped.isEmpty, "\(imported.dropped)")
        #expect(imported.yaml.contains("{gesture: tap, fingers: 2, taps: 1, device: touchscreen"), "\(imported.yaml)")
        #expect(imported.yaml.contains("{gesture: tap, fingers: 3, taps: 2, device: touchscreen"), "\(imported.yaml)")
        #expect(imported.yaml.contains("{gesture: rotate, fingers: 2, direction: clockwise"), "\(imported.yaml)")
        // The click on a touchscreen only (the double tap bound, a tap waits for a second).
        #expect(T.run(config, Expect(name: "", device: T.screen, steps: [.tap(fingers: 2)], runs: [])).actions.count == 1)
        #expect(T.run(config, Expect(name: "", device: T.touchpad, steps: [.tap(fingers: 2)], runs: [])).actions.isEmpty)
        #expect(T.run(config, Expect(name: "", device: T.screen, steps: [.tap(fingers: 3, taps: 2)], runs: [])).actions.map(\.1) == ["notify-send twice"])
    }

    /// A mistyped gesture type or key is said to be one, with what it most likely meant;
    /// a file left with nothing to carry over is refused, naming what was dropped.
    @Test func mistypedNamesAreSaidAndNothingCarriedOverIsRefused() throws {
        let xml = """
            <touchégg><application name="All">
              <gesture type="SWIPPE" fingers="3" direction="UP"><action type="RUN_COMMAND"><command>a</command></action></gesture>
              <gesture type="SWIPE" fingers="3" direction="DOWN"><action type="RUN_COMMAND"><command>b</command></action></gesture>
            </application></touchégg>
            """
        let (imported, _) = try Self.imported(xml, file: "t.conf")
        #expect(imported.notes.contains { $0.contains("knows no gesture type `SWIPPE` (did you mean SWIPE?)") }, "\(imported.notes)")
        let yaml = "swipe:\n  3:\n    lefft:\n      command: a\n    right:\n      comand: b\n    up:\n      command: c\n"
        let (f, _) = try Self.imported(yaml, file: "c.yml")
        #expect(f.notes.contains { $0.contains("`lefft` (did you mean `left`?)") }, "\(f.notes)")
        #expect(f.notes.contains { $0.contains("knows no `comand` (did you mean `command`?)") }, "\(f.notes)")
        do {
            _ = try BindingImport.translate("swipe:\n  3:\n    lefft:\n      command: a\n", file: "none.yml")
            Issue.record("imported a file that carries nothing over")
        } catch {
            #expect(error.kind == .badData && error.line == 1, "\(error)")
            #expect(error.message.contains("nothing to carry over from this fusuma configuration: its one gesture was dropped") && error.message.contains("lefft"), "\(error)")
        }
    }

    /// `--check` looks the first program of shell text up on PATH too (every lisgd command
    /// is shell text), and says an empty `bindings:` runs nothing.
    @Test func checkLooksUpTheShellTextsProgramAndSaysNothingIsBound() throws {
        let yaml = """
            bindings:
              - {gesture: tap, taps: 1, shell: true, command: "hyprctl dispatch workspace +1"}
              - {gesture: tap, taps: 2, shell: true, command: "A=1 exec notify-send {taps}"}
              - {gesture: tap, taps: 3, shell: true, command: "echo hi; [ -x x ] && y"}
              - {gesture: tap, taps: 4, shell: true, command: "{x} hi"}
            """
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        let w = config.warnings(searchPath: "/bin", isExecutable: { $0 == "/bin/notify-send" || $0 == "/bin/sh" }, exists: { _ in true })
        #expect(w.contains { $0.hasPrefix("t.yaml:2:") && $0.contains("hyprctl, the shell text's first program, is not on PATH") }, "\(w)")
        #expect(w.filter { $0.contains("first program") }.count == 1, "\(w)")
        let empty = try BindingConfig.parse("bindings: []\n", file: "e.yaml")
        #expect(empty.warnings(searchPath: "/bin", isExecutable: { _ in true }, exists: { _ in true }) == ["e.yaml: warning: `bindings:` is empty: nothing will run"])
    }

    /// A variable a lisgd script sets in a `case` or an `if` is chosen as it runs: counted
    /// changed, naming its lines; one set before, unconditionally, is not.
    @Test func lisgdsVariableSetInACaseIsCounted() throws {
        let text = "#!/bin/sh\ncase \"${1:-a}\" in\n  a) ORIENT=1;;\n  *) ORIENT=2;;\nesac\nT=200\n[ -n \"$X\" ] && T=300\nlisgd -o \"$ORIENT\" -t $T -g '1,LR,*,*,R,notify-send r'\n"
        let (imported, _) = try Self.imported(text, file: "case.sh")
        #expect(imported.changed.contains("$ORIENT, set as the script runs"), "\(imported.changed)")
        #expect(imported.changed.contains("$T, set as the script runs"), "\(imported.changed)")
        #expect(imported.notes.contains { $0.contains("(line 3, 4)") && $0.contains("`2`, is taken") }, "\(imported.notes)")
        let plain = "#!/bin/sh\nORIENT=1\nlisgd -o \"$ORIENT\" -g '1,LR,*,*,R,notify-send r'\n"
        #expect(try Self.imported(plain, file: "plain.sh").0.changed.allSatisfy { !$0.contains("ORIENT") })
    }

    /// lisgd started only in a function the script never calls is not started: refused at
    /// the function; called, it is found.
    @Test func lisgdInAFunctionRunsOnlyWhenItIsCalled() throws {
        let never = "#!/bin/sh\nstart() {\n  lisgd -d /dev/input/event3 -g \"1,LR,*,*,R,notify-send hi\"\n}\nexit 0\n"
        do {
            _ = try BindingImport.translate(never, file: "f.sh")
            Issue.record("imported a lisgd that never runs")
        } catch {
            #expect(error.line == 2 && error.message.contains("only in its function `start`, which it never calls"), "\(error)")
        }
        for call in ["start", "case $1 in start) start;; esac", "start &"] {
            let called = never.replacing("exit 0\n", with: call + "\n")
            #expect(try Self.imported(called, file: "f.sh").0.yaml.contains("notify-send"), "\(call)")
        }
        let keyword = "#!/bin/sh\nfunction run {\n  exec lisgd -g '1,RL,*,*,R,notify-send l'\n}\nrun\n"
        #expect(try Self.imported(keyword, file: "k.sh").0.yaml.contains("notify-send"))
    }

    /// `perUpdate: 1` takes one step per update, as touchégg's repeats do: a quick stroke
    /// runs fewer steps than it crossed, spread over its lines; a slow one runs them all.
    @Test func aRepeatTakesOneStepPerUpdateWhenAsked() throws {
        var lift = Timestamp.zero
        func runs(_ perUpdate: String, _ duration: TimeSpan) throws -> [Timestamp] {
            let yaml = "bindings:\n  - {gesture: pan, fingers: 3, direction: up, repeat: {every: 1mm, within: 10mm\(perUpdate)}, command: [step]}\n"
            let config = try BindingConfig.parse(yaml, file: "t.yaml")
            let fingers = (0..<3).map { Point(x: 30 + 12 * Double($0), y: 50) }
            let r = T.run(config, Expect(name: "", device: T.touchpad, steps: [.down(fingers), .move(by: Vector(x: 0, y: -20), duration: duration), .lift], runs: []))
            lift = r.firstLift
            return r.actions.map(\.0)
        }
        let quickAll = try runs("", .milliseconds(80)), quickOne = try runs(", perUpdate: 1", .milliseconds(80))
        #expect(quickAll.count == 10, "\(quickAll.map(\.seconds))")
        #expect(quickOne.count < quickAll.count && quickOne.count >= 2, "\(quickOne.map(\.seconds)) of \(quickAll.map(\.seconds))")
        #expect(Set(quickOne).count == quickOne.count, "two steps on one line: \(quickOne.map(\.seconds))")
        // Updates alone step (touchégg's begin and end take none): not at the lift.
        #expect(!quickOne.contains(lift), "a step on the ended line: \(quickOne.map(\.seconds)), lift \(lift.seconds)")
        #expect(try runs(", perUpdate: 1", .milliseconds(600)).count == 10)
        #expect {
            try BindingConfig.parse("bindings:\n  - {gesture: pan, repeat: {every: 1mm, perUpdate: 0}, command: [x]}\n", file: "t.yaml")
        } throws: { "\($0)".contains("t.yaml:2:52") && "\($0)".contains("perUpdate is how many steps one update may take, 1 to 100, not 0") }
    }

    /// fusuma's swipe timing is counted changed only when a swipe is carried over; lisgd
    /// started through sudo is said to have run its commands as root.
    @Test func changesAreCountedOnlyForWhatIsCarriedOverAndSudoIsSaid() throws {
        let (typo, _) = try Self.imported("swipe:\n  3:\n    lefft:\n      command: a\npinch:\n  2:\n    in:\n      command: b\n", file: "t.yml")
        #expect(!typo.changed.contains("fusuma's swipes"), "\(typo.changed)")
        let (swipe, _) = try Self.imported("swipe:\n  3:\n    left:\n      command: a\n", file: "s.yml")
        #expect(swipe.changed.contains("fusuma's swipes"), "\(swipe.changed)")
        let (root, _) = try Self.imported("#!/bin/sh\nexec sudo -E lisgd -g '1,LR,*,*,R,notify-send r'\n", file: "r.sh")
        #expect(root.notes.contains { $0.contains("`sudo lisgd`: lisgd ran as root, and its commands with it") }, "\(root.notes)")
    }

    /// From the sixth trial: a mistyped fusuma gesture or libinput-gestures motion says what
    /// it most likely meant; fusuma 0.x's `shortcut:` is counted changed; fusuma's device
    /// filter becomes `devices:`; touchégg 1.x taps are a touchscreen's, said so.
    @Test func theSixthTrialsFindings() throws {
        let (swpie, _) = try Self.imported("swpie:\n  3:\n    left:\n      command: a\npinch:\n  2:\n    in:\n      command: b\n", file: "s.yml")
        #expect(swpie.notes.contains { $0.contains("knows no `swpie` (did you mean `swipe`?)") }, "\(swpie.notes)")
        do {
            _ = try BindingImport.translate("gesture swipe lef 3 xdotool key super+Left\n", file: "lg.conf")
            Issue.record("imported an unknown motion")
        } catch {
            #expect(error.message.contains("did you mean `swipe left`?"), "\(error)")
        }
        let (old, _) = try Self.imported("swipe:\n  3:\n    left:\n      shortcut: alt+Left\n", file: "o.yml")
        #expect(old.changed.contains { $0.contains("shortcut") }, "\(old.changed)")
        let filter = "swipe:\n  3:\n    left:\n      command: a\nplugin:\n  filters:\n    libinput_device_filter:\n      keep_device_names:\n        - \"SynPS/2 Synaptics TouchPad\"\n"
        let (f, config) = try Self.imported(filter, file: "f.yml")
        #expect(f.yaml.contains("{kind: touchpad, name: \"*SynPS/2 Synaptics TouchPad*\"}"), "\(f.yaml)")
        #expect(config.devices.count == 1)
        let xml = """
            <touchégg><application name="All">
              <gesture type="TAP" fingers="5"><action type="SEND_KEYS">Alt+F4</action></gesture>
              <gesture type="TAP" fingers="2"><action type="MOUSE_CLICK">BUTTON=3</action></gesture>
            </application></touchégg>
            """
        let (t, tc) = try Self.imported(xml, file: "t.conf")
        #expect(t.yaml.contains("{gesture: tap, fingers: 5, taps: 1, device: touchscreen"), "\(t.yaml)")
        #expect(t.notes.contains { $0.contains("libinput's tap-to-click") }, "\(t.notes)")
        #expect(!T.run(tc, Expect(name: "", device: T.screen, steps: [.tap(fingers: 5)], runs: [])).actions.isEmpty)
    }

    /// The summary names a long thing by its first words, not half a word.
    @Test func theSummaryCutsAtAWord() {
        #expect(ImportedConfig.short("swipe 4 left: xdotool key super+ctrl+shift+Left") == "swipe 4 left: xdotool key…")
        #expect(ImportedConfig.short("short") == "short")
        let long = String(repeating: "x", count: 50)
        #expect(ImportedConfig.short(long) == String(repeating: "x", count: 39) + "…")
    }
}

