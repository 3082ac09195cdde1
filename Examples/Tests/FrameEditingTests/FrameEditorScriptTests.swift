import Testing
import Tactile
import TactileTesting
import FrameEditing

/// The frame editor driven by gestures written in code (TactileTesting), through its own
/// `handle(AppEvent)` loop: no device, no recording, no file read by hand.
struct FrameEditorScriptTests {
    /// Whether two transforms agree: the linear part within `linear`, the translation within
    /// `mm` millimetres.
    static func close(_ a: AffineTransform, _ b: AffineTransform, linear: Double = 0.05, mm: Double = 1) -> Bool {
        zip(a.components.prefix(4), b.components.prefix(4)).allSatisfy { abs($0 - $1) <= linear }
            && abs(a.tx - b.tx) <= mm && abs(a.ty - b.ty) <= mm
    }

    @Test func aPinchATurnAndAPanMoveTheImageAsTheHandDid() {
        // docs:begin testing-app
        // Two fingers spread to twice their span about (100, 80), then turn a quarter
        // clockwise there; then one finger pans 30 mm right and 10 mm down.
        let middle = Point(x: 100, y: 80)
        let script = GestureScript(device: DeviceProfile.touchscreen.description, steps: [
            .pinch(scale: 2, at: middle),
            .rotate(degrees: 90, at: middle),
            .pan(by: Vector(x: 30, y: 10)),
        ])
        var editor = FrameEditor(image: Point(x: 20, y: 10), surface: script.device.size!)
        for event in GestureRun.appEvents(script) { _ = editor.handle(event) }
        _ = editor.finish()

        let expected = AffineTransform(translationX: 20, y: 10)
            .concatenating(.gesture(scale: 2, anchor: middle))
            .concatenating(.gesture(rotation: Angle(degrees: 90), anchor: middle))
            .concatenating(.gesture(translation: Vector(x: 30, y: 10), anchor: middle))
        #expect(Self.close(editor.transform, expected), "\(editor.transform) is not \(expected)")
        // docs:end testing-app
    }

    @Test func aTapOrALongPressLeavesTheImageWhereItWas() {
        let script = GestureScript(device: DeviceProfile.touchscreen.description, steps: [.tap(fingers: 2), .hold()])
        var editor = FrameEditor(image: Point(x: 20, y: 10), surface: script.device.size!)
        for event in GestureRun.appEvents(script) { _ = editor.handle(event) }
        #expect(editor.transform == AffineTransform(translationX: 20, y: 10))
    }

    @Test func theTestCanFail() {
        // The same pinch to 1.5 is not the transform of a pinch to 2: the comparison above
        // tells them apart.
        let middle = Point(x: 100, y: 80)
        let script = GestureScript(device: DeviceProfile.touchscreen.description, steps: [.pinch(scale: 1.5, at: middle)])
        var editor = FrameEditor(image: Point(x: 20, y: 10), surface: script.device.size!)
        for event in GestureRun.appEvents(script) { _ = editor.handle(event) }
        let twice = AffineTransform(translationX: 20, y: 10).concatenating(.gesture(scale: 2, anchor: middle))
        #expect(!Self.close(editor.transform, twice))
        #expect(Self.close(editor.transform, AffineTransform(translationX: 20, y: 10).concatenating(.gesture(scale: 1.5, anchor: middle))))
    }
}
