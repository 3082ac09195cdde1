import Foundation
import Testing
import Tactile
import TactilePictures

/// The pictures as a library: a scene made from a recording without the command, its
/// window, and the reviewed plot goldens drawn byte for byte from it.
@Suite struct SceneTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func scene(_ name: String, from: Double? = nil, to: Double? = nil) throws -> Scene {
        let reader = try Recordings().open(root.appendingPathComponent("Recordings/\(name)").path)
        return try Scene.of(reader, from: from, to: to, title: name)
    }

    /// The lines `recognize` writes for a recording (its reviewed golden).
    static func golden(_ name: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent("Recordings/\(name).expected.jsonl"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init)
    }

    @Test(arguments: ["pinch-rotate", "swipe-3finger-up-touchpad", "accelerometer-turn"])
    func thePlotGoldensAreDrawnFromTheLibrary(_ name: String) throws {
        let svg = PlotRenderer.svg(try Self.scene("\(name).jsonl"))
        let golden = try String(contentsOf: Self.root.appendingPathComponent("Recordings/\(name).plot.svg"), encoding: .utf8)
        #expect(svg == golden)
    }

    @Test func aSceneHoldsTheRecognizedLinesAndEveryContact() throws {
        let scene = try Self.scene("pinch-rotate.jsonl")
        #expect(scene.lines.map(\.event.jsonLine) == (try Self.golden("pinch-rotate")))
        #expect(scene.panels.count == 1)
        // Two fingers pinch and turn: two tracks, each lifted, each with a path.
        let tracks = scene.panels[0].tracks
        #expect(tracks.count == 2)
        #expect(tracks.allSatisfy { $0.lifted && $0.points.count > 2 })
    }

    @Test func aWindowKeepsWhatFallsInsideIt() throws {
        let whole = try Self.scene("three-taps.jsonl")
        let taps = whole.lines.filter { $0.event.gesture?.kind == .tap }
        try #require(taps.count >= 2)
        // A window that ends between the first and the second tap keeps the first alone.
        let cut = (taps[0].t + taps[1].t) / 2
        let early = try Self.scene("three-taps.jsonl", to: cut)
        #expect(early.lines.filter { $0.event.gesture?.kind == .tap }.map(\.t) == [taps[0].t])
        #expect(early.end <= cut)
    }

    @Test func theViewerPageCarriesEveryLine() throws {
        let scene = try Self.scene("pinch-rotate.jsonl")
        let html = ViewerPage.html(scene)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Each line is one item of the lines panel.
        #expect(html.components(separatedBy: "<li ").count - 1 == scene.lines.count)
    }
}
