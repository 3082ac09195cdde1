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
    let header: InputDevices

    private struct Batch: RingBatch {
        var events: [InputEvent] = []
        /// One contacts buffer per slot, decoded into again on every refill.
        var storage: [TouchFrame.Contacts]
        /// The reader is done after these events: at the end, or at `error`.
        var last = false
        var error: (any Error)?

        init(size: Int) {
            events.reserveCapacity(size)
            storage = Array(repeating: TouchFrame.Contacts(), count: size)
        }

        /// Holds nothing and allocates nothing: what `current` holds while its batch is
        /// being handed back.
        init() { storage = [] }
    }

    private let ring: BatchRing<Batch>

    // The consumer's own.
    private var current: Batch
    private var index = 0

    /// Starts reading at once. `batchSize` events per batch, `depth` batches in all.
    init(_ reader: consuming RecordingReader, batchSize: Int = 256, depth: Int = 4) {
        header = reader.header
        current = Batch(size: batchSize)
        let ring = BatchRing((1..<max(depth, 2)).map { _ in Batch(size: batchSize) })
        self.ring = ring
        let box = ReaderBox(reader)
        DetachedThread.start { Self.fill(box, ring, batchSize: batchSize) }
    }

    /// The next event, or nil at the end; rethrows the reader's error in its place.
    func next() throws -> InputEvent? {
        guard try refill() else { return nil }
        index += 1
        // Moved out, not copied: a copy retained the frame's contacts storage, whose count
        // the reading thread had just written (a cache line fetched from the other core),
        // and released it again when the copy went.
        var event = InputEvent.taken
        swap(&event, &current.events[index - 1])
        return event
    }

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
            // Hand the batch back and take the next one. Its events are let go of here, and
            // the batch itself is moved, never copied, so its arrays and each slot's storage
            // are the reader's alone when it refills them.
            current.events.removeAll(keepingCapacity: true)
            var used = Batch()
            swap(&used, &current)
            current = ring.exchange(used)
            index = 0
        }
        return true
    }

    /// Lets the reading thread end (it stops at its next batch).
    func stop() { ring.stop() }

    /// The reading thread: takes an empty batch, fills it, hands it over, until the end.
    private static func fill(_ box: ReaderBox, _ ring: BatchRing<Batch>, batchSize: Int) {
        // Taken out of the box: as its property, every use was checked for exclusive
        // access at run time.
        guard var reader = box.reader.take() else { return }
        ring.fillUntilDone { batch in
            for i in 0..<batchSize {
                guard let event = try reader.next(reusing: &batch.storage[i]) else { return true }
                batch.events.append(event)
            }
            return false
        }
    }

    /// The reader, touched only by the reading thread once it has started.
    private final class ReaderBox: @unchecked Sendable {
        var reader: RecordingReader?
        init(_ reader: consuming RecordingReader) { self.reader = reader }
    }
}

extension InputEvent {
    /// What a batch's slot holds once its event is moved out: nothing counted by reference,
    /// so the event moved out is the only holder of its contacts storage.
    static var taken: InputEvent {
        .accel(AccelerometerSample(time: Timestamp(microseconds: 0), device: 0, force: SpecificForce(x: 0, y: 0, z: 0)))
    }
}
