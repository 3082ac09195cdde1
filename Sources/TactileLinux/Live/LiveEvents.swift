#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Live input as an `AsyncSequence`: the sources are read on a thread of their own (a
/// blocking `poll`, never a task of the cooperative pool), and the sequence ends cleanly
/// when the consuming task is cancelled or stops iterating: the thread is woken, leaves
/// its loop and closes the devices.
///
///     for try await event in LiveEvents(sources: [try EvdevSource(path: "/dev/input/event5")]) {
///         ...
///     }
public struct LiveEvents: AsyncSequence, Sendable {
    public typealias Element = LiveEvent
    private let stream: AsyncThrowingStream<LiveEvent, Error>

    /// Starts reading at once; the sequence finishes when every source has ended.
    public init(sources: [any LiveSource]) {
        let input = LiveInput(sources: sources)
        let box = UncheckedBox(input)
        var continuation: AsyncThrowingStream<LiveEvent, Error>.Continuation!
        stream = AsyncThrowingStream(bufferingPolicy: .unbounded) { continuation = $0 }
        let c = continuation!
        c.onTermination = { _ in box.value.stop() }
        DetachedThread.start {
            var events: [LiveEvent] = []
            do {
                while true {
                    events.removeAll(keepingCapacity: true)
                    let wake = try box.value.wait(until: nil, into: &events)
                    for e in events { c.yield(e) }
                    if wake == .stopped || wake == .ended { break }
                }
                c.finish()
            } catch {
                c.finish(throwing: error)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<LiveEvent, Error>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// A live input handed to its reader thread: only that thread touches it, and `stop()`,
/// which is thread-safe (`LiveEvents`, `LiveAppEvents`).
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
