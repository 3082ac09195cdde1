/// An angle on the touch surface or of the device, in radians; on the surface clockwise is
/// positive (y points down).
///
/// Stored as radians, the unit the trigonometry works in and the output writes; degrees,
/// which settings, bindings and people use, are a view of it.
public struct Angle: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The angle in radians.
    public var radians: Double

    /// An angle of `radians`.
    @inlinable public init(radians: Double) { self.radians = radians }

    /// An angle of `degrees`.
    @inlinable public init(degrees: Double) { self.radians = degrees * Double.pi / 180 }

    /// The angle in degrees.
    @inlinable public var degrees: Double { radians * 180 / Double.pi }

    /// No turn.
    public static let zero = Angle(radians: 0)

    /// The same size of turn, the other way round.
    @inlinable public static prefix func - (a: Angle) -> Angle { Angle(radians: -a.radians) }
    /// The two turns one after the other.
    @inlinable public static func + (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians + b.radians) }
    /// The turn from `b` to `a`.
    @inlinable public static func - (a: Angle, b: Angle) -> Angle { Angle(radians: a.radians - b.radians) }
    /// Which turns less clockwise.
    @inlinable public static func < (a: Angle, b: Angle) -> Bool { a.radians < b.radians }
    /// The size of the turn, whichever way.
    @inlinable public var magnitude: Angle { Angle(radians: Swift.abs(radians)) }

    /// The same turn taken the short way round, within -180°...180°, for a turn within
    /// ±360° (the difference of two directions as `atan2` gives them).
    @inlinable public var shortWay: Angle {
        var r = radians
        if r > Double.pi { r -= 2 * Double.pi } else if r < -Double.pi { r += 2 * Double.pi }
        return Angle(radians: r)
    }

    /// `12.5°`.
    public var description: String { "\(degrees)°" }
}

/// How fast something turns: radians per second, clockwise positive.
public struct AngularVelocity: Hashable, Sendable {
    /// Radians per second.
    public var radiansPerSecond: Double

    /// A turn rate of `radiansPerSecond`.
    @inlinable public init(radiansPerSecond: Double) { self.radiansPerSecond = radiansPerSecond }

    /// Degrees per second.
    @inlinable public var degreesPerSecond: Double { radiansPerSecond * 180 / Double.pi }

    /// Not turning.
    public static let zero = AngularVelocity(radiansPerSecond: 0)
}
