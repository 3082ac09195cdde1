import Tactile
import Testing

/// libinput 1.22's `test/test-touchpad.c`: pointer motion, two-finger scrolling and the
/// palm edge zones, case by case, on the litest devices `synaptics-rmi4` (97 × 53 mm),
/// `synaptics-i2c` (101 × 57 mm, tall enough for the top zone) and `magic-trackpad` (an
/// external pad: no palm zones). libinput's pointer motion is Tactile's one-finger pan,
/// its finger scroll a two-finger pan.
struct LibinputTouchpadTests {
    static let pad = LitestDevices.synapticsRMI4

    static func kinds(_ lines: [GestureEvent], _ kinds: Set<GestureKind>) -> [String] {
        Litest.summary(lines.filter { kinds.contains($0.kind) })
    }

    static let motion: Set<GestureKind> = [.tap, .longPress, .pan, .pinch, .rotate, .swipe]

    @Test func touchpad_1fg_motion() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (80, 50), steps: 20)
        li.touchUp(0)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .tap, .pinch]) == ["pan began 1fg", "pan ended 1fg"])
        guard case .pan(let t, _, _)? = lines.last(where: { $0.kind == .pan })?.detail else { Issue.record("no pan"); return }
        #expect(t.x > 25 && abs(t.y) < 0.5)
    }

    /// Two fingers moving together are a scroll, never one-finger motion.
    @Test func touchpad_2fg_no_motion() {
        var li = Litest(Self.pad)
        li.touchDown(0, 20, 20)
        li.touchDown(1, 70, 20)
        li.touchMoveTwoTouches((20, 20), (70, 20), by: (20, 30), steps: 20)
        li.touchUp(1)
        li.touchUp(0)
        let pans = li.lines().filter { $0.kind == .pan }
        #expect(!pans.isEmpty)
        #expect(pans.allSatisfy { $0.fingers == 2 || $0.phase == .ended }, "\(Litest.summary(pans))")
    }

    /// `test_2fg_scroll`: two fingers 2% apart move 40% down, up, right and left: a
    /// two-finger pan each way; moved 0.1% they are no scroll.
    @Test(arguments: [(0.1, 40.0), (0.1, -40), (40, 0.1), (-40, 0.1)])
    func touchpad_2fg_scroll(dx: Double, dy: Double) {
        var li = Litest(Self.pad)
        li.touchDown(0, 49, 50)
        li.touchDown(1, 51, 50)
        li.touchMoveTwoTouches((49, 50), (51, 50), by: (dx, dy), steps: 10)
        li.touchUp(1)
        li.touchUp(0)
        let lines = li.lines()
        #expect(Self.kinds(lines, [.pan, .pinch, .rotate, .tap]) == ["pan began 2fg", "pan ended 2fg"])
        guard case .pan(let t, _, _)? = lines.last(where: { $0.kind == .pan })?.detail else { return }
        if abs(dy) > abs(dx) { #expect(t.y * dy > 0 && abs(t.y) > 15) } else { #expect(t.x * dx > 0 && abs(t.x) > 30) }
    }

    @Test func touchpad_2fg_scroll_below_threshold() {
        var li = Litest(Self.pad)
        li.touchDown(0, 49, 50)
        li.touchDown(1, 51, 50)
        li.touchMoveTwoTouches((49, 50), (51, 50), by: (0.1, 0.1), steps: 10)
        li.touchUp(1)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan, .pinch, .rotate]) == [])
    }

    /// Two fingers moved 7 mm over a second, a hundred small steps: a slow scroll is a scroll.
    @Test func touchpad_2fg_scroll_slow_distance() {
        var li = Litest(Self.pad)
        let move = 100.0 / 53.1 * 7
        li.touchDown(0, 49, 50)
        li.touchDown(1, 51, 50)
        li.touchMoveTwoTouches((49, 50), (51, 50), by: (0, move), steps: 100)
        li.touchUp(1)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan, .pinch, .rotate, .tap]) == ["pan began 2fg", "pan ended 2fg"])
    }

    /// Diagonal first, then straight down: one two-finger scroll.
    @Test func touchpad_2fg_scroll_initially_diagonal() {
        var li = Litest(Self.pad)
        let ratio = 97.0 / 53.1
        let ydelta = 15 * ratio
        li.touchDown(0, 45, 30)
        li.touchDown(1, 55, 30)
        li.touchMoveTwoTouches((45, 30), (55, 30), by: (15, ydelta), steps: 10)
        for i in 0..<15 where i != 5 { li.touchMove(0, 60, 30 + ydelta + Double(i) * ratio) }
        li.touchUp(1)
        li.touchUp(0)
        let summary = Self.kinds(li.lines(), [.pan, .pinch, .rotate, .tap])
        #expect(summary.first == "pan began 2fg")
        #expect(!summary.contains { $0.hasPrefix("pinch") || $0.hasPrefix("rotate") || $0.hasPrefix("tap") })
    }

    /// Motion, then a second finger scrolls, then one lifts and the other moves on: one
    /// pan whose finger count follows the hand (1, then 2, then 1), never a pinch or tap.
    @Test func touchpad_2fg_scroll_return_to_motion() {
        var li = Litest(Self.pad)
        li.touchDown(0, 70, 70)
        li.touchMoveTo(0, from: (70, 70), to: (49, 50), steps: 10)
        li.touchDown(1, 51, 50)
        li.touchMoveTwoTouches((49, 50), (51, 50), by: (0, 20), steps: 5)
        li.touchUp(1)
        li.sleep(120)
        li.touchMoveTo(0, from: (49, 70), to: (49, 50), steps: 10)
        li.touchDown(1, 51, 50)
        li.touchMoveTwoTouches((49, 50), (51, 50), by: (0, 20), steps: 5)
        li.touchUp(0)
        li.sleep(120)
        li.touchMoveTo(1, from: (51, 70), to: (51, 50), steps: 10)
        li.touchUp(1)
        let lines = li.lines()
        #expect(!lines.contains { $0.kind == .tap || $0.kind == .pinch || $0.kind == .rotate })
        let counts = lines.filter { $0.kind == .pan && $0.phase == .changed }.map(\.fingers)
        var runs: [Int] = []
        for n in counts where runs.last != n { runs.append(n) }
        #expect(runs == [1, 2, 1, 2, 1], "\(runs)")
    }

    // MARK: Palm edge zones (tp_init_palmdetect_edge: 8% of the width, at most 8 mm, on
    // either side of internal touchpads 70 mm wide or more; the top 5% where the pad is
    // taller than 55 mm)

    /// A finger that lands in the right or left edge zone and moves along it is a palm:
    /// nothing.
    @Test func touchpad_palm_detect_at_edge() {
        var li = Litest(Self.pad)
        li.touchDown(0, 99, 50)
        li.touchMoveTo(0, from: (99, 50), to: (99, 70), steps: 5)
        li.touchUp(0)
        li.sleep(500)
        li.touchDown(0, 5, 50)
        li.touchMoveTo(0, from: (5, 50), to: (5, 70), steps: 5)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == [])
    }

    /// On an external touchpad (the Bluetooth Magic Trackpad) libinput has no palm edge
    /// zones (`litest_has_palm_detect_size` is false): the same stroke is pointer motion.
    @Test func touchpad_palm_detect_at_edge_external() {
        var li = Litest(LitestDevices.magicTrackpad)
        li.touchDown(0, 99, 50)
        li.touchMoveTo(0, from: (99, 50), to: (99, 70), steps: 5)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan]) == ["pan began 1fg", "pan ended 1fg"])
    }

    /// The top edge zone, on a pad taller than 55 mm.
    @Test func touchpad_palm_detect_at_top() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 20, 1)
        li.touchMoveTo(0, from: (20, 1), to: (70, 1), steps: 10)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == [])
    }

    /// Corners are edge zones too.
    @Test func touchpad_palm_detect_at_bottom_corners() {
        var li = Litest(Self.pad)
        li.touchDown(0, 99, 95)
        li.touchMoveTo(0, from: (99, 95), to: (99, 99), steps: 10)
        li.touchUp(0)
        li.sleep(500)
        li.touchDown(0, 5, 95)
        li.touchMoveTo(0, from: (5, 95), to: (5, 99), steps: 5)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == [])
    }

    @Test func touchpad_palm_detect_at_top_corners() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 99, 5)
        li.touchMoveTo(0, from: (99, 5), to: (99, 9), steps: 10)
        li.touchUp(0)
        li.sleep(500)
        li.touchDown(0, 5, 5)
        li.touchMoveTo(0, from: (5, 5), to: (5, 9), steps: 5)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == [])
    }

    /// A palm that moves out of the zone, mostly sideways, within 200 ms is a finger after
    /// all: pointer motion.
    @Test func touchpad_palm_detect_palm_becomes_pointer() {
        var li = Litest(Self.pad)
        li.touchDown(0, 99, 50)
        li.touchMoveTo(0, from: (99, 50), to: (0, 70), steps: 20)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan, .tap, .longPress]) == ["pan began 1fg", "pan ended 1fg"])
    }

    @Test func touchpad_palm_detect_top_palm_becomes_pointer() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 50, 1)
        li.touchMoveTo(0, from: (50, 1), to: (50, 60), steps: 20)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan, .tap, .longPress]) == ["pan began 1fg", "pan ended 1fg"])
    }

    /// A palm that leaves the zone slowly (past 200 ms) or downwards stays a palm.
    @Test func touchpad_palm_detect_palm_stays_palm() {
        var li = Litest(Self.pad)
        li.touchDown(0, 99, 20)
        li.touchMoveTo(0, from: (99, 20), to: (75, 99), steps: 20)
        li.touchUp(0)
        #expect(li.summary() == [])
    }

    @Test func touchpad_palm_detect_top_palm_stays_palm() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 20, 1)
        li.touchMoveTo(0, from: (20, 1), to: (50, 30), steps: 20)
        li.touchUp(0)
        #expect(li.summary() == [])
    }

    /// A finger that moves into the zone from the middle is no palm.
    @Test func touchpad_palm_detect_no_palm_moving_into_edges() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (99, 50), steps: 10)
        li.touchMoveTo(0, from: (99, 50), to: (99, 90), steps: 10)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan, .tap, .longPress]) == ["pan began 1fg", "pan ended 1fg"])
    }

    @Test func touchpad_palm_detect_no_palm_moving_into_top() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 50, 50)
        li.touchMoveTo(0, from: (50, 50), to: (0, 2), steps: 10)
        li.touchMoveTo(0, from: (0, 2), to: (50, 50), steps: 10)
        li.touchUp(0)
        #expect(Self.kinds(li.lines(), [.pan, .tap, .longPress]) == ["pan began 1fg", "pan ended 1fg"])
    }

    /// A tap in the top zone is no tap.
    @Test func touchpad_palm_detect_no_tap_top_edge() {
        var li = Litest(LitestDevices.synapticsI2C)
        li.touchDown(0, 50, 1)
        li.touchUp(0)
        li.timeoutTap()
        #expect(li.summary() == [])
    }

    /// Taps in the corners are no taps (`touchpad_palm_detect_tap_clickfinger`).
    @Test func touchpad_palm_detect_tap_clickfinger() {
        var li = Litest(Self.pad)
        for (x, y) in [(95.0, 5.0), (5, 5), (5, 99), (95, 99)] {
            li.touchDown(0, x, y)
            li.touchUp(0)
            li.timeoutTap()
        }
        #expect(li.summary() == [])
    }

    /// A palm at the edge, then a finger in the middle: the palm counts again, and the
    /// two scroll together.
    @Test func touchpad_no_palm_detect_2fg_scroll() {
        var li = Litest(Self.pad)
        li.touchDown(0, 99, 50)
        li.touchMoveTo(0, from: (99, 50), to: (99, 40), steps: 45)
        li.touchMoveTo(0, from: (99, 40), to: (99, 50), steps: 45)
        li.touchDown(1, 50, 50)
        li.touchMoveTwoTouches((99, 50), (50, 50), by: (0, -20), steps: 10)
        let summary = Self.kinds(li.lines(), Self.motion)
        #expect(summary.first == "pan began 2fg", "\(summary)")
        #expect(!summary.contains { $0.hasPrefix("pan began 1fg") || $0.hasPrefix("tap") })
    }

    /// Palms in both edge zones moving together: nothing.
    @Test func touchpad_palm_detect_both_edges() {
        var li = Litest(Self.pad)
        li.touchDown(0, 99, 50)
        li.touchMoveTo(0, from: (99, 50), to: (99, 40), steps: 10)
        li.touchMoveTo(0, from: (99, 40), to: (99, 50), steps: 10)
        li.touchDown(1, 1, 50)
        li.touchMoveTo(1, from: (1, 50), to: (1, 40), steps: 10)
        li.touchMoveTo(1, from: (1, 40), to: (1, 50), steps: 10)
        li.touchMoveTwoTouches((99, 50), (1, 50), by: (0, -20), steps: 10)
        li.touchUp(0)
        li.touchUp(1)
        #expect(li.summary() == [])
    }
}
