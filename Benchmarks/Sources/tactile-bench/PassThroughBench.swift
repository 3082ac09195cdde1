import Foundation
import Tactile

/// Pass-through's own path outside emulation (issue #46, acceptance 5): each frame of a
/// recording through `TouchClaims` (claims made as a bound gesture would make them) into a
/// sink, the copy's write: `input_event`s written to /dev/null, as uinput is written. Time
/// per frame from the frame in to its write returned, and heap allocations in the loop.
enum PassThroughBench {
    /// `struct input_event` on 64-bit Linux: what a uinput write is made of.
    struct RawEvent {
        var seconds: Int
        var microseconds: Int
        var type: UInt16
        var code: UInt16
        var value: Int32
    }

    /// The frames of `events` (every `SYN_REPORT` ends one).
    static func frames(_ events: [EvdevEvent]) -> [EvdevFrame] {
        var out: [EvdevFrame] = []
        var pending: [EvdevEvent] = []
        for e in events {
            pending.append(e)
            if e.isSynReport { out.append(EvdevFrame(events: pending)); pending.removeAll() }
        }
        return out
    }

    /// One pass over `frames`, a claim every `claimEvery` frames; per-frame nanoseconds go
    /// into `times` when given (its capacity reserved by the caller).
    @inline(never)
    static func run(_ claims: inout TouchClaims, _ frames: [EvdevFrame], fd: Int32, claimEvery: Int,
                    events: inout [EvdevEvent], buffer: UnsafeMutablePointer<RawEvent>, capacity: Int,
                    times: UnsafeMutablePointer<UInt64>?) {
        for (i, frame) in frames.enumerated() {
            let start = times == nil ? 0 : DispatchTime.now().uptimeNanoseconds
            events.removeAll(keepingCapacity: true)
            claims.forward(frame, into: &events)
            if i % claimEvery == claimEvery - 1 { claims.claimAll(at: frame.time, into: &events) }
            let n = min(events.count, capacity)
            for k in 0..<n {
                let e = events[k]
                buffer[k] = RawEvent(seconds: Int(e.time.microseconds / 1_000_000), microseconds: Int(e.time.microseconds % 1_000_000),
                                     type: e.type, code: e.code, value: e.value)
            }
            _ = write(fd, buffer, n * MemoryLayout<RawEvent>.stride)
            if let times { times[i] = DispatchTime.now().uptimeNanoseconds - start }
        }
    }

    /// The rows and goals for `device`'s `events`.
    static func measure(device: DeviceDescription, events: [EvdevEvent]) -> (p50: Double, p99: Double, max: Double, frames: Int, allocations: Int?) {
        let frames = frames(events)
        let fd = open("/dev/null", O_WRONLY)
        defer { close(fd) }
        let capacity = 1024
        let buffer = UnsafeMutablePointer<RawEvent>.allocate(capacity: capacity)
        defer { buffer.deallocate() }
        let times = UnsafeMutablePointer<UInt64>.allocate(capacity: frames.count)
        defer { times.deallocate() }
        var events: [EvdevEvent] = []
        events.reserveCapacity(capacity)
        var claims = TouchClaims(capabilities: device.evdev ?? EvdevCapabilities())
        // Warm up, then the timed pass, then the counted pass (state carries on: the copy
        // has what the last pass left, as a live copy would).
        run(&claims, frames, fd: fd, claimEvery: 40, events: &events, buffer: buffer, capacity: capacity, times: nil)
        run(&claims, frames, fd: fd, claimEvery: 40, events: &events, buffer: buffer, capacity: capacity, times: times)
        let sorted = (0..<frames.count).map { times[$0] }.sorted()
        let allocations = Measure.allocations {
            run(&claims, frames, fd: fd, claimEvery: 40, events: &events, buffer: buffer, capacity: capacity, times: nil)
        }
        func us(_ q: Double) -> Double { Double(sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * q))]) / 1000 }
        return (us(0.5), us(0.99), Double(sorted.last ?? 0) / 1000, frames.count, allocations)
    }
}
