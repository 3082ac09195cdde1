import Tactile
import TactileLinux

/// Live gestures and orientation for the live commands: the library's
/// `LiveAppRecognition` (one recognizer per device, made when it appears and finished
/// when it goes, every gesture still open ending `cancelled`), its lines as the output
/// writes them. Live input and recordings run through exactly the same recognizers.
struct LiveRecognition {
    private var devices: LiveAppRecognition
    /// Reused for every event: handing lines on allocates nothing.
    private var scratch: [AppEvent] = []

    /// A mount matrix the user gave (`userMountMatrix`) wins over the one the system reports.
    init(settings: GestureSettings, gestures: Set<GestureKind>?, orientation: OrientationSettings, userMountMatrix: Bool,
         profile: DeviceKind? = nil) {
        devices = LiveAppRecognition(input: false, settings: settings, gestures: gestures, orientation: orientation,
                                     profile: profile, systemMountMatrix: !userMountMatrix)
        scratch.reserveCapacity(16)
    }

    var isEmpty: Bool { devices.isEmpty }

    var nextDeadline: Timestamp? { devices.nextDeadline }

    mutating func handle(_ event: LiveEvent, into out: inout [RecognizedEvent]) {
        scratch.removeAll(keepingCapacity: true)
        devices.handle(event, into: &scratch)
        hand(into: &out)
    }

    mutating func advance(to time: Timestamp, into out: inout [RecognizedEvent]) {
        scratch.removeAll(keepingCapacity: true)
        devices.advance(to: time, into: &scratch)
        hand(into: &out)
    }

    /// Input ends (a signal): gestures under way are cancelled, pending timers fire.
    mutating func finishAll(into out: inout [RecognizedEvent]) {
        scratch.removeAll(keepingCapacity: true)
        devices.finishAll(into: &scratch)
        hand(into: &out)
    }

    /// The lines of what was just handled (with `input: false` there is nothing else).
    private func hand(into out: inout [RecognizedEvent]) {
        for e in scratch {
            switch e {
            case .gesture(let g): out.append(.gesture(g))
            case .orientation(let o): out.append(.orientation(o))
            case .touches, .accel: break
            }
        }
    }
}

/// Latency and CPU time per event, kept in preallocated arrays (the first million
/// events; later ones are not recorded, so measuring allocates nothing per event).
struct LiveStats {
    private var latency: [Int64] = []
    private var cpu: [Int64] = []
    static let limit = 1 << 20

    init() {
        latency.reserveCapacity(Self.limit)
        cpu.reserveCapacity(Self.limit)
    }

    mutating func record(latency l: TimeSpan, cpu c: TimeSpan) {
        guard latency.count < Self.limit else { return }
        latency.append(l.microseconds)
        cpu.append(c.microseconds)
    }

    private static func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// One JSON line: event count, latency and CPU per event (µs) at p50 and p99.
    var report: String {
        let l = latency.sorted(), c = cpu.sorted()
        return "{\"stats\":{\"events\":\(l.count),"
            + "\"latencyMicroseconds\":{\"p50\":\(Self.percentile(l, 0.5)),\"p99\":\(Self.percentile(l, 0.99)),\"max\":\(l.last ?? 0)},"
            + "\"cpuMicrosecondsPerEvent\":{\"p50\":\(Self.percentile(c, 0.5)),\"p99\":\(Self.percentile(c, 0.99)),\"max\":\(c.last ?? 0)}}}"
    }
}
