import Tactile
import TactileLinux

/// Live gestures and orientation: one `TraceRecognizer` per device, made when the device
/// appears and finished when it goes (every gesture still open ends `cancelled`), so live
/// input and recordings run through exactly the same recognizers.
struct LiveRecognition {
    let settings: GestureSettings
    let gestures: Set<GestureKind>?
    let orientation: OrientationSettings
    let profile: DeviceKind?
    /// A mount matrix the user gave wins over the one the system reports.
    let userMountMatrix: Bool
    private var ids: [Int] = []
    private var recognizers: [TraceRecognizer] = []
    /// The devices seen so far, for messages.
    private(set) var nodes: [Int: String] = [:]

    init(settings: GestureSettings, gestures: Set<GestureKind>?, orientation: OrientationSettings, userMountMatrix: Bool,
         profile: DeviceKind? = nil) {
        self.settings = settings; self.gestures = gestures; self.profile = profile
        self.orientation = orientation; self.userMountMatrix = userMountMatrix
    }

    var isEmpty: Bool { ids.isEmpty }

    var nextDeadline: Timestamp? {
        var best: Timestamp?
        for r in recognizers { if let d = r.nextDeadline, best == nil || d < best! { best = d } }
        return best
    }

    mutating func handle(_ event: LiveEvent, into out: inout [RecognizedEvent]) {
        switch event {
        case .added(let d, let node, let matrix):
            var o = orientation
            if !userMountMatrix, let matrix { o.mountMatrix = matrix }
            ids.append(d.id)
            recognizers.append(TraceRecognizer(header: InputDevices(devices: [d]), settings: settings,
                                               gestures: gestures, orientation: o, profile: profile))
            nodes[d.id] = node
        case .event(let e):
            if let i = ids.firstIndex(of: e.device) { recognizers[i].process(e, into: &out) }
        case .removed(let device):
            if let i = ids.firstIndex(of: device) {
                recognizers[i].finish(into: &out)
                ids.remove(at: i)
                recognizers.remove(at: i)
            }
        case .appeared:
            break
        }
    }

    mutating func advance(to time: Timestamp, into out: inout [RecognizedEvent]) {
        for i in recognizers.indices { recognizers[i].advance(to: time, into: &out) }
    }

    /// Input ends (a signal): gestures under way are cancelled, pending timers fire.
    mutating func finishAll(into out: inout [RecognizedEvent]) {
        for i in recognizers.indices { recognizers[i].finish(into: &out) }
        ids.removeAll(); recognizers.removeAll()
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
