/// What a configuration asks of one device's copy under pass-through, beyond claims made
/// as gestures are recognized: which finger counts are claimed as they land (a touchpad,
/// where libinput recognizes its own three-finger gestures at once), and where touches are
/// held back (`claim: delay` edge swipes on a touchscreen). Pure data, decided by the
/// bindings (`BindingConfig.passThroughPolicy(for:)`), used by the copy (`TouchClaims`).
public struct PassThroughPolicy: Sendable, Hashable {
    /// Finger counts claimed in the frame they land in.
    public var claimOnLanding: Set<Int> = []
    /// Whether fingers are palms while a pen is near the panel (`TouchClaims+Pen.swift`).
    public var rejectsTouchesNearPen = true
    /// The edges whose zone holds a landing touch back.
    public var holdEdges: Set<ScreenEdge> = []
    /// How deep an edge zone is, how far a held touch may move before it is let go, and the
    /// longest it is held (the edge swipe's own `edgeZone`, `edgeSwipeMinDistance` and
    /// `edgeSwipeMaxDuration`).
    public var holdDepth = Millimetres(4), holdRelease = Millimetres(10), holdLongest = TimeSpan.milliseconds(500)

    /// Nothing beyond claims as gestures are recognized.
    public init() {}

    /// The hold zones for a device with these capabilities and size; nil when nothing is held.
    public func holdZones(capabilities: EvdevCapabilities, size: Size?) -> HoldZones? {
        HoldZones(edges: holdEdges, depth: holdDepth, release: holdRelease, longest: holdLongest,
                  capabilities: capabilities, size: size)
    }
}
