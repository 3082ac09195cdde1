import Tactile
import Testing
import TestSupport

/// Multitouch protocol A: anonymous contacts separated by `SYN_MT_REPORT`, matched across
/// frames by nearest neighbour.
struct ProtocolATests {
    func contact(_ x: Int32, _ y: Int32) -> [EvdevEvent] {
        [axis(AbsCode.mtPositionX, x), axis(AbsCode.mtPositionY, y), synMTReport]
    }
    func aFrame(_ ms: Double, _ contacts: [[EvdevEvent]]) -> EvdevFrame {
        var events = contacts.flatMap { $0 }
        if contacts.isEmpty { events.append(synMTReport) }
        events.append(synReport)
        let t = Timestamp(microseconds: Int64(ms * 1000))
        return EvdevFrame(events: events.map { var e = $0; e.time = t; return e })
    }

    @Test func contactsKeepTheirIdsWhenReportedInAnotherOrder() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        let f1 = try required(a.touches(aFrame(0, [contact(100, 100), contact(800, 800)])))
        #expect(f1.ids == [0, 1])
        let f2 = try required(a.touches(aFrame(10, [contact(790, 805), contact(110, 95)])))
        #expect(f2.contact(0)?.position == Point(x: 11, y: 9.5))
        #expect(f2.contact(1)?.position == Point(x: 79, y: 80.5))
    }

    @Test func liftsNewContactsAndAnEmptyFrame() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        _ = a.touches(aFrame(0, [contact(100, 100), contact(800, 800)]))
        let lifted = try required(a.touches(aFrame(10, [contact(805, 800)])))
        #expect(lifted.ids == [1])
        let added = try required(a.touches(aFrame(20, [contact(805, 800), contact(300, 300)])))
        #expect(Set(added.ids) == [1, 2])
        let none = try required(a.touches(aFrame(30, [])))
        #expect(none.contacts.isEmpty)
    }

    /// Protocol A with `ABS_MT_TRACKING_ID` (many Android drivers): ids follow the tracking
    /// ids, even when two fingers cross and swap places in the report.
    func tracked(_ id: Int32, _ x: Int32, _ y: Int32) -> [EvdevEvent] {
        [axis(AbsCode.mtTrackingID, id), axis(AbsCode.mtPositionX, x), axis(AbsCode.mtPositionY, y), synMTReport]
    }

    static let trackedDevice = DeviceFixtures.device("Test protocol A with tracking ids", properties: [InputProperty.direct],
                                                     keys: [KeyCode.btnTouch], axes: [
        AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
        AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
    ])

    @Test func withTrackingIdsTwoFingersLandAndLiftOneByOne() throws {
        var a = FrameAssembler(device: Self.trackedDevice)
        #expect(try required(a.touches(aFrame(0, [tracked(40, 100, 500)]))).ids == [0])
        let two = try required(a.touches(aFrame(10, [tracked(40, 110, 500), tracked(41, 900, 500)])))
        #expect(two.ids == [0, 1])
        // They cross: the nearest-neighbour guess would swap them; the tracking ids do not.
        let crossed = try required(a.touches(aFrame(20, [tracked(41, 480, 500), tracked(40, 520, 500)])))
        #expect(crossed.contact(0)?.position == Point(x: 52, y: 50))
        #expect(crossed.contact(1)?.position == Point(x: 48, y: 50))
        let first = try required(a.touches(aFrame(30, [tracked(41, 470, 500)])))
        #expect(first.ids == [1], "tracking id 40 left the report: it lifted")
        let none = try required(a.touches(aFrame(40, [])))
        #expect(none.contacts.isEmpty)
        #expect(a.repairs.emptyFrameLifts == 1)
    }

    @Test func withoutTrackingIdsTwoFingersLandAndLiftOneByOne() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        #expect(try required(a.touches(aFrame(0, [contact(100, 500)]))).ids == [0])
        #expect(try required(a.touches(aFrame(10, [contact(105, 500), contact(900, 500)]))).ids == [0, 1])
        // Reported in the other order, moved a little: nearest neighbour keeps the ids.
        let swapped = try required(a.touches(aFrame(20, [contact(890, 505), contact(110, 498)])))
        #expect(swapped.contact(0)?.position == Point(x: 11, y: 49.8))
        let one = try required(a.touches(aFrame(30, [contact(880, 510)])))
        #expect(one.ids == [1])
        #expect(try required(a.touches(aFrame(40, []))).contacts.isEmpty)
    }

    /// "A SYN_REPORT with no MT data" (kernel multi-touch-protocol.rst): no contact is down,
    /// as is a lone SYN_MT_REPORT.
    @Test func aReportWithNoMTDataLiftsEveryContact() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        _ = a.touches(aFrame(0, [contact(100, 100), contact(800, 800)]))
        let bare = try required(a.touches(frame(10, key(KeyCode.btnTouch, 0))))
        #expect(bare.contacts.isEmpty)
        #expect(a.repairs.emptyFrameLifts == 1)
        // A frame that only repeats BTN_TOUCH 0 changes nothing more.
        #expect(a.touches(frame(20, key(KeyCode.btnTouch, 0))) == nil)
    }

    @Test func aLastContactWithoutItsMTReportStillCounts() throws {
        var a = FrameAssembler(device: DeviceFixtures.protocolA)
        let f = try required(a.touches(frame(0, axis(AbsCode.mtPositionX, 100), axis(AbsCode.mtPositionY, 100), synMTReport,
                                             axis(AbsCode.mtPositionX, 700), axis(AbsCode.mtPositionY, 300))))
        #expect(f.contacts.count == 2)
    }

    /// Taps, a drag, and two fingers, all as raw protocol A frames, recognized: before the
    /// empty frame lifted, every tap vanished and the next touch jumped onto the last.
    @Test(arguments: [false, true])
    func protocolAGesturesAreRecognized(withTrackingIDs: Bool) {
        let device = withTrackingIDs ? Self.trackedDevice : DeviceFixtures.protocolA
        var events: [InputEvent] = []
        var nextID: Int32 = 100
        func stroke(from start: Double, _ paths: [(Double, Double, Double, Double)], duration: Double) {
            let ids = paths.map { _ in defer { nextID += 1 }; return nextID }
            var t = 0.0
            while t <= duration {
                let u = duration > 0 ? t / duration : 1
                let contacts = zip(ids, paths).map { id, p in
                    let x = Int32((p.0 + (p.2 - p.0) * u) * 10), y = Int32((p.1 + (p.3 - p.1) * u) * 10)
                    return withTrackingIDs ? tracked(id, x, y) : contact(x, y)
                }
                events.append(.evdev(device: 0, frame: aFrame(start + t, contacts)))
                t += 10
            }
            events.append(.evdev(device: 0, frame: aFrame(start + duration + 10, [])))
        }
        stroke(from: 0, [(20, 20, 20, 20)], duration: 60)                    // a tap
        stroke(from: 800, [(50, 80, 50, 30)], duration: 600)                // a drag up, 50 mm
        stroke(from: 2000, [(20, 50, 20, 50)], duration: 60)                // three taps far apart
        stroke(from: 2600, [(80, 50, 80, 50)], duration: 60)
        stroke(from: 3200, [(50, 90, 50, 90)], duration: 60)
        stroke(from: 4000, [(30, 30, 70, 30), (30, 60, 70, 60)], duration: 500)  // two fingers right
        let lines = recognize(InputDevices(devices: [device]), events).filter { $0.phase != .changed }
        let summary = lines.map { "\($0.kind.rawValue) \($0.phase.rawValue) \($0.fingers)" }
        #expect(summary == ["tap recognized 1", "pan began 1", "pan ended 1", "tap recognized 1", "tap recognized 1",
                            "tap recognized 1", "pan began 2", "pan ended 2"])
        let pans = lines.filter { $0.kind == .pan && $0.phase == .ended }
        if case .pan(let translation, _, _)? = pans.first?.detail { #expect(abs(translation.y + 50) < 0.5) }
        if case .pan(let translation, _, _)? = pans.last?.detail { #expect(abs(translation.x - 40) < 0.5) }
    }

    @Test(.needsSharedRecordings)
    func realProtocolARecordingKeepsStableIds() throws {
        let (header, events) = try readAll(SharedRecording.ntrig.path)
        var a = FrameAssembler(device: header.devices[0])
        var frames: [TouchFrame] = []
        for case .evdev(_, let f) in events {
            guard let t = a.touches(f) else { continue }
            frames.append(t)
            // One contact per SYN_MT_REPORT that follows a position.
            let reports = f.events.filter { $0.type == EventType.syn && $0.code == SynCode.mtReport }.count
            #expect(t.contacts.count == reports)
        }
        #expect(!frames.isEmpty)
        // Between consecutive frames a contact moves little: ids follow the fingers.
        for (p, n) in zip(frames, frames.dropFirst()) {
            for c in n.contacts {
                if let old = p.contact(c.id) { #expect(old.position.distance(to: c.position) < Millimetres(15)) }
            }
        }
        #expect(frames.map { $0.contacts.count }.max() == 4)
    }
}
