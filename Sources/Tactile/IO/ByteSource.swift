#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where input bytes come from: a file descriptor or memory. An enum rather than a
/// protocol so reading stays a direct call.
public enum ByteSource: Sendable {
    /// A file descriptor, read with `read(2)`; closed at the end when owned.
    case fileDescriptor(Int32, ownsDescriptor: Bool)
    /// Bytes in memory (tests, fuzzing).
    case memory(MemoryBytes)

    /// Fills as much of `buffer` as one read gives; 0 at the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(TactileError) -> Int {
        switch self {
        case .fileDescriptor(let fd, _):
            while true {
                let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                throw TactileError(.ioError, "read failed: \(String(cString: strerror(errno)))")
            }
        case .memory(let m):
            let n = m.read(into: buffer)
            self = .memory(m)
            return n
        }
    }

    func close() {
        if case .fileDescriptor(let fd, true) = self { _ = Glibc.close(fd) }
    }
}

/// Bytes in memory with a read position (a class so reads advance in place).
/// `maxChunk` limits each read, to replay a stream split at any boundary (as a pipe or a
/// slow device delivers it).
public final class MemoryBytes: @unchecked Sendable {
    let bytes: [UInt8]
    let maxChunk: Int
    var position = 0
    /// `bytes`, handed out at most `maxChunk` at a time (to test reads cut anywhere).
    public init(_ bytes: [UInt8], maxChunk: Int = .max) {
        self.bytes = bytes
        self.maxChunk = Swift.max(1, maxChunk)
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let n = Swift.min(buffer.count, bytes.count - position, maxChunk)
        guard n > 0 else { return 0 }
        bytes.withUnsafeBytes { src in
            buffer.baseAddress!.copyMemory(from: src.baseAddress! + position, byteCount: n)
        }
        position += n
        return n
    }
}

/// Opens input files with errors that say what to do, and the right sysexits code.
public enum InputFile {
    /// Opens `path` for reading; `-` is standard input.
    public static func open(_ path: String) throws -> ByteSource {
        if path == "-" { return .fileDescriptor(0, ownsDescriptor: false) }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: throw TactileError(.noInput, file: path, "no such file")
            case EACCES, EPERM:
                throw TactileError(.noPermission, file: path, "permission denied (check the file's mode and owner)")
            default: throw TactileError(.noInput, file: path, String(cString: strerror(code)))
            }
        }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            _ = Glibc.close(fd)
            throw TactileError(.noInput, file: path, "is a directory, not a recording")
        }
        return .fileDescriptor(fd, ownsDescriptor: true)
    }

    /// Reads a whole file (for formats that are not line based), up to `limit` bytes.
    public static func readAll(_ path: String, limit: Int = 512 << 20) throws -> [UInt8] {
        var source = try open(path)
        defer { source.close() }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
            if n == 0 { return out }
            out.append(contentsOf: chunk[0..<n])
            if out.count > limit {
                throw TactileError(.badData, file: path, "larger than \(limit >> 20) MiB, the most read whole")
            }
        }
    }
}
