/// Pen-aware palm rejection under pass-through: while a pen is near the panel, every finger
/// on it is a palm on the copy, so the hand that rests on the screen while writing touches
/// nothing in applications (what linux-surface #422 and xournalpp #5721 ask for; libinput's
/// touch arbitration does the same only for tablets it pairs with a touch device itself).
///
/// The pen is the device's own (a slot whose tool is `MT_TOOL_PEN`, or `BTN_TOOL_PEN` and
/// the other pen tools down) or that of another node of the same panel (`penNearby`, which
/// the session calls from the pen's node). A finger down as the pen comes near turns into a
/// palm, which libinput ends with a touch cancel on a touchscreen; one that lands while the
/// pen is near is a palm from its first frame and never reported. A finger stays a palm until
/// it lifts, after the pen went too: a resting hand does not become a touch when the pen
/// leaves. The pen itself passes as it is.
extension TouchClaims {
    /// The bit of a pen tool key (BTN_TOOL_PEN, BTN_TOOL_RUBBER, BTN_TOOL_BRUSH,
    /// BTN_TOOL_PENCIL, BTN_TOOL_AIRBRUSH) in a set of tools in proximity; nil for any other
    /// key. Shared with the session's pen nodes (`DeviceCopies`).
    @inline(__always) public static func penToolBit(_ code: UInt16) -> UInt8? {
        code >= KeyCode.btnToolPen && code <= KeyCode.btnToolAirbrush ? 1 << UInt8(code - KeyCode.btnToolPen) : nil
    }

    /// Follows a key event of pen tools into `tools` (a repeat changes nothing).
    @inline(__always) public static func followPen(_ e: EvdevEvent, in tools: inout UInt8) {
        guard e.type == EventType.key, e.value != 2, let bit = penToolBit(e.code) else { return }
        if e.value != 0 { tools |= bit } else { tools &= ~bit }
    }

    /// Whether a pen is near: the device's own, or one of its panel's (`penNearby`).
    public var penNear: Bool {
        if groupPen || ownPenKeys != 0 { return true }
        for s in slots where s.trackingID >= 0 && s.deviceTool == MTToolType.pen { return true }
        return false
    }

    /// A pen of another node of the same panel came near (`true`) or went: near, the
    /// fingers down now become palms, in a frame of their own appended to `out` (nothing
    /// when none is down, or when `rejectsTouchesNearPen` is off).
    public mutating func penNearby(_ near: Bool, at time: Timestamp, into out: inout [EvdevEvent]) {
        groupPen = near
        if near && rejectsTouchesNearPen { palmFingers(at: time, into: &out, inFrame: false) }
    }

    /// Follows the device's own pen tool keys (a key event of a forwarded frame).
    mutating func followPen(key e: EvdevEvent) { Self.followPen(e, in: &ownPenKeys) }

    /// Makes every finger down on the copy a palm: in the frame being forwarded (`inFrame`,
    /// its `SYN_REPORT` follows) or as a frame of its own. A finger still held back
    /// (`claim: delay`) never reaches the copy. A slot whose tool is the pen is left alone.
    mutating func palmFingers(at time: Timestamp, into out: inout [EvdevEvent], inFrame: Bool) {
        var palms = 0
        for i in slots.indices where slots[i].trackingID >= 0 && !slots[i].claimed && slots[i].deviceTool != MTToolType.pen {
            switch slots[i].hold {
            case .held, .pending:
                slots[i].hold = slots[i].lifted ? .none : .hidden
                slots[i].buffer.removeAll(keepingCapacity: true)
            case .hidden:
                break
            case .none:
                slots[i].claimed = true
                slots[i].copyTool = MTToolType.palm
                out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(i), time: time))
                out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtToolType, value: MTToolType.palm, time: time))
                palms += 1
            }
        }
        guard palms > 0 else { return }
        out.append(EvdevEvent(type: EventType.abs, code: AbsCode.mtSlot, value: Int32(current), time: time))
        if !inFrame { out.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0, time: time)) }
    }
}
