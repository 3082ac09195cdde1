import Foundation
import Testing
import Tactile
@testable import TactileLinux
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The focus watcher against real desktops, started headless by each test: sway with
/// Wayland (foot) and XWayland (xterm) clients, and Xvfb with openbox. The focus is moved
/// by the desktops' own tools (swaymsg, xdotool) and the watcher must follow every move,
/// in order. Serialized: each starts a compositor or a server, and two at once on two
/// cores only make both slower. Each step waits for what it needs (a window mapped, the
/// focus moved), `Waiting.patience` at most; the clients run until their desktop ends.
@Suite(.serialized) struct FocusWatcherTests {
    @Test(.enabled(if: Desktops.have("sway", "swaymsg", "foot", "setpriv"), "needs Debian's sway and foot (make test-deps)"),
          .timeLimit(.minutes(10)))
    func swayFocusFollowsSwaymsg() throws {
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let changes = FocusChanges()
        let watcher = try FocusWatcher(.sway(socket: sway.socket), changed: changes.record)
        defer { watcher.stop() }
        // An empty workspace has the focus: no application.
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading) == nil)

        try sway.command("exec foot --app-id=one --title=First sleep infinity")
        try #require(sway.waitForWindow("one"), "sway has \((try? sway.windows()) ?? [])")
        #expect(Waiting.until { watcher.current?.name == "one" }, "got \(String(describing: watcher.current))")
        #expect(watcher.current == FocusedApplication(names: ["one"], title: "First"))
        // Two sets its own title (OSC 2) once the test makes a file.
        let script = try sway.file("two.sh", "while [ ! -e \(sway.directory)/rename ]; do sleep 0.05; done\nprintf '\\033]2;renamed\\007'\nexec sleep infinity\n")
        try sway.command("exec foot --app-id=two sh \(script)")
        try #require(sway.waitForWindow("two"), "sway has \((try? sway.windows()) ?? [])")
        #expect(Waiting.until { watcher.current?.name == "two" }, "got \(String(describing: watcher.current))")
        try sway.command("[app_id=one] focus")
        #expect(Waiting.until { watcher.current?.name == "one" }, "got \(String(describing: watcher.current))")
        try sway.command("[app_id=two] focus")
        #expect(Waiting.until { watcher.current?.name == "two" }, "got \(String(describing: watcher.current))")
        #expect(changes.names == ["one", "two", "one", "two"], "\(changes.all)")

        // A new title for the focused window is a change too.
        _ = try sway.file("rename", "")
        #expect(Waiting.until { watcher.current?.title == "renamed" }, "got \(String(describing: watcher.current))")

        // An empty workspace sends no window event, yet nothing has the focus there.
        try sway.command("workspace 2")
        #expect(Waiting.until { watcher.current == nil }, "got \(String(describing: watcher.current))")
        try sway.command("workspace 1")
        #expect(Waiting.until { watcher.current?.name == "two" })
        #expect(watcher.failure == nil)
    }

    @Test(.enabled(if: Desktops.have("sway", "swaymsg", "Xwayland", "xterm", "setpriv"), "needs Debian's sway, xwayland and xterm (make test-deps)"),
          .timeLimit(.minutes(10)))
    func anXWaylandWindowOnSwayIsNamedByItsWMClass() throws {
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let watcher = try FocusWatcher(.sway(socket: sway.socket))
        defer { watcher.stop() }
        _ = try watcher.waitForFirstReading(timeout: Desktops.firstReading)
        // XWayland starts on the first X client.
        try sway.command("exec xterm -class Three -T third -e sleep infinity")
        try #require(sway.waitForWindow("Three"), "sway has \((try? sway.windows()) ?? [])")
        #expect(Waiting.until { watcher.current?.name == "Three" }, "got \(String(describing: watcher.current))")
        #expect(watcher.current == FocusedApplication(names: ["Three", "xterm"], title: "third"))
    }

    @Test(.enabled(if: Desktops.have("Xvfb", "openbox", "xterm", "xdotool", "xprop"), "needs Debian's xvfb, openbox, xterm, xdotool and x11-utils (make test-deps)"),
          .timeLimit(.minutes(10)))
    func x11FocusFollowsTheWindowManager() throws {
        let x = try HeadlessX11()
        defer { x.stop() }
        let changes = FocusChanges()
        let watcher = try FocusWatcher(.x11(display: x.display), environment: x.environment, changed: changes.record)
        defer { watcher.stop() }
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading) == nil)

        try x.start(["xterm", "-class", "One", "-T", "first", "-e", "sleep", "infinity"])
        #expect(Waiting.until { watcher.current?.name == "One" }, "got \(String(describing: watcher.current))")
        #expect(watcher.current == FocusedApplication(names: ["One", "xterm"], title: "first"))
        try x.start(["xterm", "-class", "Two", "-e", "sleep", "infinity"])
        #expect(Waiting.until { watcher.current?.name == "Two" }, "got \(String(describing: watcher.current))")
        let one = try #require(x.window(ofClass: "One"))
        let two = try #require(x.window(ofClass: "Two"))
        try x.xdotool("windowactivate", "--sync", one)
        #expect(Waiting.until { watcher.current?.name == "One" }, "got \(String(describing: watcher.current))")
        try x.xdotool("windowactivate", "--sync", two)
        #expect(Waiting.until { watcher.current?.name == "Two" }, "got \(String(describing: watcher.current))")
        #expect(changes.names == ["One", "Two", "One", "Two"], "\(changes.all)")

        // The active window's new title wakes the watcher too (xdotool writes it as STRING).
        try x.xdotool("set_window", "--name", "renamed", two)
        #expect(Waiting.until { watcher.current?.title == "renamed" }, "got \(String(describing: watcher.current))")
        #expect(watcher.failure == nil)
    }

    @Test(.enabled(if: Desktops.have("Xvfb", "xprop"), "needs Debian's xvfb and x11-utils (make test-deps)"), .timeLimit(.minutes(10)))
    func anX11ServerWantingACookieRefusesAWatcherWithoutOneAndSaysWhy() throws {
        let x = try HeadlessX11(windowManager: false, tcp: true)
        defer { x.stop() }
        let watcher = try FocusWatcher(.x11(display: x.display), environment: ["HOME": "/nonexistent"])
        defer { watcher.stop() }
        #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(watcher.current == nil)
        let message = watcher.failure?.message ?? ""
        #expect(message.contains("refused the connection") && message.contains("no cookie"), "\(message)")

        // With the cookie, and no window manager: nothing is active. Over TCP too (port
        // 6000 + n on the loopback address).
        for display in [x.display, "127.0.0.1" + x.display] {
            let allowed = try FocusWatcher(.x11(display: display), environment: x.environment)
            defer { allowed.stop() }
            #expect(try allowed.waitForFirstReading(timeout: Desktops.firstReading) == nil, "\(display)")
            #expect(allowed.failure == nil)
        }
    }
}
