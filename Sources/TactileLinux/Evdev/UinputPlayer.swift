#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A recording played into the kernel as it was recorded: one uinput device per device of
/// the recording, each frame written when its timestamp comes due. What `tactile replay
/// --uinput` does, for a test harness that plays input to a program under test.
///
/// Touch frames and samples are turned back into evdev frames (`EvdevSynthesizer`); raw
/// frames go as they are. Timing is what matters for a gesture's recognition, so the
/// player sleeps to each frame's due time and, after a long pause, wakes early and waits
/// the last stretch awake: a CPU that went idle can take milliseconds to come back (a lot
/// more under emulation), and the frame after a pause (the first touch) is the one whose
/// timing matters most.
public final class UinputPlayer {
    /// Gaps shorter than this are not slept: the write goes out at once.
    public static let minimumSleep = TimeSpan(microseconds: 300)
    /// A pause longer than this is slept to `wakeEarly` before the frame, then waited awake.
    public static let longGap = TimeSpan.milliseconds(100)
    /// How long before a frame after a long pause the player wakes.
    public static let wakeEarly = TimeSpan.milliseconds(20)

    /// The recording's device ids and the uinput devices made for them, in header order.
    public let devices: [(id: Int, device: UinputDevice)]
    private var synthesizers: [EvdevSynthesizer]

    /// Makes the devices of `header`. A frame of only SYN_REPORT is written to each: it
    /// reaches no reader (the kernel drops it), but it runs the write path once, so the
    /// first real frame is not late.
    public init(header: InputDevices) throws(TactileError) {
        var devices: [(Int, UinputDevice)] = []
        var synthesizers: [EvdevSynthesizer] = []
        for d in header.devices {
            let synthesizer = EvdevSynthesizer(device: d)
            devices.append((d.id, try UinputDevice(name: d.name, capabilities: synthesizer.caps)))
            synthesizers.append(synthesizer)
        }
        self.devices = devices
        self.synthesizers = synthesizers
        for (_, d) in devices { try d.write(EvdevFrame(events: [EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0)])) }
    }

    /// Plays `reader` from now + `settle` (the first frame's due time), at `speed` (2 is
    /// twice as fast). `written` is called after each frame is written; with `measure`, the
    /// lateness of every frame against its due time is returned, in µs.
    public func play(_ reader: inout RecordingReader, speed: Double = 1, settle: TimeSpan,
                     measure: Bool = false, written: () -> Void = {}) throws -> [Int64] {
        let start = MonotonicClock.now() + settle
        var first: Timestamp?
        var lateness: [Int64] = []
        while let event = try reader.next() {
            guard let i = devices.firstIndex(where: { $0.id == event.device }) else { continue }
            let frame: EvdevFrame
            switch event {
            case .evdev(_, let f): frame = f
            case .touches(let f): frame = synthesizers[i].events(for: f)
            case .accel(let s): frame = synthesizers[i].events(for: s)
            }
            let t = event.time
            if first == nil { first = t }
            let due = start + TimeSpan(microseconds: Int64((Double((t - first!).microseconds) / speed).rounded()))
            let gap = due - MonotonicClock.now()
            if gap > Self.longGap {
                MonotonicClock.sleep(until: due - Self.wakeEarly)
                while MonotonicClock.now() < due {}
            } else if gap > Self.minimumSleep {
                MonotonicClock.sleep(until: due)
            }
            if measure { lateness.append((MonotonicClock.now() - due).microseconds) }
            try devices[i].device.write(frame)
            written()
        }
        return lateness
    }
}
