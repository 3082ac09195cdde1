#if canImport(Glibc)
import Glibc
#endif
import ExampleSupport
import Tactile

/// The windowed examples' one loop, on the main thread, once a frame: the window's events
/// become touches (`PointerTouches`), then gestures (`ToolkitTouches`, the window as the
/// touch surface); the input's events that are due go to the app; the app draws. When the
/// input ends the window stays open until it is closed, or, with `--screenshot`, its last
/// picture is written and the loop returns.
public struct WindowLoop {
    /// The window the loop draws in and takes events from.
    public let window: Window
    /// What of the touch surface the window shows, and at what scale.
    public let viewport: Viewport
    private var pointers: PointerTouches
    private var touches: ToolkitTouches
    private let feed: EventFeed?
    private let options: WindowOptions

    /// The window shows `surface` (mm: a recording's or a device's touch surface) as large
    /// as fits 800 × 600 pixels; with no surface (the window's touches alone) it is
    /// `pixels` and the surface is the window at the display's size. The window's
    /// touches are recognized as `gestures` (nil: the standard set); `orientation` is for
    /// the input's accelerometers.
    public init(title: String, surface: Size?, pixels: (width: Int, height: Int) = (800, 450), options: WindowOptions,
                gestures: Set<GestureKind>? = nil, orientation: OrientationSettings = OrientationSettings()) throws(TactileError) {
        self.options = try Self.checked(options)
        if let surface {
            viewport = Viewport(surface: surface, fitting: 800, 600)
            window = try Window(title: title, width: viewport.width, height: viewport.height)
        } else {
            window = try Window(title: title, width: pixels.width, height: pixels.height)
            // 96 dots per inch where SDL cannot tell the display's size.
            viewport = Viewport(width: pixels.width, height: pixels.height,
                                millimetresPerPixel: window.displayMillimetresPerPixel ?? 25.4 / 96)
        }
        self.pointers = PointerTouches(width: viewport.width, height: viewport.height)
        // docs:begin window-touches
        // The window is the surface: pixels to mm at the viewport's scale.
        touches = ToolkitTouches(screenWidth: Double(viewport.width), millimetres: viewport.surface.width.value,
                                 window: (Double(viewport.width), Double(viewport.height)), gestures: gestures)
        // docs:end window-touches
        feed = options.input.map { EventFeed($0, orientation: orientation) }
    }

    /// A screenshot that cannot be written fails before the window's loop starts.
    private static func checked(_ options: WindowOptions) throws(TactileError) -> WindowOptions {
        guard let path = options.screenshot else { return options }
        let existed = access(path, F_OK) == 0
        guard let file = fopen(path, "ab") else {
            throw TactileError(.cannotCreate, file: path, "cannot create the screenshot file")
        }
        fclose(file)
        // Only a finished recording's picture is left behind.
        if !existed { unlink(path) }
        return options
    }

    /// Runs `app` until the window closes, or the input ends with `--screenshot` given.
    public mutating func run<App: WindowApp>(_ app: inout App) throws(TactileError) {
        var inputEnded = feed == nil
        // Pacing: recording time `start.recording` plays at window time `start.window`.
        var start: (recording: Timestamp, window: Double)?
        var changed = true
        while true {
            // docs:begin sdl-loop
            var gestures: [GestureEvent] = []
            var closed = false
            for event in window.events() {
                changed = true
                if case .close = event { closed = true }
                if let (points, seconds) = pointers.update(event) {
                    gestures += touches.touches(points, at: seconds)
                }
            }
            // A tap fires once no second tap can follow, with no event to bring it.
            gestures += touches.advance(to: Window.seconds)
            if !gestures.isEmpty { app.handle(windowGestures: gestures) }
            // docs:end sdl-loop
            if closed {
                try finish(app)
                return
            }
            if !inputEnded, let feed {
                var limit: Timestamp?
                if !options.fast, options.input?.path != nil {
                    // At its own pace: the first event now, each later one as much later.
                    if start == nil, let first = feed.firstTime() { start = (first, Window.seconds) }
                    limit = start.map { $0.recording + TimeSpan.seconds(Window.seconds - $0.window) }
                        ?? Timestamp(microseconds: .min)
                }
                let (events, ended) = try feed.take(through: limit)
                for event in events {
                    if let stop = options.stopAt, Double(event.time.microseconds) / 1e6 > stop {
                        inputEnded = true
                        break
                    }
                    app.handle(event)
                    changed = true
                }
                if ended { inputEnded = true }
                if inputEnded {
                    app.inputEnded()
                    if options.screenshot != nil {
                        try finish(app)
                        return
                    }
                }
            }
            let now = Window.seconds
            let animating = app.isAnimating(at: now)
            if changed || animating {
                app.draw(in: window, viewport, at: now)
                window.present()
                changed = false
            }
            // The frame's lines go out now, not when 4 KiB have gathered: a program reading
            // them as the window is used sees each as it happens.
            fflush(nil)
            // Input to read: soon; an animation: the next frame; else when the window has news.
            window.wait(milliseconds: !inputEnded ? (options.fast ? 1 : 8) : animating ? 16 : 50)
        }
    }

    /// The last picture, settled, written to the screenshot file if one was asked for.
    private func finish<App: WindowApp>(_ app: App) throws(TactileError) {
        guard let path = options.screenshot else { return }
        app.draw(in: window, viewport, at: .infinity)
        try window.saveBMP(path)
        window.present()
    }
}
