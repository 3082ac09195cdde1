import Tactile
import Testing

/// Multitouch protocol B: slots, tracking ids and partial updates.
struct ProtocolBTests {
    var a = FrameAssembler(device: DeviceFixtures.touchscreen)

    @Test mutating func twoFingersInMillimetres() throws {
        let f = try required(a.touches(frame(0,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 10),
            axis(AbsCode.mtPositionX, 750), axis(AbsCode.mtPositionY, 450),
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 11),
            axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 50),
            key(KeyCode.btnTouch, 1))))
        #expect(f.ids == [0, 1])
        #expect(f.contact(0)?.position == Point(x: 75, y: 45))
        #expect(f.contact(1)?.position == Point(x: 10, y: 5))
        #expect(f.fingers == nil)
    }

    @Test mutating func partialUpdateKeepsOtherAxesAndSlots() throws {
        _ = a.touches(frame(0,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 10),
            axis(AbsCode.mtPositionX, 750), axis(AbsCode.mtPositionY, 450),
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 11),
            axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 50)))
        // Only slot 1's x changes; the current slot is still 1.
        let f = try required(a.touches(frame(10, axis(AbsCode.mtPositionX, 120))))
        #expect(f.contact(0)?.position == Point(x: 75, y: 45))
        #expect(f.contact(1)?.position == Point(x: 12, y: 5))
        #expect(f.time == Timestamp(microseconds: 10_000))
    }

    @Test mutating func newTrackingIDInAUsedSlotIsANewContact() throws {
        _ = a.touches(frame(0, axis(AbsCode.mtTrackingID, 10), axis(AbsCode.mtPositionX, 10), axis(AbsCode.mtPositionY, 10)))
        let f = try required(a.touches(frame(10, axis(AbsCode.mtTrackingID, 12), axis(AbsCode.mtPositionX, 900))))
        #expect(f.ids == [1])
        #expect(f.contact(1)?.position == Point(x: 90, y: 1))
    }

    @Test mutating func repeatedTrackingIDIsTheSameContact() throws {
        _ = a.touches(frame(0, axis(AbsCode.mtTrackingID, 10), axis(AbsCode.mtPositionX, 10), axis(AbsCode.mtPositionY, 10)))
        let f = try required(a.touches(frame(10, axis(AbsCode.mtTrackingID, 10), axis(AbsCode.mtPositionX, 20))))
        #expect(f.ids == [0])
    }

    @Test mutating func liftAndAllLifted() throws {
        _ = a.touches(frame(0,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 1), axis(AbsCode.mtPositionY, 1),
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2), axis(AbsCode.mtPositionX, 2), axis(AbsCode.mtPositionY, 2)))
        let one = try required(a.touches(frame(10, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, -1))))
        #expect(one.ids == [1])
        let none = try required(a.touches(frame(20, axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, -1))))
        #expect(none.contacts.isEmpty)
        #expect(none.cancelled.isEmpty)
    }

    @Test mutating func aFrameThatChangesNothingIsNotRepeated() {
        _ = a.touches(frame(0, axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 1)))
        let msc = EvdevEvent(type: EventType.msc, code: 5, value: 6200)
        #expect(a.process(frame(7, msc)) == nil)
        #expect(a.process(frame(8, axis(AbsCode.mtPositionX, 1))) == nil)
    }

    @Test mutating func slotBeyondTheDeviceRangeIsIgnored() throws {
        _ = a.touches(frame(0, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 1)))
        #expect(a.process(frame(10, axis(AbsCode.mtSlot, 40), axis(AbsCode.mtTrackingID, 7), axis(AbsCode.mtPositionX, 5))) == nil)
        // Back in range, events apply again.
        let f = try required(a.touches(frame(20, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionX, 200))))
        #expect(f.ids == [0])
        #expect(f.contact(0)?.position.x == 20)
    }

    @Test mutating func pressureIsNormalisedAndSizeIsInMillimetres() throws {
        let f = try required(a.touches(frame(0,
            axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 10), axis(AbsCode.mtPositionY, 10), axis(AbsCode.mtPressure, 51),
            axis(AbsCode.mtTouchMajor, 80), axis(AbsCode.mtTouchMinor, 60))))
        let c = try #require(f.contact(0))
        #expect(c.pressure == Pressure(0.2))
        #expect(c.major == Millimetres(8))
        #expect(c.minor == Millimetres(6))
    }

    @Test mutating func pensAndPalmsAreKeptApartFromFingers() throws {
        let f = try required(a.touches(frame(0,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtToolType, MTToolType.pen), axis(AbsCode.mtPositionX, 1), axis(AbsCode.mtPositionY, 1),
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2), axis(AbsCode.mtToolType, MTToolType.palm), axis(AbsCode.mtPositionX, 2), axis(AbsCode.mtPositionY, 2),
            axis(AbsCode.mtSlot, 2), axis(AbsCode.mtTrackingID, 3), axis(AbsCode.mtPositionX, 3), axis(AbsCode.mtPositionY, 3))))
        #expect(f.contacts.map { $0.tool } == [.pen, .palm, .finger])
        #expect(f.fingerCount == 1)
    }
}
