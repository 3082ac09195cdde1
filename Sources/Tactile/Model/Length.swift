/// A length on the touch surface, in millimetres.
///
/// Every threshold and coordinate past frame assembly is in millimetres, so a gesture
/// means the same on a 7" phone and a 22" kiosk. Device units never leave the assembler.
public struct Millimetres: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var value: Double

    @inlinable public init(_ value: Double) { self.value = value }

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
    public var x: Double
    public var y: Double

    @inlinable public init(x: Double, y: Double) { self.x = x; self.y = y }
    @inlinable public init(x: Millimetres, y: Millimetres) { self.x = x.value; self.y = y.value }

    public static let zero = Point(x: 0, y: 0)

    @inlinable public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    @inlinable public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
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
    public var width: Millimetres
    public var height: Millimetres

    @inlinable public init(width: Millimetres, height: Millimetres) {
        self.width = width; self.height = height
    }
    @inlinable public init(width: Double, height: Double) {
        self.width = Millimetres(width); self.height = Millimetres(height)
    }
}
