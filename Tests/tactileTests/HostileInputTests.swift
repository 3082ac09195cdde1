import Foundation
import TestSupport
import Testing

/// Every row of docs/robustness.md: hostile input is rejected with the file, the line, the
/// problem and a sysexits code, or repaired as documented; never a crash, a hang, unbounded
/// memory or a half-written output.
struct HostileInputTests {
    let cmd = CommandTests(program: CommandTests.sanitizedBinary)
    static let header = CommandTests.header

    func rejects(_ text: String, _ words: String, args: [String] = ["frames"], status: Int32 = 65,
                 name: String = "in.jsonl", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = try cmd.file(text, name)
        let r = try cmd.tactile(arguments: args + [path])
        #expect(r.status == status, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.hasPrefix("tactile: \(path)"), "names the file: \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(words), "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stdout.isEmpty || args.first != "convert", sourceLocation: sourceLocation)
    }

    @Test func emptyFile() throws { try rejects("", "the file is empty") }
    @Test func truncatedLastLine() throws {
        try rejects(Self.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1"#, ":2: expected")
    }
    @Test func invalidUTF8() throws {
        let path = try cmd.file("", "bad.jsonl")
        try Data(Array((Self.header.replacingOccurrences(of: "touchscreen\"", with: "touchscreen\",\"name\":\"\u{1}\"") + "\n").utf8).map { $0 == 1 ? 0xff : $0 }).write(to: URL(fileURLWithPath: path))
        let r = try cmd.tactile("frames", path)
        #expect(r.status == 65)
        #expect(r.stderr.contains(":1:") && r.stderr.contains("UTF-8"), "\(r.stderr)")
    }
    @Test func nanInfinityAndHugeNumbers() throws {
        try rejects(Self.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":NaN,"y":1}]}"#, ":2: expected a number, found a word")
        try rejects(Self.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":-Infinity,"y":1}]}"#, ":2:")
        try rejects(Self.header + "\n" + #"{"t":1e30,"dev":0,"touches":[]}"#, ":2: time 1e+30 is out of range")
        try rejects(Self.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":99999999999999999999,"x":1,"y":1}]}"#, ":2: expected a whole number")
        try rejects(Self.header + "\n" + #"{"t":0.1,"dev":0,"touches":[{"id":1,"x":1e300,"y":1}]}"#, ":2: x 1e+300 is beyond any touch surface")
    }
    @Test func timeGoingBackwards() throws {
        try rejects(Self.header + "\n" + #"{"t":2,"dev":0,"touches":[]}"# + "\n" + #"{"t":1,"dev":0,"touches":[]}"#, ":3: time goes backwards")
        try rejects("N: x\nI: 0003 0001 0002 0003\nA: 00 0 100 0 0 1\nA: 01 0 100 0 0 1\nE: 2.000000 0000 0000 0\nE: 1.000000 0000 0000 0\n",
                    ":6: time goes backwards", name: "back.evemu")
    }
    @Test func unknownDeviceID() throws { try rejects(Self.header + "\n" + #"{"t":1,"dev":3,"touches":[]}"#, ":2: device 3 is not listed") }
    @Test func duplicateContactIDs() throws {
        try rejects(Self.header + "\n" + #"{"t":1,"dev":0,"touches":[{"id":1,"x":1,"y":1},{"id":1,"x":2,"y":2}]}"#, ":2: touch id 1 appears twice")
    }
    @Test func thousandsOfContacts() throws {
        let touches = (0..<3000).map { #"{"id":\#($0),"x":1,"y":1}"# }.joined(separator: ",")
        try rejects(Self.header + "\n" + #"{"t":1,"dev":0,"touches":["# + touches + "]}", ":2: more than 16 touches in one frame")
        // Raw protocol A frames with 3000 contacts: the first 16 are kept, all are counted.
        var text = "N: many\nI: 0003 0001 0002 0003\nA: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\n"
        for i in 0..<3000 { text += "E: 0.000100 0003 0035 \(i % 1000)\nE: 0.000100 0003 0036 5\nE: 0.000100 0000 0002 0\n" }
        text += "E: 0.000100 0000 0000 0\n"
        let path = try cmd.file(text, "many.evemu")
        let r = try cmd.tactile("frames", path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.split(separator: "\n").count == 2)
    }
    @Test func aTrackingIDReusedIsTheSameContact() throws {
        let text = "N: b\nI: 0003 0001 0002 0003\nP: 02 00 00 00 00 00 00 00\nA: 2f 0 1 0 0 0\nA: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\nA: 39 0 65535 0 0 0\n"
            + "E: 0.1 0003 0039 7\nE: 0.1 0003 0035 100\nE: 0.1 0000 0000 0\nE: 0.2 0003 0039 7\nE: 0.2 0003 0035 200\nE: 0.2 0000 0000 0\n"
        let r = try cmd.tactile("frames", try cmd.file(text, "reuse.evemu"))
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").dropFirst().allSatisfy { $0.contains(#""id":0,"#) })
    }
    @Test func aSlotBeyondTheDeviceRangeIsIgnored() throws {
        let text = "N: b\nI: 0003 0001 0002 0003\nP: 02 00 00 00 00 00 00 00\nA: 2f 0 1 0 0 0\nA: 35 0 1000 0 0 10\nA: 36 0 1000 0 0 10\nA: 39 0 65535 0 0 0\n"
            + "E: 0.1 0003 002f 9999\nE: 0.1 0003 0039 7\nE: 0.1 0003 0035 100\nE: 0.1 0000 0000 0\n"
        let r = try cmd.tactile("frames", try cmd.file(text, "slot.evemu"))
        #expect(r.status == 0)
        #expect(r.stdout.split(separator: "\n").count == 1, "no contact from an impossible slot")
    }
    @Test func evemuWithoutADescriptionOrWithAGarbageLine() throws {
        // The command line says how to give it there (the library, what to pass it).
        try rejects("E: 0.1 0003 0035 100\nE: 0.1 0000 0000 0\n", "no device description (N:, I:, B:, A: lines); give the .desc file with --desc", name: "x.events")
        try rejects("N: x\nI: 0003 0001 0002 0003\nA: 00 0 100 0 0 1\nthis is not evemu\n", ":4: not an evemu line", name: "g.evemu")
        try rejects("N: x\nI: 0003 0001 0002 0003\nA: 00 0 100 0 0 1\nE: 0.1 0003 zz 1\n", ":4: bad event code", name: "g2.evemu")
    }
    @Test func aLibinputRecordingOfAnUnknownVersion() throws {
        try rejects("version: 7\nndevices: 0\ndevices: []\n", ":1: libinput record version 7 is not supported", name: "v7.yml")
    }
    @Test func binaryGarbage() throws {
        let path = try cmd.file("", "garbage.bin")
        var rng = SystemRandomNumberGenerator()
        try Data((0..<100_000).map { _ in UInt8.random(in: 0...255, using: &rng) }).write(to: URL(fileURLWithPath: path))
        let r = try cmd.tactile("frames", path)
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("tactile: \(path)"))
    }
    /// A file of hundreds of megabytes with no newline: refused after the first MiB, with
    /// memory bounded by that line limit (sparse file, so the test is quick). The bound is on
    /// growth over the same binary reading a one-line file, so it holds for any build: the
    /// address sanitizer's shadow memory alone takes tens of MiB before a line is read.
    @Test func aHugeLineWithoutANewline() throws {
        let path = cmd.scratch().appendingPathComponent("one-line.jsonl").path
        _ = FileManager.default.createFile(atPath: path, contents: Data((Self.header + "\n{").utf8))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try h.truncate(atOffset: 300 << 20)
        try h.close()
        let (r, peakKB) = try peakKilobytes("frames", path)
        #expect(r.status == 65)
        #expect(r.stderr.contains(":2: line is longer than 1048576 bytes"), "\(r.stderr)")
        let (small, baselineKB) = try peakKilobytes("frames", try cmd.file(Self.header + "\n", "small.jsonl"))
        #expect(small.status == 0, "\(small.stderr)")
        #expect(peakKB - baselineKB < 16 * 1024, "peak \(peakKB) KB against \(baselineKB) KB for a one-line file")
    }
    /// Runs tactile under GNU time and gives its result with its peak resident size in KB.
    private func peakKilobytes(_ arguments: String...) throws -> (Subprocess.Finished, Int) {
        let stats = cmd.scratch().appendingPathComponent("time").path
        let r = try Subprocess.run("/usr/bin/time", ["-f", "%M", "-o", stats, cmd.program] + arguments)
        // GNU time writes "Command exited with non-zero status 65" first, then the figure.
        let peak = (try String(contentsOfFile: stats, encoding: .utf8)).split(separator: "\n").last.flatMap { Int($0) }
        return (r, try #require(peak, "GNU time wrote no peak size"))
    }
    @Test func aDirectoryOrAMissingFile() throws {
        let r = try cmd.tactile("frames", cmd.scratch().path)
        #expect(r.status == 66)
        #expect(try cmd.tactile("frames", "/nonexistent").status == 66)
    }
    @Test func anUnwritableOutputPath() throws {
        let input = try cmd.file(Self.header + "\n")
        #expect(try cmd.tactile("convert", input, "-o", "/proc/no/such.jsonl").status == 73)
    }
    /// /dev/full answers every write with ENOSPC, as a full disk does.
    @Test func aFullDisk() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "Linux always has /dev/full")
        let input = try cmd.file(Self.header + "\n" + #"{"t":1,"dev":0,"touches":[]}"# + "\n")
        let r = try cmd.tactile("convert", input, "-o", "/dev/full", "--to", "trace")
        #expect(r.status == 74)
        #expect(r.stderr.contains("the disk is full"), "\(r.stderr)")
    }
    @Test func aTooLargeLibinputRecordingIsRefusedNotLoaded() throws {
        let path = cmd.scratch().appendingPathComponent("big.yml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data("version: 1\ndevices:\n".utf8))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try h.seekToEnd()
        let line = Data("# padding padding padding padding padding padding padding padding padding padding\n".utf8)
        for _ in 0..<(20 << 20) / line.count { h.write(line) }
        try h.close()
        let r = try cmd.tactile("frames", path)
        #expect(r.status == 65)
        #expect(r.stderr.contains("MiB"), "\(r.stderr)")
    }
}

extension HostileInputTests {
    /// Inputs the fuzzers found (Fuzz/Corpus/crashes/), as plain regression tests.
    @Test func timesTooLargeForMicroseconds() throws {
        try rejects("N: x\nI: 0003 0001 0002 0003\nA: 00 0 100 0 0 1\nE: 99999999999999.000000 0000 0000 0\n", ":4: time is out of range", name: "far.evemu")
        try rejects(Self.header + "\n" + #"{"t":1e30,"dev":0,"touches":[]}"#, "out of range")
    }
}

extension HostileInputTests {
    /// fuzz-assembler: protocol A contacts at the two ends of the 32-bit range overflowed
    /// the distance between them.
    @Test func protocolAContactsAtTheEndsOfTheRange() throws {
        let text = "N: a\nI: 0003 0001 0002 0003\nA: 35 -2147483648 2147483647 0 0 0\nA: 36 -2147483648 2147483647 0 0 0\n"
            + "E: 0.1 0003 0035 -2147483648\nE: 0.1 0003 0036 0\nE: 0.1 0000 0002 0\nE: 0.1 0000 0000 0\n"
            + "E: 0.2 0003 0035 2147483647\nE: 0.2 0003 0036 0\nE: 0.2 0000 0002 0\nE: 0.2 0000 0000 0\n"
        let r = try cmd.tactile("frames", try cmd.file(text, "ends.evemu"))
        #expect(r.status == 0, "\(r.stderr)")
    }

    /// fuzz-libinput-record: YAML 1.1 reads `1:30` as a base-60 number, and Yams trapped
    /// when one overflowed; integers are read as decimals here.
    @Test func sexagesimalNumbersInALibinputRecording() throws {
        try rejects("version: 99999999999:99:99:99:99\ndevices: []\n", ":1: version must be a number", name: "sexagesimal.yml")
        try rejects("version: 1\ndevices:\n- evdev:\n    id: [1:2:3:4:5:6:7:8:9:10:11:12, 1, 2, 3]\n", "id must be", name: "sexagesimal2.yml")
    }
}

extension HostileInputTests {
    /// fuzz-libinput-record: nested explicit YAML keys made the parser take seconds for a
    /// kilobyte; libinput never writes them, so they are refused up front.
    @Test func explicitYAMLKeysAreRefused() throws {
        try rejects("version: 1\n? ? ? - a\n  : b\ndevices: []\n", ":2: explicit YAML keys", name: "keys.yml")
    }
}

extension HostileInputTests {
    /// Android getevent captures: broken lines inside are errors at their line; a last line
    /// cut off mid-way is lost alone (GeteventTests); no times, no events, time going back
    /// and values too wide for 32 bits are refused.
    @Test func geteventCaptures() throws {
        let e = "[    1.000000] /dev/input/event1: "
        try rejects("\(e)0003 0035 00000010\n[    1.00\n\(e)0000 0000 00000000\n", ":2: an event time without its ']'", name: "a.getevent")
        try rejects("/dev/input/event1: 0003 0035 00000010\n", ":1: an event without a time: capture with getevent -t", name: "b.getevent")
        try rejects("add device 1: /dev/input/event1\n  name:     \"x\"\n", "no events", name: "c.getevent")
        try rejects("\(e)0003 0035 100000000\n\(e)0000 0000 00000000\n", ":1: bad event value", name: "d.getevent")
        try rejects("[    2.000000] /dev/input/event1: 0000 0000 00000000\n\(e)0000 0000 00000000\n", ":2: time goes backwards", name: "e.getevent")
        try rejects("\(e)EV_ABS ABS_NOPE 00000001\n", ":1: bad event code 'ABS_NOPE'", name: "f.getevent")
        try rejects("\(e)EV_KEY ABS_MT_SLOT 00000001\n", ":1: ABS_MT_SLOT is not a code of event type 1", name: "g.getevent")
    }
}
