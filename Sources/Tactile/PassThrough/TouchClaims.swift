/// What a grabbed device's copy receives under pass-through (`tactile bind --pass-through`):
/// every frame at once and unchanged, except that the touches a bound gesture claimed are
/// turned into palms (`ABS_MT_TOOL_TYPE = MT_TOOL_PALM`).
///
/// libinput already settles what a palm means, so no compositor needs to know Tactile: on a
/// touchscreen a slot whose tool turns to palm after it began is ended with
/// `LIBINPUT_EVENT_TOUCH_CANCEL` (evdev-fallback.c), which compositors pass on as
/// `wl_touch.cancel`; on a touchpad a palm moves no pointer, taps nothing and is in no
/// gesture of libinput's own. A touch that begins while a claim holds (a gesture's later
/// fingers) is a palm from its first frame, so libinput never reports it at all.
///
/// Pure and driven only by the frames it is given: one per device, fixed slot storage
/// made once, nothing allocated per frame. A protocol A device (no slots) passes through
/// unchanged: it has no touch a palm could be said of (`canClaim` is false).
public struct TouchClaims: Sendable {
    /// One slot as the copy has it.
    struct Slot: Sendable {
        /// The touch in the slot, -1 when empty.
        var trackingID: Int32 = -1
        /// The copy has this touch as a palm.
        var claimed = false
        /// The tool type the device last gave the slot, and the one the copy has. The
        /// kernel keeps a slot's values across its touches, and most panels never send a
        /// tool type: a slot made a palm stays one on the copy until told otherwise.
        var deviceTool = MTToolType.finger
        var copyTool = MTToolType.finger
        /// Where the device's touch in this slot is (kept across touches, as the kernel
        /// keeps it: a touch landing where the last one was sends no position).
        var x: Int32 = 0, y: Int32 = 0
        /// Whether the copy has the touch yet (`claim: delay`, see TouchClaims+Delay.swift).
        var hold = Hold.none
        /// When and where a held touch landed, and whether it lifted while held.
        var since = Timestamp.zero
        var landX: Int32 = 0, landY: Int32 = 0
        /// The hold zones it landed in (`HoldZones.zones`).
        var landZones: UInt8 = 0
        var lifted = false
        /// A hidden touch left the copy's values of this slot behind the device's (the
        /// kernel sends only what changed): the next touch's position is written whole.
        var stale = false
        /// A held touch's events, frames ended by `SYN_REPORT`, for the copy when let go.
        var buffer: [EvdevEvent] = []
    }

    /// Where a touch stands with the copy under `claim: delay`.
    enum Hold: Sendable {
        /// On the copy as it comes (or claimed there as a palm).
        case none
        /// Landed in this frame: held or passed once the frame's position is known.
        case pending
        /// Landed in a hold zone: kept back until it cannot start the bound edge swipe.
        case held
        /// Claimed while held: never reaches the copy, up to and including its release.
        case hidden
    }

    var slots: [Slot]
    /// Keys and buttons down on the copy (`BTN_TOUCH`, the tool bits, a clickpad's button),
    /// to release when the copy goes; at most `maxKeys` (capacity reserved once).
    private var pressed: [UInt16] = []
    /// The slot the device's events are for (`ABS_MT_SLOT`), as the kernel keeps it.
    var current = 0
    /// A claim holds: touches that begin are claimed too, until no touch is left.
    public private(set) var claiming = false
    /// A touch began on the copy in a slot a hidden touch left stale (`Slot.stale`).
    var pendingRewrite = false
    /// Finger counts claimed in the frame they land in (a touchpad: libinput recognizes its
    /// own swipe from the first motion, before a bound swipe can be).
    public var claimOnLanding: Set<Int> = []
    /// Where touches are held back (`claim: delay`); nil holds none. Set before the first
    /// frame: buffers are made for it then, not per frame.
    public var holdZones: HoldZones? {
        didSet {
            guard holdZones != nil else { return }
            for i in slots.indices where slots[i].buffer.capacity < Self.maxHeldEvents {
                slots[i].buffer.reserveCapacity(Self.maxHeldEvents)
            }
        }
    }
    /// Pen-aware palm rejection (TouchClaims+Pen.swift): while a pen is near, every finger
    /// is a palm on the copy. Off unless the configuration turns it on (pass-through's
    /// default is on: `PassThroughPolicy.rejectsTouchesNearPen`).
    public var rejectsTouchesNearPen = false
    /// A pen of another node of the same panel is in proximity (`penNearby`).
    var groupPen = false
    /// The device's own pen tool keys down, one bit per tool from `BTN_TOOL_PEN`.
    var ownPenKeys: UInt8 = 0
    /// Whether the device has slots (protocol B), so that a touch can be claimed.
    public var canClaim: Bool { !slots.isEmpty }

    /// The most slots followed: the kernel's own limit for a uinput device is far above
    /// any panel's (the densest recordings have 20), and a hostile range costs no more.
    public static let maxSlots = 64
    /// The most keys followed as held at once.
    public static let maxKeys = 32
    /// The most events a held touch keeps; nearer the limit it is let go (a hold is
    /// bounded in time too, so this is only reached by a device far faster than any panel).
    public static let maxHeldEvents = 1024

    /// The filter for a device with these capabilities (its slot count from `ABS_MT_SLOT`).
    public init(capabilities: EvdevCapabilities) {
        if let slot = capabilities.absinfo[AbsCode.mtSlot], slot.maximum >= 0 {
            slots = Array(repeating: Slot(), count: Int(min(Int64(slot.maximum) + 1, Int64(Self.maxSlots))))
        } else {
            slots = []
        }
        pressed.reserveCapacity(Self.maxKeys)
    }

    /// How many touches are down on the copy.
    public var touchesDown: Int { slots.reduce(0) { $0 + ($1.trackingID >= 0 ? 1 : 0) } }

    /// Appends the events the copy gets for `frame`: the frame itself, with a claimed
    /// touch's tool type kept at palm, a touch beginning under a claim made a palm in
    /// the frame it begins in, and a touch landing in a hold zone kept back (`settle`
    /// lets it go).
    public mutating func forward(_ frame: EvdevFrame, into out: inout [EvdevEvent]) {
        for e in frame.events {
            guard e.type == EventType.abs, !slots.isEmpty else {
                // SYN_DROPPED says this reader lost events; the copy's readers lost none
                // (libevdev's resync frame that follows brings the copy up to date).
                if e.type == EventType.syn && e.code == SynCode.dropped { continue }
                if e.type == EventType.key { follow(key: e); followPen(key: e) }
                if e.isSynReport {
                    if holdZones != nil { endFrame(e, into: &out) }
                    if rejectsTouchesNearPen && penNear { palmFingers(at: e.time, into: &out, inFrame: true) }
                    if pendingRewrite { rewriteStale(at: e.time, into: &out) }
                    if !claimOnLanding.isEmpty, !claiming, claimOnLanding.contains(touchesDown) {
                        claimAll(at: e.time, into: &out, inFrame: true)
                    }
                    if claiming && touchesDown == 0 { claiming = false }
                }
                out.append(e)
                continue
            }
            if e.code == AbsCode.mtSlot {
                current = Int(e.value)
                out.append(e)
                continue
            }
            guard slots.indices.contains(current), Self.isSlotAxis(e.code) else {
                out.append(e)
                continue
            }
            if e.code == AbsCode.mtPositionX { slots[current].x = e.value }
            if e.code == AbsCode.mtPositionY { slots[current].y = e.value }
            if slots[current].hold != .none, keepBack(e) { continue }
            switch e.code {
            case AbsCode.mtTrackingID:
                if e.value < 0 {
                    out.append(e)
                    slots[current].trackingID = -1
                    slots[current].claimed = false
                } else {
                    // A new touch (or a new id in a slot that skipped its release: the kernel
                    // then counts it as a new touch too).
                    let fresh = slots[current].trackingID != e.value
                    if fresh, !claiming, let zones = holdZones, zones.edges.count > 0, touchesDown == 0 {
                        // Maybe the start of a bound edge swipe (only a sequence's first
                        // finger starts one): kept until the frame says where it landed.
                        slots[current].trackingID = e.value
                        slots[current].claimed = false
                        slots[current].hold = .pending
                        slots[current].since = e.time
                        slots[current].lifted = false
                        slots[current].buffer.removeAll(keepingCapacity: true)
                        slots[current].buffer.append(e)
                        continue
                    }
                    slots[current].trackingID = e.value
                    if fresh { slots[current].claimed = claiming }
                    if slots[current].stale { pendingRewrite = true }
                    // The tool it begins with on the copy, written before its tracking id:
                    // libinput takes a new touch's palm state from the slot's tool type as
                    // the id arrives (evdev-fallback.c), so a finger written after it in a
                    // slot left a palm would stay a palm. A palm when claimed, else the
                    // device's own (given back after a claimed touch left the slot a palm).
                    restoreTool(current, at: e.time, into: &out)
                    out.append(e)
                }
            case AbsCode.mtToolType:
                // The device's tool, unless the copy keeps the touch a palm.
                slots[current].deviceTool = e.value
                let tool = slots[current].claimed ? MTToolType.palm : e.value
                slots[current].copyTool = tool
                out.append(EvdevEvent(type: e.type, code: e.code, value: tool, time: e.time))
            default:
                out.append(e)
            }
        }
    }

    /// `ABS_MT_TOUCH_MAJOR` to `ABS_MT_TOOL_Y`: the axes that belong to the current slot.
    @inline(__always) static func isSlotAxis(_ code: UInt16) -> Bool { code >= AbsCode.mtTouchMajor && code <= 0x3d }

    /// Writes the slot's tool type to the copy when the copy has another: a palm when the
    /// touch is claimed, else the device's own.
    mutating func restoreTool(_ i: Int, at time: Timestamp, into out: inout [EvdevEvent]) {
        let tool = slots[i].claimed ? MTToolType.palm : slots[i].deviceTool
        if tool != slots[i].copyTool {
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtToolType, value: tool, time: time))
            slots[i].copyTool = tool
        }
    }

    /// Follows what the copy holds down. A repeat (value 2) changes nothing.
    private mutating func follow(key e: EvdevEvent) {
        if e.value == 1, !pressed.contains(e.code), pressed.count < Self.maxKeys {
            pressed.append(e.code)
        } else if e.value == 0, let i = pressed.firstIndex(of: e.code) {
            pressed.remove(at: i)
        }
    }

    /// Claims every touch down now, and those that begin until none is left: appends the
    /// frame that turns each into a palm on the copy (nothing when no touch is down or the
    /// device has no slots); a touch still held back is dropped and never reaches the copy.
    /// Returns how many touches it claimed.
    @discardableResult
    public mutating func claimAll(at time: Timestamp, into out: inout [EvdevEvent]) -> Int {
        claimAll(at: time, into: &out, inFrame: false)
    }

    /// `claimAll`, in a frame being written (its `SYN_REPORT` follows) or as a frame of its own.
    @discardableResult
    mutating func claimAll(at time: Timestamp, into out: inout [EvdevEvent], inFrame: Bool) -> Int {
        var hidden = 0, palms = 0
        for i in slots.indices where slots[i].hold == .pending || slots[i].hold == .held {
            // Never on the copy: it stays off it, release and all.
            slots[i].hold = slots[i].lifted ? .none : .hidden
            slots[i].buffer.removeAll(keepingCapacity: true)
            hidden += 1
        }
        for i in slots.indices where slots[i].trackingID >= 0 && !slots[i].claimed && slots[i].hold == .none {
            slots[i].claimed = true
            slots[i].copyTool = MTToolType.palm
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(i), time: time))
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtToolType, value: MTToolType.palm, time: time))
            palms += 1
        }
        guard touchesDown > 0 else { return hidden + palms }
        claiming = true
        if palms > 0 {
            // The device's next events may name no slot (the same one as before): the copy
            // is put back on the device's own.
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(current), time: time))
            if !inFrame { out.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0, time: time)) }
        }
        return hidden + palms
    }

    /// Appends the frame that ends everything still down on the copy: each touch (tracking
    /// id -1 in its slot) and each key or button (value 0), then `SYN_REPORT`; nothing when
    /// nothing is down. Written before a copy goes away, and when the session ends, so that
    /// no touch or button stays down.
    public mutating func endAll(at time: Timestamp, into out: inout [EvdevEvent]) {
        let before = out.count
        for i in slots.indices where slots[i].trackingID >= 0 {
            // A touch held back or hidden never reached the copy: nothing to end there.
            if slots[i].hold == .none {
                out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(i), time: time))
                out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtTrackingID, value: -1, time: time))
            }
            slots[i].trackingID = -1
            slots[i].claimed = false
            slots[i].hold = .none
            slots[i].buffer.removeAll(keepingCapacity: true)
        }
        if out.count > before {
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(current), time: time))
        }
        for code in pressed {
            out.append(EvdevEvent(type: EventType.key, code: code, value: 0, time: time))
        }
        pressed.removeAll(keepingCapacity: true)
        claiming = false
        if out.count > before {
            out.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0, time: time))
        }
    }
}
