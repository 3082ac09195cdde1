#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

@Suite struct EventFDTests {
    @Test func raisedTwiceIsOneWakeUp() throws {
        let wake = try EventFD()
        var set = PollSet()
        set.add(wake.fd)
        #expect(try set.check() == 0)
        wake.raise()
        wake.raise()
        #expect(try set.check() == 1)
        #expect(wake.clear())
        #expect(try set.check() == 0)
        #expect(!wake.clear())
    }

    @Test func withNoDescriptorLeftItSaysSo() {
        let kernel = FakeKernel()
        kernel.eventFDFails = .tooManyOpenFiles
        #expect(throws: TactileError(.unavailable, "eventfd: Too many open files")) { try EventFD(system: kernel.calls) }
    }

    @Test func itsDescriptorIsClosedOnceWhenItEnds() throws {
        let kernel = FakeKernel()
        var fd: Int32 = -1
        do {
            let wake = try EventFD(system: kernel.calls)
            fd = wake.fd
        }
        #expect(kernel.closed == [fd])
    }

    @Test func aDescriptorClosedByHandIsNotClosedAgain() throws {
        let kernel = FakeKernel()
        let descriptor = FileDescriptor(taking: 42, system: kernel.calls)
        try descriptor.close()
        #expect(kernel.closed == [42])
    }
}
