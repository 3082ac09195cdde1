import Testing
import Tactile
import ExampleSupport

/// Touches in a window's pixels, as a toolkit gives them, recognized in millimetres.
struct ToolkitTouchesTests {
    @Test func aPinchInPixelsIsAPinchOfTheSameScaleAndItsPlaceInMillimetres() {
        // A 1920-pixel-wide screen showing 344 mm; a 1280 × 800 window on it.
        var touches = ToolkitTouches(screenWidth: 1920, millimetres: 344, window: (1280, 800))
        var lines: [GestureEvent] = []
        for k in 0...50 {
            let half = 100 + 100 * Double(k) / 50  // 200 px apart, growing to 400
            lines += touches.touches([(id: 7, x: 640 - half, y: 400), (id: 9, x: 640 + half, y: 400)], at: 0.01 * Double(k + 1))
        }
        lines += touches.touches([], at: 0.53)
        lines += touches.finish()
        let end = lines.last { $0.kind == .pinch && $0.phase == .ended }
        guard case .pinch(let scale, _, _)? = end?.detail else {
            Issue.record("no pinch: \(lines.map { "\($0.kind) \($0.phase)" })")
            return
        }
        #expect(abs(scale - 2) < 0.02, "scale \(scale)")
        // The centroid, 640 × 400 px, is 114.7 × 71.7 mm into the window.
        #expect(abs(end!.location.x - 640 * 344 / 1920) < 0.5 && abs(end!.location.y - 400 * 344 / 1920) < 0.5)
    }
}
