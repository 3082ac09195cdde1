import Foundation
import Tactile
import Testing
import TestSupport

/// The 50 unlabelled HID touchscreen sessions beside this repository
/// (`../shared/recordings/hid-devices/`, about 40 makers, plus pens, a game controller and
/// an IR receiver), checked for what their README says holds on any of them, judged from
/// the raw events with arithmetic written here:
/// - a device that is not a touch surface gives no touches;
/// - every contact lifts when the raw data lifts it: the frames end with no contact down;
/// - no line names more fingers than the raw data ever has down at once;
/// - no peek without pressure, no rotate on a device that cannot report two positions.
@Suite(.enabled(if: HIDDevices.available || Paths.inCI, "../shared/recordings/hid-devices is not beside this checkout"))
struct UnlabelledDevicesTests {
    static let folder = HIDDevices.folder
    static let names = HIDDevices.names

    /// Contacts down after each raw frame, counted from the kernel's own words: slots with a
    /// tracking id (protocol B), contacts reported (protocol A), `BTN_TOUCH` (single touch).
    static func rawContactsDown(_ device: DeviceDescription, _ frames: [EvdevFrame]) -> [Int] {
        let caps = device.evdev ?? EvdevCapabilities()
        guard caps.hasMultitouchAxesForTest else {
            var touching = false
            return frames.map { f in
                for e in f.events where e.type == EventType.key && e.code == KeyCode.btnTouch { touching = e.value != 0 }
                return touching && caps.hasAbs(AbsCode.x) ? 1 : 0
            }
        }
        if caps.hasSlots {
            var ids = [Int32](repeating: -1, count: caps.slotCount ?? 1)
            var slot = Int(caps.absinfo[AbsCode.mtSlot]?.value ?? 0)
            return frames.map { f in
                for e in f.events where e.type == EventType.abs {
                    if e.code == AbsCode.mtSlot { slot = Int(e.value) }
                    if e.code == AbsCode.mtTrackingID, ids.indices.contains(slot) { ids[slot] = e.value }
                }
                return ids.filter { $0 >= 0 }.count
            }
        }
        return frames.map { f in
            var n = 0, pending = false
            for e in f.events {
                if e.type == EventType.abs && (e.code == AbsCode.mtPositionX || e.code == AbsCode.mtPositionY) { pending = true }
                if e.type == EventType.syn && e.code == SynCode.mtReport { if pending { n += 1 }; pending = false }
            }
            return n + (pending ? 1 : 0)
        }
    }

    @Test(arguments: names)
    func aSessionKeepsWhatAnyDeviceKeeps(_ name: String) throws {
        let (header, events) = try readAll(Self.folder.appendingPathComponent(name).path)
        let device = try #require(header.devices.first)
        let raw = events.compactMap { e -> EvdevFrame? in if case .evdev(_, let f) = e { return f } else { return nil } }
        var assembler = Assembler(header: header)
        var frames: [TouchFrame] = []
        for e in events { if case .touches(let f)? = assembler.process(e) { frames.append(f) } }
        let lines = recognize(header, events)

        guard device.kind == .touchscreen || device.kind == .touchpad else {
            #expect(frames.allSatisfy { $0.contacts.isEmpty }, "\(name): a \(device.kind.rawValue) device gave touches")
            #expect(lines.isEmpty, "\(name): a \(device.kind.rawValue) device gave gestures")
            return
        }
        let down = Self.rawContactsDown(device, raw)
        if down.last == 0 {
            #expect(frames.last?.contacts.isEmpty ?? true, "\(name): the raw data ends with no contact, the frames do not")
        }
        let most = down.max() ?? 0
        for line in lines {
            #expect(line.fingers <= max(most, 1), "\(name): \(line.kind.rawValue) at \(line.time) names \(line.fingers) fingers, the raw data at most \(most)")
        }
        if !device.pressure {
            #expect(!lines.contains { $0.kind == .peek }, "\(name): a peek without pressure")
        }
        if most < 2 {
            #expect(!lines.contains { $0.kind == .rotate || $0.kind == .pinch }, "\(name): two-finger gestures with one position")
        }
    }
}

enum HIDDevices {
    static let folder = Paths.shared.deletingLastPathComponent().appendingPathComponent("hid-devices")
    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasSuffix(".ev") }.sorted()
}

extension EvdevCapabilities {
    /// The MT axes present and not fake (the test's own reading of libevdev's rule).
    var hasMultitouchAxesForTest: Bool {
        hasAbs(AbsCode.mtPositionX) && hasAbs(AbsCode.mtPositionY) && !hasAbs(0x2e)
    }
}
