import TactileJSON
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A buffered output that never leaves a half-written file behind.
///
/// A named file is written to a temporary file beside it and renamed into place by
/// `commit()`; if the writer is dropped or `discard()`ed first, the temporary file is
/// removed and the old file (if any) is untouched. Standard output is written through.
public final class OutputFile {
    /// Where the file goes once committed.
    public let path: String
    private let fd: Int32
    private let temporaryPath: String?
    /// Whether `fd` is ours to close (a device opened in place, not standard output).
    private var ownsDescriptor = false
    private var buffer: [UInt8] = []
    private var finished = false
    /// Flush when this many bytes are pending.
    private let flushThreshold = 1 << 16

    /// `-` writes to standard output. A path that exists and is not a regular file (a
    /// device such as /dev/null, a FIFO) is written in place: renaming over it would
    /// replace the device node with a file.
    public init(path: String) throws {
        self.path = path
        buffer.reserveCapacity(flushThreshold * 2)
        if path == "-" {
            fd = 1
            temporaryPath = nil
            return
        }
        var info = stat()
        if stat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR {
                throw TactileError(.cannotCreate, file: path, "is a directory; give a file name for the output")
            }
            if type != S_IFREG {
                let dfd = Glibc.open(path, O_WRONLY | O_CLOEXEC)
                guard dfd >= 0 else {
                    throw TactileError(.cannotCreate, file: path, "cannot open for writing: \(String(cString: strerror(errno)))")
                }
                fd = dfd
                temporaryPath = nil
                ownsDescriptor = true
                return
            }
        }
        var template = Array((path + ".tmp-XXXXXX").utf8CString)
        let tfd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard tfd >= 0 else {
            let code = errno
            let message = String(cString: strerror(code))
            throw TactileError(
                .cannotCreate,
                file: path, "cannot create the output file: \(message)")
        }
        fd = tfd
        temporaryPath = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // mkstemp makes the file 0600; give it the mode a plain create would (0666 less umask).
        let mask = umask(0)
        umask(mask)
        _ = fchmod(fd, 0o666 & ~mask)
    }

    deinit {
        if !finished { discard() }
    }

    /// Writes `bytes` (buffered).
    public func write(_ bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Bytes already in an array: copied in one block (the generic form above goes through
    /// the Sequence protocol byte by byte when it cannot be specialised).
    public func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBufferPointer { try write($0) }
    }

    /// Bytes in a buffer (a `JSONOutput`'s, through `withBytes`): copied in one block, or
    /// as many as a flush would write at once written straight from where they are (a
    /// batch of `tactile recognize`'s lines, some 200 KB, was copied here only to be
    /// written out again).
    public func write(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        if bytes.count >= flushThreshold {
            try flush()
            try writeAll(UnsafeRawBufferPointer(bytes))
            return
        }
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    /// Writes `text` as UTF-8.
    public func write(_ text: String) throws { try write(text.utf8) }

    /// Writes everything buffered to the file descriptor.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func writeAll(_ raw: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < raw.count {
            let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                let code = errno
                let why = code == ENOSPC ? "the disk is full" : String(cString: strerror(code))
                throw TactileError(.ioError, file: path, "write failed: \(why)")
            }
            offset += n
        }
    }

    /// Flushes, syncs and renames the temporary file into place.
    public func commit() throws {
        guard !finished else { return }
        do {
            try flush()
            if ownsDescriptor { _ = Glibc.close(fd) }
            if let temporaryPath {
                if fsync(fd) != 0 && errno != EINVAL {
                    throw TactileError(.ioError, file: path, "sync failed: \(String(cString: strerror(errno)))")
                }
                guard Glibc.close(fd) == 0 else {
                    throw TactileError(.ioError, file: path, "close failed: \(String(cString: strerror(errno)))")
                }
                finished = true
                guard rename(temporaryPath, path) == 0 else {
                    let message = String(cString: strerror(errno))
                    unlink(temporaryPath)
                    throw TactileError(.cannotCreate, file: path, "cannot move the output into place: \(message)")
                }
            }
            finished = true
        } catch {
            discard()
            throw error
        }
    }

    /// Drops the output: the temporary file is removed, nothing is renamed.
    public func discard() {
        guard !finished else { return }
        finished = true
        buffer.removeAll()
        if ownsDescriptor { _ = Glibc.close(fd) }
        if let temporaryPath {
            _ = Glibc.close(fd)
            unlink(temporaryPath)
        }
    }
}
