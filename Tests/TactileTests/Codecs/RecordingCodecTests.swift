import Foundation
import Tactile
import Testing
import TestSupport

/// The one list of formats (`Recordings.codecs`): each told from its first line, and a
/// format the list does not have refused, never a crash.
struct RecordingCodecTests {
    @Test(arguments: [
        ("{\"format\":\"tactile-trace\"}", RecordingFormat.trace),
        ("# EVEMU 1.3\nN: x", .evemu),
        ("\u{FEFF}  # a comment\nN: Demo", .evemu),
        ("# libinput record\nversion: 1", .libinputRecord),
        ("add device 1: /dev/input/event2", .getevent),
        ("[   12.000100] /dev/input/event2: 0003 0035 00000100", .getevent),
    ])
    func eachFormatIsToldFromItsFirstLine(_ text: String, _ format: RecordingFormat) {
        #expect(RecordingFormat.detect(Array(text.utf8)) == format)
    }

    @Test func proseIsNoFormat() {
        #expect(RecordingFormat.detect(Array("hello\n{".utf8)) == nil)
        #expect(RecordingFormat.detect(Array("# only a comment\n".utf8)) == nil)
    }

    @Test func everyFormatInTheListHasItsCodec() {
        // The four the core ships, whatever a later one adds after them.
        #expect(Array(RecordingFormat.allCases.map(\.rawValue).prefix(4)) == ["trace", "evemu", "libinput-record", "getevent"])
        for f in RecordingFormat.allCases { #expect(f.codec?.format == f && RecordingFormat(rawValue: f.rawValue) == f) }
        #expect(RecordingFormat(rawValue: "wav") == nil)
    }

    @Test func aFormatTheListDoesNotHaveIsAUsageErrorNotACrash() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("codec-\(getpid()).bin").path
        let unknown = RecordingFormat("wav")
        #expect(unknown.codec == nil && unknown.extensions.isEmpty)
        let error = #expect(throws: TactileError.self) {
            _ = try Recordings().writer(unknown, to: try OutputFile(path: path), header: InputDevices(devices: []))
        }
        #expect(error?.kind == .usage && "\(error!)".contains("no format named wav"), "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: path), "a refused writer leaves no file")
    }
}

/// A format of a library user's own, as `RecordingCodec` promises it: one type and a line in
/// a list, with no case in the core's enums. Here a trace behind a first line of its own,
/// streamed by its own reader.
struct NewFormatTests {
    /// `#!toy` on the first line, then a trace.
    struct ToyCodec: RecordingCodec {
        var traits: RecordingFormatTraits { RecordingFormatTraits(RecordingFormat("toy"), name: "a toy recording", extensions: [".toy"]) }
        func claims(_ line: Substring) -> Bool { line.hasPrefix("#!toy") }
        func open(_ lines: LineReader, path: String, description: String?) throws -> RecordingReader {
            _ = try lines.nextLine { _ in () }  // its own first line
            return .streamed(ToyStream(trace: try TraceReader(lines: lines)))
        }
        func writer(to file: OutputFile, header: InputDevices, options: RecordingWriteOptions) throws -> any RecordingFileWriter {
            try file.write(Array("#!toy\n".utf8))
            return try TraceCodec().writer(to: file, header: header, options: options)
        }
    }

    final class ToyStream: RecordingStream {
        let trace: TraceReader
        init(trace: TraceReader) { self.trace = trace }
        var header: InputDevices { trace.header }
        func next() throws -> InputEvent? { try trace.next() }
    }

    @Test func aCodecInTheListIsReadWrittenAndRecognizedThroughThePipeline() throws {
        let recordings = Recordings(codecs: Recordings.codecs + [ToyCodec()])
        let path = Paths.recording("flick-left.jsonl")
        let toy = Paths.scratch().appendingPathComponent("flick-left.toy").path
        var original = try recordings.open(path)
        var writer = try recordings.writer(RecordingFormat("toy"), to: try OutputFile(path: toy), header: original.header)
        var events: [InputEvent] = []
        while let e = try original.next() { events.append(e); try writer.write(e) }
        try writer.finish()
        #expect(try String(contentsOfFile: toy, encoding: .utf8).hasPrefix("#!toy\n{"))

        // Told from its content, opened by its codec, streamed through the pipeline.
        let reopened = try recordings.open(toy)
        guard case .streamed = reopened else { Issue.record("a toy recording opens as a stream"); return }
        let pipeline = InputPipeline(reopened, stage: PassThrough())
        defer { pipeline.stop() }
        var again: [InputEvent] = []
        try pipeline.forEach { again.append($0) }
        #expect(!events.isEmpty && again == events)
        let swipes = recognize(pipeline.header, again).filter { $0.kind == .swipe }
        #expect(swipes.count == 1, "\(swipes)")
        // The core's own list does not have it: a usage error, not a crash.
        #expect(throws: TactileError.self) { _ = try Recordings().open(toy) }
    }
}
