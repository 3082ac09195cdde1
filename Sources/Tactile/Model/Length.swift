/// A length on the touch surface, in millimetres.
///
/// Every threshold and coordinate past frame assembly is in millimetres, so a gesture
/// means the same on a 7" phone and a 22" kiosk. Device units never leave the assembler.
public struct Millimetres: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The length in millimetres.
    public var value: Double

    /// A length of `value` millimetres.
    @inlinable public init(_ value: Double) { self.value = value }

    /// No length.
    public static let zero = Millimetres(0)

    @inlinable public static func < (a: Millimetres, b: Millimetres) -> Bool { a.value < b.value }
    @inlinable public static func + (a: Millimetres, b: Millimetres) -> Millimetres {
        Millimetres(a.value + b.value)
    }
    @inlinable public static func - (a: Millimetres, b: Millimetres) -> Millimetres {
        Millimetres(a.value - b.value)
    }
    @inlinable public static func * (a: Millimetres, k: Double) -> Millimetres {
        Millimetres(a.value * k)
    }
    public var description: String { "\(value) mm" }
}

/// A position on the touch surface in millimetres: origin top-left, x right, y down.
public struct Point: Hashable, Sendable {
    /// Across, mm (or the caller's unit), right positive.
    public var x: Double
    /// Down, mm (or the caller's unit), down positive.
    public var y: Double

    /// The point (`x`, `y`) in millimetres.
    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The point (`x`, `y`) from lengths.
    @inlinable public init(x: Millimetres, y: Millimetres) { self.x = x.value; self.y = y.value }

    /// The origin: the top-left corner.
    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    /// The move from `b` to `a`.
    @inlinable public static func - (a: Point, b: Point) -> Vector { Vector(x: a.x - b.x, y: a.y - b.y) }
    @inlinable public static func * (a: Point, k: Double) -> Point { Point(x: a.x * k, y: a.y * k) }

    /// Euclidean distance, in millimetres.
    @inlinable public func distance(to other: Point) -> Millimetres {
        let dx = other.x - x, dy = other.y - y
        return Millimetres((dx * dx + dy * dy).squareRoot())
    }
    /// Length of this point read as a vector from the origin.
    @inlinable public var length: Millimetres { Millimetres((x * x + y * y).squareRoot()) }
}

/// A width and height in millimetres.
public struct Size: Hashable, Sendable {
    /// Across.
    public var width: Millimetres
    /// Down.
    public var height: Millimetres

    /// A size in millimetres.
    @inlinable public init(width: Millimetres, height: Millimetres) {
        self.width = width; self.height = height
    }
    /// A size in millimetres, from plain numbers.
    @inlinable public init(width: Double, height: Double) {
        self.width = Millimetres(width); self.height = Millimetres(height)
    }
}
