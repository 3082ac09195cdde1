import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An X server of our own (Xvfb, on a display number it picks free), for the windowed
/// examples: started, used, stopped.
enum VirtualDisplay {
    /// Runs `body` with `DISPLAY` for a fresh Xvfb (1024 × 768, 24 bits, 96 dots per inch:
    /// 25.4 / 96 mm a pixel), which is stopped
    /// when `body` returns or throws.
    static func with<T>(_ body: (_ environment: [String: String]) throws -> T) throws -> T {
        let path = "/usr/bin/Xvfb"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw ExampleError("\(path) is missing: make examples installs xvfb")
        }
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw ExampleError("pipe: \(String(cString: strerror(errno)))") }
        // posix_spawn, not Process: a test thread blocks most signals, a child would inherit
        // that mask, and an Xvfb that cannot see SIGTERM never stops. The child gets an empty
        // mask and default handlers.
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // -displayfd: Xvfb picks a free display and writes its number when it is ready.
        let arguments = [path, "-displayfd", "1", "-screen", "0", "1024x768x24", "-dpi", "96", "-nolisten", "tcp"]
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, &argv, environ)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { throw ExampleError("cannot start Xvfb: \(String(cString: strerror(spawned)))") }
        defer {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        var text = ""
        var buffer = [UInt8](repeating: 0, count: 64)
        while !text.contains("\n") {
            let n = read(fds[0], &buffer, buffer.count)
            guard n > 0 else { throw ExampleError("Xvfb exited before giving a display number") }
            text += String(decoding: buffer[..<n], as: UTF8.self)
        }
        let number = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // The X server alone: no Wayland compositor this process may know of.
        return try body(["DISPLAY": ":\(number)", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": "x11"])
    }
}
