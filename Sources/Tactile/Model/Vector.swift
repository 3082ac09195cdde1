/// A displacement on the touch surface in millimetres: how far, and which way, from one
/// point to another (x right, y down). A `Point` is a place; a vector is a move between
/// places, so a pan's translation and its step are vectors.
public struct Vector: Hashable, Sendable {
    /// Across, mm, right positive.
    public var x: Double
    /// Down, mm, down positive.
    public var y: Double

    /// The move of (`x`, `y`) millimetres.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// The move from `start` to `end`.
    @inlinable public init(from start: Point, to end: Point) { x = end.x - start.x; y = end.y - start.y }

    /// No move.
    public static let zero = Vector(x: 0, y: 0)

    /// The two moves one after the other.
    @inlinable public static func + (a: Vector, b: Vector) -> Vector { Vector(x: a.x + b.x, y: a.y + b.y) }
    /// The move that takes `b` to `a`.
    @inlinable public static func - (a: Vector, b: Vector) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y) }
    /// The move scaled by `k`.
    @inlinable public static func * (a: Vector, k: Double) -> Vector { Vector(x: a.x * k, y: a.y * k) }
    /// How far the move goes.
    @inlinable public var length: Millimetres { Millimetres((x * x + y * y).squareRoot()) }
    /// The velocity of making the move `a` in `t`: the product by 1/t, the one expression
    /// the output's digits have always come from.
    @inlinable public static func / (a: Vector, t: TimeSpan) -> Velocity {
        let k = 1 / t.seconds
        return Velocity(x: a.x * k, y: a.y * k)
    }
}

extension Point {
    /// The point moved by `v`.
    @inlinable public static func + (p: Point, v: Vector) -> Point { Point(x: p.x + v.x, y: p.y + v.y) }
    /// The point moved back by `v`.
    @inlinable public static func - (p: Point, v: Vector) -> Point { Point(x: p.x - v.x, y: p.y - v.y) }
}

/// How fast and which way something moves on the touch surface, in millimetres per second.
public struct Velocity: Hashable, Sendable {
    /// Across, mm/s, right positive.
    public var x: Double
    /// Down, mm/s, down positive.
    public var y: Double

    /// A velocity of (`x`, `y`) mm/s.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }

    /// Still.
    public static let zero = Velocity(x: 0, y: 0)

    /// The speed whichever way.
    @inlinable public var speed: Speed { Speed(millimetresPerSecond: (x * x + y * y).squareRoot()) }
}

/// How fast, whichever way: millimetres per second along the touch surface.
public struct Speed: Hashable, Comparable, Sendable {
    /// Millimetres per second.
    public var millimetresPerSecond: Double

    /// A speed of `millimetresPerSecond`.
    @inlinable public init(millimetresPerSecond: Double) { self.millimetresPerSecond = millimetresPerSecond }

    /// Which is slower.
    @inlinable public static func < (a: Speed, b: Speed) -> Bool { a.millimetresPerSecond < b.millimetresPerSecond }
}
