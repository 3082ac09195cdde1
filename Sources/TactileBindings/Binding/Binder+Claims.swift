import Tactile

/// Under pass-through, which gestures take their touches from applications: a claim
/// (`BoundAction.Effect.claim`) is decided when a binding that claims (`claim: cancel`, the
/// default) recognizes its gesture while the gesture's touches are still down.
///
/// - A continuous gesture (hold, pinch, rotate, peek, a bound pan) is claimed as it
///   begins, when a binding names it with these fingers on this device for the focused
///   application, in any phase: the recognizer has then committed to it, and its touches
///   are what libinput and applications must stop seeing.
/// - A swipe is claimed during its stroke, as soon as the pan under way would run a swipe
///   binding (fingers, direction so far, threshold reached): on a touchscreen a one-finger
///   pan is also every application's scroll, so a swipe binding must not take them all.
/// - An edge swipe is claimed when its line comes (as the stroke leaves the edge zone).
/// - Taps and clicks are never claimed: they are recognized once the finger lifted or the
///   button went down, when there is nothing left to take back.
///
/// Claims are pure decisions like the rest of the binder: a dry run with `--pass-through`
/// prints them where they happen.
extension Binder {
    /// A claim for `r`'s device on behalf of binding `index`, when the binder claims, the
    /// binding does and the gesture's touches are still down; at most one per device until
    /// a gesture there ends.
    mutating func claim(for index: Int, _ r: Reading, into out: inout [BoundAction]) {
        guard claiming, config.claims(index), !claimedDevices.contains(r.event.device) else { return }
        switch r.phase {
        case .began, .update, .progress:
            break
        case .recognized:
            // A swipe line comes after its stroke; an edge swipe's as it leaves the zone.
            guard r.gesture == .edgeSwipe || (r.gesture == .swipe && instances[InstanceKey(device: r.event.device, gesture: .pan)] != nil)
            else { return }
        case .ended, .cancelled:
            return
        }
        claimedDevices.insert(r.event.device)
        out.append(BoundAction(time: r.event.time, binding: index, line: config.bindings[index].line,
                               effect: .claim(device: r.event.device)))
    }

    /// A continuous gesture began: claimed when a binding that claims names it with these
    /// fingers, on this device, for the focused application, whatever its phase.
    mutating func claimBegan(_ r: Reading, _ device: Device, into out: inout [BoundAction]) {
        guard claiming, r.phase == .began, !claimedDevices.contains(r.event.device) else { return }
        for (i, b) in config.bindings.enumerated() {
            guard case .gesture(let t) = b.trigger, t.gesture == r.gesture, t.fingers.contains(r.fingers) else { continue }
            if let m = b.device, !m.matches(device.description, node: device.node) { continue }
            guard b.applies(toFocused: focusedApplication), config.claims(i) else { continue }
            claim(for: i, r, into: &out)
            return
        }
    }

    /// A line of a pan under way: claimed for the swipe binding it would run if the stroke
    /// ended here (its fingers, its direction so far, its threshold reached).
    mutating func claimStroke(_ pan: Reading, _ device: Device, into out: inout [BoundAction]) {
        guard claiming, bound.contains(.swipe), pan.phase == .began || pan.phase == .update,
              !claimedDevices.contains(pan.event.device) else { return }
        var swipe = pan
        swipe.gesture = .swipe
        swipe.phase = .recognized
        if hasDiagonals, let diagonal = Self.diagonal(of: pan.translation) { swipe.direction = diagonal }
        if hasSwipeEdges { strokeEdges(&swipe, device, turn(for: device.description)) }
        guard let i = best(for: swipe, device, followers: false) ?? best(for: swipe, device, followers: false, slowSwipe: true)
        else { return }
        var claimed = pan
        claimed.gesture = .swipe
        claim(for: i, claimed, into: &out)
    }

    /// An edge swipe recognized that no binding ran for yet (its `threshold` lies further
    /// on): claimed now for the binding it would run, so that a held touch (`claim: delay`)
    /// is not let go before the stroke reaches the threshold.
    mutating func claimEdge(_ r: Reading, _ device: Device, into out: inout [BoundAction]) {
        guard claiming, !claimedDevices.contains(r.event.device) else { return }
        for (i, b) in config.bindings.enumerated() {
            guard case .gesture(let t) = b.trigger, t.gesture == .edgeSwipe, t.fingers.contains(r.fingers) else { continue }
            if let e = t.edge, e != r.edge { continue }
            if let c = t.corner, c != r.corner { continue }
            if let d = t.direction, !(r.direction.map(d.includes) ?? false) { continue }
            if let m = b.device, !m.matches(device.description, node: device.node) { continue }
            guard b.applies(toFocused: focusedApplication), config.claims(i) else { continue }
            claim(for: i, r, into: &out)
            return
        }
    }

    /// A gesture on `device` ended: the next one there may claim again.
    mutating func endClaim(_ r: Reading) {
        if r.phase == .ended || r.phase == .cancelled { claimedDevices.remove(r.event.device) }
    }
}
