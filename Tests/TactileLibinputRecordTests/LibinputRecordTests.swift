import Foundation
import Tactile
import TactileLibinputRecord
import Testing
import TestSupport

/// `libinput record` YAML: what we write reads back with the same events, and libinput's
/// own analyser accepts it.
struct LibinputRecordTests {
    func write(_ header: InputDevices, _ events: [InputEvent], to path: String) throws {
        var w = LibinputRecordWriter(output: try OutputFile(path: path), header: header)
        for e in events { w.write(e) }
        try w.finish()
    }

    @Test(.needsSharedRecordings, arguments: SharedRecording.allCases)
    func evemuToLibinputRecordKeepsEveryEvent(_ recording: SharedRecording) throws {
        let (header, events) = try readAll(recording.path, description: recording.descriptionPath)
        let path = Paths.scratch().appendingPathComponent("r.yml").path
        try write(header, events, to: path)
        let (again, againEvents) = try readAll(path)
        #expect(again.devices[0].evdev?.absinfo == header.devices[0].evdev?.absinfo)
        #expect(again.devices[0].evdev?.properties == header.devices[0].evdev?.properties)
        #expect(again.devices[0].kind == header.devices[0].kind)
        // libinput record times are relative to the first event, as the trace's are.
        #expect(flatten(againEvents, origin: nil) == flatten(events, origin: nil))
    }

    /// libinput's own tool, from libinput-tools, reads what we write. Its scripts are
    /// Python and need Debian's python3-libevdev, so the system python runs them.
    @Test(.needsSharedRecordings, arguments: [SharedRecording.atmelDrag, .synapticsScroll, .wacomScroll, .threeM])
    func libinputAnalyzeAcceptsOurRecording(_ recording: SharedRecording) throws {
        let libinput = "/usr/bin/libinput"
        try #require(FileManager.default.fileExists(atPath: libinput), "libinput-tools is not installed: run make test-deps")
        let (header, events) = try readAll(recording.path, description: recording.descriptionPath)
        let path = Paths.scratch().appendingPathComponent("r.yml").path
        try write(header, events, to: path)
        let result = try run(libinput, ["analyze", "per-slot-delta", path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        // One line per frame with movement, and touch-down markers.
        #expect(result.stdout.contains("+++++"))
        #expect(result.stdout.split(separator: "\n").count > 10)
    }

    /// A device name with control characters, quotes and backslashes reads back the same
    /// (the writer wrote `\x1` for U+0001, which YAML refuses: `\x` takes two digits).
    @Test func aNameOfAnyCharactersReadsBack() throws {
        let name = "Ctrl\u{1}A \"quoted\" back\\slash\ttab\nline \u{7f}"
        let device = DeviceDescription(id: 0, name: name, kind: .touchscreen, size: Size(width: 100, height: 60))
        var f = TouchFrame(time: .zero, device: 0)
        f.contacts.append(Contact(id: 1, position: Point(x: 10, y: 20)))
        let path = Paths.scratch().appendingPathComponent("names.yml").path
        try write(InputDevices(devices: [device]), [.touches(f)], to: path)
        #expect(try readAll(path).0.devices.first?.name == name)
    }

    @Test func touchFramesAreWrittenAsProtocolBForLibinput() throws {
        let device = DeviceDescription(id: 0, name: "Synthetic", kind: .touchscreen, size: Size(width: 100, height: 60), pressure: true)
        var events: [InputEvent] = []
        for i in 0..<20 {
            var f = TouchFrame(time: Timestamp(microseconds: Int64(i) * 10_000), device: 0)
            if i < 19 {
                f.contacts.append(Contact(id: 1, position: Point(x: 10 + Double(i), y: 20), pressure: Pressure(0.5)))
                f.contacts.append(Contact(id: 2, position: Point(x: 50, y: 20 + Double(i))))
            }
            events.append(.touches(f))
        }
        let path = Paths.scratch().appendingPathComponent("s.yml").path
        try write(InputDevices(devices: [device]), events, to: path)
        let (header, raw) = try readAll(path)
        // Assembling the written events gives the frames back (to the 0.05 mm step).
        var a = FrameAssembler(device: header.devices[0])
        var frames: [TouchFrame] = []
        for case .evdev(_, let f) in raw { if case .touches(let t)? = a.process(f) { frames.append(t) } }
        #expect(frames.count == 20)
        #expect(frames[5].contacts.count == 2)
        #expect(abs(frames[5].contacts[0].position.x - 15) < 0.05)
        #expect(frames[5].contacts[0].pressure.map { abs($0.value - 0.5) < 0.001 } == true)
        #expect(frames[19].contacts.isEmpty)
        if FileManager.default.fileExists(atPath: "/usr/bin/libinput") {
            let result = try run("/usr/bin/libinput", ["analyze", "per-slot-delta", path], environment: ["PATH": "/usr/bin:/bin"])
            #expect(result.status == 0, "\(result.stderr)")
        }
    }

    @Test func unknownKeysAreIgnoredAndVersionsChecked() throws {
        let yaml = """
            version: 1
            ndevices: 1
            somethingNew: {a: 1}
            devices:
            - node: /dev/input/event3
              evdev:
                name: "Pad"
                id: [3, 1, 2, 3]
                codes:
                  0: [0]
                  1: [330, 325]
                  3: [0, 1]
                absinfo:
                  0: [0, 1000, 0, 0, 10]
                  1: [0, 500, 0, 0, 10]
                properties: [0]
                extra: true
              hid: [1, 2, 3]
              events:
              - evdev:
                - [  0,      0,   3,   0,    500]
                - [  0,      0,   0,   0,      0]
              - libinput:
                - {type: POINTER_MOTION}
              - evdev:
                - [  0,  10000,   3,   1,    250]
                - [  0,  10000,   0,   0,      0]
            """
        let (header, events) = try readAll(text: yaml, name: "r.yml")
        #expect(header.devices[0].kind == .touchpad)
        #expect(header.devices[0].size == Size(width: 100, height: 50))
        #expect(events.count == 2)
        #expect(events[1].time == Timestamp(microseconds: 10_000))

        do {
            _ = try readAll(text: "version: 2\ndevices: []\n", name: "v2.yml")
            Issue.record("accepted version 2")
        } catch let error as TactileError {
            #expect(error.line == 1)
            #expect(error.message.contains("version 2 is not supported"))
        }
    }

    @Test func badYAMLNamesTheLine() throws {
        do {
            _ = try readAll(text: "version: 1\ndevices:\n  - evdev: [1, 2\n  x: ]\n", name: "bad.yml")
            Issue.record("accepted bad YAML")
        } catch let error as TactileError {
            #expect(error.kind == .badData)
            #expect(error.line != nil)
            #expect(error.file?.hasSuffix("bad.yml") == true)
        }
    }
}
