import Tactile
import TactileBindings
import TactileTesting
import Testing

/// touchégg acts at the end of a gesture past `action_execute_threshold` of its
/// percentage, or with `on: begin` as soon as the gesture begins (unconditionally since
/// touchégg's commit 86170b4, 2021), or with `repeat` at every 10 points up to 100%; touchpads and
/// touchscreens, each with its own thresholds.
extension ImportedConfigurationTests {
    @Test func toucheggAsItsDocumentationWritesIt() throws {
        try Self.check("touchegg.conf", [
            Expect(name: "3 up", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: -30)),
                   runs: ["wmctrl -r :ACTIVE: -b toggle,maximized_vert,maximized_horz"]),
            Expect(name: "3 down, slow", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: 20), ms: 900, at: Point(x: 35, y: 20)),
                   runs: ["xdotool getactivewindow windowminimize"]),
            Expect(name: "4 left", device: Self.touchpad, steps: Self.stroke(4, Vector(x: -20, y: 0), at: Point(x: 30, y: 30)),
                   runs: ["xdotool set_desktop --relative 1"]),
            Expect(name: "3 up on a touchscreen", device: Self.screen, steps: Self.stroke(3, Vector(x: 0, y: -40)),
                   runs: ["wmctrl -r :ACTIVE: -b toggle,maximized_vert,maximized_horz"]),
            // Since touchégg 2.0.12 a screen's swipe is counted along its width or height: past
            // 2% of the shorter side twice, then 20% of that and 16% along (19.6 mm across a
            // 345 mm screen), where an 11% of the width (38 mm) was asked before.
            Expect(name: "4 left on a touchscreen, 25 mm", device: Self.screen, steps: Self.stroke(4, Vector(x: -25, y: 0), ms: 250),
                   runs: ["xdotool set_desktop --relative 1"]),
            Expect(name: "4 left on a touchscreen, 14 mm", device: Self.screen, steps: Self.stroke(4, Vector(x: -14, y: 0), ms: 250), runs: []),
            // 7.6% of the screen's height: a 10 mm stroke does not get there.
            Expect(name: "3 up on a touchscreen, 10 mm", device: Self.screen, steps: Self.stroke(3, Vector(x: 0, y: -10), ms: 400), runs: []),
            Expect(name: "pinch in, 3", device: Self.touchpad, steps: Self.pinch(0.5, fingers: 3), runs: ["xdotool getactivewindow windowclose"]),
            Expect(name: "pinch in a little, 3", device: Self.touchpad, steps: Self.pinch(0.9, fingers: 3), runs: []),
            // touchégg's TAP is a touchscreen's only (its README); a touchpad's taps are libinput's.
            Expect(name: "tap 2", device: Self.screen, steps: [.tap(fingers: 2)], runs: ["click BTN_RIGHT"], when: .anytime),
            Expect(name: "tap 2 on a touchpad", device: Self.touchpad, steps: [.tap(fingers: 2)], runs: []),
            // Chrome's zoom: ctrl held through the pinch, keypad minus at each step.
            Expect(name: "pinch in in Chrome", device: Self.touchpad, steps: Self.pinch(0.4), runs: ["+KEY_LEFTCTRL keys KEY_KPMINUS", "keys KEY_KPMINUS*", "-KEY_LEFTCTRL"],
                   when: .anytime, app: ["google-chrome"]),
        ] + Self.pointerAndScroll())
    }

    @Test func toucheggOnKDEWithKeysOnBeginAndARepeat() throws {
        let (imported, _) = try Self.imported("touchegg-kde.conf")
        #expect(!imported.yaml.contains("xdotool"), "every key injection is a built-in action:\n\(imported.yaml)")
        try Self.check("touchegg-kde.conf", [
            // `on: begin`: super held from the moment the gesture begins, W sent then.
            Expect(name: "3 up", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: -30), ms: 400),
                   runs: ["+KEY_LEFTMETA keys KEY_W", "-KEY_LEFTMETA"], when: .beforeLift),
            Expect(name: "3 down", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: 30), at: Point(x: 35, y: 15)),
                   runs: ["keys KEY_LEFTMETA+KEY_D"]),
            // No `on`: SEND_KEYS runs as the gesture begins (`executeActionOn = BEGIN`), its
            // modifiers held until it ends.
            Expect(name: "4 left", device: Self.touchpad, steps: Self.stroke(4, Vector(x: -20, y: 0), at: Point(x: 30, y: 30)),
                   runs: ["+KEY_LEFTCTRL +KEY_LEFTMETA keys KEY_RIGHT", "-KEY_LEFTMETA -KEY_LEFTCTRL"], when: .beforeLift),
            // The volume: up at each step as the fingers go up, down as they come back.
            Expect(name: "4 up and back", device: Self.touchpad,
                   steps: [.down((0..<4).map { Point(x: 20 + 15 * Double($0), y: 45) }), .move(by: Vector(x: 0, y: -10), duration: .milliseconds(300)),
                           .move(by: Vector(x: 0, y: 8), duration: .milliseconds(300)), .lift],
                   runs: ["sh if [ \"$TACTILE_SIGN\" = + ]; then\n  pactl set-sink-volume @DEFAULT_SINK@ +5%\nelse\n  pactl set-sink-volume @DEFAULT_SINK@ -5%\nfi*"],
                   when: .beforeLift),
            Expect(name: "tap 3", device: Self.screen, steps: [.tap(fingers: 3)], runs: ["click BTN_MIDDLE"], when: .anytime),
            Expect(name: "3 left in Firefox", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -30, y: 0)), runs: ["+KEY_LEFTALT keys KEY_RIGHT", "-KEY_LEFTALT"],
                   when: .beforeLift, app: ["firefox", "Firefox"]),
            Expect(name: "3 left elsewhere", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -30, y: 0)), runs: [], app: ["kate"]),
        ] + Self.pointerAndScroll())
    }

    @Test func toucheggOnGnomeWithAHigherThresholdAndWindowActions() throws {
        let (imported, _) = try Self.imported("touchegg-gnome.conf")
        #expect(imported.dropped.contains { $0.contains("TILE_WINDOW") }, "\(imported.dropped)")
        try Self.check("touchegg-gnome.conf", [
            Expect(name: "3 left", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -30, y: 0)), runs: ["xdotool set_desktop --relative 1"]),
            Expect(name: "3 right", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 30, y: 0), at: Point(x: 20, y: 30)),
                   runs: ["xdotool set_desktop --relative -- -1"]),
            // action_execute_threshold 30: 3.51% of the touchpad's width; 2.5 mm is not there.
            Expect(name: "3 left, 2.5 mm", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -2.5, y: 0), ms: 300), runs: []),
            Expect(name: "4 up", device: Self.touchpad, steps: Self.stroke(4, Vector(x: 0, y: -30), ms: 400, at: Point(x: 30, y: 45)),
                   runs: ["dbus-send --session --dest=org.gnome.Shell --type=method_call /org/gnome/Shell org.gnome.Shell.FocusSearch"],
                   when: .beforeLift),
            Expect(name: "pinch in, 4", device: Self.touchpad, steps: Self.pinch(0.4, fingers: 4), runs: ["wmctrl -k on"]),
            // touchégg's TAP is a touchscreen's only (its README); a touchpad's taps are libinput's.
            Expect(name: "tap 2", device: Self.screen, steps: [.tap(fingers: 2)], runs: ["click BTN_RIGHT"], when: .anytime),
            Expect(name: "tap 2 on a touchpad", device: Self.touchpad, steps: [.tap(fingers: 2)], runs: []),
            // touchégg's steps are 10 points of the scale, up to 2x: 1.1, 1.2 ... 2, ten steps.
            Expect(name: "pinch out in Evince", device: Self.touchpad, steps: Self.pinch(2.5),
                   runs: ["+KEY_LEFTCTRL keys KEY_KPPLUS"] + Array(repeating: "keys KEY_KPPLUS", count: 9) + ["-KEY_LEFTCTRL"], when: .anytime, app: ["evince"]),
        ] + Self.pointerAndScroll())
    }

    /// `--keep-commands`: touchégg's keys and clicks stay the xdotool commands that do them.
    @Test func keepCommandsKeepsTheKeyAndClickCommands() throws {
        let (imported, _) = try Self.imported("touchegg-kde.conf", keepCommands: true)
        #expect(imported.yaml.contains("command: [xdotool, key, Super_L+D]"), "\(imported.yaml)")
        #expect(imported.yaml.contains("command: [xdotool, click, \"2\"]"), "\(imported.yaml)")
        #expect(!imported.yaml.contains("keys:"))
    }
}
