/// What the kernel has said about one multitouch slot, in device units.
///
/// Values persist between frames, as the kernel only sends what changed (protocol B).
/// A recording can begin while a slot's state is unknown: an axis never reported is
/// unknown (`hasX`, `hasY`), not 0, and a contact is held back until both are known.
struct SlotState {
    /// Kernel tracking id; -1 when the slot is empty.
    var trackingID: Int32 = -1
    /// The id Tactile gives the contact, unique within the run.
    var contactID = 0
    var x: Int32 = 0
    var y: Int32 = 0
    var hasX = false
    var hasY = false
    var pressure: Int32 = 0
    var hasPressure = false
    var major: Int32 = 0
    var minor: Int32 = 0
    var hasMajor = false
    var hasMinor = false
    var toolType: Int32 = MTToolType.finger
    /// The contact was counted as held back (counted once per contact).
    var counted = false
    /// The slot still has its tracking id but `BTN_TOUCH` said nothing touches: hovering,
    /// or a driver that left the slot open. It is down again, as a new contact, when
    /// `BTN_TOUCH` comes back (a light finger on a pressure-switched pad) or a new id comes.
    var hovering = false

    var isActive: Bool { trackingID >= 0 && !hovering }
}

/// Where a slot's contact was last reported, for jump detection (touchpads only: kept
/// apart from `SlotState`, which every frame of every device walks).
struct SlotMotion {
    /// Frames this contact has been reported in (0 until it first is).
    var reported = 0
    var lastX: Int32 = 0
    var lastY: Int32 = 0
    var lastTime = Timestamp.zero
    /// The last frame's step, mm, scaled to the reference frame interval.
    var lastStep = 0.0
}
