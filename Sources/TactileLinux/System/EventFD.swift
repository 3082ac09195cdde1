#if canImport(Glibc)
import Glibc
#endif
import CLinux
import Tactile

/// A wake-up one thread raises and another polls: an `eventfd` counter. Every loop that
/// must stop on request (live input, the command runner, the service's mailbox, a focus
/// watcher) waits on one of these beside its other descriptors.
///
/// Raising is safe from any thread and never blocks; raising twice before anyone looks is
/// one wake-up.
public final class EventFD: @unchecked Sendable {
    private let descriptor: FileDescriptor
    private let system: SystemCalls

    /// A wake-up not yet raised. Fails only when the process or the system has no
    /// descriptor left.
    public init(system: SystemCalls = .kernel) throws(TactileError) {
        let fd = system.eventfd(0, Int32(EFD_CLOEXEC | EFD_NONBLOCK))
        guard fd >= 0 else { throw Errno.current.error("eventfd", code: .unavailable) }
        descriptor = FileDescriptor(taking: fd, system: system)
        self.system = system
    }

    /// The descriptor to poll: readable while raised.
    public var fd: Int32 { descriptor.rawValue }

    /// Raises it (from any thread). The write fails only when the counter is full, which
    /// means raised already: nothing to do then.
    public func raise() {
        var one: UInt64 = 1
        _ = withUnsafeBytes(of: &one) { try? descriptor.write($0) }
    }

    /// Lowers it; true when it was raised.
    @discardableResult
    public func clear() -> Bool {
        // A read fails only with EAGAIN (not raised): an eventfd has no other failure.
        ((try? descriptor.read(UInt64.self, initial: 0)) ?? nil) != nil
    }
}
