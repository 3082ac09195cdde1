import ExampleSupport
import Synchronization
import Tactile

/// A recording's or live devices' events, read on a task of their own and handed to the
/// window's loop, which runs on the main thread and takes what has arrived once a frame.
/// The loop never waits for input, so the window redraws and takes its own touches while
/// a live device is idle.
public final class EventFeed: Sendable {
    private struct Queue {
        var events: [AppEvent] = []
        var ended = false
        var error: TactileError?
    }
    private let queue = Mutex(Queue())

    /// Starts reading `input` (`ExampleInput.forEachEvent`).
    public init(_ input: ExampleInput, settings: GestureSettings = GestureSettings(),
                orientation: OrientationSettings = OrientationSettings()) {
        Task.detached { [self] in
            do {
                try await input.forEachEvent(settings: settings, orientation: orientation) { event in
                    self.queue.withLock { $0.events.append(event) }
                }
                self.queue.withLock { $0.ended = true }
            } catch {
                let failure = error as? TactileError ?? TactileError(.software, "\(error)")
                self.queue.withLock { $0.error = failure; $0.ended = true }
            }
        }
    }

    /// The time of the oldest event waiting, if any: where a paced recording starts.
    public func firstTime() -> Timestamp? {
        queue.withLock { $0.events.first?.time }
    }

    /// The events arrived so far with a time up to `limit` (all of them when nil), oldest
    /// first, and whether the input has ended with nothing left; a bad recording's error
    /// once the events before it are taken.
    public func take(through limit: Timestamp?) throws(TactileError) -> (events: [AppEvent], ended: Bool) {
        let (events, ended, error): ([AppEvent], Bool, TactileError?) = queue.withLock { q in
            let n = limit.map { l in q.events.firstIndex { $0.time > l } ?? q.events.count } ?? q.events.count
            let taken = Array(q.events.prefix(n))
            q.events.removeFirst(n)
            // An error comes once every event before it has been taken, and ends nothing
            // quietly: the input has not ended well.
            let drained = q.events.isEmpty
            return (taken, drained && q.ended && q.error == nil, drained && taken.isEmpty ? q.error : nil)
        }
        if let error { throw error }
        return (events, ended)
    }
}
