#if canImport(Glibc)
import Glibc
#endif

/// An open file descriptor that this value owns: it is closed exactly once, when the value
/// ends (or by `close()`), and cannot be copied, so no two owners close it and no copy
/// outlives it. swift-system's `FileDescriptor` is a plain number its user must close;
/// Tactile's descriptors all live as long as one object (a source, a wake-up, a signal
/// watch), so ownership is the safer default here.
///
/// Reads and writes retry `EINTR` themselves and throw every other failure as `Errno`.
public struct FileDescriptor: ~Copyable {
    /// The kernel's number for it, for `poll` and for C libraries that take one.
    public private(set) var rawValue: Int32
    let system: SystemCalls

    /// Takes ownership of `rawValue` (a descriptor the caller just opened), closed through
    /// `system`.
    public init(taking rawValue: Int32, system: SystemCalls = .kernel) {
        self.rawValue = rawValue
        self.system = system
    }

    deinit { if rawValue >= 0 { _ = system.close(rawValue) } }

    /// Closes it now, saying whether the kernel accepted (a close that fails has still
    /// released the number, so it is never retried).
    public consuming func close() throws(Errno) {
        let result = system.close(rawValue)
        let failure = result < 0 ? Errno.current : nil
        rawValue = -1  // closed: the end of the value closes nothing more
        if let failure { throw failure }
    }

    /// Calls `body` with this descriptor, borrowed (for a descriptor kept in an optional).
    public func withBorrow<R, E: Error>(_ body: (borrowing FileDescriptor) throws(E) -> R) throws(E) -> R {
        try body(self)
    }

    /// Reads up to `buffer.count` bytes; 0 at the end of the file. A non-blocking descriptor
    /// with nothing to read throws `.wouldBlock`.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        while true {
            let n = system.read(rawValue, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            let failure = Errno.current
            if failure != .interrupted { throw failure }
        }
    }

    /// Reads up to `buffer.count` bytes from `offset`, leaving the position alone (a sysfs
    /// attribute, which is made anew on every read from its start).
    public func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno) -> Int {
        while true {
            let n = system.readAt(rawValue, buffer.baseAddress, buffer.count, offset)
            if n >= 0 { return n }
            let failure = Errno.current
            if failure != .interrupted { throw failure }
        }
    }

    /// Gives the descriptor up to a C library that will close it itself (libinput's
    /// `open_restricted`): its number, which this value no longer closes.
    public consuming func relinquish() -> Int32 {
        let fd = rawValue
        rawValue = -1
        return fd
    }

    /// Writes up to `buffer.count` bytes; how many went.
    public func write(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        while true {
            let n = system.write(rawValue, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            let failure = Errno.current
            if failure != .interrupted { throw failure }
        }
    }

    /// Reads one value of a fixed-size C type (a counter, a `signalfd_siginfo`): nil when
    /// nothing was there (non-blocking) or the read came short.
    public func read<Value: BitwiseCopyable>(_ type: Value.Type, initial: Value) throws(Errno) -> Value? {
        var value = initial
        let n: Int
        do {
            n = try withUnsafeMutableBytes(of: &value) { (raw) throws(Errno) -> Int in try read(into: raw) }
        } catch .wouldBlock {
            return nil
        }
        return n == MemoryLayout<Value>.size ? value : nil
    }
}
