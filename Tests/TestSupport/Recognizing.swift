import Foundation
import Tactile

/// Runs recognition over events in memory. `idleTicks` calls `advance(to:)` at that many
/// evenly spaced times between consecutive events, as a live source does while a device
/// is idle; the output must not depend on it.
public func recognize(_ header: InputDevices, _ events: [InputEvent], settings: GestureSettings = GestureSettings(),
               gestures: Set<GestureKind>? = nil, idleTicks: Int = 0) -> [GestureEvent] {
    recognizeAll(header, events, settings: settings, gestures: gestures, idleTicks: idleTicks).compactMap(\.gesture)
}

/// Gesture and orientation lines, as `tactile recognize` writes them.
public func recognizeAll(_ header: InputDevices, _ events: [InputEvent], settings: GestureSettings = GestureSettings(),
                  gestures: Set<GestureKind>? = nil, orientation: OrientationSettings = OrientationSettings(),
                  idleTicks: Int = 0) -> [RecognizedEvent] {
    var r = Recognition(devices: header, settings: settings, gestures: gestures, orientation: orientation)
    var out: [RecognizedEvent] = []
    var last: Timestamp?
    for e in events {
        if let last, idleTicks > 0, e.time > last {
            let span = (e.time - last).microseconds
            for k in 1...idleTicks {
                r.advance(to: last + TimeSpan(microseconds: span * Int64(k) / Int64(idleTicks + 1)), into: &out)
            }
        }
        r.process(e, into: &out)
        last = e.time
    }
    r.finish(into: &out)
    return out
}

/// The gesture lines of a recording file.
public func recognizeFile(_ path: String) throws -> [GestureEvent] {
    let (header, events) = try readAll(path)
    return recognize(header, events)
}

/// Checks the output format's promises for one run; returns problems found.
public func gestureProblems(_ lines: [GestureEvent]) -> [String] {
    var problems: [String] = []
    struct Open { var translation = Vector.zero; var scale = 1.0; var rotation = 0.0 }
    var open: [String: Open] = [:]
    func close(_ a: Double, _ b: Double) -> Bool { Swift.abs(a - b) <= 1e-9 * Swift.max(1, Swift.abs(a), Swift.abs(b)) }
    for e in lines {
        let key = "\(e.device)/\(e.kind.rawValue)"
        if e.kind.isDiscrete {
            if e.phase != .recognized { problems.append("\(key): discrete gesture in state \(e.phase)") }
            continue
        }
        switch e.phase {
        case .recognized:
            problems.append("\(key): continuous gesture recognized")
        case .began:
            if open[key] != nil { problems.append("\(key): began twice at \(e.time)") }
            open[key] = Open()
        case .changed, .ended, .cancelled:
            if open[key] == nil { problems.append("\(key): \(e.phase) without began at \(e.time)") }
        }
        guard var o = open[key] else { continue }
        switch e.detail {
        case .pan(let translation, let delta, _):
            o.translation = o.translation + delta
            if !close(o.translation.x, translation.x) || !close(o.translation.y, translation.y) {
                problems.append("\(key): deltas sum to \(o.translation), translation is \(translation)")
            }
        case .pinch(let scale, let scaleDelta, _):
            o.scale *= scaleDelta
            if !close(o.scale, scale) { problems.append("\(key): scale deltas multiply to \(o.scale), scale is \(scale)") }
        case .rotate(let rotation, let rotationDelta, _):
            o.rotation += rotationDelta.radians
            if !close(o.rotation, rotation.radians) { problems.append("\(key): rotation deltas sum to \(o.rotation), rotation is \(rotation)") }
        default: break
        }
        open[key] = e.phase == .ended || e.phase == .cancelled ? nil : o
    }
    for key in open.keys { problems.append("\(key): never ended") }
    return problems
}
