#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where content of a given size sits in a view, in parts an animation can interpolate:
/// its centre, its scale, its turn about its centre and its flip about its vertical axis.
///
/// An `AffineTransform` cannot say which way a turn went (a turn of +270° and one of −90°
/// end on the same matrix) nor how far (a full turn is the identity); a placement keeps
/// the turn unwrapped, so `keyframes(to:count:)` turns the way and as far as it says. This
/// is what animating an orientation change in the direction the device turned needs
/// (`OrientationEvent.rotationDelta`), and a zoom with a whole turn in it.
public struct Placement: Hashable, Sendable {
    /// Where the content's centre is, in view coordinates (mm or points, y down).
    public var center: Point
    /// Uniform scale from content to view units.
    public var scale: Double
    /// The turn about the centre, radians, clockwise on screen, unwrapped.
    public var rotation: Double
    /// The turn about the content's vertical axis, radians: 0 shows the front, π/2 only
    /// the edge, π the back. Seen from the front, the width shows as cos(flip).
    public var flip: Double

    /// `scale` and turns in radians; a placement of content at the identity is
    /// `Placement(center: contentCentre)`.
    public init(center: Point, scale: Double = 1, rotation: Double = 0, flip: Double = 0) {
        self.center = center; self.scale = scale; self.rotation = rotation; self.flip = flip
    }

    /// Content of `size` filling a view of the same size: centred, unscaled, unturned.
    public init(filling size: Size) {
        self.init(center: Point(x: size.width.value / 2, y: size.height.value / 2))
    }

    /// This placement zoomed `factor` times more, moved so that the view point now at
    /// `focus` (fractions of the view: (0.75, 0.25) is the middle of its upper-right
    /// quadrant) comes to the view's centre. From content filling the view,
    /// `zoomed(by: 2, focus: (0.75, 0.25), in: view)` shows the upper-right quadrant filling
    /// the view.
    public func zoomed(by factor: Double, focus: (x: Double, y: Double), in view: Size) -> Placement {
        let w = view.width.value, h = view.height.value
        let f = Point(x: focus.x * w, y: focus.y * h)
        // Scaling about the view's centre moves every point's offset from it `factor` times;
        // the focus must end at the centre, so the content moves by the focus's scaled offset.
        return Placement(center: Point(x: w / 2 + (center.x - f.x) * factor, y: h / 2 + (center.y - f.y) * factor),
                         scale: scale * factor, rotation: rotation, flip: flip)
    }

    /// Whether the back of the content faces the viewer (the flip is past its edge).
    public var showsBack: Bool {
        AffineTransform.sinCos(flip).1 < 0
    }

    /// Content coordinates (origin at the content's top-left corner) to view coordinates,
    /// for content of `size`, as seen from the front: a flip past the edge mirrors it.
    public func transform(for size: Size) -> AffineTransform {
        AffineTransform(translationX: -size.width.value / 2, y: -size.height.value / 2)
            .concatenating(AffineTransform(scaleX: scale * AffineTransform.sinCos(flip).1, scaleY: scale))
            .concatenating(AffineTransform(rotation: rotation))
            .concatenating(AffineTransform(translationX: center.x, y: center.y))
    }

    /// The placement `fraction` of the way to `end` (0 is `self`, 1 is `end`): centre and
    /// turns linearly, scale geometrically (a zoom looks steady when each step multiplies the
    /// scale by the same factor).
    public func interpolated(to end: Placement, fraction u: Double) -> Placement {
        let s = scale > 0 && end.scale > 0 ? scale * pow(end.scale / scale, u) : scale + (end.scale - scale) * u
        return Placement(center: Point(x: center.x + (end.center.x - center.x) * u, y: center.y + (end.center.y - center.y) * u),
                         scale: s, rotation: rotation + (end.rotation - rotation) * u, flip: flip + (end.flip - flip) * u)
    }

    /// `count` placements from `self` to `end`, both included, evenly spaced in time (at
    /// least 2). Each turn goes the way its sign says and as far: from rotation 0 to 2π is
    /// a whole clockwise turn, with every keyframe in between turned further clockwise.
    public func keyframes(to end: Placement, count: Int) -> [Placement] {
        let n = Swift.max(2, count)
        return (0..<n).map { interpolated(to: end, fraction: Double($0) / Double(n - 1)) }
    }
}
