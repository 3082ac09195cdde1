import ExampleSupport
import Tactile

/// Force zoom: a large image shown aspect-fit, magnified where a finger presses.
///
/// A touch shows a preview frame around the touch point: the largest square that fits the
/// screen, times the image's scale in the view (`AspectFit.previewSide`), which is the part
/// of the image a 1:1 preview would show. Pressing harder steps through the pressure
/// stages (`PressureStages`: hint from touch-down, peek, pop, with hysteresis); the pop
/// opens the 1:1 preview of the image at that point, given as the normalised rectangle of
/// the image it shows (`AspectFit.previewRect`). The view is the screen, in pixels; the
/// touchscreen's millimetres are scaled onto it.
struct ForceZoom {
    let fits: [AspectFit]
    let screen: Size
    let surface: Size
    private var stages: PressureStages

    init(images: [Size], screen: Size, surface: Size, settings: GestureSettings = GestureSettings()) {
        fits = images.map { AspectFit(image: $0, view: screen) }
        self.screen = screen
        self.surface = surface
        stages = PressureStages(settings: settings)
    }

    mutating func handle(_ event: AppEvent) -> [JSONLine] {
        // docs:begin stages
        guard case .touches(let frame) = event, let change = stages.update(frame) else { return [] }
        // docs:end stages
        // The touch in screen pixels.
        let touch = Point(x: change.location.x / surface.width.value * screen.width.value,
                          y: change.location.y / surface.height.value * screen.height.value)
        return fits.map { fit in
            var line = JSONLine(change.stage.rawValue, at: change.time)
            line.add("image", fit.image)
            line.add("previous", change.previous.rawValue)
            line.add("cancelled", change.cancelled)
            line.add("pressure", change.pressure)
            line.add("progress", change.progress)
            line.add("touch", touch)
            guard change.stage != .none else { return line }
            // docs:begin preview
            let side = fit.previewSide(screen: screen)
            let frame = Rect(x: touch.x - side / 2, y: touch.y - side / 2, width: side, height: side)
            let preview = fit.previewRect(around: touch, side: side)
            // docs:end preview
            line.add("frame", frame)
            line.add("preview", preview)
            return line
        }
    }
}
