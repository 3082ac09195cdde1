import Tactile

/// Turns built-in actions into the events the virtual keyboard and pointer write, and
/// remembers what each gesture holds down (keys under `hold`, a drag's button) and how far
/// its drag or scroll has followed the fingers, so that the end of the gesture, its device
/// going away, a reload or the daemon's end releases everything it pressed: a key is never
/// left down.
///
/// Pure: the binder calls it with the gesture's values and time, and dry runs print what it
/// returns.
struct InputActionEvents {
    /// One gesture under way on one device, and one binding of it.
    struct Owner: Hashable {
        var device: Int
        var gesture: GestureKind
        var binding: Int
    }

    /// What one binding holds for one gesture.
    private struct Held {
        var line: Int
        var time: Timestamp
        var keys: [UInt16] = []
        var button: UInt16?
        /// The translation (mm) the pointer or wheel has followed so far.
        var followed = Vector.zero
        /// Pointer units not yet written (a fraction of one).
        var pointerRest = (x: 0.0, y: 0.0)
        /// Hi-res wheel units not yet written, and those written so far (for the notches).
        var wheelRest = (x: 0.0, y: 0.0)
        var wheelTotal = (x: 0, y: 0)
    }

    private var held: [Owner: Held] = [:]

    /// The events of one run of `action` by the binding on `line`: the gesture's translation
    /// so far (mm, screen space) for a drag or a following scroll; `sign` and `steps` for a
    /// scroll a notch at a time. Lasting actions start at the first run of their gesture.
    mutating func run(_ action: InputAction, _ owner: Owner, line: Int, time: Timestamp, translation: Vector,
                      sign: Int, steps: Int) -> [EvdevEvent] {
        var out: [EvdevEvent] = []
        if action.lasts {
            var h = held[owner] ?? Held(line: line, time: time)
            if held[owner] == nil {
                for k in action.hold.map(\.code) where !h.keys.contains(k) {
                    h.keys.append(k)
                    Self.key(k, 1, &out)
                }
                if let b = action.drag {
                    h.button = Self.code(b)
                    Self.key(Self.code(b), 1, &out)
                }
            }
            h.time = time
            if action.followsMotion { follow(action, translation, &h, &out) }
            held[owner] = h
        }
        // Keys with a click or a notch are its modifiers: down before it, up after it.
        let modifiers = action.modifiesClick ? action.keys : []
        for k in modifiers { Self.key(k.code, 1, &out) }
        // A run that stands for several steps (an interval held them back) presses its keys
        // or clicks once per step, as a scroll turns a notch per step.
        for _ in 0..<Swift.max(1, Swift.min(steps, GestureTrigger.maxRunsPerGesture)) {
            if modifiers.isEmpty {
                let keys = sign < 0 ? action.reverse ?? action.keys : action.keys
                for k in keys { Self.key(k.code, 1, &out) }
                for k in keys.reversed() { Self.key(k.code, 0, &out) }
            }
            if let b = action.click {
                Self.key(Self.code(b), 1, &out)
                Self.key(Self.code(b), 0, &out)
            }
        }
        if let s = action.scroll, !s.follows {
            let n = Int32(clamping: steps) * (sign < 0 ? -1 : 1)
            let (code, hiRes): (UInt16, UInt16) = s == .up || s == .down ? (RelCode.wheel, RelCode.wheelHiRes) : (RelCode.hwheel, RelCode.hwheelHiRes)
            let v = s == .up || s == .right ? n : -n
            out.append(EvdevEvent(type: EventType.rel, code: code, value: v))
            out.append(EvdevEvent(type: EventType.rel, code: hiRes, value: v * Int32(InputAction.hiResPerNotch)))
            Self.syn(&out)
        }
        for k in modifiers.reversed() { Self.key(k.code, 0, &out) }
        return out
    }

    /// The pointer or the wheel moved by the fingers' motion since the last run.
    private func follow(_ action: InputAction, _ translation: Vector, _ h: inout Held, _ out: inout [EvdevEvent]) {
        let dx = translation.x - h.followed.x, dy = translation.y - h.followed.y
        h.followed = translation
        if action.drag != nil {
            let x = dx * InputAction.pointerUnitsPerMillimetre + h.pointerRest.x
            let y = dy * InputAction.pointerUnitsPerMillimetre + h.pointerRest.y
            let ix = Self.whole(x), iy = Self.whole(y)
            h.pointerRest = (x - Double(ix), y - Double(iy))
            if ix != 0 { out.append(EvdevEvent(type: EventType.rel, code: RelCode.x, value: ix)) }
            if iy != 0 { out.append(EvdevEvent(type: EventType.rel, code: RelCode.y, value: iy)) }
            if ix != 0 || iy != 0 { Self.syn(&out) }
            return
        }
        // Natural: the content moves with the fingers (fingers down scroll up, the wheel's
        // positive way; fingers left scroll right). Traditional is the other way.
        let perMillimetre = Double(InputAction.hiResPerNotch) / InputAction.scrollNotch.value
        let way = action.scroll == .natural ? 1.0 : -1.0
        let v = way * dy * perMillimetre + h.wheelRest.y
        let hz = -way * dx * perMillimetre + h.wheelRest.x
        let iv = Self.whole(v), ih = Self.whole(hz)
        h.wheelRest = (hz - Double(ih), v - Double(iv))
        Self.turn(ih, notch: RelCode.hwheel, hiRes: RelCode.hwheelHiRes, total: &h.wheelTotal.x, &out)
        Self.turn(iv, notch: RelCode.wheel, hiRes: RelCode.wheelHiRes, total: &h.wheelTotal.y, &out)
        if ih != 0 || iv != 0 { Self.syn(&out) }
    }

    /// One wheel turned by `value` hi-res units. The legacy wheel turns a notch each time
    /// the hi-res total crosses one, as a hi-res mouse's does (the kernel's hid driver keeps
    /// both).
    private static func turn(_ value: Int32, notch: UInt16, hiRes: UInt16, total: inout Int, _ out: inout [EvdevEvent]) {
        guard value != 0 else { return }
        let before = total
        total += Int(value)
        let notches = Int32(total / InputAction.hiResPerNotch - before / InputAction.hiResPerNotch)
        if notches != 0 { out.append(EvdevEvent(type: EventType.rel, code: notch, value: notches)) }
        out.append(EvdevEvent(type: EventType.rel, code: hiRes, value: value))
    }

    /// Releases what the gestures matching `owns` hold, as actions (one per binding), at
    /// `time` or, when nil, at each one's last run.
    mutating func release(where owns: (Owner) -> Bool, at time: Timestamp?, into out: inout [BoundAction]) {
        let owners = held.keys.filter(owns).sorted { ($0.device, $0.binding) < ($1.device, $1.binding) }
        for owner in owners {
            guard let h = held.removeValue(forKey: owner) else { continue }
            var events: [EvdevEvent] = []
            if let b = h.button { Self.key(b, 0, &events) }
            for k in h.keys.reversed() { Self.key(k, 0, &events) }
            guard !events.isEmpty else { continue }
            out.append(BoundAction(time: time ?? h.time, binding: owner.binding, line: h.line, effect: .input(events)))
        }
    }

    /// Whether anything is held down.
    var isEmpty: Bool { held.isEmpty }

    private static func key(_ code: UInt16, _ value: Int32, _ out: inout [EvdevEvent]) {
        out.append(EvdevEvent(type: EventType.key, code: code, value: value))
        syn(&out)
    }

    private static func syn(_ out: inout [EvdevEvent]) {
        out.append(EvdevEvent(type: EventType.syn, code: SynCode.report, value: 0))
    }

    private static func code(_ b: ClickButton) -> UInt16 {
        switch b {
        case .left: return KeyCode.btnLeft
        case .right: return KeyCode.btnRight
        case .middle: return KeyCode.btnMiddle
        }
    }

    /// The whole units of `v`, toward zero (a huge value is clamped, never a trap).
    private static func whole(_ v: Double) -> Int32 {
        guard v.isFinite else { return 0 }
        return Int32(Swift.max(-1_000_000, Swift.min(1_000_000, v.rounded(.towardZero))))
    }
}
