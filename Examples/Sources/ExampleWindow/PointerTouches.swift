/// The touches down in the window, in pixels, from its finger and mouse events: every
/// finger of every touch device, and the mouse as one more finger while its left button
/// is held (so a window with no touch device still takes taps and pans). What
/// `ToolkitTouches` takes, one call per event.
public struct PointerTouches: Sendable {
    /// Fingers down, by SDL's touch device and finger id: the contact id given it, and
    /// where it is in pixels; in the order they went down.
    private var fingers: [(key: Key, id: Int, x: Double, y: Double)] = []
    /// The next contact id: each finger down gets a new one, kept while it stays down.
    private var nextID = 1

    private struct Key: Hashable { var device: Int64, id: Int64 }
    /// The mouse's finger: a touch device number no SDL touch device has.
    private static let mouse = Key(device: -1, id: 0)

    /// A window `width` × `height` pixels.
    public init(width: Int, height: Int) {
        self.width = Double(width)
        self.height = Double(height)
    }

    private let width: Double, height: Double

    /// The touches down after `event`, with their time, or nil when it moves no touch (a
    /// mouse moving with its button up).
    public mutating func update(_ event: WindowEvent) -> (points: [(id: Int, x: Double, y: Double)], seconds: Double)? {
        let seconds: Double
        switch event {
        case .finger(let f):
            // SDL normalizes a finger to the window: back to pixels.
            set(Key(device: f.device, id: f.id), f.down ? (f.x * width, f.y * height) : nil)
            seconds = f.seconds
        case .mouse(let x, let y, let down, let time):
            guard down || fingers.contains(where: { $0.key == Self.mouse }) else { return nil }
            set(Self.mouse, down ? (x, y) : nil)
            seconds = time
        case .close, .redraw:
            return nil
        }
        return (fingers.map { (id: $0.id, x: $0.x, y: $0.y) }, seconds)
    }

    private mutating func set(_ key: Key, _ point: (x: Double, y: Double)?) {
        let index = fingers.firstIndex { $0.key == key }
        switch (index, point) {
        case let (i?, p?): fingers[i].x = p.x; fingers[i].y = p.y
        case let (nil, p?): fingers.append((key, nextID, p.x, p.y)); nextID += 1
        case let (i?, nil): fingers.remove(at: i)
        case (nil, nil): break  // a finger up that was never down: nothing to lift
        }
    }
}
