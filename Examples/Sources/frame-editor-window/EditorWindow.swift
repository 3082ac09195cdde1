import ExampleWindow
import FrameEditing
import Tactile

/// The frame editor in a window: the test card under the transform the gestures build,
/// from the recording's or the devices' touches and from the window's own. It writes the
/// same lines as `frame-editor`.
struct EditorWindow: WindowApp {
    var editor: FrameEditor
    /// The card's size on the surface before any gesture, mm.
    let card: Size

    mutating func handle(_ event: AppEvent) {
        for line in editor.handle(event) { line.write() }
    }

    mutating func handle(windowGestures: [GestureEvent]) {
        for g in windowGestures {
            for line in editor.apply(g) { line.write() }
        }
    }

    mutating func inputEnded() {
        for line in editor.finish() { line.write() }
    }

    func draw(in window: Window, _ viewport: Viewport, at seconds: Double) {
        window.clear(Colour(30, 34, 44))
        // docs:begin draw-card
        // Card mm to surface mm (the gestures' transform), then to window pixels.
        window.fill(TestCard.triangles(card, editor.transform.concatenating(viewport.toPixels)))
        // docs:end draw-card
    }
}
