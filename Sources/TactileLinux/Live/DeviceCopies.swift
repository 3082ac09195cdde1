import Tactile

/// Pass-through (`tactile bind --pass-through`, docs/pass-through.md): each touch device
/// read is grabbed and has a copy (`DeviceCopy`) that gets every frame at once, unless a
/// bound gesture claimed its touches (`TouchClaims`), which the copy then has as palms.
///
/// The live session hands it each device's frames before they are recognized, so nothing
/// waits for recognition; claims come after, from the bindings. Nothing is left down on a
/// copy: a device that goes, and every copy at the end, is first written the frame that
/// lifts its touches and releases its buttons. A process that is killed leaves that to the
/// kernel, which removes a uinput device whose descriptor closes.
public final class DeviceCopies {
    struct Copy {
        let uinput: UinputDevice
        var claims: TouchClaims
        let description: DeviceDescription
        let path: String
        let capabilities: EvdevCapabilities
        /// Its panel (`DeviceCopy.panel`), whose pen nodes make its fingers palms.
        let panel: String?
    }

    /// A panel's pen node, read (not grabbed, not copied) for its proximity.
    struct Pen {
        let panel: String
        /// The pen tools in proximity, one bit per tool from `BTN_TOOL_PEN`.
        var tools: UInt8 = 0
    }

    private var copies: [Int: Copy] = [:]
    private var pens: [Int: Pen] = [:]
    /// Events for a copy, reused from frame to frame.
    private var events: [EvdevEvent] = []
    /// Kernel time to the copy's write, per frame forwarded, when measuring.
    public private(set) var delays: LiveStats?
    private let say: (String) -> Void
    /// What each device's copy does beyond claims (touches claimed as they land, touches
    /// held back), asked as the device is copied; nil: nothing beyond claims.
    public var policy: ((DeviceDescription, String) -> PassThroughPolicy)?

    /// Copies that say what they make and what fails through `say`; with `measure`, the
    /// delay each forwarded frame adds is kept (`delays`).
    public init(measure: Bool = false, say: @escaping (String) -> Void) {
        self.say = say
        if measure { delays = LiveStats() }
        events.reserveCapacity(256)
    }

    /// How many devices have a copy.
    public var count: Int { copies.count }

    /// A touch device appeared: grabbed, then copied. A device that cannot be grabbed (a
    /// copy would double its touches) or copied is left as it is, with a warning.
    public func add(_ device: EvdevDevice, description: DeviceDescription) {
        let id = description.id
        do throws(TactileError) {
            try device.grab()
        } catch {
            say("\(error); its touches reach applications as they are, and cannot be claimed")
            return
        }
        do throws(TactileError) {
            let copy = try DeviceCopy.make(of: device)
            let caps = device.capabilities
            var claims = TouchClaims(capabilities: caps)
            claims.rejectsTouchesNearPen = true
            if let p = policy?(description, device.path) {
                claims.rejectsTouchesNearPen = p.rejectsTouchesNearPen
                claims.claimOnLanding = p.claimOnLanding
                claims.holdZones = p.holdZones(capabilities: caps, size: description.size)
            }
            let panel = DeviceCopy.panel(of: device)
            // A pen of its panel already near (it was added first): palms from the start.
            if let panel, pens.values.contains(where: { $0.panel == panel && $0.tools != 0 }) {
                events.removeAll(keepingCapacity: true)
                claims.penNearby(true, at: MonotonicClock.now(), into: &events)
            }
            copies[id] = Copy(uinput: copy, claims: claims, description: description, path: device.path, capabilities: caps, panel: panel)
            say("\(device.path) (\"\(device.name)\") passes through to \(copy.node ?? "a copy") (\"\(DeviceCopy.name(for: device.name))\")"
                + (claims.canClaim ? "" : "; it has no slots (protocol A), so its touches cannot be claimed"))
        } catch {
            // Grabbed with no copy, the device would be lost to the desktop: let it go.
            device.ungrab()
            say("\(error); \(device.path) is left to the desktop as it is")
        }
    }

    /// A pen node appeared (`DeviceCopy.isPen`): while it is in proximity, the fingers on
    /// the copies of its panel are palms. Nothing is grabbed or copied: the desktop reads
    /// the pen as it is. A pen whose node says nothing of where it is has no panel: ignored.
    public func addPen(_ device: EvdevDevice, id: Int) {
        guard let panel = DeviceCopy.panel(of: device) else { return }
        pens[id] = Pen(panel: panel)
        if copies.values.contains(where: { $0.panel == panel }) {
            say("\(device.path) (\"\(device.name)\"): while this pen is near, fingers on its panel are palms in applications")
        }
    }

    /// Whether device `id` is a pen followed for its panel (`addPen`).
    public func isPen(_ id: Int) -> Bool { pens[id] != nil }

    /// One frame of pen `id`: when its proximity changes, the copies of its panel are told
    /// (`TouchClaims.penNearby`).
    public func forwardPen(_ frame: EvdevFrame, device id: Int) {
        guard var pen = pens[id] else { return }
        let before = pen.tools
        for e in frame.events { TouchClaims.followPen(e, in: &pen.tools) }
        pens[id] = pen
        if (before != 0) != (pen.tools != 0) { penMoved(pen.panel, at: frame.time) }
    }

    /// A pen of `panel` came near or went: each of its copies is told whether any is near.
    private func penMoved(_ panel: String, at time: Timestamp) {
        let near = pens.values.contains { $0.panel == panel && $0.tools != 0 }
        for id in copies.keys.sorted() where copies[id]!.panel == panel {
            events.removeAll(keepingCapacity: true)
            copies[id]!.claims.penNearby(near, at: time, into: &events)
            write(id)
        }
    }

    /// One frame of device `id`, to its copy at once (claimed touches as palms).
    public func forward(_ frame: EvdevFrame, device id: Int) {
        guard copies[id] != nil else { return }
        events.removeAll(keepingCapacity: true)
        copies[id]!.claims.forward(frame, into: &events)
        write(id)
        if delays != nil { delays!.record(latency: MonotonicClock.now() - frame.time, cpu: .zero) }
    }

    /// A bound gesture claimed the touches down on device `id` (and those landing until
    /// they all lift): the copy has them as palms from now.
    public func claim(device id: Int, at time: Timestamp) {
        guard copies[id] != nil else { return }
        events.removeAll(keepingCapacity: true)
        copies[id]!.claims.claimAll(at: time, into: &events)
        write(id)
    }

    /// After a frame of device `id` was recognized (and its claims made), or at
    /// `nextDeadline`: held touches that can no longer start a bound edge swipe go to the
    /// copy (`TouchClaims.settle`).
    public func settle(device id: Int, at time: Timestamp) {
        guard copies[id]?.claims.holding == true else { return }
        events.removeAll(keepingCapacity: true)
        copies[id]!.claims.settle(at: time, into: &events)
        write(id)
    }

    /// The configuration changed (SIGHUP): each copy takes the policy now in force. Touches
    /// held under the old one go to the copy first, so none is held by zones that are gone.
    public func applyPolicy(at time: Timestamp) {
        guard let policy else { return }
        for id in copies.keys.sorted() {
            let c = copies[id]!
            let p = policy(c.description, c.path)
            events.removeAll(keepingCapacity: true)
            copies[id]!.claims.letGoAll(at: time, into: &events)
            write(id)
            copies[id]!.claims.claimOnLanding = p.claimOnLanding
            copies[id]!.claims.rejectsTouchesNearPen = p.rejectsTouchesNearPen
            copies[id]!.claims.holdZones = p.holdZones(capabilities: c.capabilities, size: c.description.size)
        }
    }

    /// `settle` for every copy (a deadline passed).
    public func settleAll(at time: Timestamp) {
        for id in copies.keys where copies[id]!.claims.holding { settle(device: id, at: time) }
    }

    /// When a held touch must be let go if no frame comes first; nil when none is held.
    public var nextDeadline: Timestamp? {
        var next: Timestamp?
        for copy in copies.values {
            if let d = copy.claims.nextHoldDeadline, next == nil || d < next! { next = d }
        }
        return next
    }

    /// Device `id` went: its copy's touches lifted and buttons released, then the copy
    /// removed (or, for a pen, its panel told it is gone).
    public func remove(device id: Int) {
        if let pen = pens.removeValue(forKey: id) {
            if pen.tools != 0 { penMoved(pen.panel, at: MonotonicClock.now()) }
            return
        }
        guard copies[id] != nil else { return }
        events.removeAll(keepingCapacity: true)
        copies[id]!.claims.endAll(at: MonotonicClock.now(), into: &events)
        write(id)
        copies[id] = nil
    }

    /// The end: every copy's touches lifted and buttons released, then the copies removed.
    public func finish() {
        for id in copies.keys.sorted() { remove(device: id) }
    }

    private func write(_ id: Int) {
        guard !events.isEmpty, let copy = copies[id] else { return }
        do throws(TactileError) {
            try copy.uinput.write(events)
        } catch {
            say("\(error)")
        }
    }
}
