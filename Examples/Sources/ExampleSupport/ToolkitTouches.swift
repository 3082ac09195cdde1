import Tactile

/// Touches as a UI toolkit gives them (GTK, SDL, Qt, a Wayland compositor: points in the
/// window's pixels, each with the toolkit's id), turned into the touch frames Tactile's
/// recognizers read, in millimetres. A real GUI app gets its input this way, not from
/// `/dev/input`: the toolkit already routed each touch to its window.
public struct ToolkitTouches {
    /// Millimetres per pixel: the screen's physical width over its width in pixels (the
    /// toolkit or the output tells both: GTK's monitor geometry, SDL's display DPI, a
    /// Wayland output's physical size and mode).
    public let millimetresPerPixel: Double
    private var engine: GestureEngine

    /// A screen `pixels` wide showing `millimetres` of glass; the window's size in pixels;
    /// the gestures to recognize (nil: the standard set).
    public init(screenWidth pixels: Double, millimetres: Double, window: (width: Double, height: Double),
                gestures: Set<GestureKind>? = nil) {
        let k = millimetres / pixels
        millimetresPerPixel = k
        // docs:begin toolkit-engine
        let screen = DeviceDescription(id: 0, name: "window", kind: .touchscreen,
                                       size: Size(width: window.width * k, height: window.height * k))
        engine = GestureEngine(device: screen, gestures: gestures)
        // docs:end toolkit-engine
    }

    /// The gestures one toolkit event completes: every touch down in the window, in
    /// pixels, at `seconds` (the toolkit's event time, which only ever grows).
    public mutating func touches(_ points: [(id: Int, x: Double, y: Double)], at seconds: Double) -> [GestureEvent] {
        // docs:begin toolkit-touches
        var frame = TouchFrame(time: Timestamp(microseconds: Int64((seconds * 1e6).rounded())), device: 0)
        for p in points {
            frame.contacts.append(Contact(id: p.id, position: Point(x: p.x * millimetresPerPixel, y: p.y * millimetresPerPixel)))
        }
        var gestures: [GestureEvent] = []
        engine.process(frame, into: &gestures)
        // docs:end toolkit-touches
        return gestures
    }

    /// The gestures whose timers fall due by `seconds` with no touch event: a single tap once
    /// no second tap can follow, a long press. A toolkit's loop calls it every turn, as a
    /// live source calls `GestureEngine.advance(to:into:)` when the device is idle.
    public mutating func advance(to seconds: Double) -> [GestureEvent] {
        var gestures: [GestureEvent] = []
        engine.advance(to: Timestamp(microseconds: Int64((seconds * 1e6).rounded())), into: &gestures)
        return gestures
    }

    /// No more touches: pending taps fire, gestures under way end.
    public mutating func finish() -> [GestureEvent] {
        var gestures: [GestureEvent] = []
        engine.finish(into: &gestures)
        return gestures
    }
}
