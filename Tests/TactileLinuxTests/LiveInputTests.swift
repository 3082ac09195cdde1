#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

@Suite struct LiveInputTests {
    @Test func aPolledSourceIsReadOnItsScheduleAndDeadlinesWakeTheLoop() throws {
        let fake = FakeIIODevice(files: IIOAccelerometerTests.phone)
        defer { fake.remove() }
        // A sample every ten minutes: a deadline 5 ms away comes first, however late this
        // thread runs.
        let input = try LiveInput(sources: [try IIOAccelerometer(directory: fake.directory, rate: 1.0 / 600)])
        var out: [LiveEvent] = []
        #expect(try input.wait(until: nil, into: &out) == .events)
        #expect(out.count == 2)
        out.removeAll()
        let deadline = MonotonicClock.now() + TimeSpan(microseconds: 5_000)
        #expect(try input.wait(until: deadline, into: &out) == .deadline)
        #expect(out.isEmpty)
        #expect(MonotonicClock.now() >= deadline)
        // A sample every 50 ms: the next one is read at its time, not before.
        let accelerometer = try IIOAccelerometer(directory: fake.directory, rate: 20)
        let paced = try LiveInput(sources: [accelerometer])
        #expect(try paced.wait(until: nil, into: &out) == .events)
        let due = try #require(accelerometer.nextPoll)
        out.removeAll()
        #expect(try paced.wait(until: nil, into: &out) == .events)
        guard case .event(.accel(let sample))? = out.first else { Issue.record("got \(out)"); return }
        #expect(sample.time >= due)
    }

    /// Two devices whose frames wait together (a reader slower than the devices, as under
    /// load) come out in the kernel's time order, not source by source: a recording of a
    /// phone's touchscreen and accelerometer keeps its times rising, and recognition sees
    /// the frames as they happened. A device's own order, its `.added` first and its
    /// `.removed` last, is kept.
    @Test func framesOfSeveralSourcesReadyTogetherComeOutInTimeOrder() throws {
        var a: [Int32] = [0, 0], b: [Int32] = [0, 0]
        pipe(&a); pipe(&b)
        defer { for fd in a + b { close(fd) } }
        var byte: UInt8 = 1
        _ = Glibc.write(a[1], &byte, 1); _ = Glibc.write(b[1], &byte, 1)
        let touch = ScriptedSource(fd: a[0], times: [0.500, 0.505, 0.520], ends: true)
        let accel = ScriptedSource(fd: b[0], times: [0.490, 0.500, 0.510, 0.530], ends: false)
        let input = try LiveInput(sources: [touch, accel])
        var out: [LiveEvent] = []
        #expect(try input.wait(until: nil, into: &out) == .events)
        let read = out.map(Self.describe)
        #expect(read == ["added 0", "added 1", "1@490000", "0@500000", "1@500000", "0@505000",
                         "1@510000", "0@520000", "1@530000", "removed 0"])
    }

    /// Frames stamped after the round's `now` came while the sources were being read: a
    /// device read earlier in the round may have more before them still queued. They wait
    /// for the next round, with their device's `.removed`; what came before `now`, devices
    /// added and nodes appeared go on. A time far past `now` is not this clock's and is
    /// never held.
    @Test func framesStampedAfterTheRoundBeganWaitForTheNextRound() {
        func at(_ device: Int, _ ms: Int64) -> LiveEvent {
            .event(.accel(AccelerometerSample(time: Timestamp(microseconds: ms * 1000), device: device,
                                              force: SpecificForce(x: 0, y: 9.8, z: 0))))
        }
        let added = LiveEvent.added(DeviceDescription(id: 2, name: "new", kind: .touchscreen), node: "/dev/input/event9", mountMatrix: nil)
        var out: [LiveEvent] = [at(9, 1), added, at(0, 100), at(1, 150), at(0, 300), at(1, 60_000),
                                .removed(device: 0), .removed(device: 1), .appeared(node: "/dev/input/event8")]
        var held: [LiveEvent] = []
        LiveInput.hold(&out, from: 1, into: &held, now: Timestamp(microseconds: 200_000))
        #expect(out.map(Self.describe) == ["9@1000", "added 2", "0@100000", "1@150000", "1@60000000",
                                           "removed 1", "/dev/input/event8"])
        #expect(held.map(Self.describe) == ["0@300000", "removed 0"])
    }

    /// A reader held up between the round's `now` and its read (a busy machine) finds a
    /// device's frames from just after `now` to well past the horizon: held from the first
    /// one held, all of them, so none overtakes another (the VM test wrote a touchpad's
    /// frames 12 to 19 ahead of 2 to 11 before).
    @Test func aDevicesLaterFramesNeverOvertakeItsHeldOnes() {
        func at(_ device: Int, _ ms: Int64) -> LiveEvent {
            .event(.evdev(device: device, frame: EvdevFrame(events: [EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0,
                                                                                   time: Timestamp(microseconds: ms * 1000))])))
        }
        // Frames every 10 ms from 190 to 340 ms; the round began at 200 ms (horizon 300).
        var out: [LiveEvent] = (0...15).map { at(0, 190 + 10 * Int64($0)) } + [at(1, 250_000)]
        var held: [LiveEvent] = []
        LiveInput.hold(&out, from: 0, into: &held, now: Timestamp(microseconds: 200_000))
        #expect(out.map(Self.describe) == ["0@190000", "0@200000", "1@250000000"])
        #expect(held.map(Self.describe) == (2...15).map { "0@\((190 + 10 * $0) * 1000)" })
        // The next round hands the held ones on first, in their order.
        var next: [LiveEvent] = held
        held.removeAll()
        next.append(at(0, 350))
        LiveInput.hold(&next, from: 0, into: &held, now: Timestamp(microseconds: 360_000))
        #expect(next.map(Self.describe) == (2...16).map { "0@\((190 + 10 * $0) * 1000)" } && held.isEmpty)
    }

    static func describe(_ event: LiveEvent) -> String {
        switch event {
        case .added(let d, _, _): return "added \(d.id)"
        case .removed(let device): return "removed \(device)"
        case .event(let e): return "\(e.device)@\(e.time.microseconds)"
        case .appeared(let node): return node
        }
    }

    @Test func stopWakesAWaitFromAnotherThread() throws {
        // No sources would end at once; a source that never has input keeps it waiting.
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        defer { close(fds[0]); close(fds[1]) }
        let input = try LiveInput(sources: [SilentSource(fd: fds[0])])
        let box = SendableInput(input)
        DetachedThread.start {
            usleep(20_000)
            box.input.stop()
        }
        var out: [LiveEvent] = []
        #expect(try input.wait(until: nil, into: &out) == .stopped)
    }

    @Test func noSourcesMeansEnded() throws {
        var out: [LiveEvent] = []
        #expect(try LiveInput().wait(until: nil, into: &out) == .ended)
    }

    @Test func theAsyncSequenceDeliversAndEndsWhenTheConsumerStops() async throws {
        let fake = FakeIIODevice(files: IIOAccelerometerTests.phone)
        defer { fake.remove() }
        var samples = 0
        var added = 0
        for try await event in LiveEvents(sources: [try IIOAccelerometer(directory: fake.directory, rate: 200)]) {
            switch event {
            case .added: added += 1
            case .event(.accel): samples += 1
            default: Issue.record("unexpected \(event)")
            }
            if samples == 5 { break }
        }
        #expect(added == 1 && samples == 5)
    }

    /// Cancelled once it has had an event: the accelerometer never ends, so the task ends
    /// by the cancellation alone (or the time limit fails it).
    @Test(.timeLimit(.minutes(5))) func cancellingTheTaskEndsTheSequence() async throws {
        let fake = FakeIIODevice(files: IIOAccelerometerTests.phone)
        defer { fake.remove() }
        let events = LiveEvents(sources: [try IIOAccelerometer(directory: fake.directory, rate: 100)])
        let (first, seen) = AsyncStream<Void>.makeStream()
        let task = Task {
            defer { seen.finish() }
            var n = 0
            for try await _ in events {
                n += 1
                seen.yield()
            }
            return n
        }
        for await _ in first { break }
        task.cancel()
        let n = try await task.value
        #expect(n > 0)
    }
}

private final class SilentSource: LiveSource {
    let fd: Int32
    init(fd: Int32) { self.fd = fd }
    var nextPoll: Timestamp? { nil }
    func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool { true }
}

private final class SendableInput: @unchecked Sendable {
    let input: LiveInput
    init(_ input: LiveInput) { self.input = input }
}

/// A source with a readable descriptor whose one read gives an accelerometer frame at each
/// of `times` (seconds), after its `.added`; a source that `ends` reports `.removed` last.
private final class ScriptedSource: LiveSource {
    let fd: Int32
    let times: [Double]
    let ends: Bool
    init(fd: Int32, times: [Double], ends: Bool) { self.fd = fd; self.times = times; self.ends = ends }
    var nextPoll: Timestamp? { nil }
    func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        let id = ids.take()
        out.append(.added(DeviceDescription(id: id, name: "scripted", kind: .accelerometer), node: "/dev/null", mountMatrix: nil))
        for t in times {
            let time = Timestamp(microseconds: Int64((t * 1_000_000).rounded()))
            out.append(.event(.accel(AccelerometerSample(time: time, device: id, force: SpecificForce(x: 0, y: 9.8, z: 0)))))
        }
        if ends { out.append(.removed(device: id)) }
        return !ends
    }
}
