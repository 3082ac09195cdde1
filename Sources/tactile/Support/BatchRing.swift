import TactileLinux

/// Batches going round between a thread that fills them and one that reads them: the
/// filler takes an empty batch, fills it and hands it over; the reader takes the next full
/// one and gives back the one it has read. A fixed number of batches go round, so the
/// filler runs at most that far ahead, and a batch's storage is reused where it lies.
final class BatchRing<Batch>: @unchecked Sendable {
    private let monitor = Monitor()
    private var full: [Batch] = []
    private var empty: [Batch]
    private var stopped = false

    /// `batches` start empty, ready for the filler.
    init(_ batches: [Batch]) { empty = batches }

    /// The filler's next empty batch, waiting for one; nil once stopped.
    func takeEmpty() -> Batch? {
        monitor.locked {
            while empty.isEmpty && !stopped { monitor.wait() }
            return stopped ? nil : empty.removeLast()
        }
    }

    // Batches are moved in and out, never copied: a copy still held when the other thread
    // takes the batch would make its first change copy the arrays (an allocation, and each
    // slot's storage shared).

    /// The filler hands over a full batch.
    func handOver(_ batch: consuming Batch) {
        monitor.lock()
        full.append(batch)
        monitor.broadcast()
        monitor.unlock()
    }

    /// The reader gives back `used` (already emptied) and waits for the next full batch.
    func exchange(_ used: consuming Batch) -> Batch {
        monitor.lock()
        defer { monitor.unlock() }
        empty.append(used)
        monitor.broadcast()
        while full.isEmpty { monitor.wait() }
        return full.removeFirst()
    }

    /// Lets the filler end: it gets no more empty batches.
    func stop() {
        monitor.locked {
            stopped = true
            monitor.broadcast()
        }
    }
}

/// A batch that can say the filler is done after it: at the end, or at `error`.
protocol RingBatch {
    var last: Bool { get set }
    var error: (any Error)? { get set }
}

extension BatchRing where Batch: RingBatch {
    /// The filling thread's whole loop: takes an empty batch, lets `body` fill it (true at
    /// the end of the input; an error it throws ends the input after the batch), hands it
    /// over, until the end or until stopped.
    func fillUntilDone(_ body: (inout Batch) throws -> Bool) {
        while var batch = takeEmpty() {
            do {
                if try body(&batch) { batch.last = true }
            } catch {
                batch.error = error
                batch.last = true
            }
            let last = batch.last
            handOver(batch)
            if last { return }
        }
    }
}
