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
        // Blocked before the watcher's thread starts, read from a signalfd.
        let signals = try TerminationSignals()
        do {
            try FocusWatcher.follow(desktop, signals: signals) { printLine(Self.line($0)) }
        } catch {
            throw TactileError(error.kind, "bind focus: \(error.message)")
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
            .map(\.terminalSafeField).joined(separator: "\t")
    }
}
