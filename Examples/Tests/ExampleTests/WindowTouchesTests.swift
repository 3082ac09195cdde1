import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The windowed apps with no recording, driven by the window's own input: the mouse as one
/// finger (Xvfb has no touch device; xdotool moves and clicks its pointer). The window is
/// the touch surface at the display's size: 25.4 / 96 mm a pixel on Xvfb's 96 dots per inch.
@Suite struct WindowTouchesTests {
    static let millimetresPerPixel = 25.4 / 96

    struct Session {
        var lines: [[String: Any]]
        var shot: Screenshot
    }

    /// Runs `app` (no recording, `--screenshot`) on a fresh Xvfb, does `input` with xdotool
    /// to its window (given its id) until the app has written the line of event `last`,
    /// then closes it with q and reads what it wrote.
    static func session(_ app: String, title: String, until last: String,
                        _ input: (_ xdotool: ([String]) throws -> Void) throws -> Void) throws -> Session {
        try VirtualDisplay.with { display in
            let shot = FileManager.default.temporaryDirectory.appendingPathComponent("\(app)-touches-\(getpid()).bmp")
            defer { try? FileManager.default.removeItem(at: shot) }
            let p = Process()
            p.executableURL = Example.root.appendingPathComponent(".build/debug/\(app)")
            p.arguments = ["--screenshot", shot.path]
            p.environment = ProcessInfo.processInfo.environment.merging(display) { $1 }
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            defer { if p.isRunning { kill(p.processIdentifier, SIGKILL) } }
            func xdotool(_ arguments: [String]) throws -> String {
                let x = Process()
                x.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
                x.arguments = ["\(Int(Example.patience))", "xdotool"] + arguments
                x.environment = p.environment
                let pipe = Pipe()
                x.standardOutput = pipe
                try x.run()
                let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                x.waitUntilExit()
                guard x.terminationStatus == 0 else { throw ExampleError("xdotool \(arguments): exit \(x.terminationStatus)") }
                return text
            }
            // The app's window once it is mapped (the app shows it once it is ready).
            let window = try xdotool(["search", "--sync", "--onlyvisible", "--name", title])
                .split(separator: "\n").first.map(String.init) ?? ""
            try input { try _ = xdotool($0.map { $0 == "WINDOW" ? window : $0 }) }
            // The input is the app's once it has said what it made of it: q sent sooner
            // could come in the same frame as the input and close the window first.
            var output: [UInt8] = []
            func lines() throws -> [[String: Any]] {
                try String(decoding: output, as: UTF8.self).split(separator: "\n").map {
                    try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any]
                }
            }
            /// Whether the lines read so far, each whole, hold the one of event `last`.
            func said() throws -> Bool {
                guard output.last == UInt8(ascii: "\n") else { return false }
                return try lines().contains { $0.string("event") == last }
            }
            let fd = out.fileHandleForReading.fileDescriptor
            let deadline = Date().addingTimeInterval(Example.patience)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while try !said() {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let left = deadline.timeIntervalSinceNow
                guard left > 0, poll(&ready, 1, Int32(min(left, 1) * 1000)) >= 0 else {
                    throw ExampleError("\(app) wrote no \(last) line: \(String(decoding: output, as: UTF8.self))")
                }
                guard ready.revents != 0 else { continue }
                let n = read(fd, &chunk, chunk.count)
                guard n > 0 else { throw ExampleError("\(app) ended without a \(last) line: \(String(decoding: output, as: UTF8.self))") }
                output += chunk[0..<n]
            }
            // q to the app's window as it is now, found anew at each try: the id found at the
            // start can be gone by the end (xdotool's BadWindow, in CI on 2026-12-01, with the
            // suites' windows opening at once), and an app that has closed needs none.
            let exited = Date().addingTimeInterval(Example.patience)
            while p.isRunning, Date() < exited {
                let windows = (try? xdotool(["search", "--onlyvisible", "--name", title]))?.split(separator: "\n").map(String.init) ?? []
                for w in windows where p.isRunning { _ = try? xdotool(["key", "--window", w, "q"]) }
                let tried = Date().addingTimeInterval(0.5)
                while p.isRunning, Date() < tried { usleep(20_000) }
            }
            guard !p.isRunning else { throw ExampleError("\(app) did not close on q") }
            output += out.fileHandleForReading.readDataToEndOfFile()
            #expect(p.terminationStatus == 0)
            return Session(lines: try lines(), shot: try Screenshot(path: shot.path))
        }
    }

    @Test func aClickOnTheInlineViewTakesItFullscreen() throws {
        // The window, 340 × 600 pixels, is the portrait screen; the inline view spans x 5 to
        // 95 % and starts 15 % down, 16:9: its middle is at (170, 176).
        // A single tap is a tap once no second one can follow: the app says so then.
        let s = try Self.session("fullscreen-rotate-window", title: "fullscreen-rotate", until: "fullscreen") { xdotool in
            try xdotool(["mousemove", "--window", "WINDOW", "170", "176", "click", "1"])
        }
        #expect(s.lines.map { $0.string("event") } == ["start", "fullscreen"])
        // The screen in mm is the window at 96 dots per inch.
        #expect(close(s.lines[1].numbers("bounds"), [340 * Self.millimetresPerPixel, 600 * Self.millimetresPerPixel]))
        let found = Card.found(in: s.shot)
        let expected = Card.markers(340, 600)
        #expect(Card.worst(expected, found) <= 2, "\(found)")
    }

    @Test func aMouseDragPansTheCard() throws {
        // From the middle of the 800 × 450 window, 100 px right and 50 down in ten steps.
        let s = try Self.session("frame-editor-window", title: "frame-editor", until: "groupEnded") { xdotool in
            try xdotool(["mousemove", "--window", "WINDOW", "400", "225", "mousedown", "1"])
            for i in 1...10 {
                try xdotool(["mousemove", "--window", "WINDOW", "\(400 + 10 * i)", "\(225 + 5 * i)"])
            }
            try xdotool(["mouseup", "1"])
        }
        let k = Self.millimetresPerPixel
        let group = try #require(s.lines.last { $0.string("event") == "groupEnded" })
        #expect(close(group.numbers("translation"), [100 * k, 50 * k], 1e-6), "\(group.numbers("translation"))")
        // The card, 30 × 18 mm, started in the middle of the window: it is 100, 50 px on.
        let start = ((800 * k - 30) / 2, (450 * k - 18) / 2)
        let expected = Card.markers(30, 18).map { ((start.0 + $0.0) / k + 100, (start.1 + $0.1) / k + 50) }
        let found = Card.found(in: s.shot)
        #expect(Card.worst(expected, found) <= 2, "\(found)")
    }
}
