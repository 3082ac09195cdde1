import ArgumentParser
import Tactile
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

/// `tactile bind focus`: the application that has the focus, with every name a binding's
/// `app:` may match, so that a user can see what to write.
struct BindFocus: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "focus",
        abstract: "Print the focused application with every name a binding's app: may match.",
        discussion: """
            The desktop is found from the environment: SWAYSOCK (sway), \
            HYPRLAND_INSTANCE_SIGNATURE (Hyprland), then DISPLAY (X11 with an EWMH window \
            manager, unless WAYLAND_DISPLAY says it is another Wayland desktop's XWayland). \
            The line is the main name (the Wayland app_id, or the X11 WM_CLASS \
            class), a tab, every name (comma-separated), a tab, the title; three empty \
            fields when no window has the focus. --watch prints a line at each change until \
            SIGINT or SIGTERM. On GNOME or KDE, give --command, last, with a program that \
            prints the application's name on its first line (docs/focus.md). Exits 69 when \
            no desktop is found or it cannot be reached.
            """)

    @Flag(help: "Print a line at each change of the focus, until SIGINT or SIGTERM.")
    var watch = false

    @Option(parsing: .remaining,
            help: ArgumentHelp("Ask this program (and its arguments: everything after --command) instead of the desktop; it prints the application's name on its first line.",
                               valueName: "ARGV"))
    var command: [String] = []

    func run() throws {
        try reportingErrors {
            let desktop: FocusWatcher.Desktop
            if command.isEmpty && CommandLine.arguments.contains("--command") {
                throw TactileError(.usage, "bind focus: --command needs a program to run (and its arguments)")
            }
            if !command.isEmpty {
                desktop = .command(command)
            } else if let found = FocusWatcher.detect() {
                desktop = found
            } else {
                throw TactileError(.unavailable, "bind focus: no desktop found: \(FocusWatcher.noDesktopReason()) (on GNOME or KDE, give --command PROGRAM...; see docs/focus.md)")
            }
            if watch {
                try follow(desktop)
            } else {
                let watcher = try FocusWatcher(desktop)
                defer { watcher.stop() }
                printLine(Self.line(try firstReading(of: watcher)))
            }
        }
    }

    /// Prints the focus now and at each change, until a signal ends it.
    private func follow(_ desktop: FocusWatcher.Desktop) throws {
        // Blocked before the watcher's thread starts, read from a signalfd below.
        let signals = LiveInput.catchTerminationSignals()
        defer { close(signals) }
        // The watcher's thread only says "changed" through a pipe; this thread prints, so
        // a slow terminal never holds up the watcher.
        var wake: [Int32] = [-1, -1]
        guard pipe(&wake) == 0 else { throw TactileError(.unavailable, "bind focus: pipe: \(String(cString: strerror(errno)))") }
        defer { close(wake[0]); close(wake[1]) }
        for fd in wake { _ = fcntl(fd, F_SETFL, O_NONBLOCK) }
        let writeEnd = wake[1]
        let watcher = try FocusWatcher(desktop) { _ in
            var one: UInt8 = 1
            _ = write(writeEnd, &one, 1)
        }
        defer { watcher.stop() }
        var shown = try firstReading(of: watcher)
        printLine(Self.line(shown))
        var fds = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0), pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0)]
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            if poll(&fds, 2, -1) < 0 && errno != EINTR { break }
            if fds[0].revents != 0 { break }
            guard fds[1].revents != 0 else { continue }
            var drained = [UInt8](repeating: 0, count: 256)
            while read(wake[0], &drained, drained.count) > 0 {}
            let now = watcher.current
            if now != shown {
                printLine(Self.line(now))
                shown = now
            }
        }
    }

    private func firstReading(of watcher: FocusWatcher) throws -> FocusedApplication? {
        do {
            return try watcher.waitForFirstReading()
        } catch {
            throw TactileError(error.kind, "bind focus: \(error.message)")
        }
    }

    /// `firefox<TAB>firefox,Navigator<TAB>Title`, each field escaped for the terminal (a
    /// title may hold escape sequences, or a tab that would shift the fields).
    static func line(_ application: FocusedApplication?) -> String {
        guard let application else { return "\t\t" }
        return [application.name ?? "", application.names.joined(separator: ","), application.title ?? ""]
            .map(\.terminalSafe).joined(separator: "\t")
    }
}
