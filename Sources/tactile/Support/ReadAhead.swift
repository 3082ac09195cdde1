import Tactile
import TactileLinux

/// Reads a recording on a thread of its own, a few batches of events ahead of the thread
/// that recognizes and writes them. Decoding is about two fifths of `tactile recognize`'s
/// time on a trace; on a second core it overlaps the rest instead of adding to it.
///
/// Events come out in file order, exactly as `RecordingReader.next()` gives them, and an
/// error comes out after every event before it, as it would reading in line. Batches go
/// round between the two threads and are refilled where they lie; each slot of a batch
/// keeps its own contacts storage, so a trace's touch frames are decoded without
/// allocating once every batch has been round once.
final class ReadAhead: @unchecked Sendable {
    let header: TraceHeader

    private struct Batch {
        var events: [TraceEvent] = []
        /// One contacts buffer per slot, decoded into again on every refill.
        var storage: [TouchFrame.Contacts]
        /// The reader is done after these events: at the end, or at `error`.
        var last = false
        var error: (any Error)?

        init(size: Int) {
            events.reserveCapacity(size)
            storage = Array(repeating: TouchFrame.Contacts(), count: size)
        }
    }

    // Shared between the threads, under `monitor`.
    private let monitor = Monitor()
    private var ready: [Batch] = []
    private var empty: [Batch] = []
    private var stopped = false

    // The consumer's own.
    private var current: Batch
    private var index = 0

    /// Starts reading at once. `batchSize` events per batch, `depth` batches in all.
    init(_ reader: consuming RecordingReader, batchSize: Int = 256, depth: Int = 4) {
        header = reader.header
        current = Batch(size: batchSize)
        empty = (1..<max(depth, 2)).map { _ in Batch(size: batchSize) }
        let box = ReaderBox(reader)
        DetachedThread.start { [self] in fill(box, batchSize: batchSize) }
    }

    /// The next event, or nil at the end; rethrows the reader's error in its place.
    func next() throws -> TraceEvent? {
        guard try refill() else { return nil }
        index += 1
        // Moved out, not copied: a copy retained the frame's contacts storage, whose count
        // the reading thread had just written (a cache line fetched from the other core),
        // and released it again when the copy went.
        var event = Self.placeholder
        swap(&event, &current.events[index - 1])
        return event
    }

    /// What a slot holds once its event is taken: nothing counted by reference.
    private static let placeholder = TraceEvent.accel(AccelerometerSample(
        time: Timestamp(microseconds: 0), device: 0, force: SpecificForce(x: 0, y: 0, z: 0)))

    /// Makes `current` hold an event not yet read: true, or false at the end (throwing
    /// the reader's error there).
    private func refill() throws -> Bool {
        while index >= current.events.count {
            if current.last {
                if let error = current.error {
                    current.error = nil
                    throw error
                }
                return false
            }
            // Hand the batch back and take the next one. Its events are let go of here, so
            // each slot's storage is the slot's own again when the reader refills it.
            current.events.removeAll(keepingCapacity: true)
            current = monitor.locked {
                empty.append(current)
                monitor.broadcast()
                while ready.isEmpty { monitor.wait() }
                return ready.removeFirst()
            }
            index = 0
        }
        return true
    }

    /// Lets the reading thread end (it stops at its next batch).
    func stop() {
        monitor.locked {
            stopped = true
            monitor.broadcast()
        }
    }

    /// The reading thread: takes an empty batch, fills it, hands it over, until the end.
    private func fill(_ box: ReaderBox, batchSize: Int) {
        while true {
            guard var batch = monitor.locked({ () -> Batch? in
                while empty.isEmpty && !stopped { monitor.wait() }
                return stopped ? nil : empty.removeLast()
            }) else { return }
            do {
                for i in 0..<batchSize {
                    guard let event = try box.reader.next(reusing: &batch.storage[i]) else {
                        batch.last = true
                        break
                    }
                    batch.events.append(event)
                }
            } catch {
                batch.error = error
                batch.last = true
            }
            let last = batch.last
            monitor.locked {
                ready.append(batch)
                monitor.broadcast()
            }
            if last { return }
        }
    }

    /// The reader, touched only by the reading thread once it has started.
    private final class ReaderBox: @unchecked Sendable {
        var reader: RecordingReader
        init(_ reader: consuming RecordingReader) { self.reader = reader }
    }
}
