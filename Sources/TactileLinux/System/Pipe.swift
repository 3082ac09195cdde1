#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// A pipe's two ends, each owned: an end set to nil is closed (the write end, once a
/// child has its copy, so the reader sees the end of the output).
public struct Pipe: ~Copyable {
    /// The end to read from.
    public var readEnd: FileDescriptor?
    /// The end to write to.
    public var writeEnd: FileDescriptor?

    /// A new pipe, close-on-exec from the start (no other child started meanwhile can
    /// inherit it); non-blocking when asked.
    public init(nonBlocking: Bool = false, system: SystemCalls = .kernel) throws(Errno) {
        var fds: [Int32] = [-1, -1]
        let flags = O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)
        guard system.pipe(&fds, flags) == 0 else { throw Errno.current }
        readEnd = .some(FileDescriptor(taking: fds[0], system: system))
        writeEnd = .some(FileDescriptor(taking: fds[1], system: system))
    }
}
