/// Turns one device's evdev events into touch frames or accelerometer samples.
///
/// Handles multitouch protocol B (slots), protocol A (`SYN_MT_REPORT`: a frame lists every
/// contact, an empty one lifts them all; contacts matched across frames by tracking id, or
/// by nearest neighbour as the kernel's `input_mt_assign_slots` and mtdev do), single-touch
/// devices, finger counts from `BTN_TOOL_*TAP` where they know more than the contacts, pens
/// and palms apart from fingers, ghost contacts (`BTN_TOUCH` 0, or a protocol A contact of
/// zero size or pressure), fake multitouch devices (no touches) and `SYN_DROPPED`. Storage
/// is fixed at creation: feeding events allocates nothing. docs/frame-assembly.md lists
/// each quirk with its source.
public struct FrameAssembler {
    /// What one frame assembles into.
    public enum Output: Hashable, Sendable {
        /// The contacts down after the frame.
        case touches(TouchFrame)
        /// One accelerometer sample.
        case accel(AccelerometerSample)
    }

    /// What one event completed. The frame or sample itself is read from `frame` or
    /// `sample`, where it was built in place: a frame is about a kilobyte, and handing it
    /// back by value cost more than everything else the assembler does.
    public enum Completed: Sendable {
        /// Nothing yet, a touch frame, or an accelerometer sample.
        case nothing, touches, accel
    }

    enum Mode { case slots, protocolA, singleTouch, accelerometer, none }

    /// The device being assembled.
    public let device: DeviceDescription
    let mode: Mode
    private let scale: AxisScale
    /// The most slots tracked; a device claiming more (a hostile description) is cut here.
    public static let maxSlots = 64

    // Protocol B
    private var slots: [SlotState]
    /// Per slot, for jump detection (empty unless `detectsJumps`).
    private var motion: [SlotMotion] = []
    /// -1 while events name a slot beyond the device's range: those are ignored.
    private var currentSlot = 0
    /// ABS_PRESSURE on a multitouch device without ABS_MT_PRESSURE: one value for all.
    private var sharedPressure: Int32 = 0
    private let usesSharedPressure: Bool

    // Protocol A
    private var frameContacts = FixedList<16, SlotState>()
    private var pendingContact = SlotState()
    private var pendingHasPosition = false
    /// Contacts reported in the frame being read, ghosts included: none means all lifted.
    private var reportedContacts = 0
    /// Contacts past the 16 a frame holds, in the frame being read: counted in `fingers`.
    private var protocolAOverflow = 0
    /// A contact has reported a non-zero size (a pressure above the axis minimum): from
    /// then on zero means the device lists a finger that is not there.
    private var sizeSeen = false
    private var pressureSeen = false
    private let pressureMinimum: Int32
    private var previousContacts = FixedList<16, SlotState>()
    private var spareContacts = FixedList<16, SlotState>()

    // Single touch (and, on multitouch devices, the emulated pointer: the fallback for a
    // slot axis never reported)
    private var single = SlotState()
    private var touching = false
    /// `BTN_TOUCH` has been reported, so `touching` says what the device knows.
    private var touchKnown = false
    /// `BTN_TOUCH` went to 0 in the frame being read: contacts still listed are ghosts.
    private var touchReleased = false
    /// `BTN_TOUCH` went to 1 in the frame being read: slots left hovering are down again.
    private var touchPressed = false
    /// Protocol B: `BTN_TOUCH` went to 0 in the last frame while slots stayed open. They
    /// hover if the next frame still lists them with `BTN_TOUCH` 0; a device that goes away
    /// sends that release as its last frame (the kernel releases every key when a device is
    /// unregistered), and its contacts are then lost, not lifted.
    private var releasePending = false
    private var penInProximity = false

    // Shared
    private var toolBits: UInt8 = 0
    /// The last frame ignored the `BTN_TOOL_*` count (counted once per disagreement).
    private var ignoringFingerFlags = false
    private var nextContactID = 0
    private var accel: (Int32, Int32, Int32) = (0, 0, 0)
    private var accelChanged = false
    private var dropping = false
    private var resyncing = false
    private var buttons = PhysicalButtons()
    /// Position ranges (axis range ± fuzz) of the multitouch and the single-touch axes.
    private let rangeX: AxisRange, rangeY: AxisRange, singleRangeX: AxisRange, singleRangeY: AxisRange
    /// Touchpads get jump detection (`JumpDetection`).
    private let detectsJumps: Bool
    /// The last touch frame completed (valid after `.touches`).
    public private(set) var frame: TouchFrame
    /// The last accelerometer sample completed (valid after `.accel`).
    public private(set) var sample: AccelerometerSample

    /// What was repaired so far (`AssemblyRepairs`).
    public private(set) var repairs = AssemblyRepairs()
    /// Frames lost to `SYN_DROPPED` so far.
    public var droppedFrames: Int { repairs.droppedFrames }

    /// `size` overrides the surface size derived from the device (for devices that give no
    /// resolution); without it, a size the recording gave for its display
    /// (`DeviceDescription.SizeSource.display`) does, or the one a reader assumed for a
    /// device whose ranges it guessed (`DeviceDescription.inferred`).
    public init(device: DeviceDescription, size: Size? = nil) {
        self.device = device
        let caps = device.evdev ?? EvdevCapabilities()
        scale = AxisScale(caps: caps, size: size ?? (device.sizeSource == .display || device.inferred ? device.size : nil))
        if device.kind == .accelerometer {
            mode = .accelerometer
        } else if caps.isFakeMultitouch {
            mode = .none
        } else if caps.hasSlots {
            mode = .slots
        } else if caps.isMultitouch {
            mode = .protocolA
        } else if caps.hasAbs(AbsCode.x) && caps.hasAbs(AbsCode.y) {
            mode = .singleTouch
        } else {
            mode = .none
        }
        let count = mode == .slots ? Swift.min(Self.maxSlots, Swift.max(1, caps.slotCount ?? 1)) : 0
        slots = [SlotState](repeating: SlotState(), count: count)
        usesSharedPressure = !caps.hasAbs(AbsCode.mtPressure) && caps.hasAbs(AbsCode.pressure)
        pressureMinimum = caps.absinfo[AbsCode.mtPressure]?.minimum ?? 0
        rangeX = AxisRange(caps.absinfo[AbsCode.mtPositionX] ?? caps.absinfo[AbsCode.x])
        rangeY = AxisRange(caps.absinfo[AbsCode.mtPositionY] ?? caps.absinfo[AbsCode.y])
        singleRangeX = AxisRange(caps.absinfo[AbsCode.x])
        singleRangeY = AxisRange(caps.absinfo[AbsCode.y])
        // Not on semi-MT: its corners jump to other fingers whenever the count changes.
        detectsJumps = device.kind == .touchpad && mode == .slots && !device.semiMT
        if detectsJumps { motion = [SlotMotion](repeating: SlotMotion(), count: count) }
        frame = TouchFrame(time: .zero, device: device.id)
        sample = AccelerometerSample(time: .zero, device: device.id, force: SpecificForce(x: 0, y: 0, z: 0))
        // Start from the device's current slot, as libevdev does.
        if let slot = caps.absinfo[AbsCode.mtSlot], slot.value >= 0, Int(slot.value) < slots.count {
            currentSlot = Int(slot.value)
        }
        if caps.isFakeMultitouch { repairs.fakeMultitouch = 1 }
    }

    /// The device's size in millimetres as the assembler converts it.
    public var size: Size? { scale.geometry?.size }

    /// Feeds every event of a frame; returns what the frame produced, if anything changed,
    /// by value (tests and tools; the per-frame path uses `feed`).
    public mutating func process(_ frame: EvdevFrame) -> Output? {
        let completed = feed(frame)  // before `output` is called: it reads self as it is then
        return output(completed)
    }

    /// Feeds one event; returns the frame or sample it completed, by value.
    public mutating func process(_ e: EvdevEvent) -> Output? {
        let completed = feed(e)
        return output(completed)
    }

    private func output(_ completed: Completed) -> Output? {
        switch completed {
        case .nothing: return nil
        case .touches: return .touches(frame)
        case .accel: return .accel(sample)
        }
    }

    /// Feeds every event of a frame; returns the last thing it completed.
    public mutating func feed(_ frame: EvdevFrame) -> Completed {
        var out = Completed.nothing
        for e in frame.events {
            let c = feed(e)
            if c != .nothing { out = c }
        }
        return out
    }

    /// Feeds one event. A `SYN_REPORT` completes a frame (now in `frame`) if it changed
    /// anything — a frame identical to the last one is not repeated — or a sample (in
    /// `sample`).
    public mutating func feed(_ e: EvdevEvent) -> Completed {
        if dropping {
            // After SYN_DROPPED the kernel's stream is incomplete until the next report.
            if e.isSynReport { dropping = false; resyncing = true }
            return .nothing
        }
        switch e.type {
        case EventType.syn:
            switch e.code {
            case SynCode.report: return finishFrame(at: e.time)
            case SynCode.mtReport: endProtocolAContact()
            case SynCode.dropped:
                dropping = true
                repairs.droppedFrames += 1
                frameContacts.removeAll()
                pendingHasPosition = false
                pendingContact = SlotState()
                reportedContacts = 0
                protocolAOverflow = 0
                touchReleased = false
                touchPressed = false
                releasePending = false
            default: break
            }
        case EventType.key: handleKey(e.code, e.value)
        case EventType.abs: handleAbs(e.code, e.value)
        default: break
        }
        return .nothing
    }

    private mutating func handleKey(_ code: UInt16, _ value: Int32) {
        let down = value != 0
        func setTool(_ bit: UInt8) {
            if down { toolBits |= 1 << bit } else { toolBits &= ~(1 << bit) }
        }
        switch code {
        case KeyCode.btnTouch:
            touching = down
            touchKnown = true
            if down { touchPressed = true } else { touchReleased = true }
        case KeyCode.btnLeft, KeyCode.btnRight, KeyCode.btnMiddle:
            let b = PhysicalButtons(evdevCode: code)!
            if down { buttons.insert(b) } else { buttons.remove(b) }
        case KeyCode.btnToolFinger: setTool(0)
        case KeyCode.btnToolDoubleTap: setTool(1)
        case KeyCode.btnToolTripleTap: setTool(2)
        case KeyCode.btnToolQuadTap: setTool(3)
        case KeyCode.btnToolQuintTap: setTool(4)
        case KeyCode.btnToolPen, KeyCode.btnToolRubber, KeyCode.btnToolBrush,
             KeyCode.btnToolPencil, KeyCode.btnToolAirbrush:
            penInProximity = down
        default: break
        }
    }

    private mutating func handleAbs(_ code: UInt16, _ value: Int32) {
        switch mode {
        case .slots: handleSlotAbs(code, value)
        case .protocolA: handleProtocolAAbs(code, value)
        case .singleTouch: handleSingleAbs(code, value)
        case .accelerometer:
            switch code {
            case AbsCode.x: accel.0 = value; accelChanged = true
            case AbsCode.y: accel.1 = value; accelChanged = true
            case AbsCode.z: accel.2 = value; accelChanged = true
            default: break
            }
        case .none: break
        }
    }

    private mutating func handleSlotAbs(_ code: UInt16, _ value: Int32) {
        if code == AbsCode.mtSlot {
            currentSlot = value >= 0 && Int(value) < slots.count ? Int(value) : -1
            return
        }
        switch code {
        case AbsCode.pressure: sharedPressure = value; return
        case AbsCode.x: if accept(value, singleRangeX) { single.x = value; single.hasX = true }; return
        case AbsCode.y: if accept(value, singleRangeY) { single.y = value; single.hasY = true }; return
        default: break
        }
        guard currentSlot >= 0 else { return }
        let i = currentSlot
        switch code {
        case AbsCode.mtTrackingID:
            if value < 0 {
                slots[i].trackingID = -1
                slots[i].hovering = false
            } else if value != slots[i].trackingID {
                // A new id in a slot: a new contact, even if the slot was in use.
                slots[i].trackingID = value
                beginContact(inSlot: i)
            }
        case AbsCode.mtPositionX: if accept(value, rangeX) { slots[i].x = value; slots[i].hasX = true }
        case AbsCode.mtPositionY: if accept(value, rangeY) { slots[i].y = value; slots[i].hasY = true }
        case AbsCode.mtPressure: slots[i].pressure = value; slots[i].hasPressure = true
        case AbsCode.mtTouchMajor: slots[i].major = value; slots[i].hasMajor = true
        case AbsCode.mtTouchMinor: slots[i].minor = value; slots[i].hasMinor = true
        case AbsCode.mtToolType: slots[i].toolType = value
        default: break
        }
    }

    private mutating func handleProtocolAAbs(_ code: UInt16, _ value: Int32) {
        switch code {
        case AbsCode.mtPositionX: if accept(value, rangeX) { pendingContact.x = value; pendingHasPosition = true }
        case AbsCode.mtPositionY: if accept(value, rangeY) { pendingContact.y = value; pendingHasPosition = true }
        case AbsCode.mtPressure: pendingContact.pressure = value; pendingContact.hasPressure = true
        case AbsCode.mtTouchMajor: pendingContact.major = value; pendingContact.hasMajor = true
        case AbsCode.mtTouchMinor: pendingContact.minor = value; pendingContact.hasMinor = true
        case AbsCode.mtToolType: pendingContact.toolType = value
        case AbsCode.mtTrackingID: pendingContact.trackingID = value
        case AbsCode.pressure: sharedPressure = value
        default: break
        }
    }

    /// A position value inside its axis range (± fuzz); one outside is counted and dropped.
    @inline(__always) private mutating func accept(_ value: Int32, _ range: AxisRange) -> Bool {
        if _fastPath(range.contains(value)) { return true }
        countOutOfRange()
        return false
    }

    @inline(never) private mutating func countOutOfRange() { repairs.outOfRange += 1 }

    private mutating func endProtocolAContact() {
        guard mode == .protocolA else { return }
        // An empty SYN_MT_REPORT means "no contacts"; a full frame keeps the first 16.
        if pendingHasPosition {
            reportedContacts += 1
            if isProtocolAGhost(pendingContact) {
                repairs.ghosts += 1
            } else if frameContacts.count == TouchFrame.capacity {
                protocolAOverflow += 1
            } else {
                frameContacts.append(pendingContact)
            }
        }
        pendingContact = SlotState()
        pendingHasPosition = false
    }

    /// A protocol A contact of zero size, or of pressure at the axis minimum, on a device
    /// whose contacts otherwise report more: a finger the driver still lists after it
    /// lifted (Apple's bcm5974 before it tracked contacts itself). Protocol A has no other
    /// way to say a contact is gone than leaving it out. In protocol B the tracking id says
    /// it, and a light touch reading 0 is still a touch, so the rule stays here.
    private mutating func isProtocolAGhost(_ c: SlotState) -> Bool {
        var ghost = false
        if c.hasMajor {
            if c.major > 0 { sizeSeen = true } else if sizeSeen { ghost = true }
        }
        if c.hasPressure {
            if c.pressure > pressureMinimum { pressureSeen = true } else if pressureSeen { ghost = true }
        }
        return ghost
    }

    private mutating func handleSingleAbs(_ code: UInt16, _ value: Int32) {
        switch code {
        case AbsCode.x: if accept(value, singleRangeX) { single.x = value; single.hasX = true }
        case AbsCode.y: if accept(value, singleRangeY) { single.y = value; single.hasY = true }
        case AbsCode.pressure: single.pressure = value; single.hasPressure = true
        default: break
        }
    }

    // MARK: - Frames

    /// Writes this frame's contacts over the last frame's in place, noting whether any
    /// changed, so an unchanged frame costs no copy and is not repeated.
    private mutating func finishFrame(at time: Timestamp) -> Completed {
        switch mode {
        case .accelerometer:
            guard accelChanged else { return .nothing }
            accelChanged = false
            let s = scale.accelScale
            let force = SpecificForce(
                x: Double(accel.0) * s.0, y: Double(accel.1) * s.1, z: Double(accel.2) * s.2)
            sample = AccelerometerSample(time: time, device: device.id, force: force)
            return .accel
        case .none:
            return .nothing
        case .slots, .protocolA, .singleTouch:
            break
        }
        // Contacts that vanish while events were lost did not lift normally: the ids of
        // the last frame are kept to tell (only then: a resync is rare).
        let before: TouchFrame.Contacts? = resyncing ? frame.contacts : nil
        let released = touchReleased, pressed = touchPressed
        touchReleased = false
        touchPressed = false
        var changed = false
        var n = 0
        var overflow = 0
        var activeSlots = 0
        switch mode {
        case .slots:
            if _slowPath(released || pressed || releasePending) { settleHoveringSlots(released: released) }
            for i in slots.indices where slots[i].isActive {
                activeSlots += 1
                if _slowPath(!(slots[i].hasX && slots[i].hasY)) && !recoverPosition(i) { continue }
                if n == TouchFrame.capacity { overflow += 1; continue }
                if detectsJumps { splitIfJumped(i, at: time) }
                put(contact(slots[i]), at: n, &changed)
                n += 1
            }
        case .protocolA:
            if _slowPath(pendingHasPosition) { endProtocolAContact() }  // the last contact without its SYN_MT_REPORT
            if touchKnown && !touching && !frameContacts.isEmpty && !(sizeSeen || pressureSeen) {
                // Listed while BTN_TOUCH says nothing touches, on a device whose contacts say
                // nothing of their own. Where they report a size or a pressure, each one says
                // whether it touches (`isProtocolAGhost`), as libinput decides by size and
                // pressure before BTN_TOUCH: bcm5974 counts fingers only while the first one
                // it lists presses, so its BTN_TOUCH is 0 while the others still press.
                repairs.ghosts += frameContacts.count
                frameContacts.removeAll()
            }
            if reportedContacts == 0 && !previousContacts.isEmpty { repairs.emptyFrameLifts += 1 }
            reportedContacts = 0
            overflow = protocolAOverflow
            protocolAOverflow = 0
            matchProtocolAContacts()
            for k in previousContacts.indices {
                put(contact(previousContacts[k]), at: n, &changed)
                n += 1
            }
        case .singleTouch:
            if touching && single.hasX && single.hasY {
                if single.trackingID < 0 {
                    single.trackingID = 0
                    single.contactID = nextContactID
                    nextContactID += 1
                }
                single.toolType = penInProximity ? MTToolType.pen : MTToolType.finger
                put(contact(single), at: 0, &changed)
                n = 1
            } else {
                single.trackingID = -1
            }
        case .accelerometer, .none:
            break
        }
        if frame.contacts.count > n {
            frame.contacts.removeLast(frame.contacts.count - n)
            changed = true
        }
        var fingerContacts = 0
        for k in frame.contacts.indices where frame.contacts[k].tool == .finger { fingerContacts += 1 }
        let fingersDown = fingerContacts + overflow
        // With BTN_TOUCH up a finger tool bit is a finger hovering, not touching.
        var toolFingers = toolBits == 0 || (touchKnown && !touching && mode != .singleTouch) ? 0 : 8 - toolBits.leadingZeroBitCount
        if _slowPath(toolFingers > fingersDown) {
            // The BTN_TOOL_* count is believed only where it can know more than the
            // contacts, as libinput does: more fingers than slots (every slot in use), a
            // semi-MT box, a single-touch device; or contacts the slots hold but whose
            // position is not known yet. Elsewhere it is a driver's flag meaning something
            // else (N-Trig sets BTN_TOOL_DOUBLETAP for one finger).
            let trusted: Bool
            switch mode {
            case .slots: trusted = device.semiMT || activeSlots >= slots.count || toolFingers <= activeSlots
            case .singleTouch: trusted = true
            case .protocolA, .accelerometer, .none: trusted = device.semiMT
            }
            if !trusted {
                if !ignoringFingerFlags { repairs.ignoredFingerFlags += 1 }
                toolFingers = 0
            }
            ignoringFingerFlags = !trusted
        } else {
            ignoringFingerFlags = false
        }
        let fingers = Swift.max(toolFingers, fingersDown) > fingerContacts ? Swift.max(toolFingers, fingersDown) : nil
        if fingers != frame.fingers {
            frame.fingers = fingers
            changed = true
        }
        if buttons != frame.buttons {
            frame.buttons = buttons
            changed = true
        }
        if !frame.cancelled.isEmpty { frame.cancelled.removeAll() }
        if let before {
            resyncing = false
            for k in before.indices {
                let id = before[k].id
                if !frame.contacts.contains(where: { $0.id == id }) { frame.cancelled.append(id) }
            }
        }
        guard changed || !frame.cancelled.isEmpty else { return .nothing }
        frame.time = time
        return .touches
    }

    /// `BTN_TOUCH` changed. At 0 the device says nothing touches, so every contact a slot
    /// still holds in the next frame ends: the slot hovers (a driver that leaves a slot open
    /// after the finger lifted; a Synaptics pad switches `BTN_TOUCH` on pressure, and ends
    /// the slot itself in the next frame). At 1 a hovering slot touches again, as a new
    /// contact, as libinput begins a new touch after hovering.
    @inline(never) private mutating func settleHoveringSlots(released: Bool) {
        if released && !touching {
            // The release frame: the slots hover from the next frame on, if it still lists them.
            releasePending = slots.contains { $0.isActive }
        } else if releasePending && !touching {
            releasePending = false
            for i in slots.indices where slots[i].isActive {
                slots[i].hovering = true
                repairs.ghosts += 1
            }
        } else if touching {
            releasePending = false
            for i in slots.indices where slots[i].hovering && slots[i].trackingID >= 0 { beginContact(inSlot: i) }
        }
    }

    /// Slot `i` holds a new contact from now on: a new tracking id, or a hovering slot
    /// touching again.
    private mutating func beginContact(inSlot i: Int) {
        slots[i].hovering = false
        slots[i].contactID = nextContactID
        slots[i].counted = false
        if detectsJumps { motion[i].reported = 0 }
        nextContactID += 1
    }

    /// Whether slot `i`'s position, not fully known, can be: an axis its slot never
    /// reported is taken from the emulated single-touch axis when the contact is the only
    /// one (then both describe the same finger); otherwise the contact is held back until
    /// the axis is reported.
    @inline(never) private mutating func recoverPosition(_ i: Int) -> Bool {
        var active = 0
        for j in slots.indices where slots[j].isActive { active += 1 }
        let alone = active == 1
        if !slots[i].hasX, alone, single.hasX { slots[i].x = single.x; slots[i].hasX = true }
        if !slots[i].hasY, alone, single.hasY { slots[i].y = single.y; slots[i].hasY = true }
        if slots[i].hasX && slots[i].hasY { return true }
        if !slots[i].counted { slots[i].counted = true; repairs.heldBack += 1 }
        return false
    }

    /// Splits slot `i`'s contact into a lift and a new landing when it jumped this frame
    /// (`JumpDetection`), and notes where it is for the next frame.
    private mutating func splitIfJumped(_ i: Int, at time: Timestamp) {
        defer {
            motion[i].reported += 1
            motion[i].lastX = slots[i].x
            motion[i].lastY = slots[i].y
            motion[i].lastTime = time
        }
        guard motion[i].reported > 0, let g = scale.geometry else { return }
        let dt = time - motion[i].lastTime
        let dx = Double(slots[i].x) - Double(motion[i].lastX), dy = Double(slots[i].y) - Double(motion[i].lastY)
        guard dt.microseconds > 0, dt.microseconds <= 2 * JumpDetection.referenceInterval.microseconds else {
            motion[i].lastStep = 0
            return
        }
        let mx = dx * g.mmPerUnitX, my = dy * g.mmPerUnitY
        let interval = Swift.max(dt.microseconds, JumpDetection.shortestInterval.microseconds)
        let normalised = (mx * mx + my * my).squareRoot() * Double(JumpDetection.referenceInterval.microseconds) / Double(interval)
        let previous = motion[i].lastStep
        motion[i].lastStep = normalised
        guard motion[i].reported >= 2, normalised > JumpDetection.distance,
              normalised - previous > JumpDetection.increase else { return }
        repairs.jumps += 1
        slots[i].contactID = nextContactID
        nextContactID += 1
        motion[i].reported = 0  // the new contact: reported once, in this frame, once the deferred count runs
        motion[i].lastStep = 0
    }

    /// Puts contact `n` of the frame being built, over the last frame's `n`th.
    @inline(__always) private mutating func put(_ c: Contact, at n: Int, _ changed: inout Bool) {
        if n < frame.contacts.count {
            if frame.contacts[n] != c {
                frame.contacts[n] = c
                changed = true
            }
        } else {
            frame.contacts.append(c)
            changed = true
        }
    }

    @inline(__always) private func contact(_ s: SlotState) -> Contact {
        let position = scale.geometry?.point(x: s.x, y: s.y) ?? .zero
        var c = Contact(id: s.contactID, position: position)
        if s.hasPressure {
            c.pressure = scale.pressure(s.pressure)
        } else if usesSharedPressure && mode != .singleTouch {
            c.pressure = scale.pressure(sharedPressure)
        }
        if s.hasMajor { c.major = Millimetres(Double(s.major) / scale.majorUnitsPerMM) }
        if s.hasMinor { c.minor = Millimetres(Double(s.minor) / scale.minorUnitsPerMM) }
        switch s.toolType {
        case MTToolType.pen: c.tool = .pen
        case MTToolType.palm: c.tool = .palm
        default: c.tool = .finger
        }
        return c
    }

    /// Gives this frame's protocol A contacts the ids of the nearest contacts of the last
    /// frame (or the same kernel tracking id, when the device sends them); the rest are new.
    private mutating func matchProtocolAContacts() {
        // Built in the spare list and swapped in: both keep their buffers.
        var matched = spareContacts
        spareContacts = FixedList()
        matched.removeAll()
        var usedPrevious: UInt32 = 0
        var assigned: UInt32 = 0
        let n = frameContacts.count, p = previousContacts.count
        let mmX = scale.geometry?.mmPerUnitX ?? 1, mmY = scale.geometry?.mmPerUnitY ?? 1
        // Greedy closest pair first: for the few contacts a frame holds this finds the same
        // pairs as an optimal assignment except in contrived ties.
        for _ in 0..<Swift.min(n, p) {
            var best = Double.infinity, bi = -1, bj = -1
            for i in 0..<n where assigned & (1 << i) == 0 {
                let c = frameContacts[i]
                for j in 0..<p where usedPrevious & (1 << j) == 0 {
                    let q = previousContacts[j]
                    let d: Double
                    if c.trackingID >= 0 || q.trackingID >= 0 {
                        d = c.trackingID == q.trackingID ? 0 : .infinity
                    } else {
                        let dx = (Double(c.x) - Double(q.x)) * mmX, dy = (Double(c.y) - Double(q.y)) * mmY  // no Int32 overflow
                        d = dx * dx + dy * dy
                    }
                    if d < best { best = d; bi = i; bj = j }
                }
            }
            guard bi >= 0 else { break }
            assigned |= 1 << bi
            usedPrevious |= 1 << bj
            frameContacts[bi].contactID = previousContacts[bj].contactID
        }
        for i in 0..<n {
            if assigned & (1 << i) == 0 {
                frameContacts[i].contactID = nextContactID
                nextContactID += 1
            }
            matched.append(frameContacts[i])
        }
        spareContacts = previousContacts
        previousContacts = matched
        frameContacts.removeAll()
    }
}
