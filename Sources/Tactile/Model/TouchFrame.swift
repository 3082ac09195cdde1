/// The contacts that are down after one device frame.
///
/// A contact missing from the next frame has lifted; an empty frame means all lifted.
public struct TouchFrame: Hashable, Sendable {
    /// The most contacts one frame holds. Real hardware tracks at most 10 fingers; more is
    /// hostile or broken input, and the assembler keeps the first 16 by slot and counts the
    /// rest in `fingers`.
    public static let capacity = 16
    /// The contacts of a frame, kept inline (no allocation per frame).
    public typealias Contacts = FixedList<16, Contact>
    /// Ids of contacts that ended without a lift (after `SYN_DROPPED`): a gesture they were
    /// part of is cancelled, not ended. At most `capacity` ids.
    public typealias ContactIDs = FixedList<16, Int>

    /// When the frame ended (its `SYN_REPORT`).
    public var time: Timestamp
    /// The device's id.
    public var device: Int
    /// The contacts down, in slot order.
    public var contacts: Contacts
    /// Fingers on the surface when the device knows of more than it tracks
    /// (`BTN_TOOL_*TAP` on a touchpad with fewer slots); otherwise `nil`.
    public var fingers: Int?
    /// Contacts ended without a lift (`SYN_DROPPED`): their gestures are cancelled.
    public var cancelled: ContactIDs
    /// Physical buttons held down after this frame (a clickpad's click).
    public var buttons: PhysicalButtons

    /// A frame of `device` at `time`.
    @inlinable public init(
        time: Timestamp, device: Int, contacts: Contacts = Contacts(),
        fingers: Int? = nil, cancelled: ContactIDs = ContactIDs(), buttons: PhysicalButtons = []
    ) {
        self.time = time; self.device = device; self.contacts = contacts
        self.fingers = fingers; self.cancelled = cancelled; self.buttons = buttons
    }

    /// Fingers down: the tool count when it is higher, else finger contacts.
    @inlinable public var fingerCount: Int {
        var n = 0
        for i in contacts.indices where contacts[i].tool == .finger { n += 1 }
        return Swift.max(n, fingers ?? 0)
    }
}

/// One accelerometer reading: specific force in device axes, m/s².
public struct AccelerometerSample: Hashable, Sendable {
    /// When the sample was taken.
    public var time: Timestamp
    /// The accelerometer's id.
    public var device: Int
    /// The reading, in device axes, before the mount matrix.
    public var force: SpecificForce

    /// A sample of `device` at `time`.
    @inlinable public init(time: Timestamp, device: Int, force: SpecificForce) {
        self.time = time; self.device = device; self.force = force
    }
}
