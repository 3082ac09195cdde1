import Foundation
import Testing

/// Tap to fullscreen and rotate, in a window under Xvfb, on `phone-session` (the tap at
/// 0.5 s zooms the view to fullscreen; landscapeLeft from 1.7 s, landscapeRight at 6.2 s,
/// upside down at 7.1 s, back inline after the tap at 7.8 s): at each moment the
/// screenshot shows the test card filling the screen turned as the orientation says, or
/// inline and upright.
@Suite struct FullscreenRotateWindowTests {
    /// The phone's screen, 68 × 151 mm, as large as fits 800 × 600 pixels.
    static let screen = (68.0, 151.0)
    static let pixelsPerMM = min(800 / 68.0, 600 / 151.0)

    struct Moment {
        var lines: [[String: Any]]
        var shot: Screenshot
    }

    /// The window with the recording stopped at 2 s, 6.5 s and 7.5 s, and at its end: one Xvfb
    /// (read-only after, so shared unchecked: JSON objects are not Sendable).
    nonisolated(unsafe) static let moments = Result { () throws -> [Moment] in
        try VirtualDisplay.with { display in
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fullscreen-window-\(getpid())")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            return try [["--stop-at", "2"], ["--stop-at", "6.5"], ["--stop-at", "7.5"], []].enumerated().map { i, stop in
                let shot = folder.appendingPathComponent("\(i).bmp").path
                let lines = try Example.lines("fullscreen-rotate-window",
                                              [Example.recording("phone-session.jsonl"), "--fast", "--screenshot", shot] + stop,
                                              environment: display)
                return Moment(lines: lines, shot: try Screenshot(path: shot))
            }
        }
    }

    /// Where the card's markers are in the window, from a line's `bounds` and `transform`.
    func markers(_ line: [String: Any]) -> [(Double, Double)] {
        let b = line.numbers("bounds"), t = line.numbers("transform")
        return Card.markers(b[0], b[1]).map {
            let p = apply(t, $0)
            return (p.0 * Self.pixelsPerMM, p.1 * Self.pixelsPerMM)
        }
    }

    /// Whether the window's corner pixels show the card (fullscreen) rather than the
    /// background around an inline view.
    func cornersShowTheCard(_ shot: Screenshot) -> Bool {
        [(1, 1), (shot.width - 2, 1), (1, shot.height - 2), (shot.width - 2, shot.height - 2)].allSatisfy { x, y in
            let p = shot.rgb(x, y)
            return p.r + p.g + p.b > 300
        }
    }

    /// The screen's quarter the card's top-left (red) marker is in, for each orientation:
    /// content turns clockwise by π/2 in landscapeLeft, −π/2 in landscapeRight, π upside down.
    static let redCorner: [String: (left: Bool, top: Bool)] = ["portrait": (left: true, top: true), "landscapeLeft": (false, true),
                            "portraitUpsideDown": (false, false), "landscapeRight": (true, false)]

    @Test(arguments: [0, 1, 2])
    func inFullscreenTheCardFillsTheScreenTurnedAsTheOrientationSays(_ index: Int) throws {
        let moment = try Self.moments.get()[index]
        let line = try #require(moment.lines.last)
        #expect(line.bool("fullscreen") == true)
        #expect(line.string("orientation") == ["landscapeLeft", "landscapeRight", "portraitUpsideDown"][index])
        #expect(moment.shot.width == 270 && moment.shot.height == 600)
        #expect(cornersShowTheCard(moment.shot))
        let found = Card.found(in: moment.shot)
        let worst = Card.worst(markers(line), found)
        #expect(worst <= 2, "markers \(found) are \(worst) px from where the line puts them")
        let red = try #require(found[0])
        let corner = try #require(Self.redCorner[line.string("orientation")])
        #expect((red.x < 135) == corner.left && (red.y < 300) == corner.top, "red at \(red)")
        // Negative control: the view inline and upright, where it started, is not what shows.
        #expect(Card.worst(markers(moment.lines[0]), found) > 40)
    }

    @Test func afterTheSecondTapTheViewIsInlineAndUpright() throws {
        let moment = try Self.moments.get()[3]
        let line = try #require(moment.lines.last)
        #expect(line.string("event") == "inline" && line.bool("fullscreen") == false)
        #expect(!cornersShowTheCard(moment.shot))
        let found = Card.found(in: moment.shot)
        #expect(Card.worst(markers(line), found) <= 2, "\(found)")
        #expect(Card.worst(markers(moment.lines[0]), found) <= 2)
    }
}
