#if canImport(Glibc)
import Glibc
#endif
import CLinux

/// The system calls the base makes, one value each, so a test can answer in the kernel's
/// place: a device whose read fails, a signal that lands in the middle of a `poll`, an
/// eventfd that cannot be made. swift-system does this with mocking trampolines behind a
/// build flag and one global driver; here the calls travel with the object that makes
/// them (`FileDescriptor`, `PollSet`, `EventFD`, `LiveInput`), so tests running side by
/// side each have their own kernel and a release build pays one indirect call per system
/// call, nothing else.
///
/// A stand-in reports a failure as the kernel does: it sets `errno` and returns -1.
public struct SystemCalls: Sendable {
    /// `open(2)` of a path with flags (no mode: nothing is created).
    public var open: @Sendable (_ path: String, _ flags: Int32) -> Int32
    /// `pipe2(2)`.
    public var pipe: @Sendable (_ fds: UnsafeMutablePointer<Int32>, _ flags: Int32) -> Int32
    /// `pread(2)`: a read from an offset, leaving the file's position alone.
    public var readAt: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ offset: Int) -> Int
    /// `poll(2)`.
    public var poll: @Sendable (_ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32
    /// `read(2)`.
    public var read: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int
    /// `write(2)`.
    public var write: @Sendable (_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int
    /// `close(2)`.
    public var close: @Sendable (_ fd: Int32) -> Int32
    /// `eventfd(2)`.
    public var eventfd: @Sendable (_ initial: UInt32, _ flags: Int32) -> Int32
    /// `signalfd(2)`.
    public var signalfd: @Sendable (_ fd: Int32, _ mask: UnsafePointer<sigset_t>, _ flags: Int32) -> Int32
    /// `pthread_sigmask(3)`, which returns the error number rather than setting `errno`.
    public var sigmask: @Sendable (_ how: Int32, _ set: UnsafePointer<sigset_t>?, _ old: UnsafeMutablePointer<sigset_t>?) -> Int32
    /// `socket(2)`.
    public var socket: @Sendable (_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32
    /// `connect(2)`.
    public var connect: @Sendable (_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32
    /// `bind(2)`.
    public var bind: @Sendable (_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32
    /// `listen(2)`.
    public var listen: @Sendable (_ fd: Int32, _ backlog: Int32) -> Int32
    /// `accept4(2)`.
    public var accept: @Sendable (_ fd: Int32, _ flags: Int32) -> Int32
    /// `send(2)`.
    public var send: @Sendable (_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int
    /// `recv(2)`.
    public var receive: @Sendable (_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int, _ flags: Int32) -> Int
    /// `getsockopt(2)` of an `Int32` option.
    public var getOption: @Sendable (_ fd: Int32, _ level: Int32, _ name: Int32, _ value: UnsafeMutablePointer<Int32>) -> Int32
    /// `setsockopt(2)` of an `Int32` option.
    public var setOption: @Sendable (_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32) -> Int32
    /// `fcntl(2)`'s `F_GETFL`.
    public var getFlags: @Sendable (_ fd: Int32) -> Int32
    /// `fcntl(2)`'s `F_SETFL`.
    public var setFlags: @Sendable (_ fd: Int32, _ flags: Int32) -> Int32

    /// The kernel itself.
    public static let kernel = SystemCalls(
        open: { Glibc.open($0, $1) },
        pipe: { CLinux.pipe2($0, $1) },
        readAt: { Glibc.pread($0, $1, $2, $3) },
        poll: { Glibc.poll($0, $1, $2) },
        read: { Glibc.read($0, $1, $2) },
        write: { Glibc.write($0, $1, $2) },
        close: { Glibc.close($0) },
        eventfd: { CLinux.eventfd($0, $1) },
        signalfd: { CLinux.signalfd($0, $1, $2) },
        sigmask: { pthread_sigmask($0, $1, $2) },
        socket: { Glibc.socket($0, $1, $2) },
        connect: { Glibc.connect($0, $1, $2) },
        bind: { Glibc.bind($0, $1, $2) },
        listen: { Glibc.listen($0, $1) },
        accept: { CLinux.accept4($0, nil, nil, $1) },
        send: { Glibc.send($0, $1, $2, $3) },
        receive: { Glibc.recv($0, $1, $2, $3) },
        getOption: { fd, level, name, value in
            var size = socklen_t(MemoryLayout<Int32>.size)
            return Glibc.getsockopt(fd, level, name, value, &size)
        },
        setOption: { fd, level, name, value in
            var value = value
            return Glibc.setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        },
        getFlags: { Glibc.fcntl($0, F_GETFL) },
        setFlags: { Glibc.fcntl($0, F_SETFL, $1) })
}
