import Foundation
import Tactile
import Testing
import TestSupport

/// Trace format v1: what is written reads back equal, and bad lines are rejected with the
/// file, the line and the problem.
struct TraceCodecTests {
    func encode(_ header: InputDevices, _ events: [InputEvent]) -> String {
        var text = String(decoding: header.encoded(), as: UTF8.self) + "\n"
        for e in events { text += e.jsonLine + "\n" }
        return text
    }

    @Test(arguments: 0..<20)
    func decodeOfEncodeIsIdentity(seed: Int) throws {
        var random = RandomTraces(seed: UInt64(seed))
        let header = random.header()
        let events = random.events(count: 200)
        let (h, e) = try readAll(text: encode(header, events))
        #expect(h == header)
        #expect(e.count == events.count)
        for (a, b) in zip(e, events) where a != b {
            Issue.record("read back \(a.jsonLine)\nwritten   \(b.jsonLine)")
            break
        }
    }

    @Test func theExampleFromTheDesignReads() throws {
        let text = """
            {"format":"tactile-trace","version":1,"devices":[
            """.replacingOccurrences(of: "\n", with: "") + """
            {"id":0,"name":"Demo touchscreen","kind":"touchscreen","size":[150.0,90.0],"pressure":true},\
            {"id":1,"name":"Demo accelerometer","kind":"accelerometer"}]}
            {"t":0.016,"dev":0,"touches":[{"id":5,"x":12.5,"y":40.0,"pressure":0.3}]}
            {"t":0.020,"dev":1,"accel":[0.02,9.79,0.31]}
            {"t":0.024,"dev":0,"evdev":[[3,47,0],[3,53,900],[0,0,0]]}
            """
        let (h, e) = try readAll(text: text)
        #expect(h.devices.map(\.kind) == [.touchscreen, .accelerometer])
        #expect(h.devices[0].size == Size(width: 150, height: 90))
        guard case .touches(let f) = e[0], case .accel(let a) = e[1], case .evdev(_, let raw) = e[2] else {
            Issue.record("wrong event kinds: \(e)"); return
        }
        #expect(f.time == Timestamp(microseconds: 16_000))
        #expect(f.contacts.first == Contact(id: 5, position: Point(x: 12.5, y: 40), pressure: Pressure(0.3)))
        #expect(a.force == SpecificForce(x: 0.02, y: 9.79, z: 0.31))
        #expect(raw.events.count == 3)
        #expect(raw.events[1] == EvdevEvent(type: 3, code: 53, value: 900, time: Timestamp(microseconds: 24_000)))
    }

    @Test func unknownFieldsAreSkipped() throws {
        let text = """
            {"format":"tactile-trace","version":1,"future":{"a":[1,2,{"b":null}]},"devices":[{"id":0,"kind":"touchpad","x":true}]}
            {"t":1,"dev":0,"touches":[{"id":1,"x":1,"y":2,"colour":"red"}],"note":"hi"}
            """
        let (_, e) = try readAll(text: text)
        #expect(e.count == 1)
    }

    static let header = #"{"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"touchscreen"},{"id":1,"kind":"accelerometer"}]}"#

    /// (what the file holds after the header, the line the error names, words the message says)
    static let badLines: [(String, Int, String)] = [
        (#"{"t":0.1,"dev":7,"touches":[]}"#, 2, "device 7 is not listed"),
        (#"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1,"y":1},{"id":1,"x":2,"y":2}]}"#, 2, "appears twice"),
        (#"{"t":0.2,"dev":0,"touches":[]}"# + "\n" + #"{"t":0.1,"dev":0,"touches":[]}"#, 3, "time goes backwards"),
        // Per device, across lines of the other device between them.
        ([#"{"t":0.2,"dev":0,"touches":[]}"#, #"{"t":0.3,"dev":1,"accel":[0,0,9.8]}"#, #"{"t":0.25,"dev":0,"touches":[]}"#,
          #"{"t":0.35,"dev":1,"accel":[0,0,9.8]}"#, #"{"t":0.24,"dev":0,"touches":[]}"#].joined(separator: "\n"), 6,
         "time goes backwards on device 0: 0.24 after 0.25"),
        (#"{"t":0.1,"dev":0,"touches":[{"id":1,"x":NaN,"y":1}]}"#, 2, "NaN and Infinity are not JSON numbers"),
        (#"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1e999,"y":1}]}"#, 2, "out of range"),
        (#"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1,"y":1,"pressure":1.5}]}"#, 2, "outside 0...1"),
        (#"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1,"y":1}"#, 2, "line ended"),
        (#"{"dev":0,"touches":[]}"#, 2, "no time"),
        (#"{"t":-1,"dev":0,"touches":[]}"#, 2, "negative"),
        (#"{"t":0.1,"dev":1,"touches":[]}"#, 2, "accelerometer"),
        (#"{"t":0.1,"dev":0}"#, 2, "none of"),
        (#"{"t":0.1,"dev":0,"evdev":[[99,0,0]]}"#, 2, "type 99 does not exist"),
        (#"{"t":0.1,"dev":0,"evdev":[[3,200,0]]}"#, 2, "beyond the maximum"),
        (#"{"t":0.1,"dev":0,"evdev":[[3,0,5000000000]]}"#, 2, "32 bits"),
        (#"{"t":0.1,"dev":1,"accel":[1,2]}"#, 2, "expected ','"),
        (#"{"t":0.1,"dev":0,"touches":[]} trailing"#, 2, "after the end"),
        ("\u{1}\u{2}garbage", 2, "expected '{'"),
        ("{\"t\":0.1,\"dev\":0,\"touches\":[{\"id\":1,\"x\":1,\"y\":1,\"tool\":\"\u{FFFD}\"}]}", 2, "tool"),
    ]

    @Test(arguments: badLines)
    func badLinesAreRejectedWithFileLineAndProblem(_ body: String, _ line: Int, _ words: String) throws {
        do {
            _ = try readAll(text: Self.header + "\n" + body + "\n", name: "bad.jsonl")
            Issue.record("accepted: \(body)")
        } catch let error as TactileError {
            #expect(error.kind == .badData)
            #expect(error.line == line)
            #expect(error.file?.hasSuffix("bad.jsonl") == true)
            #expect(error.message.contains(words), "\(error)")
        }
    }

    /// Time is ordered per device: lines of two devices may interleave in any order.
    @Test func timeIsOrderedPerDevice() throws {
        let lines = [#"{"t":0.2,"dev":0,"touches":[]}"#, #"{"t":0.1,"dev":1,"accel":[0,0,9.8]}"#,
                     #"{"t":0.2,"dev":0,"touches":[]}"#, #"{"t":0.15,"dev":1,"accel":[0,0,9.8]}"#,
                     #"{"t":0.3,"dev":0,"touches":[]}"#]
        let (_, events) = try readAll(text: Self.header + "\n" + lines.joined(separator: "\n") + "\n")
        #expect(events.map(\.time.microseconds) == [200_000, 100_000, 200_000, 150_000, 300_000])
    }

    static let badHeaders: [(String, String)] = [
        ("", "empty"),
        (#"{"format":"other","version":1,"devices":[]}"#, "not a tactile trace"),
        (#"{"format":"tactile-trace","version":2,"devices":[]}"#, "version 2"),
        (#"{"format":"tactile-trace","version":1}"#, "no \"devices\""),
        (#"{"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"toaster"}]}"#, "devices[0].kind"),
        (#"{"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"touchpad"},{"id":0,"kind":"touchpad"}]}"#, "listed twice"),
        (#"{"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"touchpad","size":[0,3]}]}"#, "positive"),
        (#"{"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"touchpad","evdev":{"absinfo":{"0":[5,1,0,0,0]}}}]}"#, "above maximum"),
    ]

    @Test(arguments: badHeaders)
    func badHeadersNameTheField(_ text: String, _ words: String) throws {
        do {
            _ = try readAll(text: text + "\n", name: "bad.jsonl")
            Issue.record("accepted: \(text)")
        } catch let error as TactileError {
            #expect(error.kind == .badData)
            #expect(error.line == 1)
            #expect(error.message.contains(words), "\(error)")
        }
    }

    @Test func invalidUTF8InAStringIsRejected() throws {
        var bytes = Array(Self.header.utf8) + [0x0a]
        bytes += Array(#"{"t":0,"dev":0,"touches":[{"id":1,"x":1,"y":1,"tool":""#.utf8) + [0xff, 0xfe] + Array(#""}]}"#.utf8)
        #expect(throws: TactileError.self) { try readAll(bytes: bytes) }
    }

    @Test func aLastLineWithoutANewlineStillReads() throws {
        let (_, e) = try readAll(text: Self.header + "\n" + #"{"t":0.5,"dev":0,"touches":[]}"#)
        #expect(e.count == 1)
    }

    @Test func aLineLongerThanTheLimitIsAnErrorNotUnboundedMemory() throws {
        let url = Paths.scratch().appendingPathComponent("long.jsonl")
        var data = Data((Self.header + "\n").utf8)
        data.append(Data(repeating: 0x20, count: LineReader.defaultMaxLineLength + 10))
        try data.write(to: url)
        do {
            _ = try readAll(url.path)
            Issue.record("accepted a line of more than a megabyte")
        } catch let error as TactileError {
            #expect(error.line == 2)
            #expect(error.message.contains("longer than"))
        }
    }
}
