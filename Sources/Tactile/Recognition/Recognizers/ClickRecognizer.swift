/// Click: a physical button pressed on a touchpad. Discrete: recognized as the button goes
/// down, with the fingers counted then (a still thumb below a finger is not counted; see
/// `TouchpadFilter`).
///
/// The button: the one the device reported when it has several; on a clickpad, whose
/// whole surface is the left button, what the fingers mean. By default that is libinput's
/// clickfinger (1, 2, 3 fingers: left, right, middle); with `clickButtonAreas` it is where
/// the finger is, the bottom `buttonAreaHeight` of the pad split into left, middle and
/// right (libinput's software buttons), left above them.
///
/// A click wins over every gesture but a pan (a click and drag), and is recognized again
/// at every press, within one touch sequence too.
///
/// States: possible → recognized | failed.
public struct ClickRecognizer: DiscreteRecognizer {
    public var state = RecognizerState.possible

    /// A click recognizer, waiting for a press.
    public init() {}

    public var kind: GestureKind { .click }

    public mutating func decide(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        guard !t.pressedButtons.isEmpty else {
            if t.sequenceEnded { state = .failed; return .because("lifted without a click") }
            return .none
        }
        return press(t, c)
    }

    // Out of line: only the test for a button above is on the arena's per-frame path,
    // not the click's line (it is for touchpads, and would only make that code longer).
    @inline(never)
    private mutating func press(_ t: TouchTracker, _ c: RecognizerContext) -> RecognizerStep {
        // The button from the fingers that count (none, a palm or thumb pressing: left, as
        // libinput's clickfinger); the line's count from every finger on the pad, so a
        // palm's click has its finger, and only a button pressed below the pad with nothing
        // on it says 0 (at the last centroid).
        let fingers = t.fingerCount > 0 ? t.fingerCount : t.fingersOnPad
        guard let button = Self.button(t, c, fingers: Swift.max(1, t.fingerCount)) else {
            state = .failed
            return .because("four or more fingers pressed: clickfinger has no button for them")
        }
        state = .recognized
        return .emit(GestureEvent(time: t.time, device: c.device, phase: .recognized, fingers: fingers,
                                  location: t.centroid, detail: .click(button: button)),
                     "pressed the button")
    }

    static func button(_ t: TouchTracker, _ c: RecognizerContext, fingers: Int) -> ClickButton? {
        if t.pressedButtons.contains(.right) { return .right }
        if t.pressedButtons.contains(.middle) { return .middle }
        guard c.clickpad else { return .left }
        if c.settings.clickButtonAreas == 1 {
            guard let size = c.size, t.centroid.y >= size.height.value - c.settings.buttonAreaHeight.value else { return .left }
            let third = t.centroid.x / Swift.max(1e-9, size.width.value) * 3
            return third < 1 ? .left : third < 2 ? .middle : .right
        }
        switch fingers {
        case 1: return .left
        case 2: return together(t, c) ? .right : .left
        case 3: return .middle
        default: return nil
        }
    }

    /// Whether two fingers down are near enough to click together (libinput's
    /// `tp_clickfinger_within_distance`): farther apart than 40 mm across or 30 mm down
    /// they are a finger and something else; 20 to 30 mm down on a pad 50 mm tall or more,
    /// one in the bottom 20 mm and the other not, a finger and a thumb.
    static func together(_ t: TouchTracker, _ c: RecognizerContext) -> Bool {
        guard t.trackedFingers >= 2 else { return true }
        let a = t.fingers[0].position, b = t.fingers[1].position
        let dx = Swift.abs(a.x - b.x), dy = Swift.abs(a.y - b.y)
        if dx > 40 || dy > 30 { return false }
        guard dy > 20, let height = c.size?.height.value, height >= 50 else { return true }
        let bottom = height - 20
        return (a.y > bottom) == (b.y > bottom)
    }

    public mutating func reset() { state = .possible }
}
