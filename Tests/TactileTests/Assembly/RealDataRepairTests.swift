import Tactile
import Testing

/// What real recordings need from assembly: unknown slot state, out-of-range samples,
/// touch jumps, and the physical button of a clickpad.
struct RealDataRepairTests {
    var a = FrameAssembler(device: DeviceFixtures.clickpad)

    @Test mutating func anAxisNeverReportedHoldsTheContactBackUntilItIs() throws {
        // The recording begins mid-state: slot 1's y was sent before it started.
        #expect(a.process(frame(0, axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 5), axis(AbsCode.mtPositionX, 600),
                                axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 6), axis(AbsCode.mtPositionX, 100),
                                axis(AbsCode.mtPositionY, 100))).map { if case .touches(let f) = $0 { return f.ids } else { return [] } } == [1])
        #expect(a.repairs.heldBack == 1)
        let f = try required(a.touches(frame(10, axis(AbsCode.mtSlot, 1), axis(AbsCode.mtPositionY, 340))))
        #expect(f.ids == [1, 0])
        #expect(f.contact(0)?.position == Point(x: 50, y: 34))
        #expect(a.repairs.heldBack == 1, "counted once per contact")
    }

    @Test mutating func aLoneContactTakesTheEmulatedAxis() throws {
        let f = try required(a.touches(frame(0, axis(AbsCode.mtTrackingID, 5), axis(AbsCode.mtPositionX, 600),
                                             axis(AbsCode.x, 600), axis(AbsCode.y, 340))))
        #expect(f.contact(0)?.position == Point(x: 50, y: 34))
        #expect(a.repairs.heldBack == 0)
    }

    @Test mutating func valuesBeyondTheRangeAndFuzzAreDropped() throws {
        // 4083 on a 0...680 axis (a negative number in 12 bits): dropped, the contact waits.
        #expect(a.process(frame(0, axis(AbsCode.mtTrackingID, 5), axis(AbsCode.mtPositionX, 600), axis(AbsCode.mtPositionY, 4083))) == nil)
        #expect(a.repairs.outOfRange == 1)
        var f = try required(a.touches(frame(10, axis(AbsCode.mtPositionY, 8))))
        #expect(f.contact(0)?.position == Point(x: 50, y: 0.8))
        // Within the fuzz (4) past the end: kept as it is.
        f = try required(a.touches(frame(20, axis(AbsCode.mtPositionX, 1283))))
        #expect(f.contact(0)?.position.x == 1283.0 / 12)
        // Beyond it: dropped, the last value stays.
        #expect(a.process(frame(30, axis(AbsCode.mtPositionX, 1290))) == nil)
        #expect(a.repairs.outOfRange == 2)
    }

    @Test mutating func aJumpSplitsTheContactButAFastSteadyStrokeDoesNot() throws {
        func at(_ ms: Double, _ x: Int32, _ y: Int32) -> TouchFrame? {
            a.touches(frame(ms, axis(AbsCode.mtPositionX, x), axis(AbsCode.mtPositionY, y)))
        }
        _ = a.touches(frame(0, axis(AbsCode.mtTrackingID, 5), axis(AbsCode.mtPositionX, 400), axis(AbsCode.mtPositionY, 400)))
        _ = at(9, 401, 400)
        _ = at(18, 402, 401)
        // 28 mm in 9 ms from rest: another finger landed under the same tracking id.
        let f = try required(at(27, 600, 160))
        #expect(f.ids == [1])
        #expect(a.repairs.jumps == 1)
        // A stroke at a steady 1.9 m/s (17 mm a frame) is motion, not a jump.
        var b = FrameAssembler(device: DeviceFixtures.clickpad)
        _ = b.touches(frame(0, axis(AbsCode.mtTrackingID, 7), axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 300)))
        for k in 1...5 {
            let g = try required(b.touches(frame(Double(9 * k), axis(AbsCode.mtPositionX, Int32(100 + 200 * k)))))
            #expect(g.ids == [0])
        }
        #expect(b.repairs.jumps == 0)
    }

    /// Frames that arrive a fraction of a millisecond apart (a replay, a scheduler's
    /// hiccup) do not make ordinary motion a jump.
    @Test mutating func framesCloseTogetherAreNotJumps() throws {
        _ = a.touches(frame(0, axis(AbsCode.mtTrackingID, 5), axis(AbsCode.mtPositionX, 400), axis(AbsCode.mtPositionY, 400)))
        _ = a.touches(frame(10, axis(AbsCode.mtPositionX, 401)))
        _ = a.touches(frame(20, axis(AbsCode.mtPositionX, 402)))
        // 0.5 mm in 0.2 ms: 30 mm a frame if scaled from 0.2 ms; it is not a jump.
        let f = try required(a.touches(frame(20.2, axis(AbsCode.mtPositionX, 408))))
        #expect(f.ids == [0])
        #expect(a.repairs.jumps == 0)
    }

    @Test mutating func theClickpadButtonIsOnTheFrame() throws {
        _ = a.touches(frame(0, axis(AbsCode.mtTrackingID, 5), axis(AbsCode.mtPositionX, 600), axis(AbsCode.mtPositionY, 340)))
        let pressed = try required(a.touches(frame(10, key(KeyCode.btnLeft, 1))))
        #expect(pressed.buttons == .left)
        let released = try required(a.touches(frame(20, key(KeyCode.btnLeft, 0))))
        #expect(released.buttons.isEmpty)
    }
}
