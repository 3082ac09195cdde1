/// An image shown aspect-fit in a view (scaled to fit whole, centred, with borders), and
/// the geometry a peek preview needs: where a touch lands on the image, and the part of
/// the image to magnify around it.
public struct AspectFit: Hashable, Sendable {
    /// The image's size (pixels, or any unit).
    public var image: Size
    /// The view's size, in the units the results are in.
    public var view: Size

    /// An image of `image`'s size shown whole in a view of `view`'s.
    public init(image: Size, view: Size) { self.image = image; self.view = view }

    /// View units per image unit.
    public var scale: Double {
        guard image.width.value > 0, image.height.value > 0 else { return 0 }
        return Swift.min(view.width.value / image.width.value, view.height.value / image.height.value)
    }

    /// Empty space left and right (`horizontal`, each side) and above and below (`vertical`).
    public var borders: (horizontal: Double, vertical: Double) {
        ((view.width.value - image.width.value * scale) / 2, (view.height.value - image.height.value * scale) / 2)
    }

    /// Where the image sits in the view.
    public var imageFrame: Rect {
        let (h, v) = borders
        return Rect(x: h, y: v, width: image.width.value * scale, height: image.height.value * scale)
    }

    /// A view point as a fraction of the image (0...1 on each axis), or nil on a border.
    public func normalizedImagePoint(_ p: Point) -> Point? {
        let f = imageFrame
        guard f.width > 0, f.height > 0 else { return nil }
        let u = (p.x - f.x) / f.width, v = (p.y - f.y) / f.height
        guard (0...1).contains(u), (0...1).contains(v) else { return nil }
        return Point(x: u, y: v)
    }

    /// The part of the image a preview magnified `zoom` times shows around a touch, as
    /// fractions of the image: 1/zoom of each side, centred on the touch and moved, not
    /// shrunk, to stay inside the image. A touch on a border is clamped to the nearest edge.
    public func previewRect(around touch: Point, zoom: Double) -> Rect {
        let side = 1 / Swift.max(1, zoom)
        let f = imageFrame
        let u = f.width > 0 ? Swift.min(1, Swift.max(0, (touch.x - f.x) / f.width)) : 0.5
        let v = f.height > 0 ? Swift.min(1, Swift.max(0, (touch.y - f.y) / f.height)) : 0.5
        let x = Swift.min(1 - side, Swift.max(0, u - side / 2))
        let y = Swift.min(1 - side, Swift.max(0, v - side / 2))
        return Rect(x: x, y: y, width: side, height: side)
    }
}

extension AspectFit {
    /// The side, in view units, of the square a 1:1 preview shows, drawn on the view: the
    /// largest square that fits `screen` (in the view's units: at 1:1 one image pixel is one
    /// of them), times the image's scale in the view.
    public func previewSide(screen: Size) -> Double {
        Swift.min(screen.width.value, screen.height.value) * scale
    }

    /// The part of the image a square of `side` view units around a touch shows, as
    /// fractions of the image (a square in pixels, so not square in fractions unless the
    /// image is), centred on the touch, its origin clamped to keep it within 0...1: moved,
    /// not shrunk, at the image's edges, and at 0 along an axis where the square is larger
    /// than the image. A touch on a border counts from the nearest edge.
    public func previewRect(around touch: Point, side: Double) -> Rect {
        let f = imageFrame
        guard f.width > 0, f.height > 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let w = side / f.width, h = side / f.height
        let u = Swift.min(1, Swift.max(0, (touch.x - f.x) / f.width))
        let v = Swift.min(1, Swift.max(0, (touch.y - f.y) / f.height))
        return Rect(x: Swift.max(0, Swift.min(1 - w, u - w / 2)), y: Swift.max(0, Swift.min(1 - h, v - h / 2)),
                    width: w, height: h)
    }
}

/// An axis-aligned rectangle.
public struct Rect: Hashable, Sendable {
    /// The top-left corner and the size.
    public var x, y, width, height: Double
    /// The rectangle with its top-left corner at (`x`, `y`).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}
