import Foundation
import Testing
import TestSupport

/// Every gesture line of the touchscreen goldens, checked against the recording's own
/// frames by arithmetic written here, not against the code's earlier output: its time is a
/// frame's (or, for a line a timer wrote, the frame's time plus the documented wait), its
/// location is the centroid of the fingers then, and a pan's translation, a pinch's scale
/// and a rotate's angle are what the frames give:
/// - translation: the centroid's motion summed over consecutive frames, counting only the
///   fingers in both (a finger landing or lifting moves no content, as in UIKit);
/// - scale: the two fingers' distance over their distance in the frame the second landed;
/// - rotation: the turn of the line between them since then, unwrapped frame by frame.
/// Frames and lines are read as plain JSON, not through Tactile.
struct GoldenLinesFromFramesTests {
    typealias Object = [String: Any]

    struct Contact { var id: Int; var x: Double; var y: Double }
    struct Frame { var t: Double; var contacts: [Contact] }

    /// The touchscreen recordings with gesture goldens (touchpads leave thumbs and resting
    /// fingers out of the centroid, by design; see TouchpadTests).
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Paths.recordings.path)) ?? [])
        .filter { $0.hasSuffix(".expected.jsonl") }
        .map { String($0.dropLast(".expected.jsonl".count)) }
        .filter { name in
            guard let header = try? lines(name + ".jsonl").first,
                  let devices = header["devices"] as? [Object] else { return false }
            return devices.first?["kind"] as? String == "touchscreen" && devices.count == 1
        }
        .sorted()

    static func lines(_ file: String) throws -> [Object] {
        try String(contentsOf: Paths.recordings.appendingPathComponent(file), encoding: .utf8)
            .split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! Object }
    }

    static func frames(_ name: String) throws -> [Frame] {
        try lines(name + ".jsonl").dropFirst().compactMap { line in
            guard let touches = line["touches"] as? [Object] else { return nil }
            return Frame(t: line["t"] as! Double, contacts: touches.map {
                Contact(id: $0["id"] as! Int, x: $0["x"] as! Double, y: $0["y"] as! Double)
            })
        }
    }

    static func centroid(_ c: [Contact]) -> (x: Double, y: Double) {
        (c.map(\.x).reduce(0, +) / Double(c.count), c.map(\.y).reduce(0, +) / Double(c.count))
    }

    static func distance(_ a: Contact, _ b: Contact) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    static func angle(_ a: Contact, _ b: Contact) -> Double { atan2(b.y - a.y, b.x - a.x) }

    // The documented defaults (docs/gestures.md) for lines a timer writes.
    static let multiTapInterval = 0.3
    static let longPressMinDuration = 0.5

    @Test(arguments: names)
    func everyLineIsWhatTheFramesGive(_ name: String) throws {
        let frames = try Self.frames(name)
        let golden = try Self.lines(name + ".expected.jsonl").filter { $0["gesture"] != nil }
        try #require(!golden.isEmpty)
        for line in golden {
            let t = line["t"] as! Double, gesture = line["gesture"] as! String, state = line["state"] as! String
            let fingers = line["fingers"] as! Int
            let location = line["location"] as! [Double]
            let what = "\(name) at \(t): \(gesture) \(state)"
            guard let i = frames.firstIndex(where: { $0.t == t }) else {
                // Written by a timer: a tap when no further tap came in time after the last
                // lift, a long press when the finger was held long enough after touching down.
                let before = try #require(frames.lastIndex { $0.t < t }, "\(what): before any frame")
                if gesture == "tap" {
                    #expect(frames[before].contacts.isEmpty && abs(t - frames[before].t - Self.multiTapInterval) < 1e-9, "\(what)")
                } else if gesture == "longPress" && state == "began" {
                    // Held long enough after the last finger of the hold landed: the last
                    // frame of the sequence where the count rose.
                    let start = (frames[...before].lastIndex { $0.contacts.isEmpty }).map { $0 + 1 } ?? 0
                    let down = try #require((start...before).last { k in
                        k == start || frames[k].contacts.count > frames[k - 1].contacts.count })
                    #expect(abs(t - frames[down].t - Self.longPressMinDuration) < 1e-9, "\(what)")
                } else {
                    Issue.record("\(what): at no frame's time and not a timer's line")
                }
                let last = try #require(frames[...before].last { $0.contacts.count == fingers })
                expectNear(Self.centroid(last.contacts), location, what + " location")
                continue
            }
            // Where the fingers were: this frame, or the frame before if all lifted here
            // (a tap's fingers as many as it counts); a line of more fingers than are down
            // here (a swipe decided as its first finger lifts) counts those that lifted in
            // this frame too, where they last were (UIKit's location at .ended).
            var here = frames[i].contacts.isEmpty
                ? try #require(frames[...i].last { $0.contacts.count == fingers }, "\(what)").contacts
                : frames[i].contacts
            if !frames[i].contacts.isEmpty && fingers > here.count && i > 0 {
                let lifted = frames[i - 1].contacts.filter { c in !frames[i].contacts.contains { $0.id == c.id } }
                here += lifted.prefix(fingers - here.count)
            }
            expectNear(Self.centroid(here), location, what + " location")
            // The last frame with fingers down, and the first of their touch sequence.
            let end = frames[i].contacts.isEmpty ? i - 1 : i
            let start = (frames[...end].lastIndex { $0.contacts.isEmpty }).map { $0 + 1 } ?? 0
            switch gesture {
            case "pan":
                var dx = 0.0, dy = 0.0
                for k in (start + 1)..<(end + 1) {
                    let a = frames[k - 1].contacts, b = frames[k].contacts
                    let common = b.filter { c in a.contains { $0.id == c.id } }.map(\.id)
                    guard !common.isEmpty else { continue }
                    let ca = Self.centroid(a.filter { common.contains($0.id) }), cb = Self.centroid(b.filter { common.contains($0.id) })
                    dx += cb.x - ca.x
                    dy += cb.y - ca.y
                }
                expectNear((dx, dy), line["translation"] as! [Double], what + " translation")
            case "pinch", "rotate":
                let second = try #require(frames[start...end].firstIndex { $0.contacts.count >= 2 }, "\(what)")
                let first = frames[second].contacts
                if gesture == "pinch" {
                    let now = try #require(frames[second...end].last { $0.contacts.count >= 2 }, "\(what)").contacts
                    let scale = Self.distance(now[0], now[1]) / Self.distance(first[0], first[1])
                    #expect(abs(scale - (line["scale"] as! Double)) < 1e-3, "\(what): scale \(line["scale"]!), frames give \(scale)")
                } else {
                    var turned = 0.0, previous = Self.angle(first[0], first[1])
                    for k in (second + 1)..<(end + 1) where frames[k].contacts.count >= 2 {
                        let a = Self.angle(frames[k].contacts[0], frames[k].contacts[1])
                        var d = (a - previous).truncatingRemainder(dividingBy: 2 * .pi)
                        if d > .pi { d -= 2 * .pi } else if d < -.pi { d += 2 * .pi }
                        turned += d
                        previous = a
                    }
                    #expect(abs(turned - (line["rotation"] as! Double)) < 1e-3, "\(what): rotation \(line["rotation"]!), frames give \(turned)")
                }
            default:
                break
            }
        }
    }

    private func expectNear(_ expected: (x: Double, y: Double), _ got: [Double], _ what: String,
                            sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(abs(expected.x - got[0]) < 0.01 && abs(expected.y - got[1]) < 0.01,
                "\(what): \(got), frames give [\(expected.x), \(expected.y)]", sourceLocation: sourceLocation)
    }

    /// How many golden lines this checks, so the count can be said and cannot shrink unseen.
    @Test func itChecksMostGoldenLines() throws {
        let checked = try Self.names.map { try Self.lines($0 + ".expected.jsonl").filter { $0["gesture"] != nil }.count }.reduce(0, +)
        #expect(checked >= 800, "\(checked) lines")
    }
}
