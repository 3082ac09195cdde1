import Tactile

/// The picture the windowed examples show: a test card whose turn, mirror and scale can
/// be read from its pixels, drawn in code (no image file). On a light card: a square
/// marker in each corner, red top-left, green top-right, blue bottom-right, yellow
/// bottom-left, each `markerSide` of the card's shorter side, `markerInset` in from both
/// edges; and a dark letter F in the middle, which reads the wrong way when mirrored.
public enum TestCard {
    /// The card's colour.
    public static let paper = Colour(235, 235, 225)
    /// The letter's colour.
    public static let ink = Colour(40, 40, 40)
    /// The corner markers' colours, clockwise from the top-left corner.
    public static let markers = [Colour(255, 0, 0), Colour(0, 255, 0), Colour(0, 0, 255), Colour(255, 255, 0)]
    /// A marker's side, and its distance from the card's edges, as fractions of the card's
    /// shorter side.
    public static let markerSide = 0.22, markerInset = 0.06

    /// The markers' centres on a card of `size`, clockwise from the top-left, in the card's
    /// coordinates (origin top-left, y down).
    public static func markerCentres(_ size: Size) -> [Point] {
        let w = size.width.value, h = size.height.value, s = min(w, h)
        let near = s * (markerInset + markerSide / 2)
        return [Point(x: near, y: near), Point(x: w - near, y: near), Point(x: w - near, y: h - near), Point(x: near, y: h - near)]
    }

    /// The card of `size` as filled triangles, each corner through `transform` (card
    /// coordinates to window pixels).
    public static func triangles(_ size: Size, _ transform: AffineTransform) -> [Vertex] {
        let w = size.width.value, h = size.height.value, s = min(w, h)
        let m = s * markerSide
        var rects: [(Rect, Colour)] = [(Rect(x: 0, y: 0, width: w, height: h), paper)]
        for (centre, colour) in zip(markerCentres(size), markers) {
            rects.append((Rect(x: centre.x - m / 2, y: centre.y - m / 2, width: m, height: m), colour))
        }
        // The F in the middle, in units of the shorter side (the same shape on any card):
        // a stem and two arms to the right, the lower one shorter.
        let stroke = 0.1 * s, left = w / 2 - 0.15 * s, top = h / 2 - 0.25 * s
        rects.append((Rect(x: left, y: top, width: stroke, height: 0.5 * s), ink))
        rects.append((Rect(x: left, y: top, width: 0.3 * s, height: stroke), ink))
        rects.append((Rect(x: left, y: top + 0.2 * s, width: 0.22 * s, height: stroke), ink))
        return rects.flatMap { quad($0.0, $0.1, transform) }
    }

    /// A rectangle as two triangles.
    private static func quad(_ r: Rect, _ colour: Colour, _ t: AffineTransform) -> [Vertex] {
        let corners = [Point(x: r.x, y: r.y), Point(x: r.x + r.width, y: r.y),
                       Point(x: r.x + r.width, y: r.y + r.height), Point(x: r.x, y: r.y + r.height)]
            .map { t.apply(to: $0) }
        return [0, 1, 2, 0, 2, 3].map { Vertex(x: corners[$0].x, y: corners[$0].y, colour: colour) }
    }
}
