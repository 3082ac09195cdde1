import Tactile
import Testing
import TestSupport

/// Gestures on devices whose drivers say odd things (issue #29): what a person did, not what
/// the quirk made it look like. The assembly side of each quirk is in DriverQuirksTests.
struct DeviceQuirkGestureTests {
    static func summary(_ lines: [GestureEvent]) -> [String] {
        lines.filter { $0.phase != .changed }.map { "\($0.kind.rawValue) \($0.phase.rawValue) \($0.fingers)" }
    }

    /// The Apple bcm5974 recording beside this repository: five lifts (`BTN_TOUCH` 0), after
    /// each of which the driver kept listing a zero-size contact.
    @Test(.needsSharedRecordings)
    func bcm5974LiftsFiveTimesAndNoGestureSpansALift() throws {
        let (header, events) = try readAll(SharedRecording.bcm5974.path)
        var assembler = Assembler(header: header)
        var lifts: [Timestamp] = []
        var down = false
        for e in events {
            guard case .touches(let f)? = assembler.process(e) else { continue }
            if down && f.contacts.isEmpty { lifts.append(f.time) }
            down = !f.contacts.isEmpty
        }
        #expect(lifts.count == 5)
        let repairs = try #require(assembler.repairs(of: header.devices[0].id))
        #expect(repairs.ghosts > 0)
        let lines = recognize(header, events)
        #expect(!lines.contains { $0.phase == .cancelled }, "every gesture ends at its own lift")
        var began: [String: Timestamp] = [:]
        for line in lines {
            let key = line.kind.rawValue
            switch line.phase {
            case .began: began[key] = line.time
            case .ended, .cancelled:
                let open = began.removeValue(forKey: key)
                let start = try #require(open)
                #expect(!lifts.contains { $0 > start && $0 < line.time }, "\(key) from \(start) to \(line.time) spans a lift")
            case .changed, .recognized: break
            }
        }
        // The first stroke is one finger's: a one-finger pan that ends when it lifts.
        #expect(Self.summary(lines).prefix(2) == ["pan began 1", "pan ended 1"])
        #expect(lines.first { $0.phase == .ended }?.time == lifts.first)
    }

    /// N-Trig's driver sets BTN_TOOL_DOUBLETAP with one finger: a 1.3 s rest is a one-finger
    /// long press, not a two-finger pan of jitter.
    @Test func aOneFingerRestWithTheDoubleTapFlagIsALongPress() {
        var events: [InputEvent] = []
        for k in 0...130 {
            let jitter = Int32(k % 3) - 1  // ±0.1 mm
            events.append(.evdev(device: 0, frame: frame(Double(k) * 10, axis(AbsCode.mtPositionX, 500 + jitter),
                                                         axis(AbsCode.mtPositionY, 500 - jitter), synMTReport,
                                                         key(KeyCode.btnTouch, 1), key(KeyCode.btnToolDoubleTap, 1))))
        }
        events.append(.evdev(device: 0, frame: frame(1310, synMTReport, key(KeyCode.btnTouch, 0), key(KeyCode.btnToolDoubleTap, 0))))
        let lines = recognize(InputDevices(devices: [DeviceFixtures.protocolA]), events)
        #expect(Self.summary(lines) == ["longPress began 1", "longPress ended 1"])
    }

    /// A semi-MT pad's two contacts are the corners of the fingers' bounding box: when the
    /// second finger lands, slot 0 jumps from the first finger to the box's corner, and back
    /// when it lifts. A 225 ms two-finger tap is one two-finger tap, not a pan, a pinch and a
    /// swipe made of the box changing shape.
    /// Semi-MT taps as drivers report them: the fingers 15 or 30 mm apart (past the 20 mm
    /// of a touch jump), the corners following the finger count in the same frame or one
    /// frame late, and a third finger known only from BTN_TOOL_TRIPLETAP.
    @Test(arguments: [15.0, 30.0], [false, true])
    func semiMTTapsAreTapsWhereverTheFingersAre(apart: Double, lag: Bool) {
        for fingers in [2, 3] {
            let events = Self.semiMTTap(apart: apart, lag: lag, fingers: fingers)
            let lines = recognize(InputDevices(devices: [DeviceFixtures.semiMTTouchpad]), events)
            #expect(Self.summary(lines) == ["tap recognized \(fingers)"], "\(fingers) fingers \(apart) mm apart, lag \(lag)")
            #expect(lines.first?.detail == .tap(taps: 1))
        }
    }

    /// A semi-MT tap of `fingers`: A lands, then B `apart` mm to its right and up 8 mm (and
    /// for three, a third finger only the tool bit tells, the box growing a little);
    /// 225 ms in all; then B lifts, then A.
    static func semiMTTap(apart: Double, lag: Bool, fingers: Int) -> [InputEvent] {
        // The fixture: 69 x 50 mm over 5000 x 4000 units.
        let ux = 5000.0 / 69, uy = 4000.0 / 50
        let ax = Int32(2000), ay = Int32(2500)
        let bx = ax + Int32(apart * ux), by = ay - Int32(8 * uy)
        var events: [InputEvent] = []
        func add(_ ms: Double, _ list: [EvdevEvent]) {
            let t = Timestamp(microseconds: Int64(ms * 1000))
            events.append(.evdev(device: 0, frame: EvdevFrame(events: (list + [synReport]).map { var e = $0; e.time = t; return e })))
        }
        let tool = fingers == 3 ? KeyCode.btnToolTripleTap : KeyCode.btnToolDoubleTap
        let grow: Int32 = fingers == 3 ? 150 : 0
        let box = [axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionX, ax), axis(AbsCode.mtPositionY, by - grow),
                   axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2), axis(AbsCode.mtPositionX, bx + grow),
                   axis(AbsCode.mtPositionY, ay)]
        add(0, [axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, ax), axis(AbsCode.mtPositionY, ay),
                key(KeyCode.btnTouch, 1), key(KeyCode.btnToolFinger, 1), axis(AbsCode.pressure, 60)])
        add(12, [axis(AbsCode.mtPositionX, ax + 2)])
        if lag {
            // The count first, the corners a frame later.
            add(36, [key(KeyCode.btnToolFinger, 0), key(tool, 1)])
            add(48, box)
        } else {
            add(36, box + [key(KeyCode.btnToolFinger, 0), key(tool, 1)])
        }
        var ms = 60.0
        while ms < 190 {
            add(ms, [axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionX, ax + Int32(ms.truncatingRemainder(dividingBy: 3)))])
            ms += 12
        }
        let back = [axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, -1), axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionY, ay)]
        if lag {
            add(190, [key(tool, 0), key(KeyCode.btnToolFinger, 1)])
            add(202, back)
        } else {
            add(190, back + [key(tool, 0), key(KeyCode.btnToolFinger, 1)])
        }
        add(214, [axis(AbsCode.mtPositionX, ax + 1)])
        add(225, [axis(AbsCode.mtTrackingID, -1), key(KeyCode.btnTouch, 0), key(KeyCode.btnToolFinger, 0), axis(AbsCode.pressure, 0)])
        return events
    }

    @Test func aSemiMTTwoFingerTapIsATapOnly() {
        var events: [InputEvent] = []
        func add(_ ms: Double, _ list: EvdevEvent...) {
            var l = list
            l.append(synReport)
            let t = Timestamp(microseconds: Int64(ms * 1000))
            events.append(.evdev(device: 0, frame: EvdevFrame(events: l.map { var e = $0; e.time = t; return e })))
        }
        // Finger A at (2500, 2500); finger B lands up and to the right, at (3900, 1800).
        add(0, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 2500),
            axis(AbsCode.mtPositionY, 2500), key(KeyCode.btnTouch, 1), key(KeyCode.btnToolFinger, 1), axis(AbsCode.pressure, 60))
        add(12, axis(AbsCode.mtPositionX, 2503))
        add(24, axis(AbsCode.mtPositionX, 2501))
        // B lands: the box is (2500, 1800)-(3900, 2500); slot 0 moves 8.75 mm up.
        add(36, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionY, 1800), axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2),
            axis(AbsCode.mtPositionX, 3900), axis(AbsCode.mtPositionY, 2500), key(KeyCode.btnToolFinger, 0),
            key(KeyCode.btnToolDoubleTap, 1))
        var ms = 48.0
        while ms < 190 {
            add(ms, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionX, 2500 + Int32(ms.truncatingRemainder(dividingBy: 3))))
            ms += 12
        }
        // B lifts: slot 1 ends, slot 0 goes back down to A.
        add(190, axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, -1), axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionY, 2500),
            key(KeyCode.btnToolDoubleTap, 0), key(KeyCode.btnToolFinger, 1))
        add(202, axis(AbsCode.mtPositionX, 2502))
        add(214, axis(AbsCode.mtPositionX, 2500))
        add(225, axis(AbsCode.mtTrackingID, -1), key(KeyCode.btnTouch, 0), key(KeyCode.btnToolFinger, 0), axis(AbsCode.pressure, 0))
        let lines = recognize(InputDevices(devices: [DeviceFixtures.semiMTTouchpad]), events)
        #expect(Self.summary(lines) == ["tap recognized 2"])
        #expect(lines.first?.detail == .tap(taps: 1))
    }

    /// A 71 ms tap whose position jumps 4 mm in its first 20 ms and comes back (a landing
    /// transient) is a tap, on a touchscreen and on a touchpad.
    @Test(arguments: [DeviceKind.touchscreen, .touchpad])
    func aTapWithALandingSpikeIsATap(kind: DeviceKind) {
        let device = DeviceDescription(id: 0, name: "Test \(kind)", kind: kind, size: Size(width: 150, height: 90))
        let path: [(Double, Double)] = [(0, 50), (8, 54), (16, 53.6), (24, 50.2), (32, 50.1), (40, 50), (48, 50.1),
                                        (56, 50.2), (64, 50.1)]
        var events: [InputEvent] = path.map { ms, x in
            var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0)
            f.contacts.append(Contact(id: 1, position: Point(x: x, y: 40)))
            return .touches(f)
        }
        events.append(.touches(TouchFrame(time: Timestamp(microseconds: 71_000), device: 0)))
        let lines = recognize(InputDevices(devices: [device]), events)
        #expect(Self.summary(lines) == ["tap recognized 1"])
    }

    /// A landing whose first samples are 4 mm off and every later one steady where the
    /// finger is: a tap, and held still, a long press (travel counts from where it settled).
    @Test(arguments: [DeviceKind.touchscreen, .touchpad], [1, 2])
    func aFirstSampleOffIsNoMotion(kind: DeviceKind, offSamples: Int) {
        let device = DeviceDescription(id: 0, name: "Test \(kind)", kind: kind, size: Size(width: 150, height: 90))
        func touch(until end: Double) -> [InputEvent] {
            var events: [InputEvent] = stride(from: 0.0, to: end, by: 8).enumerated().map { k, ms in
                var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0)
                f.contacts.append(Contact(id: 1, position: Point(x: k < offSamples ? 54 : 50.0 + Double(k % 2) * 0.1, y: 40)))
                return .touches(f)
            }
            events.append(.touches(TouchFrame(time: Timestamp(microseconds: Int64(end * 1000)), device: 0)))
            return events
        }
        #expect(Self.summary(recognize(InputDevices(devices: [device]), touch(until: 80))) == ["tap recognized 1"])
        #expect(Self.summary(recognize(InputDevices(devices: [device]), touch(until: 900))) == ["longPress began 1", "longPress ended 1"])
    }

    /// A flick lands already moving: it is still a pan and a swipe, begun once the landing
    /// settled, its translation counted from where it landed.
    @Test func aFlickStillPansFromWhereItLanded() {
        let device = DeviceDescription(id: 0, name: "Test screen", kind: .touchscreen, size: Size(width: 150, height: 90))
        var events: [InputEvent] = stride(from: 0.0, through: 120, by: 8).map { ms in
            var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0)
            f.contacts.append(Contact(id: 1, position: Point(x: 100 - 0.25 * ms, y: 45)))
            return .touches(f)
        }
        events.append(.touches(TouchFrame(time: Timestamp(microseconds: 128_000), device: 0)))
        let lines = recognize(InputDevices(devices: [device]), events)
        #expect(Self.summary(lines) == ["pan began 1", "pan ended 1", "swipe recognized 1"])
        let began = lines[0]
        #expect(began.time >= Timestamp(microseconds: GestureSettings().landingSettle.microseconds))
        #expect(began.time < Timestamp(microseconds: 48_000), "at the first frame after the landing settled")
        if case .pan(let translation, let delta, _) = began.detail {
            #expect(translation == delta, "the began line carries all the motion since the landing")
            #expect(abs(translation.x + 0.25 * began.time.seconds * 1000) < 1e-9)
        }
    }

    /// A flick over before its landing settled (35 mm in 29 ms, as a clickpad recorded one):
    /// a swipe, never a tap, on either class of device; the same touch held still is a tap.
    @Test(arguments: [DeviceKind.touchscreen, .touchpad])
    func aFlickShorterThanTheLandingIsNoTap(kind: DeviceKind) {
        let device = DeviceDescription(id: 0, name: "Test \(kind)", kind: kind, size: Size(width: 150, height: 90))
        func touch(step: Double) -> [InputEvent] {
            var events: [InputEvent] = [0.0, 7, 14, 21, 28].map { ms in
                var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0)
                f.contacts.append(Contact(id: 1, position: Point(x: 40 + step * ms / 7, y: 45)))
                return .touches(f)
            }
            events.append(.touches(TouchFrame(time: Timestamp(microseconds: 29_000), device: 0)))
            return events
        }
        let flick = Self.summary(recognize(InputDevices(devices: [device]), touch(step: 8.75)))
        #expect(!flick.contains { $0.hasPrefix("tap") }, "\(flick)")
        #expect(flick.contains("swipe recognized 1"), "\(flick)")
        #expect(Self.summary(recognize(InputDevices(devices: [device]), touch(step: 0.1))) == ["tap recognized 1"])
    }

    /// Holds of 2, 3 and 4 fingers on both classes of device: one hold each, with its count.
    @Test(arguments: ["holds-touchpad.jsonl", "holds-touchscreen.jsonl"])
    func holdsOfSeveralFingers(_ name: String) throws {
        let lines = try recognizeFile(Paths.recording(name))
        #expect(Self.summary(lines) == ["longPress began 2", "longPress ended 2", "longPress began 3", "longPress ended 3",
                                        "longPress began 4", "longPress ended 4"])
    }
}
