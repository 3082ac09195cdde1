import Foundation
import Testing
import Tactile
import TactileBindings
import TestSupport

/// Under pass-through, which gestures take their touches from applications, and when
/// (docs/pass-through.md): over synthetic strokes whose timing is known, and over the
/// bundled recordings, each expectation written from what the document promises.
@Suite struct BinderClaimsTests {
    static let device = BinderTests.device

    static func actions(_ yaml: String, _ events: [InputEvent], claiming: Bool = true) throws -> [BoundAction] {
        boundActions(try BindingConfig.parse(yaml, file: "test.yaml"), InputDevices(devices: [device]), events, claiming: claiming)
    }

    /// The time of the last frame with a touch down.
    static func lastTouch(_ events: [InputEvent]) -> Timestamp {
        events.compactMap { if case .touches(let f) = $0, !f.contacts.isEmpty { f.time } else { nil } }.max() ?? .zero
    }

    static let threeFingers = [Point(x: 40, y: 30), Point(x: 60, y: 30), Point(x: 80, y: 30)]

    @Test func aBoundThreeFingerSwipeIsClaimedWhileItsFingersAreDownAndBeforeItRuns() throws {
        let stroke = BinderTests.stroke(from: Self.threeFingers, by: Point(x: 0, y: 40), ms: 150)
        let out = try Self.actions("bindings:\n  - {gesture: swipe, fingers: 3, direction: down, command: [next]}\n", stroke)
        let claims = out.filter { $0.claimedDevice != nil }
        #expect(claims.count == 1)
        #expect(claims.first?.claimedDevice == 0)
        #expect(claims.first?.line == 2)
        let claim = try #require(claims.first)
        #expect(claim.time < Self.lastTouch(stroke))
        #expect(out.firstIndex { $0.claimedDevice != nil }! < out.firstIndex { $0.argv == ["next"] }!)
    }

    @Test func aStrokeTheOtherWayOrWithOtherFingersIsNotClaimed() throws {
        let yaml = "bindings:\n  - {gesture: swipe, fingers: 3, direction: down, command: [next]}\n"
        let up = try Self.actions(yaml, BinderTests.stroke(from: Self.threeFingers, by: Point(x: 0, y: -40)))
        #expect(up.allSatisfy { $0.claimedDevice == nil })
        // A one-finger pan is every application's scroll: a three-finger binding leaves it.
        let one = try Self.actions(yaml, BinderTests.stroke(from: [Point(x: 40, y: 30)], by: Point(x: 0, y: 40)))
        #expect(one.allSatisfy { $0.claimedDevice == nil })
    }

    @Test func aSwipeWithAThresholdIsClaimedOnlyOnceTheStrokeReachesIt() throws {
        let stroke = BinderTests.stroke(from: Self.threeFingers, by: Point(x: 0, y: 60), ms: 600)
        let out = try Self.actions("bindings:\n  - {gesture: swipe, fingers: 3, threshold: 30mm, command: [next]}\n", stroke)
        let claim = try #require(out.first { $0.claimedDevice != nil })
        // 60 mm in 600 ms from 10 ms: 30 mm is reached at about 310 ms.
        #expect(claim.time.microseconds >= 300_000 && claim.time.microseconds <= 330_000)
    }

    @Test func claimNoneLeavesTheGestureToApplicationsPerBindingAndForTheWholeFile() throws {
        let pinch = BinderTests.turn(degrees: 90)
        let own = try Self.actions("bindings:\n  - {gesture: rotate, command: [turn], claim: none}\n", pinch)
        #expect(own.contains { $0.argv == ["turn"] })
        #expect(own.allSatisfy { $0.claimedDevice == nil })
        let file = try Self.actions("pass-through: {claim: none}\nbindings:\n  - {gesture: rotate, command: [turn]}\n", pinch)
        #expect(file.allSatisfy { $0.claimedDevice == nil })
        // A binding's own `claim: cancel` wins over the file's none.
        let back = try Self.actions("pass-through: {claim: none}\nbindings:\n  - {gesture: rotate, command: [turn], claim: cancel}\n", pinch)
        #expect(back.filter { $0.claimedDevice != nil }.count == 1)
    }

    @Test func aContinuousGestureIsClaimedAsItBeginsWhateverPhaseItsBindingRunsOn() throws {
        let turn = BinderTests.turn(degrees: 90)
        let out = try Self.actions("bindings:\n  - {gesture: rotate, on: ended, command: [turned]}\n", turn)
        let claim = try #require(out.first { $0.claimedDevice != nil })
        let ran = try #require(out.first { $0.argv == ["turned"] })
        #expect(claim.time < ran.time)
        #expect(claim.time < Self.lastTouch(turn))
    }

    @Test func tapsAreNeverClaimedTheirFingerIsUpWhenTheyAreKnown() throws {
        var events: [InputEvent] = []
        var down = TouchFrame(time: Timestamp(microseconds: 10_000), device: 0)
        down.contacts.append(Contact(id: 0, position: Point(x: 50, y: 50)))
        events.append(.touches(down))
        events.append(.touches(TouchFrame(time: Timestamp(microseconds: 60_000), device: 0)))
        let out = try Self.actions("bindings:\n  - {gesture: tap, command: [tapped]}\n", events)
        #expect(out.contains { $0.argv == ["tapped"] })
        #expect(out.allSatisfy { $0.claimedDevice == nil })
    }

    @Test func withoutPassThroughNoClaimIsMade() throws {
        let stroke = BinderTests.stroke(from: Self.threeFingers, by: Point(x: 0, y: 40), ms: 150)
        let out = try Self.actions("bindings:\n  - {gesture: swipe, fingers: 3, command: [next]}\n", stroke, claiming: false)
        #expect(out.map(\.argv) == [["next"]])
    }

    @Test func aBadClaimIsAConfigErrorWithItsLineAndColumn() throws {
        do {
            _ = try BindingConfig.parse("bindings:\n  - {gesture: swipe, command: [a], claim: later}\n", file: "c.yaml")
            Issue.record("parsed")
        } catch {
            #expect("\(error)".contains("c.yaml:2:"))
            #expect("\(error)".contains("claim 'later' is not one of cancel, none, delay"))
        }
        do {
            _ = try BindingConfig.parse("pass-through: {claim: always}\nbindings:\n  - {gesture: swipe, command: [a]}\n", file: "c.yaml")
            Issue.record("parsed")
        } catch {
            #expect("\(error)".contains("c.yaml:1:"))
        }
    }

    /// A pen near a panel makes its fingers palms on the copy unless the file says not
    /// (TouchClaims+Pen.swift); a value that is not a boolean is refused where it stands.
    @Test func palmsNearPenIsOnUnlessTheFileTurnsItOff() throws {
        let bindings = "bindings:\n  - {gesture: swipe, fingers: 3, command: [a]}\n"
        #expect(try BindingConfig.parse(bindings, file: "c.yaml").passThroughPolicy(for: Self.device).rejectsTouchesNearPen)
        let off = try BindingConfig.parse("pass-through: {palmsNearPen: false}\n" + bindings, file: "c.yaml")
        #expect(!off.passThroughPolicy(for: Self.device).rejectsTouchesNearPen)
        do {
            _ = try BindingConfig.parse("pass-through:\n  palmsNearPen: sometimes\n" + bindings, file: "c.yaml")
            Issue.record("parsed")
        } catch {
            #expect("\(error)".contains("c.yaml:2:17"), "\(error)")
            #expect("\(error)".contains("palmsNearPen"), "\(error)")
        }
    }

    @Test func aReloadedConfigurationGoesOnClaiming() throws {
        let yaml = "bindings:\n  - {gesture: swipe, fingers: 3, direction: down, command: [next]}\n"
        let lines = LineStreamBinderTests.lines(BinderTests.stroke(from: Self.threeFingers, by: Point(x: 0, y: 40), ms: 150))
        var binder = LineStreamBinder(config: try BindingConfig.parse(yaml, file: "t.yaml"))
        binder.claiming = true
        var out: [BoundAction] = []
        binder.add(Self.device, node: nil, into: &out)
        binder.reload(try BindingConfig.parse(yaml, file: "t.yaml"), into: &out)
        for line in lines { binder.handle(line, into: &out) }
        binder.finish(into: &out)
        #expect(out.contains { $0.claimedDevice == 0 })
        #expect(out.contains { $0.argv == ["next"] })
    }

    @Test func bindingsForSomeApplicationsNeitherClaimOnLandingNorHold() throws {
        let config = try BindingConfig.parse("""
            bindings:
              - {gesture: swipe, fingers: 3, app: firefox, command: [a]}
              - {gesture: edgeSwipe, edge: left, app: firefox, claim: delay, command: [b]}
            """, file: "t.yaml")
        #expect(config.passThroughPolicy(for: Self.touchpad).claimOnLanding.isEmpty)
        #expect(config.passThroughPolicy(for: Self.device).holdEdges.isEmpty)
    }

    static let touchpad = DeviceDescription(id: 0, name: "Test touchpad", kind: .touchpad, size: Size(width: 100, height: 60))

    @Test func onATouchpadTheFingerCountsOfThreeOrMoreThatClaimAreClaimedAsTheyLand() throws {
        func landing(_ yaml: String) throws -> Set<Int> {
            try BindingConfig.parse(yaml, file: "t.yaml").passThroughPolicy(for: Self.touchpad).claimOnLanding
        }
        #expect(try landing("bindings:\n  - {gesture: swipe, fingers: 3, command: [a]}\n") == [3])
        #expect(try landing("bindings:\n  - {gesture: pinch, fingers: 3+, command: [a]}\n") == [3, 4, 5])
        // Two fingers are scrolling's: a two-finger binding claims as it is recognized only.
        #expect(try landing("bindings:\n  - {gesture: pinch, fingers: 2, command: [a]}\n") == [])
        #expect(try landing("bindings:\n  - {gesture: swipe, fingers: 3, command: [a], claim: none}\n") == [])
        // A touchscreen's touches are claimed as gestures are recognized.
        #expect(try BindingConfig.parse("bindings:\n  - {gesture: swipe, fingers: 3, command: [a]}\n", file: "t.yaml")
                    .passThroughPolicy(for: Self.device).claimOnLanding == [])
    }

    @Test func delayHoldsTheEdgesItsEdgeSwipesName() throws {
        func edges(_ yaml: String) throws -> Set<ScreenEdge> {
            try BindingConfig.parse(yaml, file: "t.yaml").passThroughPolicy(for: Self.device).holdEdges
        }
        #expect(try edges("bindings:\n  - {gesture: edgeSwipe, edge: left, command: [a], claim: delay}\n") == [.left])
        #expect(try edges("bindings:\n  - {gesture: edgeSwipe, edge: bottom-left, command: [a], claim: delay}\n") == [.bottom, .left])
        #expect(try edges("bindings:\n  - {gesture: edgeSwipe, command: [a], claim: delay}\n") == Set(ScreenEdge.allCases))
        #expect(try edges("bindings:\n  - {gesture: edgeSwipe, edge: left, command: [a]}\n") == [])
        // For the whole file, delay is the edge swipes'; the rest cancel.
        let file = try BindingConfig.parse("pass-through: {claim: delay}\nbindings:\n  - {gesture: edgeSwipe, edge: top, command: [a]}\n"
                                           + "  - {gesture: swipe, fingers: 3, command: [b]}\n", file: "t.yaml")
        #expect(file.passThroughPolicy(for: Self.device).holdEdges == [.top])
        #expect(file.claimMode(0) == .delay && file.claimMode(1) == .cancel)
        let policy = file.passThroughPolicy(for: Self.device)
        #expect(policy.holdDepth == file.settings.edgeZone && policy.holdLongest == file.settings.edgeSwipeMaxDuration)
    }

    @Test func delayOnAnythingButAnEdgeSwipeIsAConfigError() throws {
        do {
            _ = try BindingConfig.parse("bindings:\n  - {gesture: hold, command: [a], claim: delay}\n", file: "c.yaml")
            Issue.record("parsed")
        } catch {
            #expect("\(error)".contains("c.yaml:2:"))
            #expect("\(error)".contains("claim: delay is for edgeSwipe bindings"))
        }
    }

    @Test func anEdgeSwipeWithAThresholdIsClaimedWhenItIsRecognized() throws {
        // 1 mm from the left edge, 60 mm right in 300 ms: recognized at 10 mm, bound at 40.
        let stroke = BinderTests.stroke(from: [Point(x: 1, y: 45)], by: Point(x: 60, y: 0), ms: 300)
        let out = try Self.actions("bindings:\n  - {gesture: edgeSwipe, edge: left, threshold: 40mm, command: [back]}\n", stroke)
        let claim = try #require(out.first { $0.claimedDevice != nil })
        let ran = try #require(out.first { $0.argv == ["back"] })
        #expect(claim.time < ran.time)
        #expect(claim.time.microseconds <= 70_000)
    }

    @Test func theRecordedFourFingerSwipeIsClaimedBeforeItsFingersLift() throws {
        let (header, events) = try readAll(Paths.recording("swipe-4finger-down.jsonl"))
        let config = try BindingConfig.parse("bindings:\n  - {gesture: swipe, fingers: 4, command: [next]}\n", file: "t.yaml")
        let out = boundActions(config, header, events, claiming: true)
        let claim = try #require(out.first { $0.claimedDevice != nil })
        #expect(claim.time < Self.lastTouch(events))
        #expect(out.contains { $0.argv == ["next"] })
        #expect(claim.time < (out.first { $0.argv == ["next"] }?.time ?? .zero))
    }
}
