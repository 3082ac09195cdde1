import Tactile
import Testing

/// `SYN_DROPPED`: events up to the next `SYN_REPORT` are dropped, then the contacts that
/// vanished while events were lost end as cancelled, not lifted.
struct SynDroppedTests {
    @Test func droppedInTheMiddleOfATwoFingerFrame() throws {
        var a = FrameAssembler(device: DeviceFixtures.touchscreen)
        let down = try required(a.touches(frame(0,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 100),
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2), axis(AbsCode.mtPositionX, 500), axis(AbsCode.mtPositionY, 500))))
        #expect(down.ids == [0, 1])

        // The buffer overflowed in the middle of a frame: what follows the drop up to the
        // report is incomplete and must not be applied.
        let lost = frame(10,
            axis(AbsCode.mtSlot, 0), axis(AbsCode.mtPositionX, 110),
            synDropped,
            axis(AbsCode.mtSlot, 1), axis(AbsCode.mtPositionX, 1400), axis(AbsCode.mtPositionY, 10))
        #expect(a.process(lost) == nil)
        #expect(a.droppedFrames == 1)

        // The first complete frame after the drop: slot 1's finger is gone (its lift was lost).
        let after = try required(a.touches(frame(20, axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, -1))))
        #expect(after.ids == [0])
        #expect(Array(after.cancelled) == [1])
        #expect(after.contact(0)?.position == Point(x: 11, y: 10))

        // Later frames are ordinary again.
        let later = try required(a.touches(frame(30, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, -1))))
        #expect(later.contacts.isEmpty)
        #expect(later.cancelled.isEmpty)
    }
}
