/// What frame assembly repaired in one device's stream: real recordings begin mid-state,
/// carry out-of-range samples and firmware glitches. `tactile info` prints these.
public struct AssemblyRepairs: Hashable, Sendable {
    /// Contacts held back because an axis was never reported for their slot (the
    /// recording began while the kernel's slot state was unknown).
    public var heldBack = 0
    /// Position values outside the axis range by more than its fuzz: dropped (the slot
    /// keeps its previous value, or the contact waits for a valid one).
    public var outOfRange = 0
    /// Touch jumps on touchpads: a contact moving farther in one frame than a finger can
    /// (a firmware that reused a tracking id for a new finger). The contact is split: the
    /// old one lifts and a new one lands where the jump went.
    public var jumps = 0
    /// Frames lost to `SYN_DROPPED`.
    public var droppedFrames = 0
    /// Protocol A frames with no contact at all (a lone `SYN_MT_REPORT`, or a `SYN_REPORT`
    /// with no MT data) that lifted the contacts down: the kernel documentation's way of
    /// saying every finger is up.
    public var emptyFrameLifts = 0
    /// Contact reports dropped as ghosts: a contact the device still lists while it says
    /// nothing touches (`BTN_TOUCH` 0), or, in protocol A, one of zero touch size or zero
    /// pressure on a device that reports both otherwise (Apple's bcm5974 lists a lifted
    /// finger that way).
    public var ghosts = 0
    /// Times a `BTN_TOOL_*TAP` finger count was ignored because it claimed more fingers than
    /// the contacts while the device could have reported them (N-Trig's driver sets
    /// `BTN_TOOL_DOUBLETAP` for one finger). Counted once per disagreement, not per frame.
    public var ignoredFingerFlags = 0
    /// 1 when the device's `ABS_MT_*` axes are fake multitouch (`EvdevCapabilities.isFakeMultitouch`):
    /// its events give no touches.
    public var fakeMultitouch = 0

    /// Nothing repaired yet.
    public init() {}

    /// Every repair counted.
    public var total: Int {
        heldBack + outOfRange + jumps + droppedFrames + emptyFrameLifts + ghosts + ignoredFingerFlags + fakeMultitouch
    }
}

/// The range a position value may take: the axis range widened by its fuzz (the kernel's
/// noise allowance). A value beyond is not a place on the surface.
struct AxisRange {
    var low: Int64
    var high: Int64

    init(_ a: AbsInfo?) {
        guard let a, a.maximum > a.minimum else { low = Int64(Int32.min); high = Int64(Int32.max); return }
        let fuzz = Int64(Swift.max(0, a.fuzz))
        low = Int64(a.minimum) - fuzz
        high = Int64(a.maximum) + fuzz
    }

    @inline(__always) func contains(_ v: Int32) -> Bool { Int64(v) >= low && Int64(v) <= high }
}

/// libinput's touch jump detection (`tp_detect_jumps`), measured in millimetres against
/// a 12 ms reference frame: a step beyond 20 mm that is also 7 mm longer than the
/// previous step is a jump. Unlike libinput, both must hold (a fast steady swipe is not
/// a jump), and a contact is judged only from its third frame on: robot and human fingers
/// land moving, and a landing's first step is no evidence of a glitch.
///
/// A step is scaled to the reference frame from at least `shortestInterval`: frames that
/// arrive closer together (a replay, a scheduler's hiccup) would otherwise scale a
/// finger's ordinary motion up to a jump. 8 ms is a 125 Hz report rate; faster pads are
/// judged a little more leniently.
enum JumpDetection {
    static let referenceInterval = TimeSpan.milliseconds(12)
    static let shortestInterval = TimeSpan.milliseconds(8)
    static let distance = 20.0
    static let increase = 7.0
}
