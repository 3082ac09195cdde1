/// `claim: delay` (UIKit's `delaysTouchesBegan`): a touch that lands, as a sequence's first,
/// in a hold zone (`HoldZones`: a bound edge swipe's edge) is kept back from the copy until
/// it can no longer start that edge swipe. If the swipe is recognized the claim drops it, and
/// applications never see it; otherwise `settle` lets it go, all of it at once, in its own
/// frames with its original positions: late, but whole.
///
/// The decision to let go waits for the frame's recognition (`settle` after it), so the
/// frame in which the swipe is recognized is never the frame in which its touch was let go.
extension TouchClaims {
    /// Keeps `e` back when its slot's touch is held (or hidden: dropped); false when the
    /// copy gets it as usual.
    mutating func keepBack(_ e: EvdevEvent) -> Bool {
        switch slots[current].hold {
        case .none:
            return false
        case .hidden:
            if e.code == AbsCode.mtToolType { slots[current].deviceTool = e.value }
            if e.code == AbsCode.mtTrackingID {
                // Its release ends the hiding; a new id is a new touch (the kernel's view too).
                slots[current].hold = .none
                slots[current].trackingID = -1
                slots[current].stale = true
                if e.value >= 0 { return false }
            }
            return true
        case .pending, .held:
            if e.code == AbsCode.mtTrackingID {
                // (A new id in a held slot that skipped its release is kept with it: written
                // in order, the copy's kernel takes it for a new touch too.)
                if e.value < 0 {
                    slots[current].trackingID = -1
                    slots[current].lifted = true
                }
            }
            if e.code == AbsCode.mtToolType { slots[current].deviceTool = e.value }
            if slots[current].buffer.count < Self.maxHeldEvents { slots[current].buffer.append(e) }
            return true
        }
    }

    /// The end of a frame (its `SYN_REPORT`, not yet in `out`): a touch that landed in it is
    /// held when it landed in a hold zone, else it goes to the copy in this very frame;
    /// held touches that moved get the frame's end too.
    mutating func endFrame(_ report: EvdevEvent, into out: inout [EvdevEvent]) {
        guard let zones = holdZones else { return }
        for i in slots.indices {
            switch slots[i].hold {
            case .pending:
                let landed = zones.zones(x: slots[i].x, y: slots[i].y)
                if !slots[i].lifted && landed != 0 {
                    slots[i].hold = .held
                    slots[i].landX = slots[i].x
                    slots[i].landY = slots[i].y
                    slots[i].landZones = landed
                    slots[i].buffer.append(report)
                } else {
                    // Not where a bound edge swipe starts: on the copy, in this frame.
                    slots[i].buffer.append(report)
                    letGo(i, inFrame: true, at: report.time, into: &out)
                }
            case .held:
                if slots[i].buffer.last.map({ !$0.isSynReport }) ?? false { slots[i].buffer.append(report) }
            case .none, .hidden:
                break
            }
        }
    }

    /// After a frame's recognition (and claims), or at `nextHoldDeadline`: every held touch
    /// that can no longer start the bound edge swipe goes to the copy: it lifted, went as
    /// far inward as the swipe needs without being claimed (the recognizer decided against
    /// it), was held as long as the swipe may take, or filled its buffer. Appends the frames
    /// that give it to the copy.
    public mutating func settle(at time: Timestamp, into out: inout [EvdevEvent]) {
        guard let zones = holdZones else { return }
        for i in slots.indices where slots[i].hold == .held {
            let s = slots[i]
            if s.lifted || time - s.since >= zones.longest || zones.wentInward(from: (s.landX, s.landY), to: (s.x, s.y), zones: s.landZones)
                || s.buffer.count >= Self.maxHeldEvents - 64 {
                letGo(i, inFrame: false, at: time, into: &out)
            }
        }
    }

    /// When the first held touch must be let go if nothing else happens (a still finger
    /// sends no frames); nil when none is held.
    public var nextHoldDeadline: Timestamp? {
        guard let zones = holdZones else { return nil }
        var next: Timestamp?
        for s in slots where s.hold == .held {
            let due = s.since + zones.longest
            if next == nil || due < next! { next = due }
        }
        return next
    }

    /// Writes the position of each touch that began in a stale slot this frame: the device
    /// sent only what differs from the hidden touch before it, which the copy never had.
    mutating func rewriteStale(at time: Timestamp, into out: inout [EvdevEvent]) {
        pendingRewrite = false
        var wrote = false
        for i in slots.indices where slots[i].stale && slots[i].trackingID >= 0 && slots[i].hold == .none {
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(i), time: time))
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtPositionX, value: slots[i].x, time: time))
            out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtPositionY, value: slots[i].y, time: time))
            slots[i].stale = false
            wrote = true
        }
        if wrote { out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(current), time: time)) }
    }

    /// Lets every held touch go to the copy now (the hold zones are about to change).
    public mutating func letGoAll(at time: Timestamp, into out: inout [EvdevEvent]) {
        for i in slots.indices where slots[i].hold == .held || slots[i].hold == .pending {
            letGo(i, inFrame: false, at: time, into: &out)
        }
    }

    /// Whether a touch is held back now.
    public var holding: Bool { slots.contains { $0.hold == .held || $0.hold == .pending } }

    /// Writes slot `i`'s held events to the copy. In a frame being written (`inFrame`: the
    /// frame's own `SYN_REPORT` follows) its events go in that frame; otherwise as the frames
    /// they came in, then the copy is put back on the device's slot.
    private mutating func letGo(_ i: Int, inFrame: Bool, at time: Timestamp, into out: inout [EvdevEvent]) {
        out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(i), time: time))
        var toolWritten = false
        for (k, e) in slots[i].buffer.enumerated() {
            if e.isSynReport {
                if inFrame && k == slots[i].buffer.count - 1 { break }  // the frame's own follows
                out.append(e)
                continue
            }
            if e.code == AbsCode.mtToolType { continue }  // the tool goes before the tracking id
            if e.code == AbsCode.mtTrackingID && e.value >= 0 && !toolWritten {
                restoreTool(i, at: e.time, into: &out)
                toolWritten = true
            }
            out.append(e)
        }
        out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(current), time: time))
        if !inFrame, !(out.last?.isSynReport ?? false) {
            out.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0, time: time))
        }
        slots[i].hold = .none
        slots[i].buffer.removeAll(keepingCapacity: true)
        if slots[i].lifted { slots[i].claimed = false }
    }
}
