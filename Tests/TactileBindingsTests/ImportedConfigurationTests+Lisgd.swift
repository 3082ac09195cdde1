import Tactile
import TactileBindings
import TactileTesting
import Testing

/// lisgd acts when the last finger lifts (or, `P`, while it is down), on a stroke of at
/// least its threshold in one of eight directions; an edge is where the stroke starts or
/// ends, whichever way it goes. Touchscreens.
extension ImportedConfigurationTests {
    @Test func lisgdAsItsDocumentationWritesIt() throws {
        // `-o 1`: lisgd turns every gesture a quarter clockwise at start, so its
        // `1,DU,B` (up from the bottom) is a stroke right from the panel's left edge.
        let w = Self.phone.size!.width.value, h = Self.phone.size!.height.value
        try Self.check("lisgd.sh", [
            Expect(name: "right from the left edge", device: Self.phone, steps: Self.line(from: Point(x: 1, y: 70), by: Vector(x: 30, y: 0)),
                   runs: ["wofi --show drun"]),
            Expect(name: "up from the bottom", device: Self.phone, steps: Self.line(from: Point(x: 34, y: h - 1), by: Vector(x: 0, y: -40)),
                   runs: ["keys KEY_LEFTALT+KEY_RIGHT"]),
            Expect(name: "down from the top", device: Self.phone, steps: Self.line(from: Point(x: 34, y: 1), by: Vector(x: 0, y: 40)),
                   runs: ["keys KEY_LEFTALT+KEY_LEFT"]),
            Expect(name: "two fingers left", device: Self.phone, steps: Self.line(from: Point(x: 55, y: 40), by: Vector(x: -40, y: 0), fingers: 2),
                   runs: ["swaymsg kill"]),
            Expect(name: "three fingers up", device: Self.phone, steps: Self.line(from: Point(x: 34, y: 100), by: Vector(x: 0, y: -40), fingers: 3),
                   runs: ["swaymsg workspace next"]),
            Expect(name: "out of the top-left corner", device: Self.phone,
                   steps: Self.line(from: Point(x: 1, y: 1), by: Vector(x: 25, y: 25), ms: 250), runs: ["notify-send corner"]),
            // No one-finger stroke away from the edges is bound; nor a stroke of 5 mm.
            Expect(name: "one finger across the middle", device: Self.phone, steps: Self.line(from: Point(x: 15, y: 70), by: Vector(x: 40, y: 0)), runs: []),
            Expect(name: "5 mm right from the left edge", device: Self.phone, steps: Self.line(from: Point(x: 1, y: 70), by: Vector(x: 5, y: 0)), runs: []),
            Expect(name: "two fingers down", device: Self.phone, steps: Self.line(from: Point(x: 20, y: 40), by: Vector(x: 0, y: 40), fingers: 2), runs: []),
            Expect(name: "on a touchpad", device: Self.touchpad, steps: Self.stroke(2, Vector(x: -30, y: 0)), runs: []),
            Expect(name: "one finger, middle, up", device: Self.phone, steps: Self.line(from: Point(x: w / 2, y: 100), by: Vector(x: 0, y: -40)), runs: []),
        ])
    }

    @Test func lisgdStartedBySxmoStyleHookWithEdgesEveryWay() throws {
        let (imported, config) = try Self.imported("lisgd-sxmo.sh")
        #expect(imported.bindings.count == 12, "sxmo's hook imports its 12 gestures: \(imported.yaml)")
        #expect(config.devices.first?.node == "/dev/input/by-path/first-touchscreen")
        let h = Self.phone.size!.height.value, w = Self.phone.size!.width.value
        try Self.check("lisgd-sxmo.sh", [
            // Along the left edge, up and down: the volume (`P`): while the finger is down,
            // again every 60 px (`-T`, 5.67 mm) it goes, the way back the other stroke's.
            Expect(name: "up along the left edge", device: Self.phone, steps: Self.line(from: Point(x: 1, y: 110), by: Vector(x: 0, y: -40)),
                   runs: [Self.pressed("upleftedge", back: "downleftedge") + "*"], when: .beforeLift),
            Expect(name: "down along the left edge", device: Self.phone, steps: Self.line(from: Point(x: 1, y: 40), by: Vector(x: 0, y: 40)),
                   runs: [Self.pressed("downleftedge", back: "upleftedge") + "*"], when: .beforeLift),
            // Under 60 px it never runs.
            Expect(name: "4 mm up along the left edge", device: Self.phone, steps: Self.line(from: Point(x: 1, y: 110), by: Vector(x: 0, y: -4)), runs: []),
            // Down into the bottom edge: the keyboard away.
            Expect(name: "down into the bottom edge", device: Self.phone, steps: Self.line(from: Point(x: 34, y: h - 41), by: Vector(x: 0, y: 40)),
                   runs: ["sxmo_hook_inputhandler.sh downbottomedge"]),
            Expect(name: "up from the bottom edge", device: Self.phone, steps: Self.line(from: Point(x: 34, y: h - 1), by: Vector(x: 0, y: -40)),
                   runs: ["sxmo_hook_inputhandler.sh upbottomedge"]),
            Expect(name: "down from the top edge", device: Self.phone, steps: Self.line(from: Point(x: 34, y: 1), by: Vector(x: 0, y: 40)),
                   runs: ["sxmo_hook_inputhandler.sh downtopedge"]),
            Expect(name: "right along the top edge", device: Self.phone, steps: Self.line(from: Point(x: 10, y: 1), by: Vector(x: 40, y: 0)),
                   runs: ["sxmo_hook_inputhandler.sh righttopedge"]),
            Expect(name: "out of the bottom-right corner", device: Self.phone,
                   steps: Self.line(from: Point(x: w - 1, y: h - 1), by: Vector(x: -25, y: -25), ms: 250),
                   runs: ["setsid -f sxmo_hook_inputhandler.sh bottomrightcorner"]),
            Expect(name: "two fingers left", device: Self.phone, steps: Self.line(from: Point(x: 55, y: 50), by: Vector(x: -40, y: 0), fingers: 2),
                   runs: ["sxmo_hook_inputhandler.sh twoleft"]),
            Expect(name: "one finger across the middle", device: Self.phone, steps: Self.line(from: Point(x: 15, y: 70), by: Vector(x: 40, y: 0)), runs: []),
        ])
    }

    @Test func lisgdExecutedWithVariablesAndPressedEdges() throws {
        let (imported, config) = try Self.imported("lisgd-exec.sh")
        #expect(config.devices.first?.node == "/dev/input/event2", "the script's $TOUCH")
        // Its wtype and ydotool keys are built-in keys.
        #expect(!config.bindings.contains { ($0.command?.argv { _ in "" }.first).map { ["wtype", "ydotool"].contains($0) } ?? false }, "\(imported.yaml)")
        let h = Self.screen.size!.height.value, w = Self.screen.size!.width.value
        try Self.check("lisgd-exec.sh", [
            // `P` in from the right edge: once, while the finger is still down, as soon as it
            // went 60 px (`-T`, 5.67 mm), not an edge swipe's 10 mm.
            Expect(name: "in from the right edge", device: Self.screen, steps: Self.line(from: Point(x: w - 1, y: 90), by: Vector(x: -60, y: 0), ms: 300),
                   runs: ["swaymsg workspace next"], when: .beforeLift),
            Expect(name: "8 mm in from the right edge", device: Self.screen, steps: Self.line(from: Point(x: w - 1, y: 90), by: Vector(x: -8, y: 0), ms: 150),
                   runs: ["swaymsg workspace next"], when: .beforeLift),
            Expect(name: "4 mm in from the right edge", device: Self.screen, steps: Self.line(from: Point(x: w - 1, y: 90), by: Vector(x: -4, y: 0), ms: 150), runs: []),
            Expect(name: "in from the bottom", device: Self.screen, steps: Self.line(from: Point(x: 150, y: h - 1), by: Vector(x: 0, y: -50)),
                   runs: ["wofi --show drun"]),
            // -t 250: 23.6 mm; a 15 mm stroke is not a gesture.
            Expect(name: "15 mm in from the bottom", device: Self.screen, steps: Self.line(from: Point(x: 150, y: h - 1), by: Vector(x: 0, y: -15)), runs: []),
            // M: a third of the screen's height, 65 mm.
            Expect(name: "three fingers down, 90 mm", device: Self.screen, steps: Self.line(from: Point(x: 150, y: 40), by: Vector(x: 0, y: 90), ms: 300, fingers: 3),
                   runs: ["swaymsg kill"]),
            Expect(name: "three fingers down, 40 mm", device: Self.screen, steps: Self.line(from: Point(x: 150, y: 40), by: Vector(x: 0, y: 40), fingers: 3), runs: []),
            Expect(name: "two fingers up", device: Self.screen, steps: Self.line(from: Point(x: 150, y: 120), by: Vector(x: 0, y: -50), fingers: 2),
                   runs: ["keys KEY_LEFTCTRL+KEY_T"]),
            Expect(name: "two fingers down", device: Self.screen, steps: Self.line(from: Point(x: 150, y: 40), by: Vector(x: 0, y: 50), fingers: 2),
                   runs: ["keys KEY_LEFTCTRL+KEY_W"]),
        ])
    }

    /// What a `P` stroke's repeat runs: its command, or on a step back the command of the
    /// stroke bound the other way.
    static func pressed(_ command: String, back: String) -> String {
        "sh if [ \"$TACTILE_SIGN\" = + ]; then\n  sxmo_hook_inputhandler.sh \(command)\nelse\n  sxmo_hook_inputhandler.sh \(back)\nfi"
    }

    /// A `P` stroke along an edge with keys: the keys at each step, nothing on a step back
    /// when no stroke is bound the other way (`reverse: []`).
    @Test func aPressedStrokeWithKeysStepsOnlyForwards() throws {
        let script = "lisgd -d /dev/input/event1 -g '1,DU,R,*,P,wtype -k XF86MonBrightnessUp'\n"
        let imported = try BindingImport.translate(script, file: "bright.sh")
        #expect(imported.yaml.contains("repeat: {every: 5.67mm}") && imported.yaml.contains("reverse: []"), "\(imported.yaml)")
        let config = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
        let w = Self.phone.size!.width.value
        // Up 30 mm and back down 30 mm along the right edge: brightness up at each step up,
        // nothing on the way back.
        let steps: [GestureScript.Step] = [.down([Point(x: w - 1, y: 100)]), .move(by: Vector(x: 0, y: -30), duration: .milliseconds(300)),
                                           .move(by: Vector(x: 0, y: 30), duration: .milliseconds(300)), .lift]
        let got = Self.run(config, Expect(name: "up and back", device: Self.phone, steps: steps, runs: [])).actions.map(\.1)
        #expect(got.count >= 4 && got.allSatisfy { $0 == "keys KEY_BRIGHTNESSUP" }, "\(got)")
    }

    /// sxmo's hook checks for lisgd first (`if [ -x "$(command -v lisgd)" ]`) and starts it
    /// on the next line: the import finds that line, not the check (issue 47, 3).
    @Test func theLisgdCommandIsFoundAfterAnIfAndAcrossContinuations() throws {
        let script = """
            #!/bin/sh
            if [ -x "$(command -v lisgd)" ]; then
            \tlisgd "$@" -t 200 \\
            \t\t-g "1,LR,*,*,R,notify-send right" &
            fi
            """
        let imported = try BindingImport.translate(script, file: "hook.sh")
        #expect(imported.bindings.count == 1, "\(imported.yaml)")
        #expect(imported.yaml.contains("notify-send"))
    }

    @Test func aScriptThatNeverStartsLisgdOrLeavesAQuoteOpenIsRefusedWithItsLine() throws {
        do {
            _ = try BindingImport.translate("#!/bin/sh\npkill lisgd\n", file: "stop.sh")
            Issue.record("imported a script that only stops lisgd")
        } catch {
            #expect(error.message.contains("no command in it runs lisgd"), "\(error)")
        }
        do {
            _ = try BindingImport.translate("#!/bin/sh\nlisgd -g \"1,LR,*,*,R,notify-send 'hi\n", file: "open.sh")
            Issue.record("imported a script whose quote never closes")
        } catch {
            #expect(error.line == 2 && error.column == 10, "\(error)")
        }
    }
}
