#if canImport(Glibc)
import Glibc
#endif
import Testing
import Tactile
@testable import TactileLinux

/// The live loop (`LiveInput`) with the kernel played by `FakeKernel`: no `/dev/input`,
/// no real signal, and every case replayed the same way each time.
@Suite struct LiveLoopTests {
    @Test func aSignalArrivingMidPollEndsTheWaitWithThatSignal() throws {
        let kernel = FakeKernel()
        kernel.onPoll = { call in
            guard call == 0 else { return nil }
            kernel.locked { kernel.pending.append(SIGTERM) }
            return .interrupted
        }
        let device = FakeDevice(fd: 5000, kernel: kernel)
        kernel.locked { kernel.devices[5000] = ([], nil) }
        let input = try LiveInput(sources: [device], signals: TerminationSignals(system: kernel.calls), system: kernel.calls)
        var out: [LiveEvent] = []
        #expect(try input.wait(until: nil, into: &out) == .signal(SIGTERM))
        #expect(kernel.timeouts == [-1, -1])
        #expect(device.reads == 0)
    }

    @Test func aDeviceThatFailsToReadEndsTheLoopNamingIt() throws {
        let kernel = FakeKernel()
        kernel.locked { kernel.devices[5000] = ([.readable, .error], .ioError) }
        let input = try LiveInput(sources: [FakeDevice(fd: 5000, kernel: kernel)], system: kernel.calls)
        var out: [LiveEvent] = []
        #expect(throws: TactileError(.ioError, file: "/dev/input/event9", "read: Input/output error")) {
            try input.wait(until: nil, into: &out)
        }
    }

    @Test func anUnpluggedDeviceEndsItsSourceAndTheOthersGoOn() throws {
        let kernel = FakeKernel()
        kernel.locked {
            kernel.devices[5000] = ([.readable, .hangUp], .noDevice)
            kernel.devices[5001] = ([], nil)
        }
        let gone = FakeDevice(fd: 5000, kernel: kernel)
        let staying = FakeDevice(fd: 5001, kernel: kernel)
        let input = try LiveInput(sources: [gone, staying], system: kernel.calls)
        var out: [LiveEvent] = []
        #expect(try input.wait(until: Timestamp(microseconds: 0), into: &out) == .events)
        #expect(out.count == 1)
        #expect(input.sources.count == 1 && input.sources[0] === staying)
        #expect(staying.reads == 0)
    }

    @Test func aStopRaisedBeforeTheWaitIsSeenAtOnce() throws {
        let kernel = FakeKernel()
        kernel.locked { kernel.devices[5000] = ([], nil) }
        let input = try LiveInput(sources: [FakeDevice(fd: 5000, kernel: kernel)], system: kernel.calls)
        input.stop()
        var out: [LiveEvent] = []
        #expect(try input.wait(until: nil, into: &out) == .stopped)
        #expect(kernel.timeouts == [-1])
    }

    @Test func theDeadlineIsTheTimeout() throws {
        let kernel = FakeKernel()
        kernel.locked { kernel.devices[5000] = ([], nil) }
        let input = try LiveInput(sources: [FakeDevice(fd: 5000, kernel: kernel)], system: kernel.calls)
        var out: [LiveEvent] = []
        let deadline = MonotonicClock.now() - .milliseconds(1)
        #expect(try input.wait(until: deadline, into: &out) == .deadline)
        #expect(kernel.timeouts == [0])
    }
}

/// A device read through the base (`FileDescriptor`), as an evdev source reads one: an
/// unplugged device (`ENODEV`) ends the source with its `.removed`; any other failure is
/// thrown, naming the node.
private final class FakeDevice: LiveSource {
    let descriptor: FileDescriptor
    private(set) var reads = 0
    init(fd: Int32, kernel: FakeKernel) { descriptor = FileDescriptor(taking: fd, system: kernel.calls) }
    var fd: Int32 { descriptor.rawValue }
    var nextPoll: Timestamp? { nil }
    func read(now: Timestamp, ids: inout DeviceIDs, into out: inout [LiveEvent]) throws(TactileError) -> Bool {
        reads += 1
        var buffer = [UInt8](repeating: 0, count: 24)
        do throws(Errno) {
            _ = try buffer.withUnsafeMutableBytes { raw in Result { () throws(Errno) in try descriptor.read(into: raw) } }.get()
            return true
        } catch .noDevice {
            out.append(.removed(device: Int(fd)))
            return false
        } catch {
            throw TactileError(.ioError, file: "/dev/input/event9", "read: \(error)")
        }
    }
}
