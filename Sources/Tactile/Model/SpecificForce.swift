/// What an accelerometer measures: specific force in m/s², in device axes.
///
/// Axes: x towards the device's right edge, y towards its top edge, z out of the screen.
/// A device held upright in portrait reads about (0, +9.81, 0).
public struct SpecificForce: Hashable, Sendable {
    /// Towards the device's right edge, m/s².
    public var x: Double
    /// Towards the device's top edge, m/s².
    public var y: Double
    /// Out of the screen, m/s².
    public var z: Double

    /// Specific force in device axes, m/s².
    @inlinable public init(x: Double, y: Double, z: Double) { self.x = x; self.y = y; self.z = z }

    /// Standard gravity, m/s² (the value used to turn "units per g" into m/s²).
    public static let standardGravity = 9.80665

    /// Its length, m/s² (about 9.81 at rest).
    @inlinable public var magnitude: Double { (x * x + y * y + z * z).squareRoot() }
}
