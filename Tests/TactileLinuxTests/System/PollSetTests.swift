#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

/// The one place a deadline becomes `poll`'s timeout, and what a wait does when a signal
/// interrupts it.
@Suite struct PollSetTests {
    let at = Timestamp(microseconds: 5_000_000)

    @Test func aTimeoutIsRoundedUpSoAWaitNeverEndsBeforeItsDeadline() {
        #expect(PollSet.timeout(until: at + TimeSpan(microseconds: 1), now: at) == 1)
        #expect(PollSet.timeout(until: at + TimeSpan(microseconds: 1000), now: at) == 1)
        #expect(PollSet.timeout(until: at + TimeSpan(microseconds: 1001), now: at) == 2)
        #expect(PollSet.timeout(until: at, now: at) == 0)
        #expect(PollSet.timeout(until: at, now: at + .seconds(3)) == 0)
        #expect(PollSet.timeout(until: at + .seconds(10_000_000), now: at) == Int32.max)
    }

    @Test func anInterruptedWaitWaitsAgainForWhatIsLeft() throws {
        let kernel = FakeKernel()
        var clock = at
        kernel.onPoll = { call in
            if call == 0 {
                clock = clock + .milliseconds(30)  // the signal came 30 ms into the wait
                return .interrupted
            }
            return nil
        }
        var set = PollSet(system: kernel.calls)
        set.add(7)
        let ready = try set.wait(until: at + .milliseconds(100), now: { clock })
        #expect(ready == 0)
        #expect(kernel.timeouts == [100, 70])
    }

    @Test func aFailureOtherThanASignalIsThrown() {
        let kernel = FakeKernel()
        kernel.onPoll = { _ in Errno(rawValue: EINVAL) }
        var set = PollSet(system: kernel.calls)
        #expect(throws: Errno(rawValue: EINVAL)) { try set.wait(until: nil) }
        #expect(kernel.timeouts == [-1])
    }

    @Test func aNegativeDescriptorKeepsItsPlaceAndIsNeverReady() throws {
        var set = PollSet()
        let none = set.add(-1)
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let reader = set.add(fds[0])
        var one: UInt8 = 1
        #expect(write(fds[1], &one, 1) == 1)
        #expect(try set.check() == 1)
        #expect(!set.isReady(none))
        #expect(set.events(at: reader) == .readable)
    }
}
