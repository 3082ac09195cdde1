import Testing
@testable import Tactile

/// The copy a pass-through writes, read back by the same assembler a real reader of the
/// copy would be: untouched without a claim, claimed touches palms from the claim on, and
/// nothing left down at the end.
@Suite struct TouchClaimsTests {
    static let screen = DeviceDescription(id: 0, name: "s", kind: .touchscreen, size: Size(width: 100, height: 60))

    /// Synthesizes the kernel's frames for touch frames, forwards them (claiming at the
    /// frame indices given) and returns what an assembler reads from the copy.
    struct Copy {
        var synth = EvdevSynthesizer(device: TouchClaimsTests.screen)
        var claims: TouchClaims
        var reader: FrameAssembler
        var written: [[EvdevEvent]] = []

        init() {
            claims = TouchClaims(capabilities: synth.caps)
            reader = FrameAssembler(device: DeviceDescription(id: 0, name: "copy", evdev: synth.caps))
        }

        /// Forwards the frame of `contacts` at `t` ms; what the copy's reader assembled.
        mutating func frame(_ t: Int64, _ contacts: [(Int, Double, Double)]) -> TouchFrame? {
            var f = TouchFrame(time: Timestamp(microseconds: t * 1000), device: 0)
            for (id, x, y) in contacts { f.contacts.append(Contact(id: id, position: Point(x: x, y: y))) }
            var out: [EvdevEvent] = []
            claims.forward(synth.events(for: f), into: &out)
            return read(out)
        }

        /// Claims at `t` ms; what the copy's reader assembled from the claim's frame.
        mutating func claim(_ t: Int64) -> (count: Int, frame: TouchFrame?) {
            var out: [EvdevEvent] = []
            let n = claims.claimAll(at: Timestamp(microseconds: t * 1000), into: &out)
            return (n, read(out))
        }

        /// Lets held touches go that can no longer start an edge swipe, at `t` ms; the
        /// frames the copy's reader assembled from what that wrote.
        mutating func settle(_ t: Int64) -> [TouchFrame] {
            var out: [EvdevEvent] = []
            claims.settle(at: Timestamp(microseconds: t * 1000), into: &out)
            written.append(out)
            var frames: [TouchFrame] = []
            for e in out { if case .touches(let f)? = reader.process(e) { frames.append(f) } }
            return frames
        }

        mutating func end(_ t: Int64) -> TouchFrame? {
            var out: [EvdevEvent] = []
            claims.endAll(at: Timestamp(microseconds: t * 1000), into: &out)
            return read(out)
        }

        private mutating func read(_ events: [EvdevEvent]) -> TouchFrame? {
            written.append(events)
            var last: TouchFrame?
            for e in events {
                if case .touches(let t)? = reader.process(e) { last = t }
            }
            return last
        }
    }

    static func tools(_ f: TouchFrame?) -> [Tool] { f.map { $0.contacts.map(\.tool) } ?? [] }

    /// A copy that holds touches landing within 4 mm of the left edge, for 500 ms or 10 mm.
    static func delaying() -> Copy {
        var copy = Copy()
        copy.claims.holdZones = HoldZones(edges: [.left], depth: Millimetres(4), release: Millimetres(10),
                                          longest: .milliseconds(500), capabilities: copy.synth.caps, size: nil)
        return copy
    }

    @Test func aBoundEdgeSwipeGivesTheCopyNoTouchAtAll() {
        var copy = Self.delaying()
        var seen: [TouchFrame] = []
        for k in 0..<8 {  // lands 1 mm from the left edge, moves inward 3 mm a frame
            // As live: the frame to the copy, its recognition (the swipe is recognized at
            // 12 mm, and claims), then what can be let go.
            if let f = copy.frame(Int64(10 * k), [(1, 1 + 3 * Double(k), 30)]) { seen.append(f) }
            if k == 4 { #expect(copy.claim(40).count == 1) }
            seen += copy.settle(Int64(10 * k))
        }
        if let f = copy.frame(80, []) { seen.append(f) }
        seen += copy.settle(80)
        #expect(seen.allSatisfy { $0.contacts.isEmpty })
        #expect(!copy.written.joined().contains { $0.code == AbsCode.mtTrackingID })
        // The next touch, elsewhere, reaches the copy at once.
        #expect(copy.frame(100, [(2, 50, 30)])?.contacts.map(\.position) == [Point(x: 50, y: 30)])
    }

    @Test func aTouchAtTheEdgeThatMovesTooLittleArrivesLateButWhole() {
        var copy = Self.delaying()
        let path: [Double] = [1, 2, 3, 3.5]
        for (k, x) in path.enumerated() {
            #expect(copy.frame(Int64(10 * k), [(1, x, 30)])?.contacts.isEmpty ?? true)
            #expect(copy.settle(Int64(10 * k)).isEmpty)
        }
        _ = copy.frame(40, [])
        let late = copy.settle(40)
        // Every frame it made, in order, at its own positions, then its lift.
        #expect(late.map { $0.contacts.map(\.position.x) } == [[1], [2], [3], [3.5], []])
        #expect(late.dropLast().allSatisfy { $0.contacts.map(\.tool) == [.finger] })
    }

    @Test func aStillTouchAtTheEdgeIsLetGoWhenTheSwipesTimeIsUp() {
        var copy = Self.delaying()
        _ = copy.frame(0, [(1, 2, 30)])
        #expect(copy.claims.nextHoldDeadline == Timestamp(microseconds: 500_000))
        #expect(copy.settle(499).isEmpty)
        #expect(copy.settle(500).map { $0.contacts.map(\.position.x) } == [[2]])
        #expect(copy.claims.nextHoldDeadline == nil)
        // From then on it passes at once.
        #expect(copy.frame(510, [(1, 2.5, 30)])?.contacts.map(\.position.x) == [2.5])
    }

    @Test func aTouchThatWentInwardWithoutBeingClaimedIsLetGo() {
        var copy = Self.delaying()
        _ = copy.frame(0, [(1, 2, 30)])
        _ = copy.frame(10, [(1, 8, 30)])
        #expect(copy.settle(10).isEmpty)
        _ = copy.frame(20, [(1, 14, 30)])  // 12 mm inward and no claim: the recognizer said no
        #expect(copy.settle(20).map { $0.contacts.map(\.position.x) } == [[2], [8], [14]])
    }

    @Test func movingAlongTheEdgeDecidesNothingOnlyTheTimeLimitDoes() {
        // 12 mm along the edge, then inward: it may still be an edge swipe (the recognizer
        // asks for more inward than along only once inward reaches 10 mm).
        var copy = Self.delaying()
        _ = copy.frame(0, [(1, 2, 30)])
        _ = copy.frame(10, [(1, 2, 42)])
        #expect(copy.settle(10).isEmpty)
        #expect(copy.settle(499).isEmpty)
        #expect(copy.settle(500).count == 2)
    }

    @Test func aTouchAfterAHiddenOneGetsItsWholePositionOnTheCopy() {
        // The device sends only what changed: a touch landing where the hidden one ended
        // sends no position, which the copy never had.
        var copy = Self.delaying()
        for k in 0..<5 { _ = copy.frame(Int64(10 * k), [(1, 2 + 3 * Double(k), 30)]) }
        _ = copy.claim(40)
        _ = copy.frame(50, [])
        let next = copy.frame(60, [(2, 14, 30)])  // where the hidden touch was last
        #expect(next?.contacts.map(\.position) == [Point(x: 14, y: 30)])
    }

    @Test func lettingAllGoHandsEveryHeldTouchToTheCopy() {
        var copy = Self.delaying()
        _ = copy.frame(0, [(1, 2, 30)])
        var out: [EvdevEvent] = []
        copy.claims.letGoAll(at: Timestamp(microseconds: 5000), into: &out)
        #expect(out.contains { $0.code == AbsCode.mtTrackingID && $0.value >= 0 })
        #expect(!copy.claims.holding)
    }

    @Test func aTouchOutsideTheZoneOrAfterAnotherIsNotHeld() {
        var copy = Self.delaying()
        #expect(copy.frame(0, [(1, 50, 30)])?.contacts.map(\.position.x) == [50])
        // A second finger at the edge starts no edge swipe: it is not held either.
        #expect(copy.frame(10, [(1, 50, 30), (2, 1, 30)])?.contacts.map(\.position.x) == [50, 1])
        #expect(!copy.claims.holding)
    }

    @Test func endAllWritesNothingForATouchTheCopyNeverHad() {
        var copy = Self.delaying()
        _ = copy.frame(0, [(1, 2, 30)])
        #expect(copy.end(10) == nil)
        #expect(!copy.written.last!.contains { $0.code == AbsCode.mtTrackingID })
    }

    @Test func withoutAClaimTheCopyGetsTheDevicesOwnEventsUnchanged() {
        var synth = EvdevSynthesizer(device: Self.screen)
        var claims = TouchClaims(capabilities: synth.caps)
        var strokes: [[(Int, Double, Double)]] = [[(1, 10, 20)], [(1, 12, 21), (2, 40, 30)], [(2, 41, 30)], []]
        strokes += [[(3, 50, 50)], [(3, 51, 50)], []]
        for (i, contacts) in strokes.enumerated() {
            var f = TouchFrame(time: Timestamp(microseconds: Int64(i) * 10_000), device: 0)
            for (id, x, y) in contacts { f.contacts.append(Contact(id: id, position: Point(x: x, y: y))) }
            let frame = synth.events(for: f)
            var out: [EvdevEvent] = []
            claims.forward(frame, into: &out)
            #expect(out == frame.events)
        }
        #expect(claims.touchesDown == 0)
    }

    @Test func aClaimTurnsEveryTouchDownIntoAPalmInAFrameOfItsOwn() {
        var copy = Copy()
        _ = copy.frame(0, [(1, 10, 20), (2, 30, 20), (3, 50, 20)])
        #expect(Self.tools(copy.frame(10, [(1, 12, 20), (2, 32, 20), (3, 52, 20)])) == [.finger, .finger, .finger])
        let claim = copy.claim(15)
        #expect(claim.count == 3)
        #expect(Self.tools(claim.frame) == [.palm, .palm, .palm])
        // The device goes on saying finger; the copy keeps them palms, at their positions.
        let after = copy.frame(20, [(1, 20, 20), (2, 40, 20), (3, 60, 20)])
        #expect(Self.tools(after) == [.palm, .palm, .palm])
        #expect(after?.contacts.map(\.position.x) == [20, 40, 60])
        // A second claim of the same touches writes nothing.
        #expect(copy.claim(25).count == 0)
        #expect(copy.written.last == [])
    }

    @Test func aTouchThatBeginsUnderAClaimIsAPalmFromItsFirstFrame() {
        var copy = Copy()
        _ = copy.frame(0, [(1, 10, 20), (2, 30, 20)])
        _ = copy.claim(5)
        let third = copy.frame(10, [(1, 11, 20), (2, 31, 20), (3, 50, 20)])
        #expect(Self.tools(third) == [.palm, .palm, .palm])
        // The palm comes just before its tracking id: libinput takes a new touch's palm
        // state from the slot's tool type as the id arrives.
        let events = copy.written.last ?? []
        let id = events.firstIndex { $0.code == AbsCode.mtTrackingID && $0.value >= 0 }
        let palm = events.firstIndex { $0.code == AbsCode.mtToolType && $0.value == MTToolType.palm }
        #expect(id != nil && palm == id.map { $0 - 1 })
    }

    @Test func theClaimEndsWithTheLastTouchAndTheNextTouchIsAFingerAgain() {
        var copy = Copy()
        _ = copy.frame(0, [(1, 10, 20), (2, 30, 20), (3, 50, 20)])
        _ = copy.claim(5)
        _ = copy.frame(10, [(1, 10, 20)])
        #expect(copy.claims.claiming)
        _ = copy.frame(20, [])
        #expect(!copy.claims.claiming)
        #expect(Self.tools(copy.frame(30, [(4, 10, 20)])) == [.finger])
        // The finger is given back before the new touch's tracking id (libinput reads the
        // slot's tool as the id arrives; after it, the touch would stay a palm there).
        let events = copy.written.last ?? []
        let id = events.firstIndex { $0.code == AbsCode.mtTrackingID && $0.value >= 0 }
        let finger = events.firstIndex { $0.code == AbsCode.mtToolType && $0.value == MTToolType.finger }
        #expect(id != nil && finger == id.map { $0 - 1 })
    }

    @Test func aClaimWithNoTouchDownWritesNothingAndHoldsNothing() {
        var copy = Copy()
        _ = copy.frame(0, [(1, 10, 20)])
        _ = copy.frame(10, [])
        let claim = copy.claim(15)
        #expect(claim.count == 0 && copy.written.last == [])
        #expect(!copy.claims.claiming)
        #expect(Self.tools(copy.frame(20, [(2, 10, 20)])) == [.finger])
    }

    @Test func theClaimPutsTheCopyBackOnTheDevicesSlot() {
        // The device's next frame names no slot when it moves the same one: after the claim
        // wrote to slots 0 and 1, the copy must be on the device's slot again.
        var copy = Copy()
        _ = copy.frame(0, [(1, 10, 20), (2, 30, 20)])
        _ = copy.frame(10, [(1, 10, 20), (2, 35, 20)])  // leaves the device on slot 1
        _ = copy.claim(15)
        let moved = copy.frame(20, [(1, 10, 20), (2, 38, 20)])
        #expect(moved?.contacts.map(\.position.x) == [10, 38])
    }

    @Test func endAllLiftsEveryTouchAndReleasesEveryButton() {
        var copy = Copy()
        _ = copy.frame(0, [(1, 10, 20), (2, 30, 20)])
        let ended = copy.end(10)
        #expect(ended?.contacts.isEmpty == true)
        let events = copy.written.last ?? []
        #expect(events.contains { $0.type == EventType.key && $0.code == KeyCode.btnTouch && $0.value == 0 })
        #expect(events.last?.isSynReport == true)
        #expect(copy.claims.touchesDown == 0)
        // Nothing down: nothing written.
        #expect(copy.end(20) == nil && copy.written.last == [])
    }

    @Test func aDeviceWithoutSlotsPassesThroughAndCannotBeClaimed() {
        var caps = EvdevCapabilities()
        caps.codes[EventType.abs] = [AbsCode.x, AbsCode.y]
        caps.absinfo[AbsCode.x] = AbsInfo(minimum: 0, maximum: 100)
        var claims = TouchClaims(capabilities: caps)
        #expect(!claims.canClaim)
        let frame = EvdevFrame(events: [EvdevEvent(type: EventType.abs, code: AbsCode.x, value: 5),
                                        EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0)])
        var out: [EvdevEvent] = []
        claims.forward(frame, into: &out)
        #expect(out == frame.events)
        #expect(claims.claimAll(at: .zero, into: &out) == 0)
    }

    @Test func aDroppedEventsMarkerIsNotPassedOnTheCopysReadersLostNothing() {
        var claims = TouchClaims(capabilities: EvdevSynthesizer(device: Self.screen).caps)
        let frame = EvdevFrame(events: [EvdevEvent(type: EventType.abs, code: AbsCode.mtPositionX, value: 5),
                                        EvdevEvent(type: EventType.syn, code: SynCode.dropped, value: 0),
                                        EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0)])
        var out: [EvdevEvent] = []
        claims.forward(frame, into: &out)
        #expect(out == [frame.events[0], frame.events[2]])
    }

    @Test func aHostileSlotRangeIsCapped() {
        var caps = EvdevCapabilities()
        caps.absinfo[AbsCode.mtSlot] = AbsInfo(minimum: 0, maximum: .max)
        var claims = TouchClaims(capabilities: caps)
        var out: [EvdevEvent] = []
        // A slot beyond the followed ones: passed on, never followed, never a crash.
        claims.forward(EvdevFrame(events: [EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: 1_000_000),
                                           EvdevEvent(type: EventType.abs, code: AbsCode.mtTrackingID, value: 7),
                                           EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0)]), into: &out)
        #expect(out.count == 3)
        #expect(claims.touchesDown == 0)
    }
}
