import Tactile

/// Builds a `Scene` from a recording's assembled events and recognized lines, each in
/// time order (`SceneStage` gives them so).
///
/// Paths are thinned as they come, so a long recording costs a picture what it can show,
/// not what the device sent: a contact's point is kept once it has moved `step` from the
/// last one kept (or its pressure `pressureStep`), and the newest point always replaces a
/// provisional last one, so a path ends where the contact lifted.
public struct SceneBuilder {
    /// mm a contact moves before its path gets a point: below a pixel at any scale shown.
    static let step = 0.1
    static let pressureStep = 0.05
    /// Accelerometer samples kept: at most one per 20 ms, what a timeline can show.
    static let sampleInterval = 0.02

    private var panels: [Scene.Panel]
    private var panelOfDevice: [Int: Int] = [:]
    /// Per panel: the contacts down, by id, to their track.
    private var open: [[Int: Int]]
    private var lines: [RecognizedEvent] = []
    private let from: Double?
    private let to: Double?
    private var first: Double?
    private var last: Double?

    /// `from` and `to` bound the window in trace seconds (nil: the recording's own ends).
    public init(devices: InputDevices, from: Double? = nil, to: Double? = nil) {
        panels = devices.devices.map { Scene.Panel(device: $0) }
        open = Array(repeating: [:], count: panels.count)
        for (i, d) in devices.devices.enumerated() { panelOfDevice[d.id] = i }
        self.from = from
        self.to = to
    }

    private func inWindow(_ t: Double) -> Bool {
        (from.map { t >= $0 } ?? true) && (to.map { t <= $0 } ?? true)
    }

    private mutating func saw(_ t: Double) {
        guard inWindow(t) else { return }
        if first == nil || t < first! { first = t }
        if last == nil || t > last! { last = t }
    }

    /// Takes the next assembled frame or sample, or line.
    public mutating func add(_ event: AppEvent) {
        switch event {
        case .touches(let frame): add(frame)
        case .accel(let sample): add(sample)
        case .gesture(let g): add(RecognizedEvent.gesture(g))
        case .orientation(let o): add(RecognizedEvent.orientation(o))
        }
    }

    private mutating func add(_ line: RecognizedEvent) {
        saw(line.time.seconds)
        lines.append(line)
    }

    private mutating func add(_ frame: TouchFrame) {
        guard let p = panelOfDevice[frame.device] else { return }
        let t = frame.time.seconds
        saw(t)
        for (id, k) in open[p] where !frame.contacts.contains(where: { $0.id == id }) {
            panels[p].tracks[k].end = min(t, to ?? t)
            panels[p].tracks[k].lifted = true
            open[p][id] = nil
        }
        guard inWindow(t) else { return }
        for c in frame.contacts {
            let point = Scene.TrackPoint(t: t, x: c.position.x, y: c.position.y, pressure: c.pressure?.value)
            if let k = open[p][c.id] {
                Self.append(point, to: &panels[p].tracks[k])
            } else {
                open[p][c.id] = panels[p].tracks.count
                panels[p].tracks.append(Scene.Track(id: c.id, tool: c.tool, points: [point], end: t, lifted: false))
            }
        }
    }

    /// Adds `point`, replacing the last one when that was too near the one before it.
    private static func append(_ point: Scene.TrackPoint, to track: inout Scene.Track) {
        track.end = point.t
        let n = track.points.count
        if n >= 2 {
            let kept = track.points[n - 2], provisional = track.points[n - 1]
            let dx = provisional.x - kept.x, dy = provisional.y - kept.y
            let dp = abs((provisional.pressure ?? 0) - (kept.pressure ?? 0))
            if dx * dx + dy * dy < step * step && dp < pressureStep {
                track.points[n - 1] = point
                return
            }
        }
        track.points.append(point)
    }

    private mutating func add(_ sample: AccelerometerSample) {
        guard let p = panelOfDevice[sample.device] else { return }
        let t = sample.time.seconds
        saw(t)
        guard inWindow(t) else { return }
        if let previous = panels[p].samples.last, t - previous.t < Self.sampleInterval { return }
        panels[p].samples.append(Scene.Sample(t: t, x: sample.force.x, y: sample.force.y, z: sample.force.z))
    }

    /// The scene, its window bounded by what was seen inside it where not given.
    public func scene(title: String) -> Scene {
        let start = from ?? first ?? 0
        let end = max(start, to ?? last ?? start)
        let kept = lines.filter { inWindow($0.time.seconds) }
        let sceneLines = Self.timed(kept, end: end)
        var panels = self.panels
        for i in panels.indices {
            panels[i].lines = sceneLines.filter { $0.device == panels[i].device.id }
            ContactColours.assign(&panels[i].tracks)
        }
        return Scene(panels: panels, start: start, end: end, lines: sceneLines, title: title)
    }

    /// Each line with the time until which it counts as happening (`SceneLine`).
    static func timed(_ lines: [RecognizedEvent], end: Double) -> [SceneLine] {
        var result = lines.map { SceneLine(event: $0, until: $0.time.seconds + SceneLine.glance) }
        // Walking back, the next line of each gesture on each device is at hand.
        struct Key: Hashable { var device: Int; var kind: GestureKind }
        var nextGesture: [Key: Double] = [:]
        var nextOrientation: [Int: Double] = [:]
        for i in result.indices.reversed() {
            let t = result[i].t
            switch result[i].event {
            case .gesture(let g):
                let key = Key(device: g.device, kind: g.kind)
                if g.phase == .began || g.phase == .changed, let next = nextGesture[key] { result[i].until = next }
                nextGesture[key] = t
            case .orientation(let o):
                result[i].until = nextOrientation[o.device] ?? max(end, t + SceneLine.glance)
                nextOrientation[o.device] = t
            }
        }
        return result
    }
}
