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
    public let path: String
    private let fd: Int32
    private let temporaryPath: String?
    private var buffer: [UInt8] = []
    private var finished = false
    /// Flush when this many bytes are pending.
    private let flushThreshold = 1 << 16

    /// `-` writes to standard output.
    public init(path: String) throws {
        self.path = path
        buffer.reserveCapacity(flushThreshold * 2)
        if path == "-" {
            fd = 1
            temporaryPath = nil
            return
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
        _ = fchmod(fd, 0o644)
    }

    deinit {
        if !finished { discard() }
    }

    public func write(_ bytes: some Sequence<UInt8>) throws {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    public func write(_ text: String) throws { try write(text.utf8) }

    /// Writes everything buffered to the file descriptor.
    public func flush() throws {
        var offset = 0
        try buffer.withUnsafeBytes { raw in
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
        buffer.removeAll(keepingCapacity: true)
    }

    /// Flushes, syncs and renames the temporary file into place.
    public func commit() throws {
        guard !finished else { return }
        do {
            try flush()
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
        if let temporaryPath {
            _ = Glibc.close(fd)
            unlink(temporaryPath)
        }
    }
}
