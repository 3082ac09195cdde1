import Foundation
import Testing

/// Bad input to an example: a clear message and a sysexits code, as the command line does.
@Suite struct ErrorTests {
    @Test(arguments: ["fullscreen-rotate", "frame-editor", "rotating-gallery", "force-zoom", "image-tour"])
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
}
