import Tactile

/// A windowed example, as `WindowLoop` drives it: events from a recording or live devices,
/// gestures from the window's own touches, and a picture each frame.
public protocol WindowApp {
    /// One event from the recording or the devices.
    mutating func handle(_ event: AppEvent)
    /// Gestures the window's own touches completed (locations in the viewport's mm).
    mutating func handle(windowGestures: [GestureEvent])
    /// The recording or the devices ended.
    mutating func inputEnded()
    /// Draws the app as it is `seconds` into the window's clock (`Window.seconds`);
    /// `.infinity` draws it with every animation finished, as a screenshot shows it.
    func draw(in window: Window, _ viewport: Viewport, at seconds: Double)
    /// Whether the picture moves by itself at `seconds` (an animation under way): the loop
    /// draws only then, or when something happened.
    func isAnimating(at seconds: Double) -> Bool
}

extension WindowApp {
    /// Nothing moves by itself.
    public func isAnimating(at seconds: Double) -> Bool { false }
}
