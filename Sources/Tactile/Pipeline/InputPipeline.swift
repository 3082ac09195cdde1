/// The one way a recording goes through Tactile: source → decode → `Stage` (assemble,
/// recognize) → the caller's sink, on two threads.
///
/// A worker thread runs the stage, batch by batch, a few batches ahead of the calling
/// thread, which writes what comes out (`forEachBatch`). Decoding is shared where it can
/// be: a trace is cut into chunks of whole lines, and whichever thread would otherwise
/// wait (the caller with nothing to write, the worker with its next chunk not decoded yet)
/// decodes the next chunk not yet taken, so each finds its share of the work on its own,
/// whatever the machine and the mix of lines. Other formats are read in order, by the
/// worker.
///
/// Outputs come out in the order the stage gives them. An error (a bad line, time going
/// backwards, a failed read) comes out after every output of the events before it, naming
/// the line, as when reading line by line. Every batch's storage (its chunk, its decoded
/// events with their contacts, its outputs) is reused where it lies once it has been round
/// once: in the steady state nothing is allocated.
public final class InputPipeline<Stage: PipelineStage>: @unchecked Sendable {
    /// The devices, as decoded (before the stage; an assembler may resize them).
    public let header: InputDevices

    /// One batch on its way round: read, decoded, processed, consumed, then read into again.
    /// Each is touched by one thread at a time, the one whose step it is in.
    private final class Batch: @unchecked Sendable {
        /// A trace's lines, when decoding is shared.
        let chunk: LineChunk?
        var decoded = TraceLines()
        /// The events of a format read in order, and one contacts buffer per event slot.
        var events: [InputEvent] = []
        var storage: [TouchFrame.Contacts] = []
        var output: [Stage.Output] = []
        /// Nothing follows this batch: the end, or `error`.
        var last = false
        var error: (any Error)?

        init(chunkSize: Int?, outputCapacity: Int) {
            chunk = chunkSize.map { LineChunk(capacity: $0) }
            output.reserveCapacity(outputCapacity)
        }
    }

    private enum Step { case free, decoding, decoded, processing, processed, consuming }

    /// Where the events come from.
    private enum Source {
        /// A trace read in chunks, decoded by either thread (under the monitor for reading).
        case chunks(TraceReader)
        /// Any other recording, read by the worker alone, `batchSize` events at a time.
        case events(batchSize: Int)
    }

    private let monitor = Monitor()
    private let batches: [Batch]
    private let source: Source
    // Under the monitor:
    private var steps: [Step]
    /// The number of the next chunk to read; chunk `n` goes in batch `n % batches.count`.
    private var nextRead = 0
    /// The chunk with the end of the input (or a failed read) has been read.
    private var inputDone = false
    private var stopped = false

    /// Starts the worker at once. A trace goes round in `depth` chunks of about `chunkSize`
    /// bytes; other recordings in `depth` batches of `batchSize` events.
    public init(_ reader: consuming RecordingReader, stage: consuming Stage,
                chunkSize: Int = 1 << 16, batchSize: Int = 1024, depth: Int = 8) {
        header = reader.header
        let depth = max(depth, 2)
        let box: WorkerBox
        if case .trace(let trace) = reader {
            source = .chunks(trace)
            batches = (0..<depth).map { _ in Batch(chunkSize: chunkSize, outputCapacity: chunkSize / 64) }
            box = WorkerBox(stage, order: trace.chunkOrder())
        } else {
            source = .events(batchSize: max(batchSize, 1))
            batches = (0..<depth).map { _ in Batch(chunkSize: nil, outputCapacity: batchSize) }
            box = WorkerBox(stage, reader: reader)
        }
        steps = Array(repeating: .free, count: depth)
        DetachedThread.start { [self] in work(box) }
    }

    /// The calling thread: `body` gets each batch of outputs in order (to write them; it
    /// may leave them or empty them), while chunks ahead are decoded here whenever there
    /// is nothing to write. Rethrows the input's error after the outputs before it.
    public func forEachBatch(_ body: (inout [Stage.Output]) throws -> Void) throws {
        var next = 0
        while true {
            let slot = next % batches.count
            let batch = batches[slot]
            monitor.lock()
            // Only this thread stops the worker, so it is never stopped while it waits here.
            _ = decodeAhead(until: .processed, slot)
            steps[slot] = .consuming
            monitor.unlock()

            try body(&batch.output)
            // Let go of before the batch is free: the decoded events' contacts storage is
            // then held only by the batch, and decoding into it again allocates nothing.
            batch.output.removeAll(keepingCapacity: true)
            if batch.last {
                if let error = batch.error { throw error }
                return
            }
            set(slot, .free)
            next += 1
        }
    }

    /// Every output, one at a time (for a sink that takes them one by one).
    public func forEach(_ body: (Stage.Output) throws -> Void) throws {
        try forEachBatch { outputs in
            for o in outputs { try body(o) }
        }
    }

    /// Lets the worker end when the input is not read to its end (it stops when it next
    /// waits).
    public func stop() {
        monitor.lock()
        stopped = true
        monitor.broadcast()
        monitor.unlock()
    }

    /// Under the monitor: waits for batch `slot` to reach `step`, decoding the chunks ahead
    /// meanwhile (the monitor let go of for each); false once stopped.
    private func decodeAhead(until step: Step, _ slot: Int) -> Bool {
        while steps[slot] != step {
            if stopped { return false }
            if let ahead = claimNext() {
                monitor.unlock()
                ahead.batch.decoded.decode(ahead.batch.chunk!, header: header)
                monitor.lock()
                steps[ahead.slot] = .decoded
                monitor.broadcast()
            } else {
                monitor.wait()
            }
        }
        return true
    }

    /// Moves batch `slot` on to `step`, and says so to the other thread.
    private func set(_ slot: Int, _ step: Step) {
        monitor.lock()
        steps[slot] = step
        monitor.broadcast()
        monitor.unlock()
    }

    /// Under the monitor: reads a trace's next chunk into its batch, if there is one to read
    /// and its batch is free.
    private func claimNext() -> (batch: Batch, slot: Int)? {
        guard case .chunks(let reader) = source else { return nil }
        let slot = nextRead % batches.count
        guard !inputDone, !stopped, steps[slot] == .free else { return nil }
        let batch = batches[slot]
        steps[slot] = .decoding
        nextRead += 1
        reader.nextLines(into: batch.chunk!)
        if case .more = batch.chunk!.end {} else { inputDone = true }
        return (batch, slot)
    }

    /// The worker thread: takes the batches in order (decoding a chunk itself when no one
    /// has, or reading the next events), runs the stage on each, until the last.
    private func work(_ box: WorkerBox) {
        // Taken out of the box: as its properties, every use was checked for exclusive
        // access at run time.
        guard var stage = box.stage.take() else { return }
        var order = box.order.take(), reader = box.reader.take()
        var next = 0
        while true {
            let slot = next % batches.count
            let batch = batches[slot]
            monitor.lock()
            // A trace: this chunk decoded, or decode the ones after it meanwhile. Otherwise
            // this batch free to read into.
            let ready: Step = if case .chunks = source { .decoded } else { .free }
            guard decodeAhead(until: ready, slot) else {
                monitor.unlock()
                return
            }
            steps[slot] = .processing
            monitor.unlock()

            switch source {
            case .chunks: Self.process(chunkOf: batch, with: &stage, in: &order!)
            case .events(let count): Self.process(eventsOf: batch, from: &reader!, with: &stage, count: count)
            }

            set(slot, .processed)
            if batch.last { return }
            next += 1
        }
    }

    /// Runs the stage over a decoded chunk's events, checking each in file order.
    private static func process(chunkOf batch: Batch, with stage: inout Stage, in order: inout TraceLines.Order) {
        // Taken out of the batch for the loop (a class's properties are checked for
        // exclusive access on every use) and put back after.
        var decoded = TraceLines()
        var output: [Stage.Output] = []
        swap(&decoded, &batch.decoded)
        swap(&output, &batch.output)
        defer {
            swap(&decoded, &batch.decoded)
            swap(&output, &batch.output)
        }
        // The events up to the first out of order are processed, then its error is said.
        var valid = decoded.events.count
        var failure: (any Error)?
        for i in decoded.events.indices {
            do {
                try order.check(decoded.events[i], i, of: decoded)
            } catch {
                valid = i
                failure = error
                break
            }
        }
        stage.process(&decoded.events, 0..<valid, into: &output)
        do {
            if let failure { throw failure }
            if try order.finish(decoded, end: batch.chunk!.end) {
                stage.finish(into: &output)
                batch.last = true
            }
        } catch {
            batch.error = error
            batch.last = true
        }
    }

    /// Reads up to `count` events into the batch and runs the stage over them.
    private static func process(eventsOf batch: Batch, from reader: inout RecordingReader, with stage: inout Stage, count: Int) {
        var events: [InputEvent] = [], storage: [TouchFrame.Contacts] = [], output: [Stage.Output] = []
        swap(&events, &batch.events)
        swap(&storage, &batch.storage)
        swap(&output, &batch.output)
        defer {
            swap(&events, &batch.events)
            swap(&storage, &batch.storage)
            swap(&output, &batch.output)
        }
        events.removeAll(keepingCapacity: true)
        do {
            for i in 0..<count {
                if i == storage.count { storage.append(TouchFrame.Contacts()) }
                guard let event = try reader.next(reusing: &storage[i]) else {
                    stage.process(&events, events.indices, into: &output)
                    stage.finish(into: &output)
                    batch.last = true
                    return
                }
                events.append(event)
            }
            stage.process(&events, events.indices, into: &output)
        } catch {
            stage.process(&events, events.indices, into: &output)
            batch.error = error
            batch.last = true
        }
    }

    /// What only the worker touches once it has started: the stage, and where its events
    /// come from.
    private final class WorkerBox: @unchecked Sendable {
        var stage: Stage?
        /// A trace's chunk order, or the reader of another format.
        var order: TraceLines.Order?
        var reader: RecordingReader?
        init(_ stage: consuming Stage, order: TraceLines.Order? = nil, reader: consuming RecordingReader? = nil) {
            self.stage = stage
            self.order = order
            self.reader = reader
        }
    }
}
