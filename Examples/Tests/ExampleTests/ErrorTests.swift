import Foundation
import Testing

/// Bad input to an example: a clear message and a sysexits code, as the command line does.
@Suite struct ErrorTests {
    @Test(arguments: ["fullscreen-rotate", "frame-editor", "rotating-gallery", "force-zoom", "image-tour",
                      "frame-editor-window", "fullscreen-rotate-window", "gesture-lines"])
    func aMissingRecordingExits66(_ app: String) throws {
        let run = try Example.run(app, ["/nonexistent/recording.jsonl"])
        #expect(run.status == 66)
        #expect(run.error.contains("/nonexistent/recording.jsonl"))
        #expect(run.lines.isEmpty)
    }

    @Test func anUnknownOptionExits64() throws {
        let run = try Example.run("image-tour", ["--zoom", "3"])
        #expect(run.status == 64)
        #expect(run.error.contains("--zoom"))
    }

    /// The windowed apps with no display say so, rather than drawing where nobody sees.
    @Test(arguments: ["frame-editor-window", "fullscreen-rotate-window"])
    func aWindowWithNoDisplayExits69(_ app: String) throws {
        let run = try Example.run(app, [Example.recording("frame-edit.jsonl"), "--fast"],
                                  environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "SDL_VIDEODRIVER": ""])
        #expect(run.status == 69)
        #expect(run.error.contains("no display"))
    }

    @Test func theWindowsOptionsAreChecked() throws {
        let fast = try Example.run("frame-editor-window", ["--fast"])
        #expect(fast.status == 64 && fast.error.contains("--fast and --stop-at are for a recording"))
        let stop = try Example.run("fullscreen-rotate-window", [Example.recording("phone-session.jsonl"), "--stop-at", "soon"])
        #expect(stop.status == 64 && stop.error.contains("--stop-at takes seconds"))
        // The screenshot's folder is missing: said before any window opens.
        let shot = try Example.run("frame-editor-window", [Example.recording("frame-edit.jsonl"), "--screenshot", "/nonexistent/s.bmp"])
        #expect(shot.status == 73 && shot.error.contains("/nonexistent/s.bmp"))
    }
}
