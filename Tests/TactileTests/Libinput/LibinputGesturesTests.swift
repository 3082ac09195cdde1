import Tactile
import Testing

/// libinput 1.22's `test/test-gestures.c`, case by case, on the litest device
/// `synaptics-rmi4` (five slots, 97 × 53 mm). libinput's swipe and two-finger scroll are
/// Tactile's pan with that many fingers, its pinch Tactile's pinch, its hold Tactile's
/// long press (`longPress` began, then ended, or cancelled as the fingers move).
struct LibinputGesturesTests {
    static let pad = LitestDevices.synapticsRMI4

    /// libinput's eight directions (`enum cardinal`: N, NE, E, SE, S, SW, W, NW) as the
    /// tests' percentages: "N" is +y, which is down the pad.
    static let cardinals: [(Double, Double)] = [(0, 30), (30, 30), (30, 0), (30, -30), (0, -30), (-30, -30), (-30, 0), (-30, 30)]

    /// The sign of a pan's last translation, as (sx, sy) in -1, 0, 1 (within 0.5 mm).
    static func direction(_ lines: [GestureEvent], fingers: Int) -> (Int, Int)? {
        guard case .pan(let t, _, _)? = lines.last(where: { $0.kind == .pan && $0.fingers == fingers })?.detail else { return nil }
        func sign(_ v: Double) -> Int { abs(v) < 0.5 ? 0 : (v > 0 ? 1 : -1) }
        return (sign(t.x), sign(t.y))
    }

    static func sign(_ v: Double) -> Int { v == 0 ? 0 : (v > 0 ? 1 : -1) }

    static func kinds(_ lines: [GestureEvent], _ kinds: Set<GestureKind>) -> [String] {
        Litest.summary(lines.filter { kinds.contains($0.kind) })
    }

    /// `test_gesture_swipe_3fg`: three fingers at (40..60, 40) move 30% in a direction, ten
    /// frames 10 ms apart: a three-finger pan that way, no pinch.
    @Test(arguments: 0..<8)
    func gestures_swipe_3fg(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.swipe3(&li, cardinal, hold: false)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .pinch, .rotate, .tap, .longPress]) == ["pan began 3fg", "pan ended 3fg"])
        let (dx, dy) = Self.cardinals[cardinal]
        #expect(Self.direction(lines, fingers: 3).map { [$0.0, $0.1] } == [Self.sign(dx), Self.sign(dy)])
    }

    /// Two slots and `BTN_TOOL_TRIPLETAP` (litest's `synaptics-i2c`): two tracked fingers
    /// the tool bit says are three move together: a three-finger pan.
    @Test(arguments: 0..<8)
    func gestures_swipe_3fg_btntool(cardinal: Int) {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 40, 40)
        li.touchDown(1, 50, 40)
        li.rawEvent(EventType.key, KeyCode.btnToolDoubleTap, 0)
        li.rawEvent(EventType.key, KeyCode.btnToolTripleTap, 1)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.touchMoveTwoTouches((40, 40), (50, 40), by: Self.cardinals[cardinal], steps: 10)
        li.touchUp(0)
        li.touchUp(1)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .pinch, .rotate, .tap]).first == "pan began 3fg")
        let (dx, dy) = Self.cardinals[cardinal]
        #expect(Self.direction(lines, fingers: 3).map { [$0.0, $0.1] } == [Self.sign(dx), Self.sign(dy)])
    }

    static func swipe3(_ li: inout Litest, _ cardinal: Int, hold: Bool) {
        li.touchDown(0, 40, 40)
        li.touchDown(1, 50, 40)
        li.touchDown(2, 60, 40)
        if hold { li.timeoutGestureHold() }
        li.touchMoveThreeTouches((40, 40), (50, 40), (60, 40), by: Self.cardinals[cardinal], steps: 10)
        li.touchUp(0)
        li.touchUp(1)
        li.touchUp(2)
    }

    /// `test_gesture_swipe_4fg`: four fingers at (40..70, 40) move 3% a frame for eight
    /// frames (litest writes them with no sleep; here 10 ms apart, as a pad reports): a
    /// four-finger pan that way.
    @Test(arguments: 0..<8)
    func gestures_swipe_4fg(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.swipe4(&li, cardinal, hold: false)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .pinch, .rotate, .tap, .longPress]) == ["pan began 4fg", "pan ended 4fg"])
        let (dx, dy) = Self.cardinals[cardinal]
        #expect(Self.direction(lines, fingers: 4).map { [$0.0, $0.1] } == [Self.sign(dx), Self.sign(dy)])
    }

    static func swipe4(_ li: inout Litest, _ cardinal: Int, hold: Bool) {
        let fingers: [(slot: Int, x: Double, y: Double)] = [(0, 40, 40), (1, 50, 40), (2, 60, 40), (3, 70, 40)]
        for f in fingers { li.touchDown(f.slot, f.x, f.y) }
        if hold { li.timeoutGestureHold() }
        let (dx, dy) = Self.cardinals[cardinal]
        li.touchMoveAll(fingers, by: (dx / 10 * 8, dy / 10 * 8), steps: 8)
        for f in fingers { li.touchUp(f.slot) }
    }

    /// `test_gesture_pinch_2fg`: two fingers 30% either side of the middle close in by 2%
    /// a frame for eight frames (10 ms apart here): a pinch, scale below 1, and no pan.
    /// (libinput skips east and west on pads narrower than 75 mm; this one is 97 mm.)
    @Test(arguments: 0..<8)
    func gestures_pinch(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.pinch2(&li, cardinal, hold: false, spread: false)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .pinch, .tap, .longPress]) == ["pinch began 2fg", "pinch ended 2fg"])
        #expect(Self.lastScale(lines).map { $0 < 1 } == true)
    }

    /// `test_gesture_spread`: the same fingers 30% apart move apart 1% a frame for 15 frames.
    @Test(arguments: 0..<8)
    func gestures_spread(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.pinch2(&li, cardinal, hold: false, spread: true)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .pinch, .tap, .longPress]) == ["pinch began 2fg", "pinch ended 2fg"])
        #expect(Self.lastScale(lines).map { $0 > 1 } == true)
    }

    static func pinch2(_ li: inout Litest, _ cardinal: Int, hold: Bool, spread: Bool) {
        var (dx, dy) = Self.cardinals[cardinal]
        li.touchDown(0, 50 + dx, 50 + dy)
        li.touchDown(1, 50 - dx, 50 - dy)
        if hold { li.timeoutGestureHold() }
        for _ in 0..<(spread ? 15 : 8) {
            let step = spread ? -1.0 : 2.0
            if dx != 0 { dx -= dx > 0 ? step : -step }
            if dy != 0 { dy -= dy > 0 ? step : -step }
            li.pushFrame()
            li.touchMove(0, 50 + dx, 50 + dy)
            li.touchMove(1, 50 - dx, 50 - dy)
            li.popFrame()
            li.sleep(10)
        }
        li.touchUp(0)
        li.touchUp(1)
    }

    static func lastScale(_ lines: [GestureEvent]) -> Double? {
        guard case .pinch(let s, _, _)? = lines.last(where: { $0.kind == .pinch })?.detail else { return nil }
        return s
    }

    /// `test_gesture_hold`: one to four fingers held 300 ms, then lifted: a hold of that
    /// many fingers, begun when libinput's begins (180 ms), ended at the lift; no tap.
    @Test(arguments: 1...4)
    func gestures_hold(fingers: Int) {
        var li = Litest(Self.pad)
        Self.holdDown(&li, fingers)
        li.timeoutGestureHold()
        for slot in (0..<fingers).reversed() { li.touchUp(slot) }
        let lines = li.lines()
        #expect(Litest.summary(lines) == ["longPress began \(fingers)fg", "longPress ended \(fingers)fg"])
        let began = lines.first?.time.microseconds ?? 0
        #expect(began >= 180_000 && began < 200_000, "libinput's hold begins 180 ms after the last finger landed")
    }

    /// `gestures_hold_tap_enabled`: the same with tapping on (Tactile always taps): still a
    /// hold and no tap, the fingers having stayed past the tap timeout.
    @Test(arguments: 1...4)
    func gestures_hold_tap_enabled(fingers: Int) {
        var li = Litest(Self.pad)
        Self.holdDown(&li, fingers)
        li.timeoutGestureHold()
        for slot in (0..<fingers).reversed() { li.touchUp(slot) }
        li.timeoutTap()
        #expect(li.summary() == ["longPress began \(fingers)fg", "longPress ended \(fingers)fg"])
    }

    static func holdDown(_ li: inout Litest, _ fingers: Int) {
        let places: [(Double, Double)] = [(40, 30), (50, 30), (60, 30), (70, 30)]
        for slot in (0..<fingers).reversed() { li.touchDown(slot, places[slot].0, places[slot].1) }
    }

    /// `test_gesture_hold_cancel`: the hold begins, then the last finger to land lifts:
    /// the hold ends (with one finger, ended; with more, the rest stay down to the end of
    /// the recording, and the hold is cancelled there).
    @Test(arguments: 1...4)
    func gestures_hold_cancel(fingers: Int) {
        var li = Litest(Self.pad)
        Self.holdDown(&li, fingers)
        li.timeoutGestureHold()
        li.touchUp(fingers - 1)
        let summary = li.summary()
        #expect(summary.first == "longPress began \(fingers)fg")
        #expect(summary.dropFirst() == [fingers == 1 ? "longPress ended 1fg" : "longPress cancelled \(fingers)fg"])
    }

    /// `gestures_hold_then_swipe_3fg`: held 300 ms, then swiped: the hold, cancelled as
    /// the fingers move, then the pan.
    @Test(arguments: 0..<8)
    func gestures_hold_then_swipe_3fg(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.swipe3(&li, cardinal, hold: true)
        #expect(Self.kinds(li.lines(), [.pan, .pinch, .tap, .longPress])
                    == ["longPress began 3fg", "longPress cancelled 3fg", "pan began 3fg", "pan ended 3fg"])
    }

    @Test(arguments: 0..<8)
    func gestures_hold_then_swipe_4fg(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.swipe4(&li, cardinal, hold: true)
        #expect(Self.kinds(li.lines(), [.pan, .pinch, .tap, .longPress])
                    == ["longPress began 4fg", "longPress cancelled 4fg", "pan began 4fg", "pan ended 4fg"])
    }

    /// `gestures_hold_then_pinch_2fg`: held, then pinched (libinput writes the eight frames
    /// with no sleep between them; after the hold the fingers have long settled, so the
    /// pinch is a pinch whatever the frames' spacing).
    @Test(arguments: 0..<8)
    func gestures_hold_then_pinch_2fg(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.pinch2(&li, cardinal, hold: true, spread: false)
        #expect(Self.kinds(li.lines(), [.pan, .pinch, .tap, .longPress])
                    == ["longPress began 2fg", "longPress cancelled 2fg", "pinch began 2fg", "pinch ended 2fg"])
    }

    @Test(arguments: 0..<8)
    func gestures_hold_then_spread(cardinal: Int) {
        var li = Litest(Self.pad)
        Self.pinch2(&li, cardinal, hold: true, spread: true)
        #expect(Self.kinds(li.lines(), [.pan, .pinch, .tap, .longPress])
                    == ["longPress began 2fg", "longPress cancelled 2fg", "pinch began 2fg", "pinch ended 2fg"])
    }

    /// `gestures_hold_once_on_double_tap`: a 60 ms touch, then a quick one. libinput
    /// reports a "quick hold" (40 ms, one or two fingers, for stopping kinetic scrolling)
    /// around the first, and two clicks. Tactile reports no quick holds
    /// (docs/gestures.md): the two taps are a double tap.
    @Test func gestures_hold_once_on_double_tap() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.timeoutGestureQuickHold()
        li.touchUp(0)
        li.touchDown(0, 50, 50)
        li.touchUp(0)
        li.timeoutGestureQuickHold()
        li.timeoutTap()
        #expect(li.summary() == ["tap 1fg x2"])
    }

    /// `gestures_hold_once_tap_n_drag`: a 60 ms tap of one to three fingers, then a finger
    /// that lands and moves: the tap, then a pan (no quick hold, no drag state).
    @Test(arguments: 1...3)
    func gestures_hold_once_tap_n_drag(fingers: Int) {
        var li = Litest(Self.pad)
        LibinputTouchpadTapTests.down(&li, fingers)
        li.timeoutGestureQuickHold()
        LibinputTouchpadTapTests.up(&li, fingers)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (80, 80), steps: 20)
        li.touchUp(0)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.tap, .longPress]) == ["tap \(fingers)fg"])
        #expect(Self.kinds(lines, [.pan]) == ["pan began 1fg", "pan ended 1fg"])
    }

    /// `gestures_hold_and_motion_before_timeout`: one finger wobbles 1% and back, rests
    /// 60 ms, lifts. libinput: a quick hold. Tactile: a 60 ms touch that moved about
    /// 1 mm is a tap.
    @Test func gestures_hold_and_motion_before_timeout() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (51, 51), steps: 1)
        li.touchMoveTo(0, from: (51, 51), to: (50, 50), steps: 1)
        li.timeoutGestureQuickHold()
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 1fg"])
    }

    /// `gestures_hold_and_motion_after_timeout`: the wobble after the 60 ms: the same.
    @Test func gestures_hold_and_motion_after_timeout() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.timeoutGestureQuickHold()
        li.touchMoveTo(0, from: (50, 50), to: (51, 51), steps: 1)
        li.touchMoveTo(0, from: (51, 51), to: (50, 50), steps: 1)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 1fg"])
    }

    /// `test_gesture_3fg_buttonarea_scroll`: two fingers scroll while a third rests in the
    /// clickpad's button area at the bottom: a two-finger pan (the still third finger rests).
    @Test func gestures_3fg_buttonarea_scroll() {
        var li = Litest(Self.pad)
        li.touchDown(0, 40, 20)
        li.touchDown(1, 30, 20)
        li.touchDown(2, 50, 99)
        li.touchMoveTwoTouches((40, 20), (30, 20), by: (0, 40), steps: 10)
        li.touchUp(0)
        li.touchUp(1)
        let pans = Self.kinds(li.lines(), [.pan, .pinch, .tap])
        #expect(pans.first == "pan began 2fg")
        #expect(!pans.contains { $0.hasPrefix("tap") || $0.hasPrefix("pinch") })
    }
}
