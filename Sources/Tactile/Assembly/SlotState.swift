/// What the kernel has said about one multitouch slot, in device units.
///
/// Values persist between frames, as the kernel only sends what changed (protocol B).
struct SlotState {
    /// Kernel tracking id; -1 when the slot is empty.
    var trackingID: Int32 = -1
    /// The id Tactile gives the contact, unique within the run.
    var contactID = 0
    var x: Int32 = 0
    var y: Int32 = 0
    var pressure: Int32 = 0
    var hasPressure = false
    var major: Int32 = 0
    var minor: Int32 = 0
    var hasMajor = false
    var hasMinor = false
    var toolType: Int32 = MTToolType.finger

    var isActive: Bool { trackingID >= 0 }
}
