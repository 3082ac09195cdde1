#if canImport(Glibc)
import Glibc
#endif
import CSDL2
import Tactile

/// A window and its renderer (SDL2): the one place the windowed examples call SDL's video
/// functions, each wrapped as a typed Swift call. Used on one thread only (the main one),
/// as SDL asks.
public final class Window {
    private let window: OpaquePointer
    private let renderer: OpaquePointer
    /// The window's size in pixels.
    public let width: Int, height: Int

    /// Opens a window `width` × `height` pixels titled `title` (SDL_Init, SDL_CreateWindow,
    /// SDL_CreateRenderer). No display (neither DISPLAY nor WAYLAND_DISPLAY, or one SDL
    /// cannot open) throws a `TactileError` of kind `.unavailable` (exit 69).
    public init(title: String, width: Int, height: Int) throws(TactileError) {
        guard SDL_Init(SDL_INIT_VIDEO) == 0 else {
            throw TactileError(.unavailable, "no window: SDL_Init: \(Self.lastError()) (is DISPLAY or WAYLAND_DISPLAY set?)")
        }
        // With no display SDL falls back to drawing off screen, where nobody sees the window:
        // say so, unless that was asked for.
        let driver = String(cString: SDL_GetCurrentVideoDriver())
        let asked = getenv("SDL_VIDEODRIVER").map { !String(cString: $0).isEmpty } ?? false
        if ["offscreen", "dummy"].contains(driver), !asked {
            SDL_Quit()
            throw TactileError(.unavailable, "no display: neither X11 (DISPLAY) nor Wayland (WAYLAND_DISPLAY) is there; "
                               + "SDL_VIDEODRIVER=offscreen draws without one")
        }
        // Hidden until its renderer is made: an OpenGL renderer makes the window anew (SDL's
        // SDL_RecreateWindow), and a window shown at once flashed up, went, and came back as
        // another window (a script driving the first one found it gone).
        guard let w = SDL_CreateWindow(title, tactile_windowpos_undefined, tactile_windowpos_undefined,
                                       Int32(width), Int32(height), SDL_WINDOW_HIDDEN.rawValue) else {
            let error = TactileError(.unavailable, "no window: SDL_CreateWindow: \(Self.lastError())")
            SDL_Quit()
            throw error
        }
        guard let r = SDL_CreateRenderer(w, -1, 0) else {
            let error = TactileError(.unavailable, "no renderer: SDL_CreateRenderer: \(Self.lastError())")
            SDL_DestroyWindow(w)
            SDL_Quit()
            throw error
        }
        SDL_ShowWindow(w)
        window = w
        renderer = r
        self.width = width
        self.height = height
    }

    deinit {
        SDL_DestroyRenderer(renderer)
        SDL_DestroyWindow(window)
        SDL_Quit()
    }

    /// SDL_GetError's text.
    static func lastError() -> String { String(cString: SDL_GetError()) }

    /// The display's millimetres per pixel across (SDL_GetDisplayDPI), or nil when SDL
    /// cannot tell.
    public var displayMillimetresPerPixel: Double? {
        var horizontal: Float = 0
        guard SDL_GetDisplayDPI(SDL_GetWindowDisplayIndex(window), nil, &horizontal, nil) == 0, horizontal > 0 else { return nil }
        return 25.4 / Double(horizontal)
    }

    /// Fills the whole window with one colour (SDL_SetRenderDrawColor, SDL_RenderClear).
    public func clear(_ colour: Colour) {
        SDL_SetRenderDrawColor(renderer, colour.red, colour.green, colour.blue, 255)
        SDL_RenderClear(renderer)
    }

    /// Draws filled triangles, three vertices each, in window pixels (SDL_RenderGeometry).
    public func fill(_ triangles: [Vertex]) {
        let vertices = triangles.map {
            SDL_Vertex(position: SDL_FPoint(x: Float($0.x), y: Float($0.y)),
                       color: SDL_Color(r: $0.colour.red, g: $0.colour.green, b: $0.colour.blue, a: 255),
                       tex_coord: SDL_FPoint(x: 0, y: 0))
        }
        _ = vertices.withUnsafeBufferPointer { SDL_RenderGeometry(renderer, nil, $0.baseAddress, Int32($0.count), nil, 0) }
    }

    /// Writes what has been drawn since the last `present()` to a BMP file (SDL_RenderReadPixels
    /// into a surface, SDL_SaveBMP). Call it before `present()`, which leaves the drawing
    /// buffer undefined.
    public func saveBMP(_ path: String) throws(TactileError) {
        let format = SDL_PIXELFORMAT_RGB888.rawValue
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, format) else {
            throw TactileError(.software, "screenshot: SDL_CreateRGBSurfaceWithFormat: \(Self.lastError())")
        }
        defer { SDL_FreeSurface(surface) }
        guard SDL_RenderReadPixels(renderer, nil, format, surface.pointee.pixels, surface.pointee.pitch) == 0 else {
            throw TactileError(.ioError, "screenshot: SDL_RenderReadPixels: \(Self.lastError())")
        }
        guard tactile_save_bmp(surface, path) == 0 else {
            throw TactileError(.cannotCreate, file: path, "cannot write the screenshot: \(Self.lastError())")
        }
    }

    /// Shows what has been drawn (SDL_RenderPresent).
    public func present() { SDL_RenderPresent(renderer) }

    /// The events waiting, oldest first (SDL_PollEvent), as `WindowEvent`s; events the
    /// examples do not use are left out.
    public func events() -> [WindowEvent] {
        var out: [WindowEvent] = []
        var e = SDL_Event()
        while SDL_PollEvent(&e) != 0 {
            if let event = WindowEvent(e) { out.append(event) }
        }
        return out
    }

    /// Seconds since SDL started (SDL_GetTicks64): the clock of the window's events.
    public static var seconds: Double { Double(SDL_GetTicks64()) / 1000 }

    /// Waits until an event comes or `milliseconds` pass (SDL_WaitEventTimeout), leaving
    /// the event for `events()`.
    public func wait(milliseconds: Int) { _ = SDL_WaitEventTimeout(nil, Int32(milliseconds)) }
}

/// A colour, 8 bits a channel.
public struct Colour: Hashable, Sendable {
    /// The channels, 0 to 255.
    public var red, green, blue: UInt8
    /// A colour from its red, green and blue.
    public init(_ red: UInt8, _ green: UInt8, _ blue: UInt8) { self.red = red; self.green = green; self.blue = blue }
}

/// A corner of a filled triangle: where, in window pixels, and its colour.
public struct Vertex: Sendable {
    /// Where, in window pixels (y down).
    public var x, y: Double
    /// The colour there (a triangle of one colour has it at all three corners).
    public var colour: Colour
    /// A corner at `x`, `y` of `colour`.
    public init(x: Double, y: Double, colour: Colour) { self.x = x; self.y = y; self.colour = colour }
}
