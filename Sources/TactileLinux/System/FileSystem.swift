#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// What the Linux layer asks of the file system besides reading: what is at a path, and
/// removing or opening to a socket file's mode. Calls the C library directly (no test
/// stands in for a file system: tests make real files in a temporary folder).
public enum FileSystem {
    /// What a path is.
    public enum Kind: Sendable, Equatable {
        /// A regular file, a folder, a Unix socket, a character device (an input node), or
        /// anything else (a block device, a FIFO, a link not followed).
        case file, directory, socket, characterDevice, other
    }

    /// What is at `path` (a symbolic link is itself unless `followingLinks`); nil when
    /// nothing is, or it cannot be looked at (`errno` says why).
    public static func kind(of path: String, followingLinks: Bool = false) -> Kind? {
        var st = stat()
        guard (followingLinks ? stat(path, &st) : lstat(path, &st)) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .directory
        case S_IFSOCK: return .socket
        case S_IFCHR: return .characterDevice
        default: return .other
        }
    }

    /// The device number of a character device (`st_rdev`), nil when `path` is none.
    public static func deviceNumber(of path: String) -> UInt? {
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFCHR else { return nil }
        return UInt(st.st_rdev)
    }

    /// Whether the process may read `path` (or, with `readable: false`, whether it exists).
    public static func isAccessible(_ path: String, readable: Bool = true) -> Bool {
        access(path, readable ? R_OK : F_OK) == 0
    }

    /// Removes the file at `path` (not a folder).
    public static func remove(_ path: String) throws(Errno) {
        if unlink(path) != 0 { throw Errno.current }
    }

    /// Sets the permission bits of `path`.
    public static func setMode(_ path: String, _ mode: mode_t) throws(Errno) {
        if chmod(path, mode) != 0 { throw Errno.current }
    }
}

extension FileDescriptor {
    /// Opens `path` with `flags` (close-on-exec always).
    public static func open(_ path: String, _ flags: Int32, system: SystemCalls = .kernel) throws(Errno) -> FileDescriptor {
        let fd = system.open(path, flags | O_CLOEXEC)
        guard fd >= 0 else { throw Errno.current }
        return FileDescriptor(taking: fd, system: system)
    }
}
