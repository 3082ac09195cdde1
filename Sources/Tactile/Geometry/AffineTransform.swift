#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A 2-D affine transform in screen coordinates (y down), laid out as the output
/// format's `transform` (docs/orientation.md): x' = a·u + c·v + tx, y' = b·u + d·v + ty.
///
/// Rotation is positive clockwise on screen, as gesture rotations are. Composition follows
/// CoreGraphics: `t.rotated(by: r)` rotates first and then applies `t`;
/// `t1.concatenating(t2)` applies `t1` then `t2`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
    /// The matrix [a c tx; b d ty]: x' = a·u + c·v + tx, y' = b·u + d·v + ty.
    public var a, b, c, d, tx, ty: Double

    /// The transform with these components.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A turn by `angle` radians about the origin, clockwise on screen (y down); exact at quarter turns.
    public init(rotation angle: Double) {
        let (s, c) = Self.sinCos(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }
    /// A scale about the origin, by `scaleX` along x and `scaleY` along y.
    public init(scaleX: Double, scaleY: Double) { self.init(a: scaleX, b: 0, c: 0, d: scaleY, tx: 0, ty: 0) }
    /// A move by (`x`, `y`).
    public init(translationX x: Double, y: Double) { self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }

    /// Exact sine and cosine at multiples of a quarter turn, so a 90° turn maps corners to
    /// corners exactly.
    static func sinCos(_ angle: Double) -> (Double, Double) {
        let quarters = angle / (Double.pi / 2)
        if quarters == quarters.rounded() {
            switch Int(quarters.rounded()) & 3 {
            case 0: return (0, 1)
            case 1: return (1, 0)
            case 2: return (0, -1)
            default: return (-1, 0)
            }
        }
        return (sin(angle), cos(angle))
    }

    /// `self` then `other`.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c, b: a * other.b + b * other.d,
            c: c * other.a + d * other.c, d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }

    /// A turn by `angle` first, then this transform.
    public func rotated(by angle: Double) -> AffineTransform { AffineTransform(rotation: angle).concatenating(self) }
    /// A scale by `sx` and `sy` first, then this transform.
    public func scaled(by sx: Double, _ sy: Double) -> AffineTransform { AffineTransform(scaleX: sx, scaleY: sy).concatenating(self) }
    /// A uniform scale by `s` first, then this transform.
    public func scaled(by s: Double) -> AffineTransform { scaled(by: s, s) }
    /// A move by (`x`, `y`) first, then this transform.
    public func translated(by x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// How the transform scales areas (negative when it mirrors).
    public var determinant: Double { a * d - b * c }

    /// The inverse, or nil when the transform squashes the plane to a line.
    public var inverted: AffineTransform? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(
            a: d / det, b: -b / det, c: -c / det, d: a / det,
            tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }

    /// Where `p` goes.
    public func apply(to p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// `[a,b,c,d,tx,ty]`, as the output format writes it.
    public var components: [Double] { [a, b, c, d, tx, ty] }

    public var description: String { "[\(a), \(b), \(c), \(d), \(tx), \(ty)]" }
}

extension AffineTransform {
    /// Scale `s` and turn `angle` about `anchor`, then move by `translation`: how content
    /// under the fingers follows a gesture, in screen coordinates.
    public static func gesture(translation: Vector = .zero, scale s: Double = 1, rotation angle: Angle = .zero,
                               anchor: Point) -> AffineTransform {
        AffineTransform(translationX: -anchor.x, y: -anchor.y)
            .concatenating(AffineTransform(scaleX: s, scaleY: s))
            .concatenating(AffineTransform(rotation: angle.radians))
            .concatenating(AffineTransform(translationX: anchor.x + translation.x, y: anchor.y + translation.y))
    }

    /// This content transform after one gesture line: a pan moves content by `delta`; a
    /// pinch scales and a rotation turns it by their deltas about the gesture's location.
    /// Applying every line of a gesture in order moves content exactly with the fingers.
    public func applying(_ event: GestureEvent) -> AffineTransform {
        switch event.detail {
        case .pan(_, let delta, _):
            return concatenating(AffineTransform(translationX: delta.x, y: delta.y))
        case .pinch(_, let scaleDelta, _):
            return concatenating(.gesture(scale: scaleDelta, anchor: event.location))
        case .rotate(_, let rotationDelta, _):
            return concatenating(.gesture(rotation: rotationDelta, anchor: event.location))
        default:
            return self  // the other gestures do not move content
        }
    }

    /// Zoom by `scale` keeping the point at `target` (fractions of the view: (0.5, 0.5) is
    /// the centre, (0, 0) the top-left corner) where it is.
    public static func zoom(scale: Double, target: (x: Double, y: Double), in view: Size) -> AffineTransform {
        .gesture(scale: scale, anchor: Point(x: target.x * view.width.value, y: target.y * view.height.value))
    }
}
