/// What touches the surface. Recognizers use fingers only; pens and palms are kept so a
/// trace is faithful, but never drive a gesture.
public enum Tool: String, Hashable, Sendable {
    /// A finger (`MT_TOOL_FINGER`, or no tool type given).
    case finger
    /// A pen or stylus (`MT_TOOL_PEN`, `BTN_TOOL_PEN`).
    case pen
    /// A palm, which gestures leave out (`MT_TOOL_PALM`).
    case palm
}

/// One contact that is down: a stable id for its whole life, a position in millimetres,
/// and what else the device reports.
///
/// Contacts are compared and copied on every frame (the assembler compares each with the
/// last frame's), so a contact is kept compact: optional values are stored as plain
/// Doubles with NaN for "not reported" (never a valid value: the decoders reject NaN) and
/// exposed as optionals.
public struct Contact: Sendable {
    /// Stable from touch-down to lift; never reused within a trace by the assembler.
    public var id: Int
    /// Where the contact is, mm from the surface's top-left corner.
    public var position: Point
    /// What touches.
    public var tool: Tool
    @usableFromInline var storedPressure: Double
    @usableFromInline var storedMajor: Double
    @usableFromInline var storedMinor: Double

    /// A contact; pressure 0...1 and sizes in mm where the device reports them.
    @inlinable public init(
        id: Int, position: Point, pressure: Pressure? = nil,
        major: Millimetres? = nil, minor: Millimetres? = nil, tool: Tool = .finger
    ) {
        self.id = id
        self.position = position
        self.tool = tool
        storedPressure = pressure?.value ?? .nan
        storedMajor = major?.value ?? .nan
        storedMinor = minor?.value ?? .nan
    }

    /// Normalised pressure, when the device reports it.
    @inlinable public var pressure: Pressure? {
        get { storedPressure.isNaN ? nil : Pressure(storedPressure) }
        set { storedPressure = newValue?.value ?? .nan }
    }
    /// Contact ellipse axes in millimetres, when the device reports them.
    @inlinable public var major: Millimetres? {
        get { storedMajor.isNaN ? nil : Millimetres(storedMajor) }
        set { storedMajor = newValue?.value ?? .nan }
    }
    /// The contact's smaller diameter, mm, when the device reports it.
    @inlinable public var minor: Millimetres? {
        get { storedMinor.isNaN ? nil : Millimetres(storedMinor) }
        set { storedMinor = newValue?.value ?? .nan }
    }
}

extension Contact: Hashable {
    /// Equal when every reported value is equal (two unreported values are equal).
    @inlinable public static func == (a: Contact, b: Contact) -> Bool {
        a.id == b.id && a.position == b.position && a.tool == b.tool
            && a.storedPressure.bitPattern == b.storedPressure.bitPattern
            && a.storedMajor.bitPattern == b.storedMajor.bitPattern
            && a.storedMinor.bitPattern == b.storedMinor.bitPattern
    }
    @inlinable public func hash(into h: inout Hasher) {
        h.combine(id)
        h.combine(position)
        h.combine(tool)
        h.combine(storedPressure.bitPattern)
        h.combine(storedMajor.bitPattern)
        h.combine(storedMinor.bitPattern)
    }
}

extension Contact: CustomStringConvertible {
    public var description: String {
        var s = "Contact(id: \(id), x: \(position.x), y: \(position.y)"
        if let p = pressure { s += ", pressure: \(p.value)" }
        if let m = major { s += ", major: \(m.value)" }
        if let m = minor { s += ", minor: \(m.value)" }
        if tool != .finger { s += ", tool: \(tool.rawValue)" }
        return s + ")"
    }
}
