#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

/// The signals are taken from a descriptor, or left as they were: never blocked with no one
/// to read them. (A fake kernel: the test process's own signal mask is left alone.)
@Suite struct TerminationSignalsTests {
    @Test func withoutASignalfdTheMaskIsPutBack() {
        let kernel = FakeKernel()
        kernel.signalFDFails = Errno(rawValue: ENOMEM)
        #expect(throws: TactileError(.unavailable, "signalfd (to read SIGINT, SIGTERM and SIGHUP): Cannot allocate memory")) {
            try TerminationSignals(system: kernel.calls)
        }
        #expect(kernel.masks == [SIG_BLOCK, SIG_SETMASK])
    }

    @Test func aSignalIsTakenOnce() throws {
        let kernel = FakeKernel()
        let signals = try TerminationSignals(system: kernel.calls)
        #expect(kernel.masks == [SIG_BLOCK])
        #expect(signals.take() == nil)
        kernel.locked { kernel.pending = [SIGHUP, SIGTERM] }
        #expect(signals.take() == SIGHUP)
        #expect(signals.take() == SIGTERM)
        #expect(signals.take() == nil)
    }
}
