/// The interface orientation: which way content is drawn. Names follow the device pose as
/// UIDeviceOrientation names it: `landscapeLeft` is the device turned 90°
/// counter-clockwise (its top edge on the left).
public enum InterfaceOrientation: String, Hashable, Sendable, CaseIterable {
    /// Upright; turned 90° counter-clockwise; turned 90° clockwise; upside down.
    case portrait, landscapeLeft, landscapeRight, portraitUpsideDown

    /// How far content must turn (clockwise positive, y down) to stay upright.
    public var rotation: Angle {
        switch self {
        case .portrait: return .zero
        case .landscapeLeft: return Angle(radians: Double.pi / 2)
        case .landscapeRight: return Angle(radians: -Double.pi / 2)
        case .portraitUpsideDown: return Angle(radians: Double.pi)
        }
    }

    /// The device's counter-clockwise roll, in quarter turns, that this orientation is.
    public var quarterTurns: Int {
        switch self {
        case .portrait: return 0
        case .landscapeLeft: return 1
        case .portraitUpsideDown: return 2
        case .landscapeRight: return 3
        }
    }

    /// The orientation the device is in after `q` counter-clockwise quarter turns from portrait.
    public init(quarterTurns q: Int) {
        switch ((q % 4) + 4) % 4 {
        case 0: self = .portrait
        case 1: self = .landscapeLeft
        case 2: self = .portraitUpsideDown
        default: self = .landscapeRight
        }
    }

    /// Whether width and height swap.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The device pose: an interface orientation, or lying flat, or not yet known. A face-up
/// or face-down pose never changes the interface orientation.
public enum DevicePose: String, Hashable, Sendable {
    /// Not known yet; one of the four orientations; lying flat, screen up or down.
    case unknown, portrait, landscapeLeft, landscapeRight, portraitUpsideDown, faceUp, faceDown

    /// The pose of holding the device in orientation `o`.
    public init(_ o: InterfaceOrientation) {
        switch o {
        case .portrait: self = .portrait
        case .landscapeLeft: self = .landscapeLeft
        case .landscapeRight: self = .landscapeRight
        case .portraitUpsideDown: self = .portraitUpsideDown
        }
    }

    /// The interface orientation this pose is, or nil when lying flat or not known.
    public var orientation: InterfaceOrientation? {
        switch self {
        case .portrait: return .portrait
        case .landscapeLeft: return .landscapeLeft
        case .landscapeRight: return .landscapeRight
        case .portraitUpsideDown: return .portraitUpsideDown
        case .unknown, .faceUp, .faceDown: return nil
        }
    }
}

/// One orientation output line.
public struct OrientationEvent: Hashable, Sendable {
    /// When the change was decided.
    public var time: Timestamp
    /// The accelerometer's id.
    public var device: Int
    /// The interface orientation now.
    public var orientation: InterfaceOrientation
    /// The interface orientation before this line; nil (`unknown`) for the first decision.
    public var previous: InterfaceOrientation?
    /// The device pose now.
    public var pose: DevicePose
    /// How far content turns (clockwise) to stay upright.
    public var rotation: Angle
    /// The signed turn from the previous orientation (from portrait for the first), the
    /// way the device turned.
    public var rotationDelta: Angle
    /// Content size after the turn, for the configured portrait screen.
    public var bounds: Size
    /// Content coordinates to screen coordinates.
    public var transform: AffineTransform

    /// An orientation line.
    public init(time: Timestamp, device: Int, orientation: InterfaceOrientation, previous: InterfaceOrientation?,
                pose: DevicePose, rotation: Angle, rotationDelta: Angle, bounds: Size, transform: AffineTransform) {
        self.time = time; self.device = device; self.orientation = orientation; self.previous = previous
        self.pose = pose; self.rotation = rotation; self.rotationDelta = rotationDelta
        self.bounds = bounds; self.transform = transform
    }
}
