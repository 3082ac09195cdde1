/// The physical buttons held down on a touch device: a clickpad's whole surface is one
/// left button (`INPUT_PROP_BUTTONPAD`); touchpads with separate buttons report right and
/// middle too. Carried on every touch frame, so a click is seen in the same stream as the
/// fingers that made it.
public struct PhysicalButtons: OptionSet, Hashable, Sendable {
    /// The buttons as bits: left 1, right 2, middle 4.
    public let rawValue: UInt8
    /// The buttons of these bits.
    @inlinable public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// `BTN_LEFT`, or a clickpad's click.
    public static let left = PhysicalButtons(rawValue: 1)
    /// `BTN_RIGHT`.
    public static let right = PhysicalButtons(rawValue: 2)
    /// `BTN_MIDDLE`.
    public static let middle = PhysicalButtons(rawValue: 4)

    /// Names as the trace writes them (`"buttons":["left"]`), in this order.
    public static let named: [(name: String, button: PhysicalButtons)] = [("left", .left), ("right", .right), ("middle", .middle)]

    /// The button for an evdev key code, if it is one of these.
    @inlinable public init?(evdevCode code: UInt16) {
        switch code {
        case KeyCode.btnLeft: self = .left
        case KeyCode.btnRight: self = .right
        case KeyCode.btnMiddle: self = .middle
        default: return nil
        }
    }
}
