import Foundation
import Testing
import Tactile
import TactileLinux
import TestSupport

/// Per-application bindings against real desktops, end to end: `tactile bind` over a
/// recorded tap with `--app-from-desktop` asks the running desktop (sway headless, X11
/// under Xvfb with openbox) which application has focus, and runs that application's
/// binding, as two applications take the focus in turn.
struct AppBindingDesktopTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let binary: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactile").path
        return FileManager.default.isExecutableFile(atPath: beside) ? beside : root.appendingPathComponent(".build/debug/tactile").path
    }()

    static let config = """
        bindings:
          - gesture: tap
            command: [general]
          - gesture: tap
            app: [one, One]
            command: [first-app, "{app}"]
          - gesture: tap
            app: "tw?"
            keys: [ctrl, w]
        """

    /// What `tactile bind --dry-run --app-from-desktop` runs for the recorded tap, in this
    /// environment: the argv, or the keys written.
    static func boundTap(_ environment: [String: String]) throws -> String {
        let dir = try Desktops.scratch("tactile-app")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try config.write(toFile: dir + "/bind.yaml", atomically: true, encoding: .utf8)
        let out = try Desktops.run([binary, "bind", dir + "/bind.yaml", root.appendingPathComponent("Recordings/tap.jsonl").path,
                                    "--dry-run", "--app-from-desktop"], environment: environment)
        let line = try #require(out.split(separator: "\n").first.map(String.init))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        if let argv = json["argv"] as? [String] { return argv.joined(separator: " ") }
        return "keys " + ((json["input"] as? [[Any]]) ?? []).compactMap { $0.first as? String }.filter { $0 != "SYN_REPORT" }.joined(separator: " ")
    }

    @Test(.enabled(if: Desktops.have("sway", "swaymsg", "foot", "setpriv"), "needs Debian's sway and foot (make test-deps)"),
          .timeLimit(.minutes(10)))
    func onSwayTheFocusedApplicationsBindingRuns() throws {
        let sway = try HeadlessSway()
        defer { sway.stop() }
        let env = ["PATH": "/usr/bin:/bin", "SWAYSOCK": sway.socket]
        #expect(try Self.boundTap(env) == "general")  // an empty workspace: no application
        try sway.command("exec foot --app-id=one sleep infinity")
        try #require(sway.waitForWindow("one"), "sway has \((try? sway.windows()) ?? [])")
        let watcher = try FocusWatcher(.sway(socket: sway.socket))
        defer { watcher.stop() }
        #expect(Waiting.until { watcher.current?.name == "one" })
        #expect(try Self.boundTap(env) == "first-app one")
        try sway.command("exec foot --app-id=two sleep infinity")
        try #require(sway.waitForWindow("two"), "sway has \((try? sway.windows()) ?? [])")
        #expect(Waiting.until { watcher.current?.name == "two" })
        #expect(try Self.boundTap(env) == "keys KEY_LEFTCTRL KEY_W KEY_W KEY_LEFTCTRL")
        try sway.command("[app_id=one] focus")
        #expect(Waiting.until { watcher.current?.name == "one" })
        #expect(try Self.boundTap(env) == "first-app one")
    }

    @Test(.enabled(if: Desktops.have("Xvfb", "openbox", "xterm", "xdotool", "xprop"), "needs Debian's xvfb, openbox, xterm, xdotool and x11-utils (make test-deps)"),
          .timeLimit(.minutes(10)))
    func onX11TheActiveWindowsClassChoosesTheBinding() throws {
        let x = try HeadlessX11()
        defer { x.stop() }
        let env = x.environment.merging(["PATH": "/usr/bin:/bin"]) { $1 }
        #expect(try Self.boundTap(env) == "general")
        try x.start(["xterm", "-class", "One", "-e", "sleep", "infinity"])
        let watcher = try FocusWatcher(.x11(display: x.display))
        defer { watcher.stop() }
        try #require(x.window(ofClass: "One") != nil)
        #expect(Waiting.until(every: 0.1) { (try? Self.boundTap(env)) == "first-app One" })
        try x.start(["xterm", "-class", "Two", "-e", "sleep", "infinity"])
        try #require(x.window(ofClass: "Two") != nil)
        #expect(Waiting.until(every: 0.1) { (try? Self.boundTap(env)) == "keys KEY_LEFTCTRL KEY_W KEY_W KEY_LEFTCTRL" })
        try x.xdotool("windowactivate", "--sync", try #require(x.window(ofClass: "One")))
        #expect(try Self.boundTap(env) == "first-app One")
    }
}
