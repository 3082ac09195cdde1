#if canImport(Glibc)
import Glibc
#endif
import Tactile
import TactileJSON

/// A recording as `tactile serve`'s input instead of live devices (tests, demos): its
/// events are recognized at their own pace, each when its timestamp comes due (divided by
/// `speed`), by the recognizer `tactile recognize` runs on the file, so the lines are the
/// same lines, byte for byte.
public struct RecordingPlayer {
    private var reader: RecordingReader
    private var recognition: Recognition
    /// The devices recognized: the recording's, as the recognizer takes them (with
    /// `--size` over the surfaces).
    public var devices: InputDevices { recognition.devices }
    /// 2 plays twice as fast.
    public let speed: Double
    private var lines: [RecognizedEvent] = []
    private var text = JSONOutput()
    private var memo = GestureLineMemo()

    /// Plays `reader`'s events through `recognition` (made from the reader's header).
    public init(reader: RecordingReader, recognition: Recognition, speed: Double = 1) {
        self.reader = reader
        self.recognition = recognition
        self.speed = speed
        lines.reserveCapacity(16)
    }

    /// Plays to the end, handing each line and its bytes (newline included) to `emit` as
    /// its event comes due. Returns false when one of `signals` arrived, or
    /// `stop` was raised, before the end.
    public mutating func play(signals: TerminationSignals?, stop: EventFD? = nil,
                              emit: (RecognizedEvent, [UInt8]) -> Void) throws -> Bool {
        let start = MonotonicClock.now()
        var first: Timestamp?
        // What a wait for the next event also wakes on, made once for the whole play.
        var wakes = PollSet()
        wakes.add(signals?.fd ?? -1)
        wakes.add(stop?.fd ?? -1)
        while let event = try reader.next() {
            let t = event.time
            if first == nil { first = t }
            let due = start + TimeSpan(microseconds: Int64((Double((t - first!).microseconds) / speed).rounded()))
            if try !Self.sleep(until: due, waking: &wakes) { return false }
            lines.removeAll(keepingCapacity: true)
            recognition.process(event, into: &lines)
            hand(emit)
        }
        lines.removeAll(keepingCapacity: true)
        recognition.finish(into: &lines)
        hand(emit)
        return true
    }

    private mutating func hand(_ emit: (RecognizedEvent, [UInt8]) -> Void) {
        for line in lines {
            text.clear()
            line.encodeLine(into: &text, memo: &memo)
            emit(line, text.bytes)
        }
    }

    /// Waits until `due` on the monotonic clock; false when a descriptor of `wakes` (a
    /// signal, a stop) became ready first.
    static func sleep(until due: Timestamp, waking wakes: inout PollSet) throws(TactileError) -> Bool {
        while MonotonicClock.now() < due {
            do throws(Errno) {
                if try wakes.wait(until: due) > 0 { return false }
            } catch {
                throw error.error("poll")
            }
        }
        return true
    }
}
