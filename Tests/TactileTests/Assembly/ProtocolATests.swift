import Tactile
import Testing

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
