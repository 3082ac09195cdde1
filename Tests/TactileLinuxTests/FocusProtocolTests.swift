import Foundation
import Testing
import Tactile
@testable import TactileLinux
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The watcher against desktops the test plays itself: Hyprland (not in Debian 12, so its
/// protocol is served by a fake), the command source, and desktops that answer garbage,
/// too much, or nothing. None needs anything installed.
struct FocusProtocolTests {
    @Test(.timeLimit(.minutes(5))) func hyprlandIsAskedForTheActiveWindowOnEachEvent() throws {
        let hypr = try FakeHyprland()
        defer { hypr.stop() }
        hypr.setActive(#"{"address":"0x1","class":"firefox","initialClass":"firefox","title":"Start Page","xwayland":false}"#)
        let changes = FocusChanges()
        let watcher = try FocusWatcher(.hyprland(socket: hypr.socket), changed: changes.record)
        defer { watcher.stop() }
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading) == FocusedApplication(names: ["firefox"], title: "Start Page"))
        #expect(hypr.seen == ["j/activewindow"])
        #expect(Waiting.until { hypr.eventConnections == 1 })

        hypr.setActive(#"{"class":"kitty","initialClass":"terminal","title":"~, a title with a comma"}"#)
        hypr.event("workspace>>2\nactivewindow>>kitty,~, a title with a comma\nactivewindowv2>>0x2\n")
        #expect(Waiting.until { watcher.current?.name == "kitty" }, "got \(String(describing: watcher.current))")
        #expect(watcher.current == FocusedApplication(names: ["kitty", "terminal"], title: "~, a title with a comma"))

        // An event line may come in pieces.
        hypr.setActive("{}")
        hypr.event("activewin")
        usleep(50_000)
        hypr.event("dow>>,\n")
        #expect(Waiting.until { watcher.current == nil }, "got \(String(describing: watcher.current))")
        #expect(changes.all == [FocusedApplication(names: ["firefox"], title: "Start Page"),
                                FocusedApplication(names: ["kitty", "terminal"], title: "~, a title with a comma"), nil])
        // Events that say nothing of the focus ask nothing: the lines before a focus event
        // are read before it (one thread, in order), so once the focus it brings is seen,
        // all were; each focus event asks once.
        hypr.setActive(#"{"class":"a"}"#)
        hypr.event("activewindow>>a,\n")
        #expect(Waiting.until { watcher.current?.name == "a" }, "got \(String(describing: watcher.current))")
        let asked = hypr.seen.count
        hypr.setActive(#"{"class":"b"}"#)
        hypr.event("workspace>>3\nopenlayer>>bar\nactivewindow>>b,\n")
        #expect(Waiting.until { watcher.current?.name == "b" }, "got \(String(describing: watcher.current))")
        hypr.setActive(#"{"class":"c"}"#)
        hypr.event("activewindow>>c,\n")
        #expect(Waiting.until { watcher.current?.name == "c" }, "got \(String(describing: watcher.current))")
        #expect(hypr.seen.count == asked + 2, "\(hypr.seen)")
    }

    @Test(.timeLimit(.minutes(5))) func hyprlandGoingAwayMakesTheFocusNilAndItComesBack() throws {
        let hypr = try FakeHyprland()
        defer { hypr.stop() }
        hypr.setActive(#"{"class":"foot","initialClass":"foot","title":"t"}"#)
        let changes = FocusChanges()
        let watcher = try FocusWatcher(.hyprland(socket: hypr.socket), changed: changes.record)
        defer { watcher.stop() }
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading)?.name == "foot")
        #expect(Waiting.until { hypr.eventConnections == 1 })
        // The event stream ends (Hyprland restarting): nil, and why.
        hypr.dropEventConnections()
        #expect(Waiting.until { watcher.current == nil })
        #expect(watcher.failure?.message.contains("closed the connection") == true, "\(String(describing: watcher.failure))")
        // A second later the watcher is back.
        #expect(Waiting.until { watcher.current?.name == "foot" })
        #expect(hypr.eventConnections == 2)
        #expect(changes.all.map { $0?.name } == ["foot", nil, "foot"])
        #expect(watcher.failure == nil)
    }

    @Test func hyprlandAnsweringSomethingElseThanJSONIsAFailureThatSaysSo() throws {
        let directory = try Desktops.scratch("tactile-hypr")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let requests = try FakeSocketServer.answering(at: directory + "/.socket.sock", with: Array("unknown request".utf8))
        defer { requests.stop() }
        let events = try FakeSocketServer(path: directory + "/.socket2.sock") { _ in true }
        defer { events.stop() }
        let watcher = try FocusWatcher(.hyprland(socket: directory + "/.socket.sock"))
        defer { watcher.stop() }
        #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(watcher.current == nil)
        #expect(watcher.failure?.message.contains("not JSON") == true, "\(String(describing: watcher.failure))")
    }

    // MARK: The command source

    @Test func aCommandsFirstLineIsTheApplication() throws {
        let watcher = try FocusWatcher(.command(["sh", "-c", "echo two; echo 'its title'"]))
        defer { watcher.stop() }
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading) == FocusedApplication(names: ["two"], title: "its title"))
        let blank = try FocusWatcher(.command(["sh", "-c", "echo"]))
        defer { blank.stop() }
        #expect(try blank.waitForFirstReading(timeout: Desktops.firstReading) == nil)
    }

    @Test(.timeLimit(.minutes(5))) func theCommandRunsAtMostEveryQuarterSecondAndItsChangesAreFollowed() throws {
        let directory = try Desktops.scratch("tactile-focus-command")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let name = directory + "/name", runs = directory + "/runs"
        try "one\n".write(toFile: name, atomically: true, encoding: .utf8)
        func count() -> Int { ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").filter { $0 == "\n" }.count }
        let changes = FocusChanges()
        let start = MonotonicClock.now()
        let watcher = try FocusWatcher(.command(["sh", "-c", "echo >> \(runs); cat \(name)"]), changed: changes.record)
        defer { watcher.stop() }
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading)?.name == "one")
        try "two\n".write(toFile: name, atomically: true, encoding: .utf8)
        #expect(Waiting.until { watcher.current?.name == "two" })
        // It keeps running: three more runs after the change was seen.
        let seen = count()
        #expect(Waiting.until { count() >= seen + 3 }, "\(count()) runs")
        watcher.stop()
        let elapsed = (MonotonicClock.now() - start).seconds
        #expect(changes.names == ["one", "two"])
        // One run every 250 ms at most (and the first), not a spin: a busy machine runs it
        // less often, never more.
        #expect(count() <= Int(elapsed / 0.25) + 1, "\(count()) runs in \(elapsed) s")
    }

    @Test(.timeLimit(.minutes(5))) func aHangingCommandNeverBlocksCurrentAndIsKilledAfterASecond() throws {
        let directory = try Desktops.scratch("tactile-focus-hang")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let runs = directory + "/runs"
        func count() -> Int { ((try? String(contentsOfFile: runs, encoding: .utf8)) ?? "").filter { $0 == "\n" }.count }
        // Each run says it began, then hangs.
        let watcher = try FocusWatcher(.command(["sh", "-c", "echo >> \(runs); exec sleep 10"]))
        #expect(Waiting.until { count() >= 1 })
        // `current` is a copy under a lock, never the run: 10 000 reads while the command
        // hangs take a moment. Were a read to wait for the run, each would wait up to the
        // second a run is given: hours.
        let start = MonotonicClock.now()
        for _ in 0..<10_000 { _ = watcher.current }
        #expect((MonotonicClock.now() - start).seconds < 10)
        #expect(watcher.current == nil)
        // Killed at its timeout: left to itself, `sleep 10` would end well, and read nil.
        #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(watcher.failure?.message.contains("took longer than 1.0 s and was killed") == true, "\(String(describing: watcher.failure))")
        // Stopped in the middle of a run (the next one, just begun): at once. Were the run
        // left to its timeout, stop would return nearly a second later.
        let begun = count()
        #expect(Waiting.until(every: 0.001) { count() > begun })
        let stopping = MonotonicClock.now()
        watcher.stop()
        #expect((MonotonicClock.now() - stopping).seconds < 0.5)
    }

    @Test func aCommandThatFailsOrCannotStartSaysSo() throws {
        let failing = try FocusWatcher(.command(["sh", "-c", "echo firefox; exit 3"]))
        defer { failing.stop() }
        #expect(throws: TactileError.self) { try failing.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(failing.failure?.message.contains("exited with status 3") == true)
        let missing = try FocusWatcher(.command(["/nonexistent/program"]))
        defer { missing.stop() }
        #expect(throws: TactileError.self) { try missing.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(missing.failure?.message.contains("No such file") == true, "\(String(describing: missing.failure))")
        #expect(throws: TactileError.self) { try FocusWatcher(.command([])) }
    }

    // MARK: Desktops that are gone, or answer garbage

    @Test(.timeLimit(.minutes(5))) func garbageOnTheSwaySocketIsNilAndRetriedOnceASecond() throws {
        let directory = try Desktops.scratch("tactile-garbage")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try FakeSocketServer.answering(at: directory + "/ipc.sock", with: Array("this is not what sway says at all".utf8))
        defer { server.stop() }
        let start = MonotonicClock.now()
        let watcher = try FocusWatcher(.sway(socket: server.path))
        defer { watcher.stop() }
        #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(watcher.current == nil)
        #expect(watcher.failure?.message.contains("not an i3 IPC message") == true, "\(String(describing: watcher.failure))")
        // Two connections an attempt, an attempt a second at most: the third attempt (its
        // fifth connection) comes 2 s after the first at the earliest, never in a spin.
        #expect(Waiting.until { server.connections >= 5 }, "\(server.connections) connections")
        let third = MonotonicClock.now()
        #expect((third - start).seconds >= 2, "three attempts in \((third - start).seconds) s")
    }

    @Test func aPayloadOver16MiBIsRefusedUnread() throws {
        let directory = try Desktops.scratch("tactile-huge")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A header announcing 17 MiB, and none of them.
        let header = Array("i3-ipc".utf8) + withUnsafeBytes(of: UInt32(17 << 20)) { Array($0) } + withUnsafeBytes(of: UInt32(2)) { Array($0) }
        let server = try FakeSocketServer.answering(at: directory + "/ipc.sock", with: header, keepOpen: true)
        defer { server.stop() }
        let watcher = try FocusWatcher(.sway(socket: server.path))
        defer { watcher.stop() }
        #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(watcher.failure?.message.contains("more than 16 MiB is refused") == true, "\(String(describing: watcher.failure))")
    }

    @Test func aSocketNobodyListensOnIsNilAndSaysSo() throws {
        let directory = try Desktops.scratch("tactile-closed")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // A socket file whose server has gone: connecting is refused.
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = directory + "/dead:0"  // also a DISPLAY naming its socket, as XQuartz does
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) } }
        close(fd)
        for desktop in [FocusWatcher.Desktop.sway(socket: path), .hyprland(socket: path), .x11(display: path)] {
            let watcher = try FocusWatcher(desktop)
            defer { watcher.stop() }
            #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
            #expect(watcher.current == nil)
            #expect(watcher.failure?.kind == .unavailable, "\(desktop): \(String(describing: watcher.failure))")
        }
    }

    @Test func anXServerThatAnswersGarbageIsAFailureThatSaysSo() throws {
        let directory = try Desktops.scratch("tactile-fake-x")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // "Success", with a setup reply of no bytes at all.
        let server = try FakeSocketServer.answering(at: directory + "/X:0", with: [1, 0, 11, 0, 0, 0, 0, 0])
        defer { server.stop() }
        let watcher = try FocusWatcher(.x11(display: directory + "/X:0"), environment: [:])
        defer { watcher.stop() }
        #expect(throws: TactileError.self) { try watcher.waitForFirstReading(timeout: Desktops.firstReading) }
        #expect(watcher.failure?.message.contains("setup reply of 0 bytes") == true, "\(String(describing: watcher.failure))")
    }

    @Test func stopEndsTheThreadAndAStoppedWatcherStaysNil() throws {
        let hypr = try FakeHyprland()
        defer { hypr.stop() }
        hypr.setActive(#"{"class":"a","title":"b"}"#)
        let watcher = try FocusWatcher(.hyprland(socket: hypr.socket))
        #expect(try watcher.waitForFirstReading(timeout: Desktops.firstReading)?.name == "a")
        #expect(Waiting.until { hypr.eventConnections == 1 })
        watcher.stop()
        watcher.stop()
        // The event connection was closed: a write to it now fails on the server's side.
        let asked = hypr.seen.count
        hypr.event("activewindow>>a,b\n")
        usleep(100_000)
        #expect(hypr.seen.count == asked)
    }
}
