import Tactile

/// Directions, edges and vectors of a touchscreen as the person holding it sees them when
/// the interface is in `orientation` (`screen: follow-orientation`).
///
/// The device turned counter-clockwise by a quarter (`landscapeLeft`: its top edge on the
/// left) shows its panel turned the same way: the panel's right is the screen's up, its top
/// the screen's left.
struct ScreenTurn {
    /// Counter-clockwise quarter turns of the device from portrait.
    var quarterTurns: Int

    init(_ orientation: InterfaceOrientation) { quarterTurns = orientation.quarterTurns }

    /// A vector in panel mm (y down), as the screen sees it.
    func vector(_ p: Vector) -> Vector {
        switch quarterTurns & 3 {
        case 0: return p
        case 1: return Vector(x: p.y, y: -p.x)   // panel right (1,0) → screen up (0,-1)
        case 2: return Vector(x: -p.x, y: -p.y)
        default: return Vector(x: -p.y, y: p.x)
        }
    }

    func direction(_ d: SwipeDirection) -> SwipeDirection {
        let v: Vector
        switch d {
        case .right: v = Vector(x: 1, y: 0)
        case .left: v = Vector(x: -1, y: 0)
        case .down: v = Vector(x: 0, y: 1)
        case .up: v = Vector(x: 0, y: -1)
        }
        return Self.direction(of: vector(v))
    }

    func edge(_ e: ScreenEdge) -> ScreenEdge {
        switch direction(Self.outward(e)) {
        case .left: return .left
        case .right: return .right
        case .up: return .top
        case .down: return .bottom
        }
    }

    /// The direction pointing out of the surface across edge `e`.
    static func outward(_ e: ScreenEdge) -> SwipeDirection {
        switch e {
        case .left: return .left
        case .right: return .right
        case .top: return .up
        case .bottom: return .down
        }
    }

    /// The dominant direction of a vector (y down); ties go horizontal.
    static func direction(of v: Vector) -> SwipeDirection {
        if Swift.abs(v.x) >= Swift.abs(v.y) { return v.x >= 0 ? .right : .left }
        return v.y >= 0 ? .down : .up
    }
}

/// What other tools call an interface orientation: the screen's rotation for xrandr and
/// sway, and the touchscreen calibration that keeps touches under the finger.
public struct OrientationOutputs: Sendable, Hashable {
    /// The interface orientation.
    public var orientation: InterfaceOrientation

    /// The outputs for `orientation`.
    public init(_ orientation: InterfaceOrientation) { self.orientation = orientation }

    /// Degrees the content turns clockwise to stay upright.
    public var angle: Int {
        switch orientation {
        case .portrait: return 0
        case .landscapeLeft: return 90
        case .portraitUpsideDown: return 180
        case .landscapeRight: return 270
        }
    }

    /// `xrandr --rotate`: the output turned clockwise is `right`.
    public var xrandr: String {
        switch orientation {
        case .portrait: return "normal"
        case .landscapeLeft: return "right"
        case .portraitUpsideDown: return "inverted"
        case .landscapeRight: return "left"
        }
    }

    /// sway's `output <name> transform`, clockwise degrees.
    public var swayTransform: String { angle == 0 ? "normal" : String(angle) }

    /// libinput's calibration matrix (`LIBINPUT_CALIBRATION_MATRIX`, and sway's
    /// `calibration_matrix`): the first two rows of the map from normalised panel
    /// coordinates to normalised screen coordinates.
    public var libinputMatrix: [Double] {
        switch orientation {
        case .portrait: return [1, 0, 0, 0, 1, 0]
        // Device turned counter-clockwise: screen x runs down the panel, screen y from its right edge.
        case .landscapeLeft: return [0, 1, 0, -1, 0, 1]
        case .portraitUpsideDown: return [-1, 0, 1, 0, -1, 1]
        case .landscapeRight: return [0, -1, 1, 1, 0, 0]
        }
    }

    /// X11's Coordinate Transformation Matrix (xinput): the same, with its third row.
    public var x11Matrix: [Double] { libinputMatrix + [0, 0, 1] }

    static func text(_ m: [Double]) -> String {
        m.map { $0 == $0.rounded() ? String(Int($0)) : String($0) }.joined(separator: " ")
    }
}
