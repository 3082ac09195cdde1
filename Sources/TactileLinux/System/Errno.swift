#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A system call's failure, as the kernel numbered it (swift-system's `Errno`, cut to what
/// Tactile meets): a value to match on (`.interrupted`, `.wouldBlock`) instead of reading
/// the thread's `errno` after the fact.
public struct Errno: Error, Hashable, Sendable, RawRepresentable, CustomStringConvertible {
    /// The kernel's number (`EINTR`, `EAGAIN`, …).
    public let rawValue: Int32

    /// The failure numbered `rawValue`.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`, read right after a call returned -1.
    public static var current: Errno { Errno(rawValue: errno) }

    /// `EINTR`: a signal came before the call did anything; it is simply made again.
    public static let interrupted = Errno(rawValue: EINTR)
    /// `EAGAIN`: nothing to read, or no room to write, on a non-blocking descriptor.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// `EBADF`: not an open descriptor.
    public static let badDescriptor = Errno(rawValue: EBADF)
    /// `EIO`: the device failed.
    public static let ioError = Errno(rawValue: EIO)
    /// `ENODEV`: the device is gone (unplugged).
    public static let noDevice = Errno(rawValue: ENODEV)
    /// `EMFILE`: the process has no descriptor left.
    public static let tooManyOpenFiles = Errno(rawValue: EMFILE)

    /// The C library's words for it ("Interrupted system call").
    public var description: String { String(cString: strerror(rawValue)) }

    /// The error a command reports for it: `what` (the call and its object), then the
    /// kernel's words, with the exit code a failure of the system calls for.
    public func error(_ what: String, code: TactileError.Kind = .ioError) -> TactileError {
        TactileError(code, "\(what): \(description)")
    }
}
