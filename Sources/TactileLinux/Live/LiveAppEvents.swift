#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Live devices' input and what is recognized in it, as an `AsyncSequence` of `AppEvent`s:
/// the live counterpart of `RecordingEvents`, so an app runs one loop on both.
///
///     let events = LiveAppEvents(sources: [try EvdevSource(path: "/dev/input/event5")])
///     for try await event in events { ... }
///
/// Each device gets its own `AppRecognizer` when it appears; a device unplugged mid-gesture
/// ends its gestures `cancelled`. The sources are read, and recognized, on a thread of
/// their own that wakes at the recognizers' deadlines as well as on input, so a long press
/// begins on time on a device that says nothing; the sequence ends when every source has
/// ended, and stops the thread when the consuming task stops iterating or is cancelled.
/// Times are the kernel's monotonic clock.
public struct LiveAppEvents: AsyncSequence, Sendable {
    public typealias Element = AppEvent
    private let stream: AsyncThrowingStream<AppEvent, Error>

    /// Starts reading at once. `input: false` gives only the lines. An accelerometer's
    /// mount matrix is the one the system reports unless `orientation` names one other
    /// than the identity.
    public init(sources: [any LiveSource], input: Bool = true, settings: GestureSettings = GestureSettings(),
                gestures: Set<GestureKind>? = nil, orientation: OrientationSettings = OrientationSettings(),
                profile: DeviceKind? = nil) {
        stream = LiveInput(sources: sources).stream(state: {
            LiveAppRecognition(input: input, settings: settings, gestures: gestures, orientation: orientation,
                               profile: profile, systemMountMatrix: orientation.mountMatrix == .identity)
        }) { recognition, wake, events, out in
            recognition.step(wake, events, into: &out)
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<AppEvent, Error>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// Live recognition, device by device: one `AppRecognizer` per device, made when it
/// appears and finished when it goes (its gestures under way end `cancelled`), and the
/// deadline to wake at next. What `LiveAppEvents` runs on its reading thread, and what a
/// live loop of its own (`tactile recognize --device`, `tactile bind`) runs on its thread.
/// Pure: the live events and the times given are its only input.
public struct LiveAppRecognition {
    /// Whether assembled frames and samples are handed on, or only the lines.
    public let input: Bool
    /// The recognizers' thresholds.
    public let settings: GestureSettings
    /// The gestures recognized (nil: the standard set).
    public let gestures: Set<GestureKind>?
    /// The orientation filter's settings.
    public let orientation: OrientationSettings
    /// The device class every touch device follows, or nil for each its own.
    public let profile: DeviceKind?
    /// Whether an accelerometer's mount matrix is the one the system reports (when it
    /// reports one) rather than `orientation`'s.
    public let systemMountMatrix: Bool
    private var recognizers: [(device: Int, recognizer: AppRecognizer)] = []

    /// Recognition with these settings, no device yet.
    public init(input: Bool = true, settings: GestureSettings = GestureSettings(), gestures: Set<GestureKind>? = nil,
                orientation: OrientationSettings = OrientationSettings(), profile: DeviceKind? = nil,
                systemMountMatrix: Bool = true) {
        self.input = input; self.settings = settings; self.gestures = gestures
        self.orientation = orientation; self.profile = profile; self.systemMountMatrix = systemMountMatrix
    }

    /// Whether no device is open.
    public var isEmpty: Bool { recognizers.isEmpty }

    /// The earliest deadline of any device's recognizers.
    public var nextDeadline: Timestamp? { recognizers.compactMap(\.recognizer.nextDeadline).min() }

    /// Takes one live event: a device added gets its recognizer, an event goes to its
    /// device's, a device removed is finished.
    public mutating func handle(_ event: LiveEvent, into out: inout [AppEvent]) {
        switch event {
        case .added(let device, _, let matrix):
            var o = orientation
            if systemMountMatrix, let matrix { o.mountMatrix = matrix }
            recognizers.append((device.id, AppRecognizer(
                devices: InputDevices(devices: [device]), input: input, settings: settings,
                gestures: gestures, orientation: o, profile: profile)))
        case .event(let event):
            if let i = recognizers.firstIndex(where: { $0.device == event.device }) {
                recognizers[i].recognizer.process(event, into: &out)
            }
        case .removed(let device):
            if let i = recognizers.firstIndex(where: { $0.device == device }) {
                recognizers[i].recognizer.finish(into: &out)
                recognizers.remove(at: i)
            }
        case .appeared:
            break
        }
    }

    /// Fires every device's timers due by `time` (the deadline passed with no input).
    public mutating func advance(to time: Timestamp, into out: inout [AppEvent]) {
        for i in recognizers.indices { recognizers[i].recognizer.advance(to: time, into: &out) }
    }

    /// The input ends (a signal, the consumer gone): pending timers fire, gestures under
    /// way are cancelled, every device is let go.
    public mutating func finishAll(into out: inout [AppEvent]) {
        for i in recognizers.indices { recognizers[i].recognizer.finish(into: &out) }
        recognizers.removeAll()
    }

    /// One wake of a loop over `LiveInput.wait`: at a deadline the timers due fire, then the
    /// events it brought are handled. Returns when to wake next if nothing comes.
    public mutating func step(_ wake: LiveInput.Wake, _ events: [LiveEvent], into out: inout [AppEvent]) -> Timestamp? {
        // The earliest timer, the deadline asked for last, is due: every device's fire.
        if wake == .deadline, let now = nextDeadline { advance(to: now, into: &out) }
        for e in events { handle(e, into: &out) }
        return nextDeadline
    }
}
