import Tactile
import Testing

/// libinput 1.22's `test/test-touchpad-tap.c`, case by case: each test is named after the
/// libinput test it follows and writes its calls through `Litest` on the litest device
/// `synaptics-rmi4` (five slots, 97 × 53 mm). libinput's button events from taps are
/// Tactile's `tap` lines (1, 2, 3 fingers: left, right, middle); where Tactile differs on
/// purpose (docs/gestures.md, "Where Tactile differs from libinput"), the test says so and
/// checks Tactile's documented behaviour.
struct LibinputTouchpadTapTests {
    static let pad = LitestDevices.synapticsRMI4

    /// The fingers litest's ranged tap tests put down, `nfingers` of them: slot 2 at
    /// (60, 30), slot 1 at (50, 30), slot 0 at (40, 30), in that order.
    static func down(_ li: inout Litest, _ fingers: Int) {
        for slot in (0..<fingers).reversed() { li.touchDown(slot, 40 + 10 * Double(slot), 30) }
    }

    /// And lifts them in the same order.
    static func up(_ li: inout Litest, _ fingers: Int) {
        for slot in (0..<fingers).reversed() { li.touchUp(slot) }
    }

    /// The tap lines only.
    static func taps(_ li: Litest) -> [String] {
        Litest.summary(li.lines().filter { $0.kind == .tap })
    }

    /// A run of `count` taps of `fingers` as Tactile writes it: triple taps, then what remains.
    static func run(_ count: Int, _ fingers: Int) -> [String] {
        var out: [String] = []
        var left = count
        while left > 0 {
            let n = min(3, left)
            out.append(n == 1 ? "tap \(fingers)fg" : "tap \(fingers)fg x\(n)")
            left -= n
        }
        return out
    }

    @Test func touchpad_1fg_tap() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 1fg"])
    }

    /// Two taps 10 ms apart; libinput clicks twice, with each tap's own button. Tactile:
    /// the same count twice is one double tap; different counts are two taps, each with
    /// its own count (the second is not lost).
    @Test(arguments: 1...3, 1...3)
    func touchpad_doubletap(first: Int, second: Int) {
        var li = Litest(Self.pad)
        Self.down(&li, first)
        li.sleep(10)
        Self.up(&li, first)
        li.sleep(10)
        Self.down(&li, second)
        li.sleep(10)
        Self.up(&li, second)
        li.timeoutTap()
        #expect(li.summary() == (first == second ? ["tap \(first)fg x2"] : ["tap \(first)fg", "tap \(second)fg"]))
    }

    /// Four or five taps in a row: libinput clicks as often. Tactile writes a triple tap,
    /// then the taps that remain (docs/gestures.md).
    @Test(arguments: 1...3, [4, 5])
    func touchpad_multitap(fingers: Int, count: Int) {
        var li = Litest(Self.pad)
        for _ in 0..<count {
            Self.down(&li, fingers)
            Self.up(&li, fingers)
            li.sleep(10)
        }
        li.timeoutTap()
        #expect(li.summary() == Self.run(count, fingers))
    }

    @Test(arguments: 1...3, [4, 5])
    func touchpad_multitap_timeout(fingers: Int, count: Int) {
        var li = Litest(Self.pad)
        for _ in 0..<count {
            Self.down(&li, fingers)
            li.sleep(10)
            Self.up(&li, fingers)
            li.sleep(10)
        }
        li.timeoutTap()
        #expect(li.summary() == Self.run(count, fingers))
    }

    /// Taps, then a finger that lands and moves: libinput's tap-and-drag holds the last
    /// tap's button down through the motion. Tactile has no drag state: the taps are taps,
    /// the motion a one-finger pan.
    @Test(arguments: 1...3, [4, 5])
    func touchpad_multitap_n_drag_move(fingers: Int, count: Int) {
        var li = Litest(Self.pad)
        for _ in 0..<count {
            Self.down(&li, fingers)
            Self.up(&li, fingers)
            li.sleep(10)
        }
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (70, 50), steps: 10)
        li.touchUp(0)
        li.timeoutTapndrag()
        // (The last taps are written when the touch that follows moves, so in the frame
        // where its pan begins or a little after: the kinds are checked apart.)
        #expect(Self.taps(li) == Self.run(count, fingers))
        #expect(Litest.summary(li.lines().filter { $0.kind == .pan }) == ["pan began 1fg", "pan ended 1fg"])
    }

    /// A tap, then at once a finger that lands and moves: a tap, then a pan. (The tap waits
    /// for a double tap until that finger moves; the pan may begin in the same frame, and
    /// its line is then written first.)
    /// On the 131 × 111 mm Magic Trackpad the drag lands 26 mm from the tap, too far for a
    /// double tap: the tap is written as the drag lands, and the drag is still a pan.
    @Test(arguments: 1...3, [LitestDevices.synapticsRMI4, LitestDevices.magicTrackpad])
    func touchpad_tap_n_drag(fingers: Int, device: DeviceDescription) {
        var li = Litest(device)
        Self.down(&li, fingers)
        Self.up(&li, fingers)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (80, 80), steps: 20)
        li.touchUp(0)
        #expect(Self.taps(li) == ["tap \(fingers)fg"])
        #expect(Litest.summary(li.lines().filter { $0.kind == .pan }) == ["pan began 1fg", "pan ended 1fg"])
    }

    @Test func touchpad_2fg_tap() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 70)
        li.touchUp(0)
        li.touchUp(1)
        li.timeoutTap()
        #expect(li.summary() == ["tap 2fg"])
    }

    @Test func touchpad_2fg_tap_inverted() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 70)
        li.touchUp(1)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 2fg"])
    }

    /// Two fingers land, the second lifts, the first stays: no tap.
    @Test func touchpad_2fg_tap_n_hold_first() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 70)
        li.touchUp(1)
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    /// Two fingers land, the first lifts, the second stays: no tap.
    @Test func touchpad_2fg_tap_n_hold_second() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 70)
        li.touchUp(0)
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    /// Both fingers lift in one frame.
    @Test func touchpad_2fg_tap_quickrelease() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 70)
        li.rawEvent(EventType.abs, AbsCode.mtSlot, 0)
        li.rawEvent(EventType.abs, AbsCode.mtTrackingID, -1)
        li.rawEvent(EventType.abs, AbsCode.mtSlot, 1)
        li.rawEvent(EventType.abs, AbsCode.mtTrackingID, -1)
        li.rawEvent(EventType.key, KeyCode.btnToolDoubleTap, 0)
        li.rawEvent(EventType.key, KeyCode.btnTouch, 0)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 2fg"])
    }

    /// One finger moves far, a second lands, the first lifts: no tap.
    @Test func touchpad_no_2fg_tap_after_move() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (90, 90), steps: 10)
        li.touchDown(1, 70, 50)
        li.touchUp(0)
        #expect(Self.taps(li) == [])
    }

    /// One finger held past the tap timeout, a second lands, the first lifts: no tap.
    @Test func touchpad_no_2fg_tap_after_timeout() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.timeoutTap()
        li.touchDown(1, 70, 50)
        li.touchUp(0)
        #expect(Self.taps(li) == [])
    }

    /// Two fingers down, the second moves far, both lift: no tap.
    @Test func touchpad_no_first_fg_tap_after_move() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 50)
        li.touchMoveTo(1, from: (70, 50), to: (90, 90), steps: 10)
        li.touchUp(0)
        li.touchUp(1)
        #expect(Self.taps(li) == [])
    }

    /// Three fingers 5 ms apart, 10 ms down, lifted in each of three orders: a three-finger tap.
    @Test(arguments: 0..<3)
    func touchpad_3fg_tap(order: Int) {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.sleep(5)
        li.touchDown(1, 70, 50)
        li.sleep(5)
        li.touchDown(2, 80, 50)
        li.sleep(10)
        li.touchUp((order + 2) % 3)
        li.touchUp((order + 1) % 3)
        li.touchUp(order % 3)
        li.timeoutTap()
        #expect(li.summary() == ["tap 3fg"])
    }

    /// A three-finger touch where one finger lifts and lands again before all lift:
    /// libinput clicks the middle button twice (its state machine counts the first three
    /// as a tap when a finger lands after one lifted). Tactile: one three-finger tap, the
    /// fingers never having all left the pad (docs/gestures.md).
    @Test func touchpad_3fg_tap_tap_again() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.sleep(5)
        li.touchDown(1, 70, 50)
        li.sleep(5)
        li.touchDown(2, 80, 50)
        li.sleep(10)
        li.touchUp(0)
        li.sleep(10)
        li.touchDown(0, 80, 50)
        li.sleep(10)
        li.touchUp(0)
        li.touchUp(1)
        li.touchUp(2)
        li.timeoutTap()
        #expect(li.summary() == ["tap 3fg"])
    }

    /// Two slots and `BTN_TOOL_TRIPLETAP` (litest's `synaptics-i2c`): two fingers tracked,
    /// the tool bit says three for a frame: a three-finger tap.
    @Test func touchpad_3fg_tap_btntool() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 50)
        li.rawEvent(EventType.key, KeyCode.btnToolTripleTap, 1)
        li.rawEvent(EventType.key, KeyCode.btnToolDoubleTap, 0)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.rawEvent(EventType.key, KeyCode.btnToolTripleTap, 0)
        li.rawEvent(EventType.key, KeyCode.btnToolDoubleTap, 1)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.touchUp(1)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 3fg"])
    }

    @Test func touchpad_3fg_tap_quickrelease() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 50)
        li.touchDown(2, 80, 50)
        for slot: Int32 in 0...2 {
            li.rawEvent(EventType.abs, AbsCode.mtSlot, slot)
            li.rawEvent(EventType.abs, AbsCode.mtTrackingID, -1)
        }
        li.rawEvent(EventType.key, KeyCode.btnToolTripleTap, 0)
        li.rawEvent(EventType.key, KeyCode.btnTouch, 0)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.timeoutTap()
        #expect(li.summary() == ["tap 3fg"])
    }

    /// A two-finger scroll, the fingers resting, then a third finger taps: no tap.
    @Test func touchpad_3fg_tap_after_scroll() {
        var li = Litest(Self.pad)
        li.touchDown(0, 40, 20)
        li.touchDown(1, 50, 20)
        li.touchMoveTwoTouches((40, 20), (50, 20), by: (0, 20), steps: 10)
        li.timeoutTap()
        li.touchDown(2, 60, 40)
        li.touchUp(2)
        li.timeoutTap()
        #expect(Self.taps(li) == [])
        #expect(li.summary().first == "pan began 2fg")
    }

    /// Four fingers tap, lifted in four orders: libinput has no four-finger tap, and on a
    /// touchpad neither has Tactile (docs/gestures.md: taps of 1 to 3 fingers on touchpads).
    @Test(arguments: 0..<4)
    func touchpad_4fg_tap(order: Int) {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 50)
        li.touchDown(2, 80, 50)
        li.touchDown(3, 90, 50)
        for k in [3, 2, 1, 0] { li.touchUp((order + k) % 4) }
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    @Test func touchpad_4fg_tap_quickrelease() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 50)
        li.touchDown(2, 80, 50)
        li.touchDown(3, 90, 50)
        for slot: Int32 in 0...3 {
            li.rawEvent(EventType.abs, AbsCode.mtSlot, slot)
            li.rawEvent(EventType.abs, AbsCode.mtTrackingID, -1)
        }
        li.rawEvent(EventType.key, KeyCode.btnToolQuadTap, 0)
        li.rawEvent(EventType.key, KeyCode.btnTouch, 0)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    @Test func touchpad_5fg_tap() {
        var li = Litest(Self.pad)
        for (slot, x) in [20.0, 30, 40, 70, 90].enumerated() { li.touchDown(slot, x, 50) }
        for slot in [4, 3, 2, 1, 0] { li.touchUp(slot) }
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    @Test func touchpad_5fg_tap_quickrelease() {
        var li = Litest(Self.pad)
        for (slot, x) in [20.0, 30, 40, 70, 90].enumerated() { li.touchDown(slot, x, 50) }
        for slot: Int32 in 0...4 {
            li.rawEvent(EventType.abs, AbsCode.mtSlot, slot)
            li.rawEvent(EventType.abs, AbsCode.mtTrackingID, -1)
        }
        li.rawEvent(EventType.key, KeyCode.btnToolQuintTap, 0)
        li.rawEvent(EventType.key, KeyCode.btnTouch, 0)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    /// Two to four fingers down; the first moves far, lifts and lands again; all lift: no
    /// tap. (The touch that moved ended the tap for the whole sequence: a finger landing
    /// again among the fingers still down does not start a new one.)
    @Test(arguments: 2...4)
    func touchpad_move_after_touch(fingers: Int) {
        var li = Litest(Self.pad)
        let places: [(Double, Double)] = [(40, 30), (50, 30), (60, 30), (70, 30), (70, 30)]
        for slot in (0..<fingers).reversed() { li.touchDown(slot, places[slot].0, places[slot].1) }
        li.touchMoveTo(0, from: (70, 30), to: (70, 60), steps: 10)
        li.touchUp(0)
        li.touchDown(0, 40, 30)
        for slot in (0..<fingers).reversed() { li.touchUp(slot) }
        li.timeoutTap()
        #expect(Self.taps(li) == [])
    }

    /// Not a test of libinput's but its tap timeout, `DEFAULT_TAP_TIMEOUT_PERIOD` in
    /// `src/evdev-mt-touchpad-tap.c` (180 ms): fingers held still past it are no tap; at
    /// 300 ms they are a hold, as `gestures_hold_tap_enabled` has it.
    @Test(arguments: 1...3)
    func default_tap_timeout_period(fingers: Int) {
        var li = Litest(Self.pad)
        Self.down(&li, fingers)
        li.timeoutTap()
        Self.up(&li, fingers)
        li.timeoutTap()
        #expect(li.summary() == ["longPress began \(fingers)fg", "longPress ended \(fingers)fg"])
    }

    /// The same timeout from both sides: a tap held 170 ms is a tap, held 190 ms it is not.
    @Test(arguments: [(170.0, true), (190.0, false)])
    func default_tap_timeout_period_boundary(held: Double, taps: Bool) {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.sleep(held)
        li.touchUp(0)
        li.timeoutTap()
        #expect(Self.taps(li) == (taps ? ["tap 1fg"] : []))
    }
}
