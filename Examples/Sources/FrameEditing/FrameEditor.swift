import ExampleSupport
import Tactile

/// A frame editor: an image's transform follows pinch, rotate and pan. A library of its own,
/// so its tests drive it with scripted gestures (Tests/FrameEditingTests, through
/// TactileTesting).
///
/// The editor recognizes its own gestures: a `GestureEngine` with only pinch, rotate and
/// pan, on the touch frames (a tap or a long press means nothing here). Pinch and rotate
/// run together (two fingers may scale and turn at once); pan runs apart (a pan line while
/// a pinch or rotation is under way is not applied, so two fingers never move the image
/// twice). Each update applies its delta to the current transform about the
/// gesture's location (`AffineTransform.applying`). When the last gesture of a group ends,
/// the transform built up line by line is written beside the one built from the
/// cumulative values (scale, rotation and translation since began) in one step: they agree.
public struct FrameEditor {
    /// Image coordinates (mm on the image, origin top-left) to screen coordinates.
    public private(set) var transform: AffineTransform
    /// What the group under way started from, and its cumulative values so far.
    private var groupStart: AffineTransform
    private var scale = 1.0, rotation = Angle.zero, translation = Vector.zero, anchor = Point.zero
    private var underWay: Set<GestureKind> = []
    private var engine: GestureEngine?
    private let surface: Size

    /// An image whose top-left corner is at `origin` (mm on the screen), on a touch
    /// surface of `surface`.
    public init(image origin: Point, surface: Size) {
        transform = AffineTransform(translationX: origin.x, y: origin.y)
        groupStart = transform
        self.surface = surface
    }

    /// One event of the app's loop: the lines it shows for it.
    public mutating func handle(_ event: AppEvent) -> [JSONLine] {
        guard case .touches(let frame) = event else { return [] }
        // docs:begin own-engine
        if engine == nil {
            let screen = DeviceDescription(id: frame.device, name: "screen", kind: .touchscreen, size: surface)
            engine = GestureEngine(device: screen, gestures: [.pinch, .rotate, .pan])
        }
        var gestures: [GestureEvent] = []
        engine!.process(frame, into: &gestures)
        // docs:end own-engine
        return gestures.flatMap { apply($0) }
    }

    /// The input ended: timers due fire, gestures under way are cancelled.
    public mutating func finish() -> [JSONLine] {
        var gestures: [GestureEvent] = []
        engine?.finish(into: &gestures)
        return gestures.flatMap { apply($0) }
    }

    /// A gesture recognized elsewhere (the windowed editor's: a toolkit's touches through
    /// `ToolkitTouches`), applied as the editor's own are: the lines it shows for it.
    public mutating func apply(_ g: GestureEvent) -> [JSONLine] {
        switch g.detail {
        case .pinch(let s, _, _): scale = s
        case .rotate(let r, _, _): rotation = r
        case .pan(let t, _, _):
            // Apart: not while two fingers pinch or turn the image.
            guard underWay.isDisjoint(with: [.pinch, .rotate]) else { return [] }
            translation = t
        default:
            return []
        }
        if underWay.isEmpty {
            groupStart = transform
            scale = g.kind == .pinch ? scale : 1
            rotation = g.kind == .rotate ? rotation : .zero
            translation = g.kind == .pan ? translation : .zero
        }
        // docs:begin apply-delta
        transform = transform.applying(g)
        // docs:end apply-delta
        anchor = g.location
        switch g.phase {
        case .began: underWay.insert(g.kind)
        case .ended, .cancelled, .recognized: underWay.remove(g.kind)
        case .changed: break
        }
        var lines = [update(g)]
        if underWay.isEmpty { lines.append(groupEnded(at: g.time)) }
        return lines
    }

    private func update(_ g: GestureEvent) -> JSONLine {
        var line = JSONLine(g.kind.rawValue, at: g.time)
        line.add("state", g.phase.rawValue)
        line.add("location", g.location)
        line.add("transform", transform)
        return line
    }

    /// The group's transform from its cumulative values: scale and turn about where the
    /// fingers are, then the pan's translation.
    private func groupEnded(at time: Timestamp) -> JSONLine {
        // docs:begin cumulative
        let cumulative = groupStart.concatenating(
            .gesture(translation: translation, scale: scale, rotation: rotation, anchor: anchor))
        // docs:end cumulative
        var line = JSONLine("groupEnded", at: time)
        line.add("scale", scale)
        line.add("rotation", rotation.radians)
        line.add("translation", [translation.x, translation.y])
        line.add("anchor", anchor)
        line.add("accumulated", transform)
        line.add("cumulative", cumulative)
        return line
    }
}
