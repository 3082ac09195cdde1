@testable import Tactile
import Testing

/// The tracker updates its finger list in place when it can and rebuilds it when fingers
/// change order; both must give the list in the frame's order with every value carried.
struct TouchTrackerTests {
    static func frame(_ ms: Int64, _ contacts: [(id: Int, x: Double, y: Double)], tool: [Int: Tool] = [:]) -> TouchFrame {
        var f = TouchFrame(time: Timestamp(microseconds: ms * 1000), device: 0)
        for c in contacts { f.contacts.append(Contact(id: c.id, position: Point(x: c.x, y: c.y), tool: tool[c.id] ?? .finger)) }
        return f
    }

    static func ids(_ t: TouchTracker) -> [Int] { t.fingers.map(\.id) }

    @Test func aFingerLandingFirstIsFirstAndTheOthersKeepTheirHistory() {
        var t = TouchTracker(landingSettle: .zero)
        t.update(Self.frame(0, [(5, 10, 10), (6, 30, 10)]))
        t.update(Self.frame(10, [(5, 12, 10), (6, 33, 10)]))
        // Contact 7 comes first in the frame (a lower slot); 5 lifted.
        t.update(Self.frame(20, [(7, 50, 50), (6, 34, 10)]))
        #expect(Self.ids(t) == [7, 6])
        #expect(t.landed == 1 && t.lifted == 1)
        #expect(t.fingers[1].downPosition == Point(x: 30, y: 10))
        #expect(t.fingers[1].maxTravel == 4)
        #expect(t.fingers[0].downTime == Timestamp(microseconds: 20_000))
        #expect(t.firstFinger?.id == 7)
        #expect(t.finger(6)?.position == Point(x: 34, y: 10))
        #expect(t.finger(5) == nil)
        #expect(t.centroid == Point(x: 42, y: 30))
        #expect(t.maxTravel == 4)
        // Only finger 6 was in both frames: the group moved by its 1 mm.
        #expect(t.translation == Vector(x: 2.5 + 1, y: 0))
    }

    @Test func fingersThatSwapPlacesAreRebuiltInFrameOrder() {
        var t = TouchTracker(landingSettle: .zero)
        t.update(Self.frame(0, [(1, 0, 0), (2, 10, 0), (3, 20, 0)]))
        t.update(Self.frame(10, [(3, 20, 1), (1, 0, 1), (2, 10, 1)]))
        #expect(Self.ids(t) == [3, 1, 2])
        #expect(t.fingers.allSatisfy { $0.maxTravel == 1 })
        #expect(t.translation == Vector(x: 0, y: 1))
        #expect(t.scale == 1)
    }

    @Test func inPlaceUpdateDropsLiftedFingersAndAppendsNewOnes() {
        var t = TouchTracker()
        t.update(Self.frame(0, [(1, 0, 0), (2, 10, 0), (3, 20, 0)]))
        t.update(Self.frame(10, [(1, 0, 0), (3, 20, 0), (4, 40, 0)]))
        #expect(Self.ids(t) == [1, 3, 4])
        #expect(t.trackedFingers == 3 && t.fingerCount == 3)
        #expect(t.fingers[2].downTime == Timestamp(microseconds: 10_000))
        t.update(Self.frame(20, []))
        #expect(t.sequenceEnded && t.trackedFingers == 0 && t.firstFinger == nil)
        // The centroid stays where the fingers were last.
        #expect(t.centroid == Point(x: 20, y: 0))
    }

    @Test func pensAndPalmsAreNotFingers() {
        var t = TouchTracker()
        t.update(Self.frame(0, [(1, 0, 0), (2, 10, 0)], tool: [1: .pen]))
        #expect(Self.ids(t) == [2])
        t.update(Self.frame(10, [(1, 5, 0), (2, 10, 0), (3, 20, 0)], tool: [1: .pen, 3: .palm]))
        #expect(Self.ids(t) == [2])
        #expect(t.translation == .zero)
    }

    /// The velocity kept per frame equals the one measured from scratch, for windows
    /// shorter and longer than the history holds, on uneven frame rates with long gaps.
    @Test(arguments: [TimeSpan.milliseconds(5), .milliseconds(40), .milliseconds(100), .milliseconds(400), .seconds(5)])
    func keptVelocityEqualsMeasured(window: TimeSpan) {
        var random = RandomTouches(seed: 11)
        var t = TouchTracker(velocityWindow: window)
        for case .touches(let f) in random.events(count: 3000) {
            t.update(f)
            let v = t.velocity, w = t.velocity(window: window)
            #expect(v.translation == w.translation && v.scale == w.scale && v.rotation == w.rotation, "at \(f.time)")
        }
    }

    /// A finger's first `landingSettle` is not travel, and the tracker says it is settling;
    /// once settled, travel counts from where it landed.
    @Test func aLandingSettlesBeforeItsMotionCounts() {
        var t = TouchTracker(landingSettle: .milliseconds(30))
        t.update(Self.frame(0, [(1, 10, 10)]))
        #expect(t.settling)
        t.update(Self.frame(10, [(1, 14, 10)]))
        #expect(t.maxTravel == 0 && t.settling)
        #expect(t.translation == Vector(x: 4, y: 0), "the group's motion is kept: a drag loses nothing")
        t.update(Self.frame(20, [(1, 10.5, 10)]))
        t.update(Self.frame(30, [(1, 10.5, 10)]))
        #expect(!t.settling)
        #expect(t.maxTravel == 0, "travel counts from where the finger settled")
        #expect(t.fingers[0].anchor == Point(x: 10.5, y: 10))
        #expect(t.settledTranslation == .zero)
        // A second finger landing makes the group settle again; the first keeps its anchor.
        t.update(Self.frame(40, [(1, 12, 10), (2, 40, 10)]))
        #expect(t.settling)
        #expect(t.maxTravel == 1.5)
        #expect(t.settledTranslation == .zero, "motion while a finger settles is not settled motion")
        // Finger 2 settled at 70 ms: of the 1 mm from 40 to 80 ms, the quarter after it counts.
        t.update(Self.frame(80, [(1, 13, 10), (2, 41, 10)]))
        #expect(t.settledTranslation == Vector(x: 0.25, y: 0))
        t.update(Self.frame(90, [(1, 14, 10), (2, 42, 10)]))
        #expect(t.settledTranslation == Vector(x: 1.25, y: 0))
        #expect(t.translation.x == 4, "the translation still counts from touch-down: 4 - 3.5 + 1.5 + 1 + 1")
    }

    /// On a semi-MT box a change of the finger count moves the corners, not the fingers:
    /// that frame moves nothing and travel counts again from the new corners.
    @Test func aSemiMTCountChangeMovesNothing() {
        var t = TouchTracker(landingSettle: .zero, semiMT: true)
        t.update(Self.frame(0, [(1, 10, 10)]))
        t.update(Self.frame(10, [(1, 10, 2), (2, 30, 10)]))  // the second finger: slot 0 becomes the box's corner
        #expect(t.translation == .zero)
        #expect(t.maxTravel == 0)
        t.update(Self.frame(20, [(1, 10, 3), (2, 30, 11)]))
        #expect(t.translation == Vector(x: 0, y: 1))
        #expect(t.maxTravel == 1)
        t.update(Self.frame(30, [(1, 10, 10)]))  // back to the one finger
        #expect(t.translation == Vector(x: 0, y: 1))
        var plain = TouchTracker(landingSettle: .zero)
        plain.update(Self.frame(0, [(1, 10, 10)]))
        plain.update(Self.frame(10, [(1, 10, 2), (2, 30, 10)]))
        #expect(plain.maxTravel == 8, "on a real multitouch device it is motion")
    }
}
