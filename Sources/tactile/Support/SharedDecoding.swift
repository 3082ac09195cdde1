import Tactile
import TactileLinux

/// `tactile recognize` on a trace, on two threads that share the decoding: the trace is
/// cut into chunks of whole lines; whichever thread is free decodes the next one; the
/// second thread recognizes the chunks in file order and the first writes their lines.
///
/// Why: with decoding and recognizing both on the second thread (`RecognizeAhead`), that
/// thread was busy all the time and the writing thread about half of it. Decoding is the
/// one step that needs nothing from the lines before it, so both threads take it on:
/// whichever would otherwise wait (the writing thread with nothing to write, the
/// recognizing one with its next chunk not decoded yet) decodes the next chunk not yet
/// taken. Each finds its share of the work on its own, whatever the machine and whatever
/// the mix of lines.
///
/// Lines come out in the order the recognizer gave them. An error (a bad line, time going
/// backwards, a failed read) comes out after every line recognized before it, with the
/// line's number, as when reading line by line.
final class SharedDecoding: @unchecked Sendable {
    /// One chunk on its way round: read, decoded, recognized, written, then read into again.
    /// Each is touched by one thread at a time, the one whose stage it is in.
    private final class Batch: @unchecked Sendable {
        let chunk: LineChunk
        var decoded = TraceLines()
        var lines: [RecognizedEvent] = []
        /// Nothing follows these lines: the end, or `error`.
        var last = false
        var error: (any Error)?

        init(chunkSize: Int) {
            chunk = LineChunk(capacity: chunkSize)
            lines.reserveCapacity(chunkSize / 64)
        }
    }

    private enum Stage { case free, decoding, decoded, recognizing, recognized, writing }

    private let monitor = Monitor()
    private let batches: [Batch]
    private let header: InputDevices
    // Under the monitor:
    private let reader: TraceReader
    private var stages: [Stage]
    /// The number of the next chunk to read; chunk `n` goes in batch `n % batches.count`.
    private var nextRead = 0
    /// The chunk with the end of the input (or a failed read) has been read.
    private var inputDone = false
    private var stopped = false

    /// Starts the recognizing thread at once. `depth` batches of chunks of about
    /// `chunkSize` bytes go round.
    init(_ reader: TraceReader, recognizer: consuming TraceRecognizer, chunkSize: Int = 1 << 16, depth: Int = 8) {
        self.reader = reader
        header = reader.header
        let depth = max(depth, 2)
        batches = (0..<depth).map { _ in Batch(chunkSize: chunkSize) }
        stages = Array(repeating: .free, count: depth)
        let box = Box(recognizer, reader.chunkOrder())
        DetachedThread.start { [self] in recognizeAll(box) }
    }

    /// The writing thread: calls `body` with each batch of lines in order (to write them),
    /// decoding chunks ahead while there is nothing to write; rethrows the reading side's
    /// error after the lines before it.
    func forEachBatch(_ body: (inout [RecognizedEvent]) throws -> Void) throws {
        var next = 0
        while true {
            let slot = next % batches.count
            let batch = batches[slot]
            monitor.lock()
            // Only this thread stops the other, so it is never stopped while it waits here.
            _ = decodeAhead(until: .recognized, slot)
            stages[slot] = .writing
            monitor.unlock()

            try body(&batch.lines)
            batch.lines.removeAll(keepingCapacity: true)
            if batch.last {
                if let error = batch.error { throw error }
                return
            }
            set(slot, .free)
            next += 1
        }
    }

    /// Lets the recognizing thread end (it stops when it next waits).
    func stop() {
        monitor.lock()
        stopped = true
        monitor.broadcast()
        monitor.unlock()
    }

    /// Under the monitor: waits for batch `slot` to reach `stage`, decoding the chunks
    /// ahead meanwhile (the monitor let go of for each); false once stopped.
    private func decodeAhead(until stage: Stage, _ slot: Int) -> Bool {
        while stages[slot] != stage {
            if stopped { return false }
            if let ahead = claimNext() {
                monitor.unlock()
                ahead.batch.decoded.decode(ahead.batch.chunk, header: header)
                monitor.lock()
                stages[ahead.slot] = .decoded
                monitor.broadcast()
            } else {
                monitor.wait()
            }
        }
        return true
    }

    /// Moves batch `slot` on to `stage`, and says so to the other thread.
    private func set(_ slot: Int, _ stage: Stage) {
        monitor.lock()
        stages[slot] = stage
        monitor.broadcast()
        monitor.unlock()
    }

    /// Under the monitor: reads the next chunk into its batch, if there is one to read and
    /// its batch is free.
    private func claimNext() -> (batch: Batch, slot: Int)? {
        let slot = nextRead % batches.count
        guard !inputDone, !stopped, stages[slot] == .free else { return nil }
        let batch = batches[slot]
        stages[slot] = .decoding
        nextRead += 1
        reader.nextLines(into: batch.chunk)
        if case .more = batch.chunk.end {} else { inputDone = true }
        return (batch, slot)
    }

    /// The recognizing thread: takes the chunks in order, decoding one itself when no one
    /// has, until the last.
    private func recognizeAll(_ box: Box) {
        // Taken out of the box: as its properties, every use was checked for exclusive
        // access at run time.
        guard var recognizer = box.recognizer.take() else { return }
        var order = box.order
        var next = 0
        while true {
            let slot = next % batches.count
            let batch = batches[slot]
            monitor.lock()
            // This chunk or the ones after it: rather than wait for the writing thread to
            // finish decoding this one, decode the next.
            guard decodeAhead(until: .decoded, slot) else {
                monitor.unlock()
                return
            }
            stages[slot] = .recognizing
            monitor.unlock()

            Self.recognize(batch, with: &recognizer, in: &order)

            set(slot, .recognized)
            if batch.last { return }
            next += 1
        }
    }

    /// Recognizes a decoded batch's events into its lines, checking each in file order.
    private static func recognize(_ batch: Batch, with recognizer: inout TraceRecognizer,
                                  in order: inout TraceLines.Order) {
        // Taken out of the batch for the loop (a class's properties are checked for
        // exclusive access on every use) and put back after.
        var decoded = TraceLines()
        var lines: [RecognizedEvent] = []
        swap(&decoded, &batch.decoded)
        swap(&lines, &batch.lines)
        defer {
            swap(&decoded, &batch.decoded)
            swap(&lines, &batch.lines)
        }
        do {
            for i in decoded.events.indices {
                // Moved out, not copied: a copy would retain the frame's contacts storage
                // and release it again.
                var event = InputEvent.taken
                swap(&event, &decoded.events[i])
                try order.check(event, i, of: decoded)
                recognizer.process(event, into: &lines)
            }
            if try order.finish(decoded, end: batch.chunk.end) {
                recognizer.finish(into: &lines)
                batch.last = true
            }
        } catch {
            batch.error = error
            batch.last = true
        }
    }

    /// The recognizer and the chunks' order, touched only by the recognizing thread once it
    /// has started.
    private final class Box: @unchecked Sendable {
        var recognizer: TraceRecognizer?
        let order: TraceLines.Order
        init(_ recognizer: consuming TraceRecognizer, _ order: TraceLines.Order) {
            self.recognizer = recognizer
            self.order = order
        }
    }
}
