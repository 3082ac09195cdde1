import ExampleSupport
import Tactile

/// Tap to fullscreen, rotate in fullscreen. A library of its own, so the JSON app
/// (`fullscreen-rotate`) and the windowed one (`fullscreen-rotate-window`) share it.
///
/// A 16:9 video view sits near the top of a portrait screen. A single tap on it zooms it
/// to fullscreen, and a single tap anywhere in fullscreen brings it back. Inline, the app
/// stays in portrait; in fullscreen the view follows the device's interface orientation:
/// landscape swaps the bounds' width and height, and the view turns about the screen's
/// centre (±90° for the landscapes, 180° upside down) so it stays centred on its new
/// bounds. Each change animates, turning the way the device turned. Face up and face down
/// keep the last orientation: the filter never changes the interface orientation for them,
/// so the app sees no turn.
public struct FullscreenApp {
    /// The screen in portrait, mm (the touchscreen's surface).
    public let screen: Size
    /// The view's frame inline, in portrait screen coordinates.
    public let inline: Rect
    /// Whether the view fills the screen (a tap on it inline zooms it there).
    public private(set) var fullscreen = false
    /// The interface orientation the device is in, as the filter last decided.
    public private(set) var device = InterfaceOrientation.portrait
    /// Where the view is now (its rotation unwrapped, so turns keep their direction).
    public private(set) var placement: Placement
    /// The view's own size: inline, its frame's; in fullscreen the screen's, width and
    /// height swapped in landscape.
    public private(set) var bounds: Size

    /// A portrait screen of `screen` (mm), the view inline.
    public init(screen: Size) {
        self.screen = screen
        let w = screen.width.value * 0.9
        inline = Rect(x: screen.width.value * 0.05, y: screen.height.value * 0.15, width: w, height: w * 9 / 16)
        placement = Placement(center: Point(x: inline.x + inline.width / 2, y: inline.y + inline.height / 2))
        bounds = Size(width: inline.width, height: inline.height)
    }

    /// The line saying where the view starts.
    public func start(at time: Timestamp) -> JSONLine { layout("start", at: time, from: placement) }

    /// What one event changes on screen, as lines (none for most events).
    public mutating func handle(_ event: AppEvent) -> [JSONLine] {
        switch event {
        case .gesture(let g):
            guard case .tap(let taps) = g.detail, taps == 1, g.fingers == 1 else { return [] }
            if !fullscreen {
                let p = g.location
                guard p.x >= inline.x, p.x <= inline.x + inline.width, p.y >= inline.y, p.y <= inline.y + inline.height
                else { return [] }
                fullscreen = true
                // Into fullscreen in whatever orientation the device is in, the short way round.
                return [move(to: fullScreen(rotation: nearest(device.rotation.radians)), "fullscreen", at: g.time)]
            }
            fullscreen = false
            let back = Placement(center: Point(x: inline.x + inline.width / 2, y: inline.y + inline.height / 2),
                                 rotation: nearest(0))
            return [move(to: back, "inline", at: g.time, bounds: Size(width: inline.width, height: inline.height))]
        case .orientation(let o):
            let turned = o.orientation != device
            device = o.orientation
            // A pose alone (face up, face down) changes no orientation: nothing to do.
            guard turned, fullscreen else { return [] }
            // The filter's rotationDelta is the turn the way the device went.
            return [move(to: fullScreen(rotation: placement.rotation + o.rotationDelta.radians), "rotate", at: o.time)]
        case .touches, .accel:
            return []
        }
    }

    /// The view filling the screen, turned `rotation` about the screen's centre.
    private func fullScreen(rotation: Double) -> Placement {
        Placement(center: Point(x: screen.width.value / 2, y: screen.height.value / 2), rotation: rotation)
    }

    /// `target` (a multiple of a quarter turn) moved by whole turns to within half a turn of
    /// the view's rotation now: the short way round.
    private func nearest(_ target: Double) -> Double {
        let full = 2 * Double.pi
        return target + full * ((placement.rotation - target) / full).rounded()
    }

    private mutating func move(to target: Placement, _ what: String, at time: Timestamp, bounds newBounds: Size? = nil) -> JSONLine {
        let from = placement
        placement = target
        // docs:begin bounds-swap
        let quarterTurns = Int((target.rotation / (Double.pi / 2)).rounded())
        let landscape = quarterTurns % 2 != 0
        bounds = newBounds ?? (landscape ? Size(width: screen.height, height: screen.width) : screen)
        // docs:end bounds-swap
        return layout(what, at: time, from: from)
    }

    private func layout(_ what: String, at time: Timestamp, from: Placement) -> JSONLine {
        var line = JSONLine(what, at: time)
        line.add("fullscreen", fullscreen)
        line.add("orientation", fullscreen ? device.rawValue : InterfaceOrientation.portrait.rawValue)
        line.add("bounds", bounds)
        line.add("center", placement.center)
        line.add("rotation", placement.rotation)
        line.add("transform", placement.transform(for: bounds))
        // docs:begin turn-keyframes
        let keyframes = from.keyframes(to: placement, count: 5)
        line.add("keyframes", rows: keyframes.map { [$0.center.x, $0.center.y, $0.rotation] })
        // docs:end turn-keyframes
        return line
    }
}
