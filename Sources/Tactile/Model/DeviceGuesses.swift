/// What Tactile had to guess about a device because neither the recording nor the kernel
/// said it. A gesture that would rest on a guessed quantity is not recognized (no peek or
/// pop from a guessed pressure range, no edge swipe from guessed edges), and the commands
/// say once what they guessed and how to give it (`GuessNotice`). docs/frame-assembly.md
/// has the table of what is guessed when.
public struct DeviceGuesses: OptionSet, Hashable, Sendable {
    /// The guesses as bits.
    public let rawValue: Int
    /// The guesses whose bits are set in `rawValue`.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The kind (touchscreen, touchpad), from the codes a getevent capture without its `-p`
    /// description used.
    public static let kind = DeviceGuesses(rawValue: 1 << 0)
    /// The axis ranges, from the largest values seen (a getevent capture without `-p`): the
    /// surface's edges are unknown.
    public static let ranges = DeviceGuesses(rawValue: 1 << 1)
    /// The surface's size: the device gives no (plausible) resolution and none was given
    /// (`DeviceGeometry`'s assumptions; the same mm per unit on both axes of a touchscreen).
    public static let size = DeviceGuesses(rawValue: 1 << 2)
    /// The pressure's full scale: guessed from the values seen, or an axis whose maximum is
    /// not above its minimum. Pressure 0...1 is then no measure of force: no peek or pop.
    public static let pressureRange = DeviceGuesses(rawValue: 1 << 3)
}

extension DeviceDescription {
    /// What was guessed about this touch device (none for an accelerometer, whose scale's
    /// assumption, ±2 g without a resolution, moves no gesture, nor for other devices,
    /// which give no touches).
    public var guesses: DeviceGuesses {
        guard kind == .touchscreen || kind == .touchpad else { return [] }
        var g: DeviceGuesses = []
        if inferred { g.formUnion([.kind, .ranges]) }
        if sizeSource == .assumed && size != nil { g.insert(.size) }
        if pressureRangeGuessed { g.insert(.pressureRange) }
        return g
    }

    /// Whether the device's pressure has no known full scale: read from a capture without
    /// ranges (`inferred`), or an axis whose maximum is not above its minimum. A trace's own
    /// pressure (0...1, no evdev axis) is known.
    public var pressureRangeGuessed: Bool {
        guard pressure else { return false }
        if inferred { return true }
        guard let axis = evdev?.pressureAxis else { return false }
        return axis.maximum <= axis.minimum
    }
}
