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
        #expect(bad.status == 64 && bad.stderr.contains("--speed must be a positive number"), "\(bad.stderr)")
        // A negative speed is the same fault, said the same way (not "Missing value").
        let negative = try run.tactile("replay", path, "--uinput", "--speed", "-1")
        #expect(negative.status == 64 && negative.stderr.contains("--speed must be a positive number"), "\(negative.stderr)")
        let settle = try run.tactile("replay", path, "--uinput", "--settle", "-1")
        #expect(settle.status == 64 && settle.stderr.contains("--settle and --hold must be seconds"), "\(settle.stderr)")
        if !FileManager.default.fileExists(atPath: "/dev/uinput") {
            let r = try run.tactile("replay", path, "--uinput", "--settle", "0")
            #expect(r.status == 69 && r.stderr.contains("modprobe uinput"))
        }
    }

    /// Bad data in a recording is its fault whatever the machine: said (65) before uinput is
    /// looked for (69 here, where there is none), and before any device is made.
    @Test func replaySaysBadDataBeforeMissingUinput() throws {
        let path = try run.file(CommandTests.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1,"y":1}]}"# + "\n"
            + #"{"t":0.2,"dev":0,"touches":[{"id":1,"x":NaN,"y":1}]}"# + "\n", "nan.jsonl")
        let r = try run.tactile("replay", path, "--uinput", "--settle", "0", "--hold", "0")
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("\(path):3: expected a number"), "\(r.stderr)")
        #expect(r.stdout.isEmpty, "no device made: \(r.stdout)")
    }

    @Test func devicesListsWhatThereIsAsJSONLines() throws {
        let nodes = ((try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []).filter { $0.hasPrefix("event") }
        let iio = ((try? FileManager.default.contentsOfDirectory(atPath: "/sys/bus/iio/devices")) ?? []).filter { $0.hasPrefix("iio:device") }
        let r = try run.tactile("devices", "--json")
        if nodes.isEmpty && iio.isEmpty {
            // This machine (and CI) has no input devices: nothing listed, and said on
            // standard error with the code recognize gives (69, unavailable).
            #expect(r.status == 69 && r.stdout.isEmpty, "\(r.status) \(r.stdout) \(r.stderr)")
            #expect(r.stderr == "tactile: no touch device or accelerometer found (/dev/input has no event nodes)\n", "\(r.stderr)")
            let every = try run.tactile("devices", "--all")
            #expect(every.status == 69 && every.stdout.isEmpty && every.stderr.contains("no input device found"), "\(every.stderr)")
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
