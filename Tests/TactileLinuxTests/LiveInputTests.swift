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
        let input = LiveInput(sources: [try IIOAccelerometer(directory: fake.directory, rate: 20)])
        var out: [LiveEvent] = []
        #expect(try input.wait(until: nil, into: &out) == .events)
        #expect(out.count == 2)
        // The next sample is 50 ms away: a deadline before it wakes the loop first.
        out.removeAll()
        let deadline = MonotonicClock.now() + TimeSpan(microseconds: 5_000)
        #expect(try input.wait(until: deadline, into: &out) == .deadline)
        #expect(out.isEmpty)
        #expect(MonotonicClock.now() >= deadline)
        #expect(try input.wait(until: nil, into: &out) == .events)
        guard case .event(.accel)? = out.first else { Issue.record("got \(out)"); return }
    }

    @Test func stopWakesAWaitFromAnotherThread() throws {
        // No sources would end at once; a source that never has input keeps it waiting.
        var fds: [Int32] = [0, 0]
        pipe(&fds)
        defer { close(fds[0]); close(fds[1]) }
        let input = LiveInput(sources: [SilentSource(fd: fds[0])])
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

    @Test func cancellingTheTaskEndsTheSequence() async throws {
        let fake = FakeIIODevice(files: IIOAccelerometerTests.phone)
        defer { fake.remove() }
        let events = LiveEvents(sources: [try IIOAccelerometer(directory: fake.directory, rate: 100)])
        let task = Task {
            var n = 0
            for try await _ in events { n += 1 }
            return n
        }
        try await Task.sleep(for: .milliseconds(100))
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
