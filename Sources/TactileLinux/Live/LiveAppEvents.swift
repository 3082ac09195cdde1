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
            LiveAppRecognition(input: input, settings: settings, gestures: gestures, orientation: orientation, profile: profile)
        }) { recognition, wake, events, out in
            recognition.step(wake, events, into: &out)
        }
    }

    public func makeAsyncIterator() -> AsyncThrowingStream<AppEvent, Error>.Iterator {
        stream.makeAsyncIterator()
    }
}

/// What `LiveAppEvents` makes of each wake of its reading thread, apart from the thread:
/// one `AppRecognizer` per device, made when it appears and finished when it goes, and
/// the deadline to wake at next. Pure: the wakes and their events are its only input.
struct LiveAppRecognition {
    let input: Bool
    let settings: GestureSettings
    let gestures: Set<GestureKind>?
    let orientation: OrientationSettings
    let profile: DeviceKind?
    private(set) var recognizers: [(device: Int, recognizer: AppRecognizer)] = []

    init(input: Bool, settings: GestureSettings, gestures: Set<GestureKind>?, orientation: OrientationSettings,
         profile: DeviceKind?) {
        self.input = input; self.settings = settings; self.gestures = gestures
        self.orientation = orientation; self.profile = profile
    }

    /// Takes one wake and the events it brought; appends what they give; returns when to
    /// wake next if nothing comes (the earliest recognizer deadline), or nil.
    mutating func step(_ wake: LiveInput.Wake, _ events: [LiveEvent], into out: inout [AppEvent]) -> Timestamp? {
        // The earliest timer, the deadline asked for last, is due: every device's fire.
        if wake == .deadline, let now = nextDeadline {
            for i in recognizers.indices { recognizers[i].recognizer.advance(to: now, into: &out) }
        }
        for e in events {
            switch e {
            case .added(let device, _, let matrix):
                var o = orientation
                if o.mountMatrix == .identity, let matrix { o.mountMatrix = matrix }
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
        return nextDeadline
    }

    /// The earliest deadline of any device's recognizers.
    var nextDeadline: Timestamp? { recognizers.compactMap(\.recognizer.nextDeadline).min() }
}
