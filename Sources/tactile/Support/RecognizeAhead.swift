import Tactile
import TactileLinux

/// Reads and recognizes a recording on a thread of its own, batches of lines ahead of the
/// thread that writes them.
///
/// Why: on a trace, writing the lines (numbers in their shortest form) costs more than
/// decoding, and recognizing sits between them. With decoding alone on the second thread,
/// the first did recognizing and writing and was busy all the time while the second was
/// busy about half of it. Recognizing moves over to the reading side; the writing thread
/// then only writes.
///
/// Lines come out in the order the recognizer gave them. An error reading the recording
/// comes out after every line recognized before it (the recognizer is not finished then,
/// as when reading in line).
final class RecognizeAhead: @unchecked Sendable {
    private struct Batch: RingBatch {
        var lines: [RecognizedEvent] = []
        /// Nothing follows these lines: the end, or `error`.
        var last = false
        var error: (any Error)?

        init(size: Int) { lines.reserveCapacity(size) }
        /// Holds nothing and allocates nothing (see `ReadAhead.Batch.init()`).
        init() {}
    }

    private let ring: BatchRing<Batch>
    // The writing thread's own.
    private var current = Batch()
    private var done = false

    /// Starts at once. About `batchSize` lines per batch, `depth` batches in all.
    init(_ reader: consuming RecordingReader, recognizer: consuming TraceRecognizer, batchSize: Int = 1024, depth: Int = 4) {
        let ring = BatchRing((0..<max(depth, 2)).map { _ in Batch(size: batchSize + 64) })
        self.ring = ring
        let box = Box(reader, recognizer)
        DetachedThread.start { Self.fill(box, ring, batchSize: batchSize) }
    }

    /// Calls `body` with each batch of lines in order (to write them); rethrows the
    /// reader's error after the lines before it.
    func forEachBatch(_ body: (inout [RecognizedEvent]) throws -> Void) throws {
        while !done {
            var used = Batch()
            swap(&used, &current)
            used.lines.removeAll(keepingCapacity: true)
            current = ring.exchange(used)
            try body(&current.lines)
            if current.last {
                done = true
                if let error = current.error { throw error }
            }
        }
    }

    /// Lets the reading thread end (it stops at its next batch).
    func stop() { ring.stop() }

    /// The reading thread: reads and recognizes into an empty batch, hands it over, until
    /// the end.
    private static func fill(_ box: Box, _ ring: BatchRing<Batch>, batchSize: Int) {
        // Taken out of the box: as the box's properties, every use was checked for
        // exclusive access at run time.
        guard var reader = box.reader.take(), var recognizer = box.recognizer.take() else { return }
        ring.fillUntilDone { batch in
            while batch.lines.count < batchSize {
                guard let event = try reader.next() else {
                    recognizer.finish(into: &batch.lines)
                    return true
                }
                recognizer.process(event, into: &batch.lines)
            }
            return false
        }
    }

    /// The reader and the recognizer, touched only by the reading thread once it has started.
    private final class Box: @unchecked Sendable {
        var reader: RecordingReader?
        var recognizer: TraceRecognizer?
        init(_ reader: consuming RecordingReader, _ recognizer: consuming TraceRecognizer) {
            self.reader = reader
            self.recognizer = recognizer
        }
    }
}
