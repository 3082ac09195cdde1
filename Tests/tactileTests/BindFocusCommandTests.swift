import Foundation
import Testing
import TestSupport

/// `tactile bind focus` end to end, through its command source (the desktops themselves
/// are tested in TactileLinuxTests): the line, the escaping, --watch until SIGTERM, and
/// exit 69 with a clear message when there is no desktop.
struct BindFocusCommandTests {
    /// Runs tactile with `environment` and a PATH only (no DISPLAY or SWAYSOCK from the
    /// machine running the test).
    func tactile(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, stdout: String, stderr: String) {
        try CommandTests().tactile(arguments: arguments, environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 })
    }

    @Test func withNoDesktopItExits69AndSaysWhatToDo() throws {
        let r = try tactile(["bind", "focus"])
        #expect(r.status == 69, "\(r)")
        #expect(r.stderr.contains("no desktop found") && r.stderr.contains("SWAYSOCK") && r.stderr.contains("--command"), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func anotherWaylandDesktopIsNotTakenForX11() throws {
        let r = try tactile(["bind", "focus"], environment: ["DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"])
        #expect(r.status == 69, "\(r)")
        #expect(r.stderr.contains("neither sway nor Hyprland") && r.stderr.contains("X windows only") && r.stderr.contains("--command"), "\(r.stderr)")
    }

    @Test func aDesktopThatIsNotThereExits69NamingIt() throws {
        let r = try tactile(["bind", "focus"], environment: ["SWAYSOCK": "/nonexistent/sway.sock"])
        #expect(r.status == 69, "\(r)")
        #expect(r.stderr.contains("sway at /nonexistent/sway.sock: cannot connect"), "\(r.stderr)")
    }

    @Test func theLineIsTheNameEveryNameAndTheTitleEscapedForTheTerminal() throws {
        let r = try tactile(["bind", "focus", "--command", "printf", #"two\n\033[31mred\ttitle\n"#])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout == "two\ttwo\t\\u{1b}[31mred\\u{9}title\n", "\(r.stdout)")
        let none = try tactile(["bind", "focus", "--command", "true"])
        #expect(none.status == 0 && none.stdout == "\t\t\n", "\(none)")
        let failing = try tactile(["bind", "focus", "--command", "false"])
        #expect(failing.status == 69 && failing.stderr.contains("exited with status 1"), "\(failing)")
    }

    @Test(.timeLimit(.minutes(5))) func watchPrintsALinePerChangeUntilSIGTERM() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-focus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let name = directory.appendingPathComponent("name").path
        try "one\n".write(toFile: name, atomically: true, encoding: .utf8)

        let p = Process()
        p.executableURL = URL(fileURLWithPath: CommandTests.binary)
        p.arguments = ["bind", "focus", "--watch", "--command", "cat", name]
        p.environment = ["PATH": "/usr/bin:/bin"]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        let lines = Lines()
        out.fileHandleForReading.readabilityHandler = { handle in lines.append(handle.availableData) }
        try p.run()
        defer { if p.isRunning { p.interrupt() } }
        #expect(lines.wait { $0 == ["one\tone\t"] }, "\(lines.text)")
        try "two\n".write(toFile: name, atomically: true, encoding: .utf8)
        #expect(lines.wait { $0 == ["one\tone\t", "two\ttwo\t"] }, "\(lines.text)")
        try "\n".write(toFile: name, atomically: true, encoding: .utf8)
        #expect(lines.wait { $0.count == 3 }, "\(lines.text)")
        #expect(lines.lines.last == "\t\t")
        p.terminate()
        p.waitUntilExit()
        out.fileHandleForReading.readabilityHandler = nil
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(p.terminationReason) \(p.terminationStatus)")
    }

    /// The output of a running command, as it comes.
    final class Lines: @unchecked Sendable {
        private let lock = NSLock()
        private var data = Data()

        func append(_ more: Data) { lock.withLock { data.append(more) } }
        var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
        var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }

        /// Waits for the complete lines to satisfy `condition` (`Waiting.patience` at most).
        func wait(_ condition: ([String]) -> Bool) -> Bool {
            Waiting.until { condition(lines) }
        }
    }
}
