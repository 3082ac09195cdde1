import Tactile
import TactileBindings
import TactileTesting
import Testing

/// libinput-gestures acts when libinput ends a gesture that was not cancelled: at the lift,
/// on any swipe it reports (three or more fingers), any pinch (two or more), a hold that
/// did not turn into a swipe. Touchpads only.
extension ImportedConfigurationTests {
    @Test func libinputGesturesAsItsDocumentationWritesIt() throws {
        try Self.check("libinput-gestures.conf", [
            Expect(name: "3 up, quick", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: -30)), runs: ["keys KEY_LEFTMETA+KEY_UP"]),
            Expect(name: "3 up, slow", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: -20), ms: 900), runs: ["keys KEY_LEFTMETA+KEY_UP"]),
            Expect(name: "3 left, 8 mm", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -8, y: 0)), runs: ["keys KEY_LEFTALT+KEY_RIGHT"]),
            Expect(name: "4 left-up", device: Self.touchpad, steps: Self.stroke(4, Vector(x: -20, y: -20), ms: 300, at: Point(x: 40, y: 45)),
                   runs: ["keys KEY_LEFTMETA+KEY_LEFT"]),
            Expect(name: "pinch in", device: Self.touchpad, steps: Self.pinch(0.5), runs: ["keys KEY_LEFTCTRL+KEY_MINUS"]),
            Expect(name: "hold 4", device: Self.touchpad, steps: Self.hold(4), runs: ["keys KEY_LEFTMETA"]),
            Expect(name: "hold 4 that becomes a stroke", device: Self.touchpad, steps: Self.holdThenMove(4, ms: 800, by: Vector(x: 0, y: 25)), runs: []),
            Expect(name: "3 up on a touchscreen", device: Self.screen, steps: Self.stroke(3, Vector(x: 0, y: -40)), runs: []),
        ] + Self.pointerAndScroll())
    }

    @Test func libinputGesturesDefaultFileWithNoFingerCounts() throws {
        try Self.check("libinput-gestures-default.conf", [
            // No count: the counts libinput reports a swipe for, 3 and 4, never 2 or 1.
            Expect(name: "3 up", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 0, y: -30)), runs: ["sh n=$(wmctrl -d"]),
            Expect(name: "4 down", device: Self.touchpad, steps: Self.stroke(4, Vector(x: 0, y: 25)), runs: ["sh n=$(wmctrl -d"]),
            Expect(name: "3 left", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -30, y: 0)), runs: ["keys KEY_LEFTALT+KEY_RIGHT"]),
            Expect(name: "pinch in, 2", device: Self.touchpad, steps: Self.pinch(0.5), runs: ["keys KEY_LEFTMETA+KEY_S"]),
            Expect(name: "pinch out, 3", device: Self.touchpad, steps: Self.pinch(1.8, fingers: 3), runs: ["keys KEY_LEFTMETA+KEY_S"]),
            Expect(name: "hold 4", device: Self.touchpad, steps: Self.hold(4), runs: ["click BTN_MIDDLE"]),
            Expect(name: "hold 3", device: Self.touchpad, steps: Self.hold(3), runs: []),
            Expect(name: "hold 4 then a stroke up", device: Self.touchpad, steps: Self.holdThenMove(4, ms: 800, by: Vector(x: 0, y: -25)),
                   runs: ["sh n=$(wmctrl -d"]),
        ] + Self.pointerAndScroll())
    }

    @Test func libinputGesturesOlderFileWithColonsAndADevice() throws {
        var elan = Self.touchpad
        elan.name = "ELAN1200:00 04F3:3090 Touchpad"
        try Self.check("libinput-gestures-colon.conf", [
            Expect(name: "4 up", device: elan, steps: Self.stroke(4, Vector(x: 0, y: -30)), runs: ["keys KEY_LEFTMETA+KEY_PAGEUP"]),
            Expect(name: "3 right", device: elan, steps: Self.stroke(3, Vector(x: 30, y: 0)), runs: ["keys KEY_LEFTALT+KEY_LEFT"]),
            // swipe_threshold 400 dots: 10.16 mm at libinput's 1000 dpi.
            Expect(name: "3 right, 8 mm", device: elan, steps: Self.stroke(3, Vector(x: 8, y: 0), ms: 400), runs: []),
            Expect(name: "3 right, 14 mm slow", device: elan, steps: Self.stroke(3, Vector(x: 14, y: 0), ms: 800), runs: ["keys KEY_LEFTALT+KEY_LEFT"]),
            Expect(name: "pinch in, 2", device: elan, steps: Self.pinch(0.5), runs: ["keys KEY_LEFTCTRL+KEY_MINUS"]),
            Expect(name: "pinch in, 3", device: elan, steps: Self.pinch(0.5, fingers: 3), runs: []),
            Expect(name: "hold 3", device: elan, steps: Self.hold(3), runs: ["keys KEY_LEFTMETA"]),
            Expect(name: "another touchpad", device: Self.touchpad, steps: Self.stroke(4, Vector(x: 0, y: -30)), runs: []),
        ] + Self.pointerAndScroll(elan))
    }

    @Test func libinputGesturesOnSwayWithDiagonalsAndTurns() throws {
        try Self.check("libinput-gestures-sway.conf", [
            Expect(name: "3 left", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -30, y: 0)), runs: ["swaymsg workspace next_on_output"]),
            Expect(name: "4 up", device: Self.touchpad, steps: Self.stroke(4, Vector(x: 0, y: -30), at: Point(x: 30, y: 40)),
                   runs: ["sh -c pgrep -x wofi || wofi --show drun"]),
            Expect(name: "4 down", device: Self.touchpad, steps: Self.stroke(4, Vector(x: 0, y: 25), at: Point(x: 30, y: 20)), runs: ["swaymsg floating toggle"]),
            Expect(name: "3 right-up", device: Self.touchpad, steps: Self.stroke(3, Vector(x: 20, y: -20), ms: 300, at: Point(x: 25, y: 45)),
                   runs: ["keys KEY_LEFTCTRL+KEY_TAB"]),
            Expect(name: "3 left-up", device: Self.touchpad, steps: Self.stroke(3, Vector(x: -20, y: -20), ms: 300, at: Point(x: 40, y: 45)),
                   runs: ["keys KEY_LEFTCTRL+KEY_LEFTSHIFT+KEY_TAB"]),
            Expect(name: "a clockwise turn", device: Self.touchpad, steps: [.rotate(degrees: 90)], runs: ["pactl set-sink-volume @DEFAULT_SINK@ +5%"]),
            Expect(name: "an anticlockwise turn", device: Self.touchpad, steps: [.rotate(degrees: -90)], runs: ["pactl set-sink-volume @DEFAULT_SINK@ -5%"]),
            Expect(name: "a turn of 10°", device: Self.touchpad, steps: [.rotate(degrees: 10)], runs: []),
            Expect(name: "hold 4", device: Self.touchpad, steps: Self.hold(4), runs: ["notify-send four fingers held"]),
        ] + Self.pointerAndScroll())
    }

    /// `gesture:` with a colon is libinput-gestures' own older format (its parser strips the
    /// colon): it is read as libinput-gestures, not refused, and its lines are not "keys
    /// given twice" (issue 47, 1).
    @Test func gestureWithAColonIsLibinputGestures() throws {
        let text = "gesture: swipe left 3 xdotool key alt+Right\ngesture: swipe right 3 xdotool key alt+Left\n"
        #expect(ForeignConfig.detect(text) == .libinputGestures)
        // Given to `bind` itself, it is named and pointed to `import`, not "keys given twice".
        do {
            _ = try BindingConfig.parse(text, file: "g.conf")
            Issue.record("bind read a libinput-gestures file as its own")
        } catch {
            #expect(error.message.contains("libinput-gestures configuration") && error.message.contains("bind import"), "\(error)")
        }
        let imported = try BindingImport.translate(text, file: "g.conf")
        #expect(imported.bindings.count == 2)
        _ = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
    }

    /// A line libinput-gestures refuses makes it refuse the whole file: the import says
    /// which line and column.
    @Test func aLineLibinputGesturesRefusesIsNamed() throws {
        let text = "gesture swipe left 3 xdotool key alt+Right\n\n  swipe_treshold 10\n"
        do {
            _ = try BindingImport.translate(text, file: "g.conf")
            Issue.record("imported a file libinput-gestures refuses")
        } catch {
            #expect(error.line == 3 && error.column == 3, "\(error)")
            #expect(error.message.contains("swipe_treshold"), "\(error)")
        }
    }
}
