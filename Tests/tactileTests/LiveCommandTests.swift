import Foundation
import Testing

/// The live commands' faults that this machine (no /dev/uinput, no input devices) can show;
/// the rest runs against a real kernel in tools/vm-test.
struct LiveCommandTests {
    let run = CommandTests()

    @Test func recordAndRecognizeOnAMissingNodeExit66NamingIt() throws {
        let r = try run.tactile("record", "--device", "/dev/input/event-none", "-o", "-")
        #expect(r.status == 66 && r.stderr.contains("/dev/input/event-none") && r.stderr.contains("no such device"))
        let g = try run.tactile("recognize", "--device", "/dev/input/event-none")
        #expect(g.status == 66 && g.stderr.contains("/dev/input/event-none"))
        let l = try run.tactile("recognize", "--backend", "libinput", "--device", "/dev/input/event-none")
        #expect(l.status == 66)
    }

    @Test func aNodeThatIsNotAnInputDeviceIsRefused() throws {
        let r = try run.tactile("recognize", "--device", "/dev/null")
        #expect(r.status == 69 && r.stderr.contains("not an evdev device"))
    }

    @Test func recordNeedsADevice() throws {
        let r = try run.tactile("record")
        #expect(r.status == 64 && r.stderr.contains("--device"))
    }

    @Test func recognizeTakesAFileOrDevicesNotBoth() throws {
        let r = try run.tactile("recognize", "--device", "/dev/input/event0", "Recordings/tap.jsonl")
        #expect(r.status == 64 && r.stderr.contains("not both"))
    }

    @Test func replayNeedsUinputAndSaysSo() throws {
        let path = CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path
        let without = try run.tactile("replay", path)
        #expect(without.status == 64 && without.stderr.contains("--uinput"))
        let bad = try run.tactile("replay", path, "--uinput", "--speed", "0")
        #expect(bad.status == 64)
        if !FileManager.default.fileExists(atPath: "/dev/uinput") {
            let r = try run.tactile("replay", path, "--uinput", "--settle", "0")
            #expect(r.status == 69 && r.stderr.contains("modprobe uinput"))
        }
    }

    @Test func devicesListsWhatThereIsAsJSONLines() throws {
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []).filter { $0.hasPrefix("event") }
        let r = try run.tactile("devices", "--json")
        if nodes.isEmpty {
            // This machine (and CI) has no input devices: nothing listed, no error.
            #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(r.status) \(r.stdout) \(r.stderr)")
            return
        }
        // Nodes, but none readable: 77 and what to do; else a line per device.
        if r.status == 77 {
            #expect(r.stderr.contains("input"), "\(r.stderr)")
            return
        }
        #expect(r.status == 0, "\(r.stderr)")
        for line in r.stdout.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["node"] is String && object?["kind"] is String)
        }
    }
}
