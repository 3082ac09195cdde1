import Tactile

/// What the window shows of a touch surface: `surface` (mm, y down) drawn `width` ×
/// `height` pixels, one scale across and down. Content placed in mm on the surface (the
/// frame editor's transform, the fullscreen app's placement) is drawn through `toPixels`.
public struct Viewport: Sendable {
    /// The surface shown, mm.
    public let surface: Size
    /// The window, pixels.
    public let width: Int, height: Int

    /// Pixels per millimetre.
    public var pixelsPerMillimetre: Double { Double(width) / surface.width.value }

    /// A recording's or a device's surface, as large as fits in `maxWidth` × `maxHeight`
    /// pixels: the window shows the whole surface, as a simulator shows a phone.
    public init(surface: Size, fitting maxWidth: Int, _ maxHeight: Int) {
        let scale = min(Double(maxWidth) / surface.width.value, Double(maxHeight) / surface.height.value)
        width = Int((surface.width.value * scale).rounded())
        height = Int((surface.height.value * scale).rounded())
        // The size in whole pixels, so that across and down have the same scale.
        self.surface = Size(width: Double(width) / scale, height: Double(height) / scale)
    }

    /// A window `width` × `height` pixels on a display of `millimetresPerPixel`: the window
    /// itself is the surface, at its physical size.
    public init(width: Int, height: Int, millimetresPerPixel k: Double) {
        self.width = width
        self.height = height
        surface = Size(width: Double(width) * k, height: Double(height) * k)
    }

    /// Surface millimetres to window pixels.
    public var toPixels: AffineTransform { AffineTransform(scaleX: pixelsPerMillimetre, scaleY: pixelsPerMillimetre) }
}
