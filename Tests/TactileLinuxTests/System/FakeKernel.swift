#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile
@testable import TactileLinux

/// A kernel in memory for the base's system calls (`SystemCalls`): eventfds are counters,
/// the signalfd hands out the signals queued in `pending`, a device's descriptor reports
/// what `devices` says, and each `poll` first runs `onPoll`, which may queue what arrives
/// during the wait and make the call fail (`EINTR`) as a signal landing mid-poll does.
/// Descriptors are numbers from 1000 on, so none is ever a real one.
final class FakeKernel: @unchecked Sendable {
    private let monitor = Monitor()
    private var nextFD: Int32 = 1000
    private var counters: [Int32: UInt64] = [:]
    private var signalFDs: Set<Int32> = []
    /// Signals waiting on the signalfd.
    var pending: [Int32] = []
    /// What a device's descriptor reports to `poll`, and what reading it fails with.
    var devices: [Int32: (events: PollEvents, readFails: Errno?)] = [:]
    /// Descriptors closed, in order.
    private(set) var closed: [Int32] = []
    /// Every `poll`'s timeout, in order.
    private(set) var timeouts: [Int32] = []
    /// Every `pthread_sigmask`'s `how`, in order.
    private(set) var masks: [Int32] = []
    /// Called at the start of each `poll` with its number (0 first); an error makes it fail.
    var onPoll: (Int) -> Errno? = { _ in nil }
    /// When set, every `pread` fails with it (others read the real file).
    var readAtFails: Errno?
    /// When set, `eventfd` or `signalfd` fails with it.
    var eventFDFails: Errno?
    var signalFDFails: Errno?

    func locked<T>(_ body: () -> T) -> T { monitor.locked(body) }

    private func fail(_ e: Errno) -> Int32 { errno = e.rawValue; return -1 }

    /// The calls: these played here, every other one the real kernel's (which refuses the
    /// fake descriptors with `EBADF`).
    var calls: SystemCalls {
        var c = SystemCalls.kernel
        c.poll = { fds, count, timeout in self.poll(fds!, Int(count), timeout) }
        c.read = { fd, buffer, count in self.read(fd, buffer!, count) }
        c.write = { fd, buffer, count in self.write(fd, buffer!, count) }
        c.close = { fd in self.locked { self.closed.append(fd) }; return 0 }
        c.eventfd = { _, _ in
            self.locked {
                if let e = self.eventFDFails { return self.fail(e) }
                self.nextFD += 1
                self.counters[self.nextFD] = 0
                return self.nextFD
            }
        }
        c.signalfd = { _, _, _ in
            self.locked {
                if let e = self.signalFDFails { return self.fail(e) }
                self.nextFD += 1
                self.signalFDs.insert(self.nextFD)
                return self.nextFD
            }
        }
        c.sigmask = { how, _, _ in self.locked { self.masks.append(how) }; return 0 }
        c.readAt = { fd, buffer, count, offset in
            if let e = self.locked({ self.readAtFails }) { return Int(self.fail(e)) }
            return Glibc.pread(fd, buffer, count, offset)
        }
        return c
    }

    private func poll(_ fds: UnsafeMutablePointer<pollfd>, _ count: Int, _ timeout: Int32) -> Int32 {
        let call = locked { () -> Int in timeouts.append(timeout); return timeouts.count - 1 }
        if let e = onPoll(call) { return fail(e) }
        return locked {
            var ready: Int32 = 0
            for i in 0..<count {
                let fd = fds[i].fd
                var events: PollEvents = []
                if let c = counters[fd], c > 0 { events = .readable }
                if signalFDs.contains(fd), !pending.isEmpty { events = .readable }
                if let d = devices[fd] { events = d.events }
                fds[i].revents = events.rawValue
                if !events.isEmpty { ready += 1 }
            }
            return ready
        }
    }

    private func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        locked {
            if let c = counters[fd] {
                guard c > 0 else { return Int(fail(.wouldBlock)) }
                buffer.storeBytes(of: c, as: UInt64.self)
                counters[fd] = 0
                return 8
            }
            if signalFDs.contains(fd) {
                guard !pending.isEmpty else { return Int(fail(.wouldBlock)) }
                var info = signalfd_siginfo()
                info.ssi_signo = UInt32(pending.removeFirst())
                buffer.storeBytes(of: info, as: signalfd_siginfo.self)
                return MemoryLayout<signalfd_siginfo>.size
            }
            if let e = devices[fd]?.readFails { return Int(fail(e)) }
            return Int(fail(.badDescriptor))
        }
    }

    private func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        locked {
            guard let c = counters[fd] else { return Int(fail(.badDescriptor)) }
            counters[fd] = c + buffer.load(as: UInt64.self)
            return 8
        }
    }
}
