import Tactile
import Testing

/// The filter a subscriber sends: parsing with errors that name the member, and matching.
struct SubscriptionFilterTests {
    static func parse(_ text: String) throws(SubscriptionError) -> SubscriptionFilter {
        try SubscriptionFilter(parsing: Array(text.utf8))
    }

    static let tap = RecognizedEvent.gesture(GestureEvent(time: .zero, device: 0, phase: .recognized, fingers: 1,
                                                          location: Point(x: 1, y: 2), detail: .tap(taps: 1)))
    static let panBegan = RecognizedEvent.gesture(GestureEvent(time: .zero, device: 2, phase: .began, fingers: 2, location: Point(x: 1, y: 2),
                                                               detail: .pan(translation: .zero, delta: .zero, velocity: .zero)))
    static let turn = RecognizedEvent.orientation(OrientationEvent(
        time: .zero, device: 1, orientation: .landscapeLeft, previous: .portrait, pose: .landscapeLeft, rotation: .zero,
        rotationDelta: .zero, bounds: Size(width: 1, height: 1), transform: AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)))

    @Test func anEmptyObjectLetsEverythingThrough() throws {
        let f = try Self.parse("{}")
        #expect(f == .everything)
        #expect(f.matches(Self.tap) && f.matches(Self.panBegan) && f.matches(Self.turn))
    }

    @Test func eachMemberNarrows() throws {
        let taps = try Self.parse(#"{"gestures":["tap"]}"#)
        #expect(taps.matches(Self.tap) && !taps.matches(Self.panBegan) && !taps.matches(Self.turn))
        let turns = try Self.parse(#"{"gestures":["orientation"]}"#)
        #expect(!turns.matches(Self.tap) && turns.matches(Self.turn))
        let device2 = try Self.parse(#"{"devices":[2]}"#)
        #expect(!device2.matches(Self.tap) && device2.matches(Self.panBegan) && !device2.matches(Self.turn))
        let began = try Self.parse(#"{"states":["began"]}"#)
        #expect(!began.matches(Self.tap) && began.matches(Self.panBegan))
        // States do not narrow orientation lines, which have none.
        #expect(began.matches(Self.turn))
    }

    /// Bindings name the long press `hold` (`gesture: hold`); a subscriber that names it so
    /// gets the long press lines, as one that names it `longPress` does (issue 47).
    @Test func holdNamesTheLongPressAsBindingsDo() throws {
        let press = RecognizedEvent.gesture(GestureEvent(time: .zero, device: 0, phase: .began, fingers: 3,
                                                         location: Point(x: 1, y: 2), detail: .longPress))
        let hold = try Self.parse(#"{"gestures":["hold"]}"#)
        #expect(hold == (try Self.parse(#"{"gestures":["longPress"]}"#)))
        #expect(hold.matches(press) && !hold.matches(Self.tap))
    }

    @Test(arguments: [
        ("", "not JSON"),
        ("nope", "not JSON"),
        ("[]", "must be a JSON object"),
        (#"{"gestures":"tap"}"#, #""gestures" must be an array, not"#),
        (#"{"gestures":["tap","swipe-up"]}"#, #""swipe-up" is not one of tap, longPress"#),
        (#"{"gestures":[1]}"#, "1 is not a name"),
        (#"{"devices":[0.5]}"#, "0.5 is not a device id"),
        (#"{"devices":["a"]}"#, #""a" is not a device id"#),
        (#"{"states":["done"]}"#, #""done" is not one of recognized, began"#),
        (#"{"device":[0]}"#, #"unknown member "device""#),
        (#"{"gestures":["tap"]} x"#, "not JSON"),
        // An empty list would match nothing, silently: a client's mistake it should see.
        (#"{"gestures":[]}"#, #""gestures" is empty"#),
        (#"{"devices":[]}"#, #""devices" is empty"#),
        (#"{"states":[]}"#, #""states" is empty"#),
        // A word that is no JSON at all is told so, not read as a number gone wrong.
        ("hello", "not JSON"),
    ])
    func badFiltersSayWhatIsWrong(text: String, message: String) {
        let error = #expect(throws: SubscriptionError.self, "\(text) was accepted") { try Self.parse(text) }
        #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
        #expect(error?.message.lowercased().contains("nan") == false, "\(error?.message ?? "")")
    }

    @Test func theConfirmationWritesTheFilterBackInFull() throws {
        #expect(String(decoding: SubscriptionNotice.subscribed(try Self.parse("{}")).line, as: UTF8.self) == "{\"subscribed\":{}}\n")
        let f = try Self.parse(#"{"states":["ended","began"],"devices":[3,1],"gestures":["pan","orientation"]}"#)
        #expect(String(decoding: SubscriptionNotice.subscribed(f).line, as: UTF8.self)
            == #"{"subscribed":{"devices":[1,3],"gestures":["pan","orientation"],"states":["began","ended"]}}"# + "\n")
        let noTurns = try Self.parse(#"{"devices":[0]}"#)
        #expect(noTurns.orientation)
    }

    @Test func noticesAreOneJSONLineEach() {
        #expect(String(decoding: SubscriptionNotice.missed(12).line, as: UTF8.self) == "{\"missed\":12}\n")
        #expect(String(decoding: SubscriptionNotice.error("bad \"x\"").line, as: UTF8.self) == "{\"error\":\"bad \\\"x\\\"\"}\n")
        #expect(String(decoding: SubscriptionNotice.end.line, as: UTF8.self) == "{\"end\":true}\n")
    }
}
