import Foundation
import Tactile
import TactileLibinputRecord
import Testing
import TestSupport

/// Every real recording converts to a trace and back to evemu with identical events:
/// type, code, value, order, and time to the microsecond.
@Suite(.needsSharedRecordings)
struct EvemuRoundTripTests {
    @Test(arguments: SharedRecording.allCases)
    func evemuToTraceToEvemuKeepsEveryEvent(_ recording: SharedRecording) throws {
        let original = try evemuLines(recording.path)
        #expect(!original.isEmpty)

        // evemu -> trace
        let (header, events) = try readAll(recording.path, description: recording.descriptionPath)
        #expect(flatten(events, origin: header.origin) == original)
        let dir = Paths.scratch()
        let tracePath = dir.appendingPathComponent("round.jsonl").path
        var writer = try TraceWriter(output: try OutputFile(path: tracePath), header: header)
        for e in events { try writer.write(e) }
        try writer.finish()

        // trace -> evemu
        let (traceHeader, traceEvents) = try readAll(tracePath)
        #expect(traceHeader == header)
        #expect(traceEvents == events)
        let evemuPath = dir.appendingPathComponent("round.evemu").path
        var evemu = try EvemuWriter(output: try OutputFile(path: evemuPath), device: traceHeader.devices[0],
                                    origin: traceHeader.origin)
        for case .evdev(_, let frame) in traceEvents { try evemu.write(frame) }
        try evemu.finish()

        // The written evemu file, read by the independent line parser and by the reader.
        #expect(try evemuLines(evemuPath) == original)
        let (again, againEvents) = try readAll(evemuPath)
        #expect(flatten(againEvents, origin: again.origin) == original)
        #expect(again.devices[0].evdev == header.devices[0].evdev)
    }

    /// The description we write is laid out exactly as evemu-record wrote it for the same
    /// device (bitmask lines eight bytes long, axes in order, resolution always present).
    @Test func descriptionLinesMatchEvemuRecord() throws {
        let (header, events) = try readAll(SharedRecording.wacom2fgTap.path,
                                           description: SharedRecording.wacom2fgTap.descriptionPath)
        let path = Paths.scratch().appendingPathComponent("w.evemu").path
        var w = try EvemuWriter(output: try OutputFile(path: path), device: header.devices[0], origin: header.origin)
        for case .evdev(_, let f) in events { try w.write(f) }
        try w.finish()
        let original = try String(contentsOfFile: SharedRecording.wacom2fgTap.descriptionPath!, encoding: .utf8)
        let ours = try String(contentsOfFile: path, encoding: .utf8)
        let keep: (Substring) -> Bool = { $0.hasPrefix("N:") || $0.hasPrefix("I:") || $0.hasPrefix("P:")
            || $0.hasPrefix("B:") || $0.hasPrefix("A:") }
        #expect(ours.split(separator: "\n").filter(keep) == original.split(separator: "\n").filter(keep))
    }
}
