import Foundation
import Tactile
import Testing
import TestSupport

/// Android getevent captures, hand-written as getevent prints them (Tests/Fixtures/getevent),
/// and recordings exported to getevent text and read back.
@Suite struct GeteventTests {
    static func fixture(_ name: String) -> String {
        Paths.packageRoot.appendingPathComponent("Tests/Fixtures/getevent/\(name)").path
    }

    /// The frames with absolute times (origin + t): what a round trip must keep.
    /// Devices are told apart by their place in the header (ids are renumbered).
    static func frames(_ header: InputDevices, _ events: [InputEvent]) -> [[FlatEvent]] {
        let origin = header.origin?.microseconds ?? 0
        return events.compactMap { e -> [FlatEvent]? in
            guard case .evdev(let device, let frame) = e else { return nil }
            let place = Int64(header.devices.firstIndex { $0.id == device }!)
            return frame.events.map { FlatEvent(type: $0.type, code: $0.code, value: $0.value, time: $0.time.microseconds + origin + place << 50) }
        }
    }

    /// Recognized lines with absolute times and the device's place for its id.
    static func lines(_ header: InputDevices, _ events: [InputEvent]) throws -> [NSDictionary] {
        let origin = Double(header.origin?.microseconds ?? 0) / 1e6
        return try recognizeAll(header, events).map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.jsonLine.utf8)) as! [String: Any]
            var d = object
            d["t"] = (((object["t"] as! Double) + origin) * 1e6).rounded()
            d["dev"] = header.devices.firstIndex { $0.id == (object["dev"] as! Int) }
            return d as NSDictionary
        }
    }

    /// A phone whose driver speaks protocol A with tracking ids, captured with `getevent -lt`
    /// alone (tools/gen-quirk-captures.py writes it): no slots are inferred, every lift is
    /// seen, and a tap, a drag, three taps and a two-finger drag come out as such. Before,
    /// tracking ids were taken for protocol B and nothing ever lifted.
    @Test func protocolAPhoneCaptureLiftsEveryFinger() throws {
        let (header, events) = try readAll(Self.fixture("phone-protocol-a.getevent"))
        let screen = try #require(header.devices.first)
        #expect(screen.kind == .touchscreen)
        #expect(screen.slots == nil, "protocol A has no slots")
        var assembler = Assembler(header: header)
        var empty = 0
        for e in events {
            if case .touches(let f)? = assembler.process(e), f.contacts.isEmpty { empty += 1 }
        }
        #expect(empty == 6, "six touches, six lifts")
        #expect(assembler.repairs(of: screen.id)?.emptyFrameLifts == 6)
        let lines = recognize(header, events).filter { $0.phase != .changed }
        #expect(lines.map { "\($0.kind.rawValue) \($0.phase.rawValue) \($0.fingers)" } == [
            "tap recognized 1", "pan began 1", "pan ended 1", "tap recognized 1", "tap recognized 1", "tap recognized 1",
            "pan began 2", "pan ended 2"])
        let taps = lines.filter { $0.kind == .tap }.map(\.detail)
        #expect(taps.allSatisfy { $0 == .tap(taps: 1) })
    }

    /// `getevent -lp` then `getevent -lt` of all devices: the touchscreen as described
    /// (resolution 0, so the documented assumed size), a key device beside it, a tap.
    @Test func describedCaptureGivesItsDevicesAndTheTap() throws {
        let (header, events) = try readAll(Self.fixture("tap-described.getevent"))
        #expect(header.devices.map(\.name) == ["gpio-keys", "sec_touchscreen"])
        let screen = header.devices[1]
        #expect(screen.kind == .touchscreen && !screen.inferred && screen.pressure && screen.slots == 10)
        #expect(screen.evdev?.absinfo[AbsCode.mtPositionY] == AbsInfo(minimum: 0, maximum: 2399))
        #expect(screen.evdev?.properties == [InputProperty.direct])
        #expect(screen.sizeSource == .assumed)
        #expect(header.devices[0].kind == .other)
        #expect(header.origin == Timestamp(microseconds: 4_127_391_263))
        // Labels as values: DOWN is 1, ffffffff is -1.
        let first = try #require(Self.frames(header, events).first)
        #expect(first.contains { $0.type == EventType.key && $0.code == KeyCode.btnTouch && $0.value == 1 })
        #expect(Self.frames(header, events).joined().contains { $0.code == AbsCode.mtTrackingID && $0.value == -1 })
        let gestures = recognize(header, events)
        #expect(gestures.count == 1)
        let tap = try #require(gestures.first)
        #expect(tap.detail == .tap(taps: 1) && tap.device == 1)
        // 540, 1200 device units on a 2399-unit long side of 250 mm.
        let perMM = 2399.0 / 250
        #expect(abs(tap.location.x - 540 / perMM) < 0.5 && abs(tap.location.y - 1200 / perMM) < 0.5, "\(tap.location)")
    }

    /// `getevent -t` without a description: capabilities inferred from the events, said so,
    /// and no edge swipe from a first touch that is the largest value seen.
    @Test func undescribedCaptureIsInferred() throws {
        let (header, events) = try readAll(Self.fixture("swipe-up-undescribed.getevent"))
        #expect(header.devices.map(\.name) == ["/dev/input/event2", "/dev/input/event4"])
        let screen = header.devices[0]
        #expect(screen.inferred && screen.kind == .touchscreen && screen.pressure)
        #expect(screen.evdev?.absinfo[AbsCode.mtPositionY]?.maximum == 1900)
        #expect(screen.evdev?.absinfo[AbsCode.mtSlot] != nil, "tracking ids mean protocol B: slots")
        #expect(screen.evdev?.absinfo[AbsCode.mtPressure]?.maximum == 255, "pressure to a full scale, not the largest seen")
        #expect(header.devices[1].inferred && header.devices[1].kind == .other)
        let gestures = recognize(header, events).filter { $0.kind != .pan }
        #expect(gestures.map(\.detail).count == 1)
        guard case .swipe(let direction, _)? = gestures.first?.detail else {
            Issue.record("no swipe: \(gestures.map(\.jsonLine))"); return
        }
        #expect(direction == .up)
        // The flag survives a trace.
        let encoded = String(decoding: header.encoded(), as: UTF8.self)
        #expect(encoded.contains("\"inferred\":true"))
        let (decoded, _) = try readAll(text: encoded + "\n", name: "inferred.jsonl")
        #expect(decoded.devices[0].inferred)
    }

    /// A capture cut off mid-line loses that line only; a broken line inside is an error
    /// with its line number.
    @Test func truncatedLastLineIsDroppedAndABrokenLineInsideIsAnError() throws {
        let (whole, wholeEvents) = try readAll(Self.fixture("tap-described.getevent"))
        let (cut, cutEvents) = try readAll(Self.fixture("tap-truncated.getevent"))
        #expect(cut == whole)
        #expect(Self.frames(cut, cutEvents) == Array(Self.frames(whole, wholeEvents).dropLast()))
        #expect(recognize(cut, cutEvents) == recognize(whole, wholeEvents))

        var lines = try String(contentsOfFile: Self.fixture("tap-described.getevent"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        lines[30] = "[    4127.4083"
        let error = #expect(throws: TactileError.self) { try readAll(text: lines.joined(separator: "\n"), name: "broken.getevent") }
        #expect(error?.line == 31 && error?.kind == .badData && error?.description.contains("]") == true, "\(String(describing: error))")
    }

    @Test func eventsWithoutTimesAreRefusedWithWhatToDo() throws {
        let text = "/dev/input/event2: 0003 0035 0000021c\n/dev/input/event2: 0000 0000 00000000\n"
        let error = #expect(throws: TactileError.self) { try readAll(text: text, name: "untimed.getevent") }
        #expect(error?.line == 1 && error?.description.contains("getevent -t") == true, "\(String(describing: error))")
    }

    /// A recording written as getevent text (labels and hex) reads back as the same
    /// frames, at the same absolute times, with the same device descriptions.
    @Test(arguments: ["pinch-rotate.evdev.jsonl", "click-2finger-touchpad.evdev.jsonl", "accelerometer-turn.evdev.jsonl"], [true, false])
    func exportedRecordingReadsBackAsTheSameFrames(_ name: String, labels: Bool) throws {
        let (header, events) = try readAll(Paths.recording(name))
        let path = Paths.scratch().appendingPathComponent("\(name).getevent").path
        var writer = try GeteventWriter(output: try OutputFile(path: path), header: header, labels: labels)
        for case .evdev(let device, let frame) in events { try writer.write(frame, device: device) }
        try writer.finish()
        let (again, againEvents) = try readAll(path)
        #expect(!events.isEmpty)
        #expect(Self.frames(again, againEvents) == Self.frames(header, events))
        for (a, b) in zip(again.devices, header.devices) {
            #expect(a.name == b.name && a.kind == b.kind && a.size == b.size && !a.inferred)
            #expect(a.evdev?.absinfo == b.evdev?.absinfo && a.evdev?.properties == b.evdev?.properties)
            #expect(a.evdev?.codes[EventType.key] == b.evdev?.codes[EventType.key])
            #expect(a.evdev?.inputID == b.evdev?.inputID)
        }
        let recognized = try Self.lines(header, events)
        #expect(!recognized.isEmpty)
        #expect(try Self.lines(again, againEvents) == recognized)
    }
}
