import Foundation
import Tactile
import Testing
import TestSupport

/// Semi-MT pads as the hardware reports them (issue #44): the two contacts are the corners of
/// the fingers' bounding box, which re-forms as a finger lands, lifts or rolls; that is not
/// motion or scale (`SemiMTBox`). The ALPS capture is written by tools/gen-button-captures.py
/// from drivers/input/mouse/alps.c.
struct SemiMTTapTests {
    static func summary(_ lines: [GestureEvent]) -> [String] {
        lines.filter { $0.phase != .changed }.map { "\($0.kind.rawValue) \($0.phase.rawValue) \($0.fingers)" }
    }

    /// A 71 ms one-finger tap whose y rolls 120 units as it lands and as it lifts; a 225 ms
    /// two-finger tap whose box's top edge re-forms over 45 ms as the second finger lands
    /// and over 35 ms as it lifts, its x edges never moving; then a 15 mm one-finger drag.
    @Test func alpsTapsWithLandingAndLiftingRollAreTaps() throws {
        let (header, events) = try readAll(ButtonTapTests.fixture("alps-semi-mt-taps.evemu"))
        let device = try #require(header.devices.first)
        #expect(device.semiMT && device.kind == .touchpad)
        let lines = recognize(header, events)
        #expect(Self.summary(lines) == ["tap recognized 1", "tap recognized 2", "pan began 1", "pan ended 1"])
        #expect(lines.first?.detail == .tap(taps: 1))
    }

    /// Frames of the semi-MT fixture pad (69 × 50 mm over 5000 × 4000 units): corners at
    /// `corners` (units) each 12 ms, with the tool bit for their count.
    static func frames(_ corners: [[(Int32, Int32)]]) -> [InputEvent] {
        var events: [InputEvent] = []
        var open = [false, false]
        var tool = KeyCode.btnToolFinger
        for (k, box) in corners.enumerated() {
            var list: [EvdevEvent] = []
            for slot in 0..<2 {
                let want = slot < box.count
                list.append(axis(AbsCode.mtSlot, Int32(slot)))
                if want && !open[slot] { list.append(axis(AbsCode.mtTrackingID, Int32(10 + slot))) }
                if !want && open[slot] { list.append(axis(AbsCode.mtTrackingID, -1)) }
                open[slot] = want
                if want { list += [axis(AbsCode.mtPositionX, box[slot].0), axis(AbsCode.mtPositionY, box[slot].1)] }
            }
            let next = box.count == 2 ? KeyCode.btnToolDoubleTap : KeyCode.btnToolFinger
            if k == 0 { list += [key(KeyCode.btnTouch, 1), key(next, 1)] }
            if next != tool && k > 0 { list += [key(tool, 0), key(next, 1)] }
            tool = next
            events.append(.evdev(device: 0, frame: frame(Double(k) * 12, list)))
        }
        var lift: [EvdevEvent] = []
        for slot in 0..<2 where open[slot] { lift += [axis(AbsCode.mtSlot, Int32(slot)), axis(AbsCode.mtTrackingID, -1)] }
        events.append(.evdev(device: 0, frame: frame(Double(corners.count) * 12, lift + [key(KeyCode.btnTouch, 0), key(tool, 0)])))
        return events
    }

    static func frame(_ ms: Double, _ list: [EvdevEvent]) -> EvdevFrame {
        let t = Timestamp(microseconds: Int64(ms * 1000))
        return EvdevFrame(events: (list + [synReport]).map { var e = $0; e.time = t; return e })
    }

    static func run(_ corners: [[(Int32, Int32)]]) -> [String] {
        summary(recognize(InputDevices(devices: [DeviceFixtures.semiMTTouchpad]), frames(corners)))
    }

    /// Both edges moving together is a drag, and both moving apart a pinch: the box's own
    /// motion is kept. (The same boxes with one edge moving alone are a tap.)
    @Test func bothEdgesMovingAreMotion() {
        let a: (Int32, Int32) = (2000, 2500), b: (Int32, Int32) = (3000, 2000)
        let land: [[(Int32, Int32)]] = [[a], [a], [(a.0, b.1), (b.0, a.1)]] + Array(repeating: [(a.0, b.1), (b.0, a.1)], count: 3)
        let drag = land + (1...20).map { k in [(a.0 + Int32(k) * 40, b.1), (b.0 + Int32(k) * 40, a.1)] }
        #expect(Self.run(drag) == ["pan began 2", "pan ended 2"])
        let pinch = land + (1...20).map { k in [(a.0 - Int32(k) * 40, b.1 - Int32(k) * 30), (b.0 + Int32(k) * 40, a.1 + Int32(k) * 30)] }
        #expect(Self.run(pinch) == ["pinch began 2", "pinch ended 2"])
        // Two fingers down for 144 ms: within a touchpad tap's 180 ms (a longer still touch is a hold).
        let reform = land + (1...6).map { k in [(a.0, b.1 - Int32(k) * 120), (b.0, a.1)] } + Array(repeating: [(a.0, b.1 - 720), (b.0, a.1)], count: 2)
        #expect(Self.run(reform) == ["tap recognized 2"])
    }

    /// One finger on a semi-MT pad: a single report 4 mm off, just before the lift, is the
    /// finger rolling off, not a drag; two reports off in a row are motion.
    @Test func oneReportOffBeforeTheLiftIsARoll() {
        let spot: (Int32, Int32) = (2000, 2500)
        let still = Array(repeating: [spot], count: 5)
        #expect(Self.run(still + [[(spot.0, spot.1 + 330)], [(spot.0, spot.1 + 30)]]) == ["tap recognized 1"])
        #expect(Self.run(still + [[(spot.0, spot.1 + 330)], [(spot.0, spot.1 + 340)], [(spot.0, spot.1 + 350)]]).contains("pan began 1"))
    }
}
