import Tactile

/// Live devices' input and what is recognized in it, as an `AsyncSequence` of `AppEvent`s:
/// the live counterpart of `RecordingEvents`, so an app runs one loop on both.
///
///     let events = LiveAppEvents(sources: [try EvdevSource(path: "/dev/input/event5")])
///     for try await event in events { ... }
///
/// A `LiveSession` over the sources runs on a thread of its own, which wakes at the
/// recognizers' deadlines as well as on input, so a long press begins on time on a device
/// that says nothing; a device unplugged mid-gesture ends its gestures `cancelled`. The
/// sequence ends when every source has ended, and stops the thread when the consuming task
/// stops iterating or is cancelled. Times are the kernel's monotonic clock.
public struct LiveAppEvents: AsyncSequence, Sendable {
    public typealias Element = AppEvent
    private let stream: AsyncThrowingStream<AppEvent, Error>

    /// Starts reading at once. `input: false` gives only the lines. An accelerometer's
    /// mount matrix is the one the system reports unless `orientation` gives one.
    public init(sources: [any LiveSource], input: Bool = true, settings: GestureSettings = GestureSettings(),
                gestures: Set<GestureKind>? = nil, orientation: OrientationSettings = OrientationSettings(),
                profile: DeviceKind? = nil) {
        let session: UncheckedBox<LiveSession>
        do throws(TactileError) {
            session = UncheckedBox(try LiveSession(sources: sources, recognition: Recognition.Configuration(
                settings: settings, gestures: gestures, orientation: orientation, profile: profile, input: input)))
        } catch {
            stream = .failed(error)
            return
        }
        var continuation: AsyncThrowingStream<AppEvent, Error>.Continuation!
        stream = AsyncThrowingStream(AppEvent.self, bufferingPolicy: .unbounded) { continuation = $0 }
        let c = continuation!
        c.onTermination = { _ in session.value.stop() }
        DetachedThread.start {
            do {
                try session.value.run(LiveSession.Handlers<AppEvent>(lines: { out in
                    for e in out { c.yield(e) }
                    out.removeAll(keepingCapacity: true)
                }))
                c.finish()
            } catch {
                c.finish(throwing: error)
            }
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<AppEvent, Error>.Iterator {
        stream.makeAsyncIterator()
    }
}
