/// A recording's input and what is recognized in it, as an `AsyncSequence` of
/// `AppEvent`s: the way an app replays a recording, with the same loop it runs on live
/// devices (`LiveAppEvents` in TactileLinux).
///
///     for try await event in try RecordingEvents(path: "Recordings/pinch-rotate.jsonl") {
///         if case .gesture(let g) = event { print(g.jsonLine) }
///     }
///
/// The recording is opened when the sequence is made (a missing or unreadable file throws
/// there) and read as it is iterated, an event at a time, on the iterating task: reading
/// waits for the consumer, so memory stays flat whatever the recording's length. It is
/// read once; a second iterator continues where the first stopped. A bad line throws a
/// `TactileError` naming it, after every event before it.
public struct RecordingEvents: AsyncSequence {
    public typealias Element = AppEvent

    /// The devices of the recording, as assembled.
    public let devices: InputDevices
    private let state: State

    /// Opens `path` (`-` for standard input) with `recordings` (`Recordings.all` in
    /// TactileLibinputRecord also reads `libinput record` YAML). `description` is the path
    /// of a description file the recording needs (an evemu `.events` file's `.desc`, or
    /// `getevent -lp` output for a getevent capture made without `-p`); nil when the
    /// recording describes its devices itself. `input: false` leaves out the touch frames
    /// and samples, giving only the lines; the other settings are those of
    /// `Recognition.Configuration`. `devices` then says what was read.
    public init(path: String, description: String? = nil, recordings: Recordings = Recordings(), input: Bool = true,
                settings: GestureSettings = GestureSettings(), gestures: Set<GestureKind>? = nil, size: Size? = nil,
                orientation: OrientationSettings? = OrientationSettings(), profile: DeviceKind? = nil) throws {
        let reader = try recordings.open(path, description: description)
        let recognizer = Recognition(devices: reader.header, settings: settings, gestures: gestures, size: size,
                                     orientation: orientation, profile: profile, input: input)
        devices = recognizer.devices
        state = State(reader: reader, recognizer: recognizer)
    }

    public func makeAsyncIterator() -> Iterator { Iterator(state: state) }

    /// Reads on as it is asked.
    public struct Iterator: AsyncIteratorProtocol {
        fileprivate let state: State

        public mutating func next() async throws -> AppEvent? { try state.next() }

        /// Reads on the caller's actor: the iterator never leaves the task that iterates.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> AppEvent? { try state.next() }
    }

    /// The reader and the recognizer, shared by the iterators of one sequence.
    fileprivate final class State {
        var reader: RecordingReader
        var recognizer: Recognition
        var pending: [AppEvent] = []
        var taken = 0
        var ended = false

        init(reader: RecordingReader, recognizer: Recognition) {
            self.reader = reader
            self.recognizer = recognizer
        }

        func next() throws -> AppEvent? {
            while taken == pending.count {
                if ended { return nil }
                pending.removeAll(keepingCapacity: true)
                taken = 0
                if let event = try reader.next() {
                    recognizer.process(event, into: &pending)
                } else {
                    recognizer.finish(into: &pending)
                    ended = true
                }
            }
            defer { taken += 1 }
            return pending[taken]
        }
    }
}
