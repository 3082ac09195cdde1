import Tactile

/// Latency and CPU time per event of a live session (`--stats`), kept in preallocated
/// arrays (the first million events; later ones are not recorded, so measuring allocates
/// nothing per event).
public struct LiveStats: Sendable {
    private var latency: [Int64] = []
    private var cpu: [Int64] = []
    /// How many events are recorded at most.
    public static let limit = 1 << 20

    /// Empty, with room for `limit` events.
    public init() {
        latency.reserveCapacity(Self.limit)
        cpu.reserveCapacity(Self.limit)
    }

    /// One event: the time from the kernel's event time to its lines written, and the CPU
    /// time spent on it.
    public mutating func record(latency l: TimeSpan, cpu c: TimeSpan) {
        guard latency.count < Self.limit else { return }
        latency.append(l.microseconds)
        cpu.append(c.microseconds)
    }

    /// The value a fraction `p` (0...1) of the way up `sorted`, to the nearest rank; 0 for
    /// an empty list. `tactile replay --stats` reads its lateness the same way.
    public static func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }

    /// One JSON line under `key`: how many, and the latency (µs) at p50 and p99 and its
    /// maximum (pass-through's added delay: kernel time to the copy's write).
    public func latencyReport(key: String) -> String {
        let l = latency.sorted()
        return "{\"\(key)\":{\"frames\":\(l.count),"
            + "\"delayMicroseconds\":{\"p50\":\(Self.percentile(l, 0.5)),\"p99\":\(Self.percentile(l, 0.99)),\"max\":\(l.last ?? 0)}}}"
    }

    /// One JSON line: event count, latency and CPU per event (µs) at p50 and p99.
    public var report: String {
        let l = latency.sorted(), c = cpu.sorted()
        return "{\"stats\":{\"events\":\(l.count),"
            + "\"latencyMicroseconds\":{\"p50\":\(Self.percentile(l, 0.5)),\"p99\":\(Self.percentile(l, 0.99)),\"max\":\(l.last ?? 0)},"
            + "\"cpuMicrosecondsPerEvent\":{\"p50\":\(Self.percentile(c, 0.5)),\"p99\":\(Self.percentile(c, 0.99)),\"max\":\(c.last ?? 0)}}}"
    }
}
