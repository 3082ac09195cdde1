import Tactile
import Testing

/// Every edge of the click diagram (clickfinger and button areas are in TouchpadTests).
struct ClickRecognizerTests {
    @Test func aPressIsAClickWithTheFingersOnThePad() {
        var d = Driving(ClickRecognizer(), kind: .touchpad)
        #expect(d.frame(0, [(1, 50, 30)]).event == nil)
        let press = d.frame(10, [(1, 50, 30)], buttons: .left)
        #expect(press.phase == .recognized)
        #expect(press.event?.fingers == 1)
        #expect(press.event?.detail == .click(button: .left))
    }

    @Test func aReportedRightButtonIsRight() {
        var d = Driving(ClickRecognizer(), kind: .touchpad)
        #expect(d.frame(0, [(1, 50, 30)], buttons: .right).event?.detail == .click(button: .right))
    }

    @Test func liftedWithoutAPressFailsAndLossFails() {
        var d = Driving(ClickRecognizer(), kind: .touchpad)
        d.frame(0, [(1, 50, 30)])
        #expect(d.frame(10).why == "lifted without a click")
        var lost = Driving(ClickRecognizer(), kind: .touchpad)
        lost.frame(0, [(1, 50, 30)])
        #expect(lost.frame(10, lost: [1]).why == "contacts were lost (SYN_DROPPED)")
        #expect(lost.state == .failed)
    }
}
