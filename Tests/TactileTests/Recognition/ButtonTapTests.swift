import Foundation
import Tactile
import Testing
import TestSupport

/// A touch that carries a click is a click, never a tap (issue #44): libinput's tap machine
/// goes dead on `TAP_EVENT_BUTTON`; Tactile takes that on every touchpad, clickpad or not,
/// and also for a button pressed while a tap waits for a double tap. The captures in
/// Tests/Fixtures/evemu/ are written by tools/gen-button-captures.py from the drivers' source.
struct ButtonTapTests {
    /// A clickpad (assumed for a touchpad known only from a trace) and a pad with physical
    /// buttons below it (no `INPUT_PROP_BUTTONPAD`).
    static let pads: [DeviceDescription] = [TouchpadTests.pad, DeviceFixtures.twoSlotTouchpad]

    static func summary(_ lines: [GestureEvent]) -> [String] {
        lines.filter { $0.phase != .changed }.map { line in
            if case .click(let button) = line.detail { return "click \(button.rawValue) \(line.fingers)" }
            return "\(line.kind.rawValue) \(line.phase.rawValue) \(line.fingers)"
        }
    }

    static func fixture(_ name: String) -> String {
        Paths.packageRoot.appendingPathComponent("Tests/Fixtures/evemu/\(name)").path
    }

    /// Frames every 10 ms from `from` to `to` (the lift) of still fingers at `spots`, the left
    /// button down over `button` (ms, from and to).
    static func touch(_ spots: [(Int, Double, Double)], from: Double, to: Double, button: ClosedRange<Double>? = nil) -> [InputEvent] {
        var events: [InputEvent] = stride(from: from, to: to, by: 10).map { ms in
            var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0)
            if let button, button.contains(ms) { f.buttons = .left }
            for (id, x, y) in spots { f.contacts.append(Contact(id: id, position: Point(x: x, y: y))) }
            return .touches(f)
        }
        var up = TouchFrame(time: Timestamp(microseconds: Int64(to * 1000)), device: 0)
        if let button, button.contains(to) { up.buttons = .left }
        events.append(.touches(up))
        return events
    }

    /// A button event with no finger on the pad.
    static func button(_ down: Bool, at ms: Double) -> InputEvent {
        .touches(TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0, buttons: down ? .left : []))
    }

    static func run(_ pad: DeviceDescription, _ events: [InputEvent], gestures: Set<GestureKind>? = nil) -> [String] {
        summary(recognize(InputDevices(devices: [pad]), events, gestures: gestures))
    }

    @Test func theTwoPadsAreAClickpadAndAPadWithButtons() {
        #expect(GestureEngine(device: Self.pads[0]).context.clickpad)
        #expect(!GestureEngine(device: Self.pads[1]).context.clickpad)
        #expect(Self.pads.allSatisfy { $0.kind == .touchpad })
    }

    /// The control: the same touches without a button are taps, so the tests below can fail.
    @Test(arguments: pads)
    func withoutAButtonTheTouchesAreTaps(pad: DeviceDescription) {
        #expect(Self.run(pad, Self.touch([(1, 40, 30)], from: 0, to: 120)) == ["tap recognized 1"])
        #expect(Self.run(pad, Self.touch([(1, 40, 30), (2, 60, 30)], from: 0, to: 120)) == ["tap recognized 2"])
    }

    /// libinput `TAP_STATE_TOUCH` and `TAP_STATE_TOUCH_2` + `TAP_EVENT_BUTTON` → dead: a short
    /// still touch that presses the button is a click only; with the click recognizer left
    /// out (`--gestures tap`) it is nothing at all.
    @Test(arguments: pads, [1, 2])
    func aButtonPressedDuringATouchCancelsItsTap(pad: DeviceDescription, fingers: Int) {
        let spots = [(1, 40.0, 30.0), (2, 60.0, 30.0)].prefix(fingers)
        let events = Self.touch(Array(spots), from: 0, to: 150, button: 50...100)
        let button = pad.evdev?.properties.contains(InputProperty.buttonpad) == false || fingers == 1 ? "left" : "right"
        #expect(Self.run(pad, events) == ["click \(button) \(fingers)"])
        #expect(Self.run(pad, events, gestures: [.tap]) == [])
    }

    /// A touch that lands while the button is already down (pressed by another finger or
    /// under the pad's edge) and lifts before it is released carries the click too.
    @Test(arguments: pads)
    func aTouchWhileTheButtonIsHeldIsNoTap(pad: DeviceDescription) {
        var events = [Self.button(true, at: 0)]
        events += Self.touch([(1, 40, 30)], from: 20, to: 120, button: 0...200)
        events.append(Self.button(false, at: 200))
        #expect(!Self.run(pad, events).contains { $0.hasPrefix("tap") })
        #expect(Self.run(pad, events, gestures: [.tap]) == [])
    }

    /// A tap, then the button pressed 100 ms after its lift while no finger is on the pad
    /// (the finger went on to the button below it): the tap is not written. A press after
    /// the double-tap wait leaves the tap alone. A click with no finger on the pad says so:
    /// `fingers` 0, the button libinput gives it (left), where the last finger lifted.
    @Test(arguments: pads)
    func aButtonPressedWhileATapWaitsDropsTheTap(pad: DeviceDescription) {
        let tap = Self.touch([(1, 40, 55)], from: 0, to: 100)
        #expect(Self.run(pad, tap + [Self.button(true, at: 200), Self.button(false, at: 300)]) == ["click left 0"])
        #expect(Self.run(pad, tap + [Self.button(true, at: 200), Self.button(false, at: 300)], gestures: [.tap]) == [])
        let late = GestureSettings().multiTapInterval.seconds * 1000 + 150
        #expect(Self.run(pad, tap + [Self.button(true, at: late), Self.button(false, at: late + 100)]) == ["tap recognized 1", "click left 0"])
        let click = recognize(InputDevices(devices: [pad]), tap + [Self.button(true, at: late), Self.button(false, at: late + 100)]).last
        #expect(click?.location == Point(x: 40, y: 55))
    }

    /// A double tap whose second touch presses the button: neither tap is written.
    @Test(arguments: pads)
    func aDoubleTapEndingInAPressIsAClick(pad: DeviceDescription) {
        let events = Self.touch([(1, 40, 30)], from: 0, to: 100) + Self.touch([(2, 40, 30)], from: 200, to: 330, button: 250...300)
        #expect(Self.run(pad, events) == ["click left 1"])
    }

    // MARK: - Captures written from the drivers

    /// Apple bcm5974 (kernels 3.0-3.6, protocol A, a clickpad): clicks with 1, 2 and 3 fingers
    /// are left, right and middle clicks and nothing else. The driver drops BTN_TOUCH when the
    /// finger it lists first lifts before the others: those still press, and are no new touch.
    @Test func bcm5974ClickfingerGivesClicksOnly() throws {
        let (header, events) = try readAll(Self.fixture("bcm5974-clickfinger.evemu"))
        #expect(header.devices.first?.kind == .touchpad)
        let lines = recognize(header, events)
        #expect(Self.summary(lines) == ["click left 1", "click right 2", "click middle 3"])
    }

    /// Synaptics PS/2 with buttons below the pad (not a clickpad): a resting finger, a finger
    /// sliding along the bottom edge and a short stroke toward the button, each pressing the
    /// left button while its pressure dips below the driver's touch threshold: clicks, no tap.
    @Test func synapticsButtonsUnderAFingerGiveNoTap() throws {
        let (header, events) = try readAll(Self.fixture("synaptics-buttons.evemu"))
        let device = try #require(header.devices.first)
        #expect(device.kind == .touchpad)
        #expect(device.evdev?.properties.contains(InputProperty.buttonpad) == false)
        let lines = recognize(header, events)
        #expect(lines.filter { $0.kind == .click }.map(\.detail) == Array(repeating: .click(button: .left), count: 3))
        #expect(!lines.contains { $0.kind == .tap }, "\(Self.summary(lines))")
    }
}
