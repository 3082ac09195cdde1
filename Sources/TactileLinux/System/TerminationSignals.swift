#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// SIGINT, SIGTERM and SIGHUP (or the signals named) taken as a descriptor to poll (`signalfd`), so a signal is
/// one more input to a loop: it never interrupts a write half way, and an output line is
/// always finished.
///
/// The signals are blocked for the process (call before starting threads, so every thread
/// inherits the mask) and read from here instead. If the descriptor cannot be made, the
/// mask is put back as it was and the failure thrown: signals are never left blocked with
/// nobody to read them (the process would then ignore Ctrl-C).
public final class TerminationSignals: @unchecked Sendable {
    private let descriptor: FileDescriptor
    private let system: SystemCalls

    /// The signals taken: SIGINT, SIGTERM and SIGHUP.
    public static let taken: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Blocks `signals` (the termination signals unless told) and opens the descriptor
    /// they arrive on.
    public init(_ signals: [Int32] = taken, system: SystemCalls = .kernel) throws(TactileError) {
        var set = sigset_t()
        sigemptyset(&set)
        for s in signals { sigaddset(&set, s) }
        var old = sigset_t()
        let blocked = system.sigmask(SIG_BLOCK, &set, &old)
        guard blocked == 0 else { throw Errno(rawValue: blocked).error("pthread_sigmask", code: .software) }
        let fd = system.signalfd(-1, &set, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        guard fd >= 0 else {
            let failure = Errno.current
            _ = system.sigmask(SIG_SETMASK, &old, nil)
            let names = signals.map(Self.name)
            let listed = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + names.last! : names.joined()
            throw failure.error("signalfd (to read \(listed))", code: .unavailable)
        }
        descriptor = FileDescriptor(taking: fd, system: system)
        self.system = system
    }

    private static func name(_ signal: Int32) -> String {
        switch signal {
        case SIGINT: return "SIGINT"
        case SIGTERM: return "SIGTERM"
        case SIGHUP: return "SIGHUP"
        default: return "signal \(signal)"
        }
    }

    /// Waits until a signal comes, and takes it.
    public func wait() throws(Errno) -> Int32 {
        var set = PollSet(system: system)
        set.add(fd)
        while true {
            try set.wait(until: nil)
            if let signal = take() { return signal }
        }
    }

    /// The descriptor to poll: readable while a signal waits.
    public var fd: Int32 { descriptor.rawValue }

    /// The signal waiting, taken; nil when none is.
    public func take() -> Int32? {
        // A signalfd read fails only with EAGAIN (none waiting) or EINTR (retried).
        guard let info = (try? descriptor.read(signalfd_siginfo.self, initial: signalfd_siginfo())) ?? nil else { return nil }
        return Int32(bitPattern: info.ssi_signo)
    }
}
