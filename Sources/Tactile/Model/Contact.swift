/// What touches the surface. Recognizers use fingers only; pens and palms are kept so a
/// trace is faithful, but never drive a gesture.
public enum Tool: String, Hashable, Sendable {
    case finger
    case pen
    case palm
}

/// One contact that is down: a stable id for its whole life, a position in millimetres,
/// and what else the device reports.
public struct Contact: Hashable, Sendable {
    /// Stable from touch-down to lift; never reused within a trace by the assembler.
    public var id: Int
    public var position: Point
    public var pressure: Pressure?
    /// Contact ellipse axes in millimetres, when the device reports them.
    public var major: Millimetres?
    public var minor: Millimetres?
    public var tool: Tool

    @inlinable public init(
        id: Int, position: Point, pressure: Pressure? = nil,
        major: Millimetres? = nil, minor: Millimetres? = nil, tool: Tool = .finger
    ) {
        self.id = id; self.position = position; self.pressure = pressure
        self.major = major; self.minor = minor; self.tool = tool
    }
}
