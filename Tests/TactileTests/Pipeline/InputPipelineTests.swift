import Foundation
import Testing
import Tactile
import TactileLibinputRecord
import TestSupport

/// The pipeline gives what reading line by line gives, whatever the split: every chunk
/// size and batch size, every format, errors after the outputs before them.
@Suite struct InputPipelineTests {
    /// Recordings of each format and both device kinds, orientation included.
    static let recordings = [
        "pinch-rotate.jsonl", "double-tap.jsonl", "accelerometer-turn.evdev.jsonl",
        "click-2finger-touchpad.evdev.jsonl", "orientation-shake.jsonl",
    ]

    /// A stage's type may go to the worker thread with it: `PipelineStage` refines
    /// `SendableMetatype`. Without it Swift 6.2 warned (`#SendableMetatypes`) at the
    /// worker's start in every build of the package, and this does not compile.
    @Test func aStagesTypeMayGoToTheWorkerThread() {
        func sendable<T: SendableMetatype>(_: T.Type) -> Bool { true }
        func stage<S: PipelineStage>(_ s: S.Type) -> Bool { sendable(s) }
        #expect(stage(PassThrough.self) && stage(Assembler.self) && stage(Recognition.self))
    }

    /// Recognized in line, one event at a time: what the pipeline must reproduce.
    func inLine(_ path: String) throws -> [String] {
        let (header, events) = try readAll(path)
        return recognizeAll(header, events).map(\.jsonLine)
    }

    func piped(_ path: String, chunkSize: Int = 1 << 16, batchSize: Int = 1024, depth: Int = 8) throws -> [String] {
        let recording = try Recordings.open(path)
        let pipeline = InputPipeline(recording, stage: Recognition(devices: recording.header),
                                     chunkSize: chunkSize, batchSize: batchSize, depth: depth)
        defer { pipeline.stop() }
        var lines: [String] = []
        try pipeline.forEach { lines.append($0.jsonLine) }
        return lines
    }

    @Test(arguments: recordings)
    func aTraceInEveryChunkSizeGivesTheLinesReadInLine(_ name: String) throws {
        let path = Paths.recording(name)
        let expected = try inLine(path)
        #expect(!expected.isEmpty)
        // A chunk smaller than a line grows to hold it; 2 batches is the fewest that go round.
        for (chunk, depth) in [(64, 2), (300, 3), (4096, 2), (1 << 16, 8)] {
            #expect(try piped(path, chunkSize: chunk, depth: depth) == expected, "chunk \(chunk), depth \(depth)")
        }
    }

    @Test(.enabled(if: Paths.sharedAvailable || Paths.inCI, "needs ../shared/recordings"))
    func anEvemuRecordingInEveryBatchSizeGivesTheLinesReadInLine() throws {
        let path = Paths.sharedFile("whot-evemu-devices_Wacom-ISDv4-E6-Finger.double-tap-center.events")
        let desc = Paths.sharedFile("whot-evemu-devices_Wacom-ISDv4-E6-Finger.desc")
        let (header, events) = try readAll(path, description: desc)
        let expected = recognizeAll(header, events).map(\.jsonLine)
        #expect(expected.contains { $0.contains("\"tap\"") })
        for batch in [1, 3, 1024] {
            let recording = try Recordings.open(path, description: desc)
            let pipeline = InputPipeline(recording, stage: Recognition(devices: recording.header), batchSize: batch, depth: 2)
            var lines: [String] = []
            try pipeline.forEach { lines.append($0.jsonLine) }
            #expect(lines == expected, "batch \(batch)")
        }
    }

    /// Assembling and passing through: the events, in order, as the reader gives them.
    @Test func framesAndRawEventsComeOutAsReadInLine() throws {
        let path = Paths.recording("click-2finger-touchpad.evdev.jsonl")
        let (header, events) = try readAll(path)
        var assembler = Assembler(header: header)
        let assembled = events.compactMap { assembler.process($0) }
        #expect(assembled.contains { if case .touches = $0 { true } else { false } })

        for chunk in [128, 1 << 16] {
            let recording = try Recordings.open(path)
            let frames = InputPipeline(recording, stage: Assembler(header: recording.header), chunkSize: chunk, depth: 2)
            var out: [InputEvent] = []
            try frames.forEach { out.append($0) }
            #expect(out == assembled)

            let raw = InputPipeline(try Recordings.open(path), stage: PassThrough(), chunkSize: chunk, depth: 3)
            out = []
            try raw.forEach { out.append($0) }
            #expect(out == events)
        }
    }

    /// Lines 6 and 7 swapped, so line 7 goes back in time: the lines of the events before
    /// it, then the error naming that line, in every chunk size.
    @Test func anErrorComesAfterTheOutputsBeforeItWithItsLine() throws {
        let source = Paths.recording("pan-finger-added.jsonl")
        let (header, events) = try readAll(source)
        try #require(events.count > 6 && events[4].time < events[5].time)
        var text = try String(contentsOfFile: source, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        text.swapAt(5, 6)
        let url = Paths.scratch().appendingPathComponent("backwards.jsonl")
        try text.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        var recognizer = Recognition(devices: header)
        var before: [RecognizedEvent] = []
        for e in [events[0], events[1], events[2], events[3], events[5]] { recognizer.process(e, into: &before) }

        for chunk in [64, 200, 1 << 16] {
            let recording = try Recordings.open(url.path)
            let pipeline = InputPipeline(recording, stage: Recognition(devices: recording.header), chunkSize: chunk, depth: 2)
            var lines: [String] = []
            let error = #expect(throws: TactileError.self) { try pipeline.forEach { lines.append($0.jsonLine) } }
            #expect(error?.description.contains("backwards.jsonl:7") == true, "\(String(describing: error))")
            #expect(lines == before.map(\.jsonLine), "chunk \(chunk)")
        }
    }

    /// A consumer that stops early lets the worker end, and nothing waits for ever.
    @Test func stoppingEarlyEndsTheWorker() throws {
        struct Enough: Error {}
        for _ in 0..<20 {
            let recording = try Recordings.open(Paths.recording("pinch-rotate.jsonl"))
            let pipeline = InputPipeline(recording, stage: PassThrough(), chunkSize: 64, depth: 2)
            #expect(throws: Enough.self) { try pipeline.forEach { _ in throw Enough() } }
            pipeline.stop()
        }
    }
}
