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
    /// (When the reading cannot start at all, the process having no descriptor left, the
    /// sequence fails with that at its first element.)
    public init(sources: [any LiveSource]) {
        do throws(TactileError) {
            stream = try LiveInput(sources: sources).stream(state: {}) { _, _, events, out in
                out.append(contentsOf: events)
                return nil
            }
        } catch {
            stream = .failed(error)
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<LiveEvent, Error>.Iterator {
        stream.makeAsyncIterator()
    }
}

extension LiveInput {
    /// What one wake gives: the state kept on the reading thread, how it woke (at the
    /// deadline it asked for, or with events), the events it brought, and where to put the
    /// elements they make. Returns the next deadline (nil: wait for input).
    typealias Step<State, Element> = @Sendable (inout State, Wake, [LiveEvent], inout [Element]) -> Timestamp?

    /// Reads this input on a thread of its own, turning each wake into elements of a stream
    /// with `step`; the stream ends when every source has ended, fails with a read's error,
    /// and stops the thread when its consumer stops iterating. The state is made on the
    /// thread (`state`) and lives there alone.
    func stream<State, Element: Sendable>(state: @escaping @Sendable () -> State,
                                          _ step: @escaping Step<State, Element>)
        -> AsyncThrowingStream<Element, Error> {
        let input = UncheckedBox(self)
        var continuation: AsyncThrowingStream<Element, Error>.Continuation!
        let stream = AsyncThrowingStream(Element.self, bufferingPolicy: .unbounded) { continuation = $0 }
        let c = continuation!
        c.onTermination = { _ in input.value.stop() }
        DetachedThread.start {
            var kept = state()
            var events: [LiveEvent] = []
            var out: [Element] = []
            var deadline: Timestamp?
            do {
                while true {
                    events.removeAll(keepingCapacity: true)
                    out.removeAll(keepingCapacity: true)
                    let wake = try input.value.wait(until: deadline, into: &events)
                    deadline = step(&kept, wake, events, &out)
                    for e in out { c.yield(e) }
                    if wake == .stopped || wake == .ended { break }
                }
                c.finish()
            } catch {
                c.finish(throwing: error)
            }
        }
        return stream
    }
}

extension AsyncThrowingStream where Failure == Error {
    /// A sequence that fails with `error` at once.
    static func failed(_ error: some Error) -> Self {
        AsyncThrowingStream { $0.finish(throwing: error) }
    }
}

/// A live input handed to its reader thread: only that thread touches it, and `stop()`,
/// which is thread-safe.
final class UncheckedBox<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
