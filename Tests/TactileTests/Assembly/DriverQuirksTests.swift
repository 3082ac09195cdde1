import Tactile
import Testing
import TestSupport

/// What drivers say that is not what it seems (docs/frame-assembly.md, "Driver quirks"):
/// ghost contacts, finger-count flags, fake multitouch. Each capture is written from the
/// driver's behaviour as its source or the kernel documentation describes it.
struct DriverQuirksTests {
    // MARK: - Ghost contacts (Apple bcm5974 in protocol A)

    /// Like Apple's bcm5974 before it tracked contacts: protocol A, no tracking ids, touch
    /// size and ABS_PRESSURE, BTN_TOUCH and BTN_TOOL_* from the driver.
    static let bcm5974 = DeviceDescription(id: 0, name: "Test bcm5974", evdev: EvdevCapabilities(
        codes: [EventType.key: [KeyCode.btnLeft, KeyCode.btnToolFinger, KeyCode.btnTouch, KeyCode.btnToolDoubleTap,
                                KeyCode.btnToolTripleTap]],
        absinfo: [
            AbsCode.x: AbsInfo(minimum: 0, maximum: 1280),
            AbsCode.y: AbsInfo(minimum: 0, maximum: 800),
            AbsCode.pressure: AbsInfo(minimum: 0, maximum: 256),
            AbsCode.mtTouchMajor: AbsInfo(minimum: 0, maximum: 2048),
            AbsCode.mtTouchMinor: AbsInfo(minimum: 0, maximum: 2048),
            AbsCode.mtPositionX: AbsInfo(minimum: -4824, maximum: 5342),
            AbsCode.mtPositionY: AbsInfo(minimum: -172, maximum: 5820),
        ]))

    static func appleContact(_ x: Int32, _ y: Int32, size: Int32) -> [EvdevEvent] {
        [axis(AbsCode.mtTouchMajor, size), axis(AbsCode.mtTouchMinor, size),
         axis(AbsCode.mtPositionX, x), axis(AbsCode.mtPositionY, y), synMTReport]
    }

    static func appleFrame(_ ms: Double, _ contacts: [[EvdevEvent]], _ keys: [EvdevEvent] = []) -> EvdevFrame {
        let events = contacts.flatMap { $0 } + keys + [synReport]
        let t = Timestamp(microseconds: Int64(ms * 1000))
        return EvdevFrame(events: events.map { var e = $0; e.time = t; return e })
    }

    @Test func aLiftedFingerListedWithZeroSizeIsAGhostAndTheNextFingerIsNew() throws {
        var a = FrameAssembler(device: Self.bcm5974)
        let down = try required(a.touches(Self.appleFrame(0, [Self.appleContact(1000, 2000, size: 200)],
                                                          [key(KeyCode.btnTouch, 1), key(KeyCode.btnToolFinger, 1)])))
        #expect(down.ids == [0])
        // The lift: BTN_TOUCH 0, and the driver still lists the finger with zero size.
        let lift = try required(a.touches(Self.appleFrame(8, [Self.appleContact(1000, 2000, size: 0)],
                                                          [key(KeyCode.btnTouch, 0), key(KeyCode.btnToolFinger, 0)])))
        #expect(lift.contacts.isEmpty)
        // And again in the next frame, with no BTN_TOUCH event at all: still a ghost.
        #expect(a.touches(Self.appleFrame(16, [Self.appleContact(1000, 2000, size: 0)])) == nil)
        // A new finger 30 mm away is a new contact, not contact 0 jumping onto it.
        let next = try required(a.touches(Self.appleFrame(500, [Self.appleContact(4000, 2000, size: 180)],
                                                          [key(KeyCode.btnTouch, 1), key(KeyCode.btnToolFinger, 1)])))
        #expect(next.ids == [1])
        #expect(a.repairs.ghosts == 2)
    }

    @Test func oneOfTwoFingersLiftingIsListedWithZeroSize() throws {
        var a = FrameAssembler(device: Self.bcm5974)
        _ = a.touches(Self.appleFrame(0, [Self.appleContact(0, 2000, size: 200), Self.appleContact(3000, 2000, size: 210)],
                                      [key(KeyCode.btnTouch, 1), key(KeyCode.btnToolDoubleTap, 1)]))
        let one = try required(a.touches(Self.appleFrame(8, [Self.appleContact(0, 2000, size: 0), Self.appleContact(3000, 2010, size: 210)],
                                                         [key(KeyCode.btnToolDoubleTap, 0), key(KeyCode.btnToolFinger, 1)])))
        #expect(one.ids == [1], "the lifted finger is gone; the other keeps its id")
        #expect(one.fingers == nil)
    }

    @Test func aLightFirstContactIsNotAGhostBeforeTheDeviceShowedItsSizes() throws {
        // Zero means "nothing" only once the device has shown that its contacts have a size.
        var a = FrameAssembler(device: Self.bcm5974)
        let first = try required(a.touches(Self.appleFrame(0, [Self.appleContact(1000, 2000, size: 0)], [key(KeyCode.btnTouch, 1)])))
        #expect(first.ids == [0])
        #expect(a.repairs.ghosts == 0)
    }

    /// Protocol B: a driver whose BTN_TOUCH follows pressure (Synaptics PS/2) says the
    /// finger is up a frame before it ends the slot, and says it is down again when a light
    /// finger presses harder.
    @Test func protocolBSlotsHoverWhileBTNTouchIsUp() throws {
        var a = FrameAssembler(device: DeviceFixtures.clickpad)
        _ = a.touches(frame(0, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 7), axis(AbsCode.mtPositionX, 600),
                            axis(AbsCode.mtPositionY, 300), key(KeyCode.btnTouch, 1), key(KeyCode.btnToolFinger, 1)))
        // The release frame: the slot is still open (a device going away sends just this).
        let release = try required(a.touches(frame(12, axis(AbsCode.mtPositionX, 610), key(KeyCode.btnTouch, 0))))
        #expect(release.ids == [0])
        let up = try required(a.touches(frame(18, axis(AbsCode.mtPositionX, 612))))
        #expect(up.contacts.isEmpty, "still listed a frame after BTN_TOUCH 0: it hovers")
        #expect(up.fingers == nil, "BTN_TOOL_FINGER with BTN_TOUCH up is a finger hovering")
        let again = try required(a.touches(frame(24, axis(AbsCode.mtPositionX, 620), key(KeyCode.btnTouch, 1))))
        #expect(again.ids == [1], "down again: a new contact, as after hovering")
        let lifted = try required(a.touches(frame(36, axis(AbsCode.mtTrackingID, -1), key(KeyCode.btnTouch, 0),
                                                  key(KeyCode.btnToolFinger, 0))))
        #expect(lifted.contacts.isEmpty)
        #expect(a.touches(frame(48, axis(AbsCode.mtPositionX, 630))) == nil)
        #expect(a.repairs.ghosts == 1, "the slot ended with BTN_TOUCH in the same frame is no ghost")
    }

    // MARK: - Finger-count flags

    /// N-Trig's driver reports BTN_TOOL_DOUBLETAP with one finger down (it means "touch",
    /// not "two fingers").
    @Test func aDoubleTapFlagWithOneContactIsIgnoredOnProtocolA() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        for k in 0..<5 {
            let f = try required(a.touches(frame(Double(k) * 10, axis(AbsCode.mtPositionX, 500 + Int32(k)), axis(AbsCode.mtPositionY, 500),
                                                 synMTReport, key(KeyCode.btnTouch, 1), key(KeyCode.btnToolDoubleTap, 1))))
            #expect(f.contacts.count == 1)
            #expect(f.fingers == nil, "one contact is one finger")
        }
        #expect(a.repairs.ignoredFingerFlags == 1, "one disagreement, however many frames it lasts")
    }

    @Test func aDoubleTapFlagWithFreeSlotsIsIgnoredOnProtocolB() throws {
        var a = FrameAssembler(device: DeviceFixtures.touchscreen)
        let f = try required(a.touches(frame(0, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 3), axis(AbsCode.mtPositionX, 500),
                                             axis(AbsCode.mtPositionY, 500), key(KeyCode.btnTouch, 1), key(KeyCode.btnToolDoubleTap, 1))))
        #expect(f.fingers == nil)
        #expect(a.repairs.ignoredFingerFlags == 1)
    }

    /// A frame at 0 ms with contacts in slots 0 and 1 (tracking ids 1 and 2) at `first` and
    /// `second`, and BTN_TOOL_TRIPLETAP: three fingers down, two reported.
    static func threeFingersInTwoSlots(_ first: (x: Int32, y: Int32), _ second: (x: Int32, y: Int32)) -> EvdevFrame {
        frame(0, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, first.x),
              axis(AbsCode.mtPositionY, first.y), axis(AbsCode.mtSlot, 1), axis(AbsCode.mtTrackingID, 2),
              axis(AbsCode.mtPositionX, second.x), axis(AbsCode.mtPositionY, second.y),
              key(KeyCode.btnTouch, 1), key(KeyCode.btnToolTripleTap, 1))
    }

    @Test func theFlagIsBelievedWhereItKnowsMore() throws {
        // A semi-MT pad: two corners, three fingers.
        var semi = FrameAssembler(device: DeviceFixtures.semiMTTouchpad)
        let box = try required(semi.touches(Self.threeFingersInTwoSlots((2000, 2000), (4000, 3000))))
        #expect(box.fingers == 3)
        // Every slot in use: a two-slot touchpad with three fingers.
        var full = FrameAssembler(device: DeviceFixtures.twoSlotTouchpad)
        let three = try required(full.touches(Self.threeFingersInTwoSlots((200, 200), (400, 300))))
        #expect(three.fingers == 3)
        #expect(semi.repairs.ignoredFingerFlags == 0 && full.repairs.ignoredFingerFlags == 0)
    }

    // MARK: - Fake multitouch

    /// A game controller that numbers its axes 0, 1, 2, … up to 0x3f: ABS_MT_* codes that are
    /// not touch, with ABS_RESERVED (0x2e) among them.
    static let controller: DeviceDescription = {
        var absinfo: [UInt16: AbsInfo] = [:]
        for code in UInt16(0)...0x3f { absinfo[code] = AbsInfo(minimum: -32768, maximum: 32767) }
        return DeviceDescription(id: 0, name: "Test game controller", evdev: EvdevCapabilities(
            codes: [EventType.key: [0x130, 0x131, 0x133, 0x134]], absinfo: absinfo))
    }()

    @Test func aFakeMultitouchControllerGivesNoTouches() {
        let caps = Self.controller.evdev!
        #expect(caps.isFakeMultitouch)
        #expect(!caps.hasSlots && !caps.isMultitouch)
        #expect(Self.controller.kind == .other)
        var a = FrameAssembler(device: Self.controller)
        for k in 0..<100 {
            let v = Int32(k * 300)
            let f = frame(Double(k) * 10, axis(AbsCode.x, v), axis(AbsCode.y, -v), axis(AbsCode.mtSlot, 0),
                          axis(AbsCode.mtTrackingID, 1), axis(AbsCode.mtPositionX, v), axis(AbsCode.mtPositionY, v),
                          key(KeyCode.btnTouch, 1))
            #expect(a.process(f) == nil)
        }
        #expect(a.repairs.fakeMultitouch == 1)
        // And recognition: nothing, though the sticks were held still for a second.
        var events: [InputEvent] = []
        for k in 0..<100 {
            events.append(.evdev(device: 0, frame: frame(Double(k) * 10, axis(AbsCode.mtSlot, 0), axis(AbsCode.mtTrackingID, 1),
                                                  axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 100))))
        }
        #expect(recognize(InputDevices(devices: [Self.controller]), events).isEmpty)
    }

    @Test func aFakeMultitouchDeviceClaimsNoSlotsPressureOrSize() {
        #expect(Self.controller.slots == nil)
        #expect(!Self.controller.pressure)
        #expect(Self.controller.size == nil)
    }

    /// HID touchscreens whose descriptor has no physical units report a resolution of 1
    /// over ranges of 10 000 and more: a 19 m screen. Such a resolution is no resolution.
    @Test func aResolutionThatMakesAScreenMetresWideIsNone() throws {
        let x = AbsInfo(minimum: 0, maximum: 19455, resolution: 1), y = AbsInfo(minimum: 0, maximum: 11263, resolution: 1)
        let g = DeviceGeometry(x: x, y: y, kind: .touchscreen)
        #expect(g.sizeSource == .assumed)
        #expect(abs(g.size.width.value - 250) < 1e-9)
        let real = DeviceGeometry(x: AbsInfo(minimum: 0, maximum: 4095, resolution: 16), y: AbsInfo(minimum: 0, maximum: 2303, resolution: 16),
                                  kind: .touchscreen)
        #expect(real.sizeSource == .resolution)
    }

    /// More contacts than a frame holds (16) in protocol A: the rest are counted as fingers.
    @Test func protocolAContactsPastSixteenAreCountedAsFingers() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        var events: [EvdevEvent] = []
        for k in 0..<20 { events += [axis(AbsCode.mtPositionX, Int32(40 * k)), axis(AbsCode.mtPositionY, 500), synMTReport] }
        let f = try required(a.touches(EvdevFrame(events: events + [synReport])))
        #expect(f.contacts.count == 16)
        #expect(f.fingers == 20)
    }

    @Test func aRealTouchscreenIsNotFakeMultitouch() {
        #expect(!DeviceFixtures.touchscreen.evdev!.isFakeMultitouch)
        #expect(!DeviceFixtures.protocolA.evdev!.isFakeMultitouch)
    }
}
