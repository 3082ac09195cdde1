import Foundation
import Tactile
import CLinux
@testable import TactileLinux
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// Real desktops for the focus tests, started headless in scratch directories and ended
/// with the test: sway (with foot, and XWayland when it is installed), and Xvfb with
/// openbox. Each test that needs one is enabled only when its programs are installed
/// (`make test-deps` installs them), so a bare machine skips it and says why.
enum Desktops {
    /// Whether every one of `programs` is on PATH.
    static func have(_ programs: String...) -> Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return programs.allSatisfy { program in
            path.split(separator: ":").contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
        }
    }

    /// `Waiting.patience` for a focus watcher's first reading of a desktop. (Loaded two-core
    /// machines were seen to need 5 s for openbox to set _NET_ACTIVE_WINDOW for a new
    /// xterm, and more than 20 s for a foot window to map.)
    static let firstReading = TimeSpan.seconds(Waiting.patience)

    /// A new directory under the temporary directory.
    static func scratch(_ prefix: String) throws -> String {
        var template = Array((NSTemporaryDirectory() + "/\(prefix)-XXXXXX").utf8CString)
        guard mkdtemp(&template) != nil else { throw Failure("mkdtemp failed") }
        return template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// Runs `argv` to its end (at most `seconds`), returning its standard output; throws
    /// when it fails or takes longer.
    @discardableResult
    static func run(_ argv: [String], environment: [String: String] = [:], seconds: Double = Waiting.patience) throws -> String {
        var fds: [Int32] = [-1, -1]
        guard pipe2(&fds, O_CLOEXEC) == 0 else { throw Failure("pipe failed") }
        defer { close(fds[0]) }
        let child = try Child(argv, environment: environment, stdout: fds[1])
        close(fds[1])
        defer { child.end() }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            var p = [pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)]
            guard poll(&p, 1, 50) > 0 else { continue }
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        guard let status = child.wait(seconds: max(0, end.timeIntervalSinceNow)) else {
            throw Failure("\(argv.joined(separator: " ")) took longer than \(seconds) s")
        }
        guard status == 0 else { throw Failure("\(argv.joined(separator: " ")) exited with \(status)") }
        return String(decoding: output, as: UTF8.self)
    }

    /// A process started by a test, in a process group of its own and with no signal
    /// blocked (through TactileLinux's `ProcessSpawn`: Foundation's `Process` passes on the
    /// mask of the test's thread, where SIGTERM is blocked, so its children outlive `end`).
    final class Child {
        let pid: pid_t
        private var reaped = false

        /// Starts `argv` with `environment` over this process's, standard output to
        /// `stdout` (or /dev/null), standard error to /dev/null.
        init(_ argv: [String], environment: [String: String], stdout: Int32? = nil) throws {
            do {
                pid = try ProcessSpawn.start(argv, environment: environment.map { "\($0.key)=\($0.value)" }, stdin: .null,
                                             stdout: stdout.map { .descriptor($0) } ?? .null, stderr: .null)
            } catch {
                throw Failure("cannot start \(argv[0]): \(error.message)")
            }
        }

        /// Its exit status once it has ended, waiting up to `seconds`; nil while it runs.
        func wait(seconds: Double) -> Int32? {
            let end = Date().addingTimeInterval(seconds)
            var status: Int32 = 0
            while true {
                if waitpid(pid, &status, WNOHANG) == pid {
                    reaped = true
                    return status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
                }
                if Date() >= end { return nil }
                usleep(5_000)
            }
        }

        /// Ends it and what it started in its group (SIGTERM, SIGKILL two seconds later),
        /// and reaps it.
        func end() {
            guard !reaped else { return }
            kill(-pid, SIGTERM)
            if wait(seconds: 2) == nil {
                kill(-pid, SIGKILL)
                _ = wait(seconds: 5)
            }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// sway on the headless wlroots backend with the pixman renderer (no GPU, no input
/// devices), in a runtime directory of its own. sway refuses to run as root, so under
/// root (as CI runs) it runs as `nobody` through setpriv.
final class HeadlessSway {
    let directory: String
    let socket: String
    private let process: Desktops.Child
    private let environment: [String: String]

    init() throws {
        directory = try Desktops.scratch("tactile-sway")
        let runtime = directory + "/run"
        mkdir(runtime, 0o700)
        try "output HEADLESS-1 resolution 800x600\n".write(toFile: directory + "/config", atomically: true, encoding: .utf8)
        environment = [
            "PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": directory, "XDG_RUNTIME_DIR": runtime, "LANG": "C.UTF-8",
            "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_RENDERER": "pixman",
        ]
        var argv = ["sway", "-c", directory + "/config"]
        if getuid() == 0 {
            for path in [directory, runtime, directory + "/config"] { chown(path, 65534, 65534) }
            argv = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + argv
        }
        process = try Desktops.Child(argv, environment: environment)
        // Ready once its IPC socket answers (the file exists a moment before it listens).
        var found: String?
        let ready = Waiting.until(every: 0.05) {
            found = (try? FileManager.default.contentsOfDirectory(atPath: runtime))?.first { $0.hasPrefix("sway-ipc.") }
            guard let found else { return false }
            return (try? Desktops.run(["swaymsg", "-s", runtime + "/" + found, "-t", "get_version"])) != nil
        }
        guard ready, let found else {
            process.end()
            try? FileManager.default.removeItem(atPath: directory)
            throw Desktops.Failure("sway did not start (no IPC socket answering in \(runtime) within \(Waiting.patience) s)")
        }
        socket = runtime + "/" + found
    }

    /// Writes a file in sway's directory that its clients can read; its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        if getuid() == 0 { chown(path, 65534, 65534) }
        return path
    }

    /// Runs a sway command (`[app_id=one] focus`, `exec foot`).
    func command(_ text: String) throws {
        try Desktops.run(["swaymsg", "-s", socket, text])
    }

    /// Waits until a window whose app_id (Wayland) or class (XWayland) is `name` is mapped
    /// (sway puts a view in its tree when it maps it); false if `patience` passes first.
    /// An `exec`ed client takes its time to start, the more so on a busy machine: a
    /// command naming its window before then fails (swaymsg exits 2).
    func waitForWindow(_ name: String) -> Bool {
        Waiting.until(every: 0.1) { (try? windows())?.contains(name) == true }
    }

    /// The app_id or X11 class of every window in sway's tree (`swaymsg -t get_tree`).
    func windows() throws -> [String] {
        let text = try Desktops.run(["swaymsg", "-s", socket, "-r", "-t", "get_tree"])
        var names: [String] = []
        func visit(_ node: [String: Any]) {
            if let id = node["app_id"] as? String { names.append(id) }
            if let properties = node["window_properties"] as? [String: Any], let c = properties["class"] as? String { names.append(c) }
            for key in ["nodes", "floating_nodes"] {
                for child in node[key] as? [[String: Any]] ?? [] { visit(child) }
            }
        }
        if let tree = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] { visit(tree) }
        return names
    }

    func stop() {
        process.end()
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Xvfb on a display number it picks itself, with a cookie it requires, and openbox as
/// its EWMH window manager.
final class HeadlessX11 {
    let directory: String
    let display: String
    /// The environment an X client of this server needs: DISPLAY and XAUTHORITY.
    let environment: [String: String]
    private var processes: [Desktops.Child] = []
    private var displayPipe: Int32 = -1

    init(windowManager: Bool = true, tcp: Bool = false) throws {
        directory = try Desktops.scratch("tactile-x11")
        // One entry for every address and display (family 65535, no number): the server
        // reads it with -auth, the clients through XAUTHORITY.
        let cookie = (0..<16).map { _ in UInt8.random(in: 0...255) }
        var file: [UInt8] = [0xff, 0xff, 0, 0, 0, 0]
        let name = Array("MIT-MAGIC-COOKIE-1".utf8)
        file += [0, UInt8(name.count)] + name + [0, 16] + cookie
        let authority = directory + "/Xauthority"
        _ = FileManager.default.createFile(atPath: authority, contents: Data(file))

        // Xvfb writes the display number it took once it listens, and again after each
        // server reset, exiting if it cannot: the pipe stays open until `stop`, and
        // -noreset keeps the server as it is when its last client leaves.
        var fds: [Int32] = [-1, -1]
        guard pipe2(&fds, O_CLOEXEC) == 0 else { throw Desktops.Failure("pipe failed") }
        displayPipe = fds[0]
        let xvfb = try Desktops.Child(["Xvfb", "-displayfd", "1", "-noreset", tcp ? "-listen" : "-nolisten", "tcp", "-auth", authority, "-screen", "0", "800x600x24"],
                                      environment: [:], stdout: fds[1])
        close(fds[1])
        processes.append(xvfb)
        var p = [pollfd(fd: fds[0], events: Int16(POLLIN), revents: 0)]
        var buffer = [UInt8](repeating: 0, count: 32)
        let n = poll(&p, 1, Int32(Waiting.patience * 1000)) > 0 ? read(fds[0], &buffer, buffer.count) : 0
        let number = String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, Int(number) != nil else {
            xvfb.end()
            close(displayPipe)
            try? FileManager.default.removeItem(atPath: directory)
            throw Desktops.Failure("Xvfb did not say its display number")
        }
        display = ":" + number
        environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": directory, "DISPLAY": display, "XAUTHORITY": authority]
        if windowManager {
            processes.append(try Desktops.Child(["openbox", "--sm-disable"], environment: environment))
            // openbox is ready once it has set _NET_SUPPORTING_WM_CHECK on the root.
            let ready = Waiting.until(every: 0.1) {
                (try? Desktops.run(["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], environment: environment))?.contains("window id") == true
            }
            guard ready else {
                stop()
                throw Desktops.Failure("openbox did not set _NET_SUPPORTING_WM_CHECK within \(Waiting.patience) s")
            }
        }
    }

    /// Starts an X client in the background.
    func start(_ argv: [String]) throws {
        processes.append(try Desktops.Child(argv, environment: environment))
    }

    /// The first mapped (viewable) window of class `windowClass`, waiting for one: an
    /// unmapped one cannot be activated yet.
    func window(ofClass windowClass: String) -> String? {
        var id: String?
        _ = Waiting.until(every: 0.1) {
            id = (try? Desktops.run(["xdotool", "search", "--onlyvisible", "--class", windowClass], environment: environment))?
                .split(separator: "\n").first.map(String.init)
            return id != nil
        }
        return id
    }

    func xdotool(_ arguments: String...) throws {
        try Desktops.run(["xdotool"] + arguments, environment: environment)
    }

    func stop() {
        for p in processes.reversed() { p.end() }
        close(displayPipe)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// Every value `changed` was called with, in order.
final class FocusChanges: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [FocusedApplication?] = []

    var record: @Sendable (FocusedApplication?) -> Void {
        { [self] value in lock.withLock { values.append(value) } }
    }

    var all: [FocusedApplication?] { lock.withLock { values } }

    /// The main names of the changes to an application, a repeat (a title change) once.
    var names: [String] {
        var out: [String] = []
        for case let value? in all {
            let name = value.name ?? ""
            if out.last != name { out.append(name) }
        }
        return out
    }
}
