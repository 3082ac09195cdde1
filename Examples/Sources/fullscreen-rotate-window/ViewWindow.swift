import ExampleSupport
import ExampleWindow
import FullscreenRotating
import Tactile

/// Tap to fullscreen and rotate in fullscreen, in a window showing the phone's screen: the
/// test card is the video view, inline or filling the screen turned as the device is, each
/// change animated the way the device turned. It writes the same lines as
/// `fullscreen-rotate`.
struct ViewWindow: WindowApp {
    var app: FullscreenApp
    /// How long a change animates, seconds (0: none).
    let duration: Double
    private var started = false
    /// The change under way: where the view was, and when it started moving.
    private var animation: (placement: Placement, bounds: Size, start: Double)?

    init(app: FullscreenApp, duration: Double) {
        self.app = app
        self.duration = duration
    }

    mutating func handle(_ event: AppEvent) {
        start(at: event.time)
        change { $0.handle(event) }
    }

    mutating func handle(windowGestures: [GestureEvent]) {
        for g in windowGestures {
            start(at: g.time)
            change { $0.handle(.gesture(g)) }
        }
    }

    /// The line saying where the view starts, before the first event's.
    private mutating func start(at time: Timestamp) {
        guard !started else { return }
        app.start(at: time).write()
        started = true
    }

    mutating func inputEnded() {}

    /// Runs `body` on the app; when it moves the view, the move animates from where it was.
    private mutating func change(_ body: (inout FullscreenApp) -> [JSONLine]) {
        let before = (placement: app.placement, bounds: app.bounds)
        let lines = body(&app)
        for line in lines { line.write() }
        if !lines.isEmpty, duration > 0 { animation = (before.placement, before.bounds, Window.seconds) }
    }

    func isAnimating(at seconds: Double) -> Bool {
        animation.map { seconds < $0.start + duration + 0.1 } ?? false
    }

    func draw(in window: Window, _ viewport: Viewport, at seconds: Double) {
        window.clear(Colour(20, 20, 24))
        var placement = app.placement, bounds = app.bounds
        if let a = animation, seconds < a.start + duration {
            let u = (seconds - a.start) / duration
            placement = a.placement.interpolated(to: placement, fraction: u)
            bounds = Size(width: a.bounds.width.value + (bounds.width.value - a.bounds.width.value) * u,
                          height: a.bounds.height.value + (bounds.height.value - a.bounds.height.value) * u)
        }
        // docs:begin draw-view
        // The view's own coordinates to the screen's (mm), then to window pixels.
        let toScreen = placement.transform(for: bounds).concatenating(viewport.toPixels)
        window.fill(TestCard.triangles(bounds, toScreen))
        // docs:end draw-view
    }
}
