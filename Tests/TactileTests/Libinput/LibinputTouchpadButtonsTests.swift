import Tactile
import Testing

/// libinput 1.22's clickfinger cases from `test/test-touchpad-buttons.c`, on the litest
/// clickpad `synaptics-rmi4` (97 × 53 mm, five slots). libinput's button events from a
/// clickpad press are Tactile's `click` lines; no tap comes of a touch that clicked.
struct LibinputTouchpadButtonsTests {
    static let pad = LitestDevices.synapticsRMI4

    /// A press and release with the fingers down, as the tests write it.
    static func click(_ li: inout Litest) {
        li.rawEvent(EventType.key, KeyCode.btnLeft, 1)
        li.rawEvent(EventType.syn, SynCode.report, 0)
        li.rawEvent(EventType.key, KeyCode.btnLeft, 0)
        li.rawEvent(EventType.syn, SynCode.report, 0)
    }

    static func clicksAndTaps(_ li: Litest) -> [String] {
        Litest.summary(li.lines().filter { $0.kind == .click || $0.kind == .tap })
    }

    @Test func touchpad_1fg_clickfinger() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        Self.click(&li)
        li.touchUp(0)
        li.timeoutTap()
        #expect(Self.clicksAndTaps(li) == ["click left 1fg"])
    }

    @Test func touchpad_2fg_clickfinger() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 70, 70)
        Self.click(&li)
        li.touchUp(0)
        li.touchUp(1)
        li.timeoutTap()
        #expect(Self.clicksAndTaps(li) == ["click right 2fg"])
    }

    @Test func touchpad_3fg_clickfinger() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 60, 70)
        li.touchDown(2, 70, 70)
        Self.click(&li)
        li.touchUp(0)
        li.touchUp(1)
        li.touchUp(2)
        li.timeoutTap()
        #expect(Self.clicksAndTaps(li) == ["click middle 3fg"])
    }

    /// Four fingers press: libinput sends no button (clickfinger knows 1 to 3), and
    /// neither does Tactile.
    @Test func touchpad_4fg_clickfinger() {
        var li = Litest(Self.pad)
        li.touchDown(0, 50, 50)
        li.touchDown(1, 60, 70)
        li.touchDown(2, 70, 70)
        li.touchDown(3, 80, 70)
        Self.click(&li)
        for slot in 0...3 { li.touchUp(slot) }
        li.timeoutTap()
        #expect(Self.clicksAndTaps(li) == [])
    }

    /// Two fingers 78 mm apart side by side, then 48 mm apart one above the other: each
    /// press is a one-finger click (clickfinger counts two fingers only within 40 mm
    /// across and 30 mm down; the pad is 53 mm tall, not small). The second time the lower
    /// finger is in the thumb zone below the other, so Tactile counts one finger down.
    @Test func touchpad_2fg_clickfinger_distance() {
        var li = Litest(Self.pad)
        li.touchDown(0, 90, 50)
        li.touchDown(1, 10, 50)
        Self.click(&li)
        li.touchUp(0)
        li.touchUp(1)
        li.timeoutTap()
        li.touchDown(0, 50, 5)
        li.touchDown(1, 50, 95)
        Self.click(&li)
        li.touchUp(0)
        li.touchUp(1)
        li.timeoutTap()
        #expect(Self.clicksAndTaps(li) == ["click left 2fg", "click left 1fg"])
    }

    /// Three fingers far apart: the distance counts only for two; three are a middle click.
    @Test func touchpad_3fg_clickfinger_distance() {
        var li = Litest(Self.pad)
        li.touchDown(0, 90, 20)
        li.touchDown(1, 10, 15)
        li.touchDown(2, 10, 15)
        Self.click(&li)
        li.touchUp(0)
        li.touchUp(1)
        li.touchUp(2)
        li.timeoutTap()
        #expect(Self.clicksAndTaps(li) == ["click middle 3fg"])
    }

    /// A press with no finger on the pad is a left click (its line says 0 fingers).
    @Test func touchpad_1fg_clickfinger_no_touch() {
        var li = Litest(Self.pad)
        Self.click(&li)
        #expect(Self.clicksAndTaps(li) == ["click left 0fg"])
    }

    /// One to three fingers press, then drag 20% down while pressed (litest writes the 20
    /// frames with no sleep; here 10 ms apart, as a pad reports them): the click, then a
    /// pan of those fingers; no tap.
    @Test(arguments: 1...3)
    func touchpad_clickfinger_click_drag(fingers: Int) {
        var li = Litest(Self.pad)
        li.touchDown(0, 40, 50)
        if fingers > 1 { li.touchDown(1, 50, 50) }
        if fingers > 2 { li.touchDown(2, 60, 50) }
        li.buttonClick(KeyCode.btnLeft, true)
        for i in 0..<20 {
            li.pushFrame()
            if fingers > 2 { li.touchMove(2, 60, 50 + Double(i)) }
            if fingers > 1 { li.touchMove(1, 50, 50 + Double(i)) }
            li.touchMove(0, 40, 50 + Double(i))
            li.popFrame()
            li.sleep(10)
        }
        li.buttonClick(KeyCode.btnLeft, false)
        if fingers > 2 { li.touchUp(2) }
        if fingers > 1 { li.touchUp(1) }
        li.touchUp(0)
        let button = ["left", "right", "middle"][fingers - 1]
        let summary = Litest.summary(li.lines().filter { $0.kind == .click || $0.kind == .tap || $0.kind == .pan })
        #expect(summary == ["click \(button) \(fingers)fg", "pan began \(fingers)fg", "pan ended \(fingers)fg"])
    }
}
