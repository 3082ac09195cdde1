import Foundation
import Tactile
import TactilePictures
import TestSupport
import Testing

/// Contacts' colours in the plot and the player (issue #48, finding 3): contacts down at the
/// same time never share one, and a panel's first ten (the legend's) all differ. Colours
/// came from the id's last digit, so contacts 0 and 10 of a busy panel were one colour.
@Suite struct ContactColoursTests {
    /// The pairs of tracks of a panel that are down at the same time and share a colour,
    /// leaving out moments with more than ten down (the palette has ten colours).
    static func clashes(_ panel: Scene.Panel) -> [String] {
        let tracks = panel.tracks
        var out: [String] = []
        for (i, a) in tracks.enumerated() {
            let aStart = a.points.first?.t ?? a.end
            for b in tracks[(i + 1)...] {
                let bStart = b.points.first?.t ?? b.end
                // b landed after a; they overlap while a is down.
                guard a.colour == b.colour, bStart < a.end || (!a.lifted && bStart <= a.end) else { continue }
                let down = tracks.filter { ($0.points.first?.t ?? $0.end) <= bStart && ($0.end > bStart || !$0.lifted) }.count
                if down <= 10 { out.append("\(a.id)@\(aStart) and \(b.id)@\(bStart): colour \(a.colour)") }
            }
        }
        return out
    }

    /// A scene of a trace written here: `contacts` as (id, first ms, last ms), each down
    /// from its first to its last frame (a frame every 10 ms).
    static func scene(_ contacts: [(Int, Int, Int)]) throws -> Scene {
        var lines = [#"{"format":"tactile-trace","version":1,"devices":[{"id":0,"name":"s","kind":"touchscreen","size":[150.0,90.0]}]}"#]
        let end = contacts.map(\.2).max() ?? 0
        for ms in stride(from: 0, through: end + 10, by: 10) {
            let down = contacts.filter { $0.1 <= ms && ms <= $0.2 }
                .map { #"{"id":\#($0.0),"x":\#(10 + $0.0),"y":\#(20 + Double(ms) / 100)}"# }
            lines.append(#"{"t":\#(Double(ms) / 1000),"dev":0,"touches":[\#(down.joined(separator: ","))]}"#)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("colours-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try (lines.joined(separator: "\n") + "\n").write(to: file, atomically: true, encoding: .utf8)
        return try Scene.of(try Recordings().open(file.path), title: "colours")
    }

    @Test func contactsZeroAndTenDownTogetherDiffer() throws {
        let tracks = try Self.scene([(0, 0, 200), (10, 50, 150)]).panels[0].tracks
        #expect(tracks.map(\.id) == [0, 10])
        #expect(tracks[0].colour == 0, "the first contact keeps its id's colour")
        #expect(tracks[0].colour != tracks[1].colour)
    }

    @Test func aPanelsFirstTenContactsAllDifferThenColoursAreReusedOnlyWhenFree() throws {
        // Ids 0, 10, 20, ... one after another, never two down at once: the legend's ten
        // still differ; the eleventh takes a colour again, one that is free.
        let contacts = (0..<12).map { (k: Int) in (k * 10, k * 30, k * 30 + 20) }
        let tracks = try Self.scene(contacts).panels[0].tracks
        #expect(Set(tracks.prefix(10).map(\.colour)).count == 10, "\(tracks.map(\.colour))")
        // Eleven down at once: ten different colours, the eleventh its id's.
        let crowd = try Self.scene((0..<11).map { ($0, $0 * 10, 300) }).panels[0]
        #expect(Set(crowd.tracks.prefix(10).map(\.colour)).count == 10)
        #expect(Self.clashes(crowd).isEmpty, "\(Self.clashes(crowd))")
    }

    /// The real recordings: a 3M touchscreen with many contacts, a bcm5974 clickpad, and
    /// the rest of the shared evemu recordings.
    @Test(.needsSharedRecordings, arguments: SharedRecording.allCases)
    func contactsDownTogetherInARealRecordingDiffer(_ recording: SharedRecording) throws {
        let scene = try Scene.of(try TactileTestsOpen(recording), title: recording.rawValue)
        for panel in scene.panels where !panel.isAccelerometer {
            #expect(Self.clashes(panel).isEmpty, "\(Self.clashes(panel).prefix(5))")
            let first = panel.tracks.prefix(10).map(\.colour)
            #expect(Set(first).count == first.count, "the legend's first ten: \(first)")
        }
    }
}
