import Tactile
import Testing

/// Single-touch devices, finger counts from BTN_TOOL_*TAP, pens, semi-mt and accelerometers.
struct SingleTouchTests {
    @Test func singleTouchDownMoveUp() throws {
        var a = FrameAssembler(device: DeviceFixtures.singleTouch)
        let down = try required(a.touches(frame(0,
            axis(AbsCode.x, 2000), axis(AbsCode.y, 1000), axis(AbsCode.pressure, 1023), key(KeyCode.btnTouch, 1))))
        #expect(down.ids == [0])
        #expect(down.contact(0)?.position == Point(x: 100, y: 50))
        #expect(down.contact(0)?.pressure == Pressure(1))
        let moved = try required(a.touches(frame(10, axis(AbsCode.x, 2020))))
        #expect(moved.ids == [0])
        let up = try required(a.touches(frame(20, key(KeyCode.btnTouch, 0))))
        #expect(up.contacts.isEmpty)
        let again = try required(a.touches(frame(30, key(KeyCode.btnTouch, 1))))
        #expect(again.ids == [1], "a new touch gets a new id")
    }

    @Test func penContactsAreMarkedAsPens() throws {
        var a = FrameAssembler(device: DeviceFixtures.penTablet)
        #expect(DeviceFixtures.penTablet.kind == .other)
        // In proximity but not touching: no contact.
        #expect(a.process(frame(0, key(KeyCode.btnToolPen, 1), axis(AbsCode.x, 100), axis(AbsCode.y, 100))) == nil)
        let f = try required(a.touches(frame(10, key(KeyCode.btnTouch, 1), axis(AbsCode.pressure, 1000))))
        #expect(f.contacts.first?.tool == .pen)
        #expect(f.fingerCount == 0)
    }

    @Test func toolFingerCountBeyondTheSlots() throws {
        let device = DeviceFixtures.semiMTTouchpad
        #expect(device.semiMT)
        #expect(device.kind == .touchpad)
        #expect(device.slots == 2)
        var a = FrameAssembler(device: device)
        let f = try required(a.touches(frame(0,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 2000), axis(AbsCode.mtPositionY, 2000),
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2), axis(AbsCode.mtPositionX, 3000), axis(AbsCode.mtPositionY, 3000),
            key(KeyCode.btnTouch, 1), key(KeyCode.btnToolTripleTap, 1), axis(AbsCode.pressure, 51))))
        #expect(f.contacts.count == 2)
        #expect(f.fingers == 3)
        #expect(f.fingerCount == 3)
        #expect(f.contacts.allSatisfy { $0.pressure == Pressure(0.2) }, "ABS_PRESSURE when there is no ABS_MT_PRESSURE")
        let two = try required(a.touches(frame(10, key(KeyCode.btnToolTripleTap, 0), key(KeyCode.btnToolDoubleTap, 1))))
        #expect(two.fingers == nil)
    }

    @Test func accelerometerCountsBecomeMetresPerSecondSquared() throws {
        var a = FrameAssembler(device: DeviceFixtures.accelerometer)
        guard case .accel(let s)? = a.process(frame(5, axis(AbsCode.x, 0), axis(AbsCode.y, 256), axis(AbsCode.z, -128))) else {
            Issue.record("no sample"); return
        }
        #expect(s.force == SpecificForce(x: 0, y: 9.80665, z: -4.903325))
        #expect(s.device == 1)
        #expect(s.time == Timestamp(microseconds: 5000))
    }
}
