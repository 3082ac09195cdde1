import Tactile
import Testing
import TestSupport

/// Touchpads: the filter before the tracker (`TouchpadFilter`), the click recognizer, and
/// the properties every touchpad stream must keep.
struct TouchpadTests {
    static let pad = DeviceDescription(id: 0, name: "Test pad", kind: .touchpad, size: Size(width: 100, height: 60))
    static let header = InputDevices(devices: [pad])

    /// Frames from (ms, [(id, x, y)], buttons).
    static func frames(_ list: [(Double, [(Int, Double, Double)], PhysicalButtons)]) -> [InputEvent] {
        list.map { ms, contacts, buttons in
            var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0, buttons: buttons)
            for (id, x, y) in contacts { f.contacts.append(Contact(id: id, position: Point(x: x, y: y))) }
            return .touches(f)
        }
    }

    static func still(_ id: Int, _ x: Double, _ y: Double, from: Double, to: Double, buttons: (Double, Double)? = nil,
                      others: [(Int, Double, Double)] = []) -> [(Double, [(Int, Double, Double)], PhysicalButtons)] {
        stride(from: from, to: to, by: 10).map { ms in
            let pressed = buttons.map { ms >= $0.0 && ms < $0.1 } ?? false
            return (ms, [(id, x, y)] + others, pressed ? .left : [])
        }
    }

    @Test func everyPressIsAClickAndClickfingerNamesTheButton() {
        // One finger resting, pressed twice: two left clicks in one touch sequence.
        var list = Self.still(1, 50, 30, from: 0, to: 400, buttons: (50, 120))
        list += Self.still(1, 50, 30, from: 400, to: 600, buttons: (450, 520))
        list.append((600, [], []))
        let clicks = recognize(Self.header, Self.frames(list)).filter { $0.kind == .click }
        #expect(clicks.map(\.detail) == [.click(button: .left), .click(button: .left)])
        #expect(clicks.map(\.time.microseconds) == [50_000, 450_000])
        // Three fingers: middle.
        let three = Self.still(1, 30, 30, from: 0, to: 200, buttons: (60, 150), others: [(2, 50, 28), (3, 70, 31)]) + [(200, [], [])]
        #expect(recognize(Self.header, Self.frames(three)).filter { $0.kind == .click }.map(\.detail) == [.click(button: .middle)])
    }

    @Test func buttonAreasNameTheButtonByPlace() throws {
        var settings = GestureSettings()
        try settings.set("clickButtonAreas", 1)
        func button(atX x: Double, y: Double) -> GestureEvent.Detail? {
            let list = Self.still(1, x, y, from: 0, to: 200, buttons: (50, 150)) + [(200, [], [])]
            return recognize(Self.header, Self.frames(list), settings: settings).first { $0.kind == .click }?.detail
        }
        #expect(button(atX: 80, y: 55) == .click(button: .right))
        #expect(button(atX: 50, y: 55) == .click(button: .middle))
        #expect(button(atX: 10, y: 55) == .click(button: .left))
        #expect(button(atX: 80, y: 20) == .click(button: .left), "above the areas")
    }

    @Test func aThumbBelowAFingerIsNotCountedAtAClick() {
        // Thumb at the bottom (y 56 of 60), index above: a one-finger (left) click.
        let list = Self.still(1, 30, 56, from: 0, to: 300, buttons: (150, 250), others: [(2, 50, 25)]) + [(300, [], [])]
        let clicks = recognize(Self.header, Self.frames(list)).filter { $0.kind == .click }
        #expect(clicks.map(\.fingers) == [1])
        #expect(clicks.map(\.detail) == [.click(button: .left)])
    }

    @Test func thePressOwnMotionMakesNoTapAndNoPanButADragDoes() {
        // 1.2 mm of motion while pressed: pinned, no pan; then 20 mm: a drag (pan).
        var list: [(Double, [(Int, Double, Double)], PhysicalButtons)] = []
        for k in 0..<20 { list.append((Double(k * 10), [(1, 50 + 0.06 * Double(k), 30)], k >= 3 ? .left : [])) }
        var pressOnly = list
        pressOnly.append((200, [], []))
        let kinds = recognize(Self.header, Self.frames(pressOnly)).map(\.kind)
        #expect(kinds == [.click])
        for k in 20..<40 { list.append((Double(k * 10), [(1, 51.2 + Double(k - 19), 30)], .left)) }
        list.append((400, [], []))
        let drag = recognize(Self.header, Self.frames(list))
        #expect(drag.first?.kind == .click)
        #expect(drag.contains { $0.kind == .pan && $0.phase == .began })
        #expect(!drag.contains { $0.kind == .tap })
    }

    @Test func aPinchWhoseSecondFingerStartsLateIsAPinch() {
        // Finger 2 moves away first; finger 1 rests, then moves the other way.
        var list: [(Double, [(Int, Double, Double)], PhysicalButtons)] = []
        for k in 0..<60 {
            let a = k < 20 ? 40.0 : 40 - 0.5 * Double(k - 20)
            let b = 60 + 0.5 * Double(k)
            list.append((Double(k * 10), [(1, a, 30), (2, b, 30)], []))
        }
        list.append((600, [], []))
        let lines = recognize(Self.header, Self.frames(list))
        let scale = lines.last { $0.kind == .pinch }.flatMap { e -> Double? in
            if case .pinch(let s, _, _) = e.detail { return s }
            return nil
        }
        #expect((scale ?? 0) > 1.5, "\(lines.map(\.kind))")
        #expect(!lines.contains { $0.kind == .rotate })
        #expect(gestureProblems(lines).isEmpty)
    }

    @Test func twoFingersLandingTogetherTapAsTwo() {
        // Not a drumroll: they land 20 ms apart and lift together.
        let list: [(Double, [(Int, Double, Double)], PhysicalButtons)] = [
            (0, [(1, 40, 30)], []), (20, [(1, 40, 30), (2, 60, 30)], []), (60, [(1, 40, 30), (2, 60, 30)], []),
            (100, [(2, 60, 30)], []), (110, [], []),
        ]
        let taps = recognize(Self.header, Self.frames(list)).filter { $0.kind == .tap }
        #expect(taps.map(\.fingers) == [2])
    }
}

/// Random streams on a touchpad, with clicks: well formed, the same with idle time, and a
/// touchpad's motion classes never overlap (a scroll never pinches).
struct TouchpadPropertyTests {
    static let header = InputDevices(devices: [DeviceDescription(id: 0, name: "Random pad", kind: .touchpad,
                                                                size: Size(width: 150, height: 90), pressure: true)])

    static func events(seed: Int, count: Int) -> [InputEvent] {
        var random = RandomTouches(seed: UInt64(seed))
        var rng = SplitMix64(seed: UInt64(seed) &+ 99)
        var pressed = false
        return random.events(count: count).map { e in
            guard case .touches(var f) = e else { return e }
            if Int.random(in: 0..<25, using: &rng) == 0 { pressed.toggle() }
            f.buttons = pressed && !f.contacts.isEmpty ? .left : []
            return .touches(f)
        }
    }

    @Test(arguments: 0..<30)
    func linesAreWellFormedAndPanNeverRunsWithPinch(seed: Int) {
        let events = Self.events(seed: seed, count: 600)
        let lines = recognize(Self.header, events)
        #expect(gestureProblems(lines).isEmpty, "\(gestureProblems(lines).prefix(5))")
        var open = Set<GestureKind>()
        for e in lines where !e.kind.isDiscrete {
            if e.phase == .began { open.insert(e.kind) }
            if e.phase == .ended || e.phase == .cancelled { open.remove(e.kind) }
            #expect(!(open.contains(.pan) && (open.contains(.pinch) || open.contains(.rotate))),
                    "at \(e.time): \(open); \(lines.filter { $0.time == e.time && $0.phase != .changed }.map { "\($0.kind) \($0.phase) \($0.fingers)" })")
        }
        #expect(!lines.contains { $0.kind == .peek }, "a touchpad's pressure is not force")
        #expect(recognize(Self.header, events, idleTicks: 3) == lines)
    }

    @Test func randomStreamsExerciseTheTouchpadPaths() {
        var kinds = Set<GestureKind>()
        for seed in 0..<30 { for e in recognize(Self.header, Self.events(seed: seed, count: 600)) { kinds.insert(e.kind) } }
        #expect(kinds.isSuperset(of: [.tap, .longPress, .pan, .swipe, .pinch, .rotate, .click]), "\(kinds)")
    }
}
