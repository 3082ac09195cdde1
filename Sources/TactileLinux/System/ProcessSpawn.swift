#if canImport(Glibc)
import Glibc
#endif

/// Starts a program the way every command Tactile runs is started (`posix_spawnp`,
/// searching PATH, no shell): with the default signal mask and dispositions, since the
/// caller may block signals for its `signalfd` or ignore SIGPIPE, and in a process group of
/// its own, so that a timeout can end the command together with whatever it started.
/// `CommandRunner` starts bindings' commands through it, `CommandFocus` the focus command.
enum ProcessSpawn {
    /// Where one of the child's standard descriptors comes from.
    enum Stream {
        /// The parent's own.
        case inherit
        /// `/dev/null`.
        case null
        /// This descriptor of the parent (dup2'd onto the child's; the parent keeps its copy).
        case descriptor(Int32)
    }

    /// Why a program could not be started, in words.
    struct Failure: Error { var message: String }

    /// Starts `argv`, with `environment` (`NAME=value`) added to and overriding the
    /// inherited environment; returns the child's pid, which is also its process group.
    static func start(_ argv: [String], environment: [String] = [], stdin: Stream, stdout: Stream = .inherit,
                      stderr: Stream = .inherit) throws(Failure) -> pid_t {
        guard let program = argv.first, !program.isEmpty else { throw Failure(message: "no program") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // The caller's blocked signals and ignored SIGPIPE must not reach the command.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for s in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGCHLD] { sigaddset(&defaults, s) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))

        for (target, stream) in [(Int32(0), stdin), (1, stdout), (2, stderr)] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let fd): posix_spawn_file_actions_adddup2(&actions, fd, target)
            }
        }

        let envp = mergedEnvironment(environment).map { strdup($0) } + [nil]
        let args = argv.map { strdup($0) } + [nil]
        defer {
            for s in envp { free(s) }
            for s in args { free(s) }
        }
        var pid: pid_t = 0
        let rc = posix_spawnp(&pid, program, &actions, &attributes, args, envp)
        guard rc == 0 else { throw Failure(message: "\(program): \(String(cString: strerror(rc)))") }
        return pid
    }

    /// The process's environment with `extra` (`NAME=value`) added, a later entry for a name
    /// replacing an earlier one where it stood.
    private static func mergedEnvironment(_ extra: [String]) -> [String] {
        var environment: [String: String] = [:]
        var order: [String] = []
        func add(_ entry: String) {
            let name = String(entry.prefix(while: { $0 != "=" }))
            if environment[name] == nil { order.append(name) }
            environment[name] = entry
        }
        for e in ProcessEnvironment.entries() + extra { add(e) }
        return order.map { environment[$0]! }
    }
}
