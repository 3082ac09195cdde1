/// Where a pass-through holds touches back (`claim: delay`, UIKit's `delaysTouchesBegan`):
/// the edge zones of the bound edge swipes, in the device's own units, and the bounds of
/// the hold. A touch that lands in one reaches the copy only once it can no longer start
/// the edge swipe (it lifted, moved away without one, or the swipe's time ran out); if the
/// swipe is recognized, it never reaches the copy at all.
public struct HoldZones: Sendable, Hashable {
    /// The edges whose zone holds touches.
    public var edges: Set<ScreenEdge>
    /// The position axes' ranges (`ABS_MT_POSITION_X`, `ABS_MT_POSITION_Y`).
    public var x: ClosedRange<Int32>, y: ClosedRange<Int32>
    /// How deep an edge zone is, in units of each axis.
    public var depthX: Int32, depthY: Int32
    /// How far (units of each axis, the larger) a held touch may move from where it landed
    /// before it is let go: an edge swipe is recognized within that distance.
    public var releaseX: Int32, releaseY: Int32
    /// The longest a touch is held: the edge swipe's own time limit.
    public var longest: TimeSpan

    /// Zones along `edges`, `depth` mm deep, letting a touch go once it moved `release` mm
    /// inward or was held `longest`, on a device with these axes, `size` mm as recognition
    /// sizes it (units per mm from it, or from the axes' resolution without one). Nil when
    /// the device has no multitouch position axes.
    public init?(edges: Set<ScreenEdge>, depth: Millimetres, release: Millimetres, longest: TimeSpan,
                 capabilities: EvdevCapabilities, size: Size?) {
        guard !edges.isEmpty, let ax = capabilities.absinfo[AbsCode.mtPositionX], let ay = capabilities.absinfo[AbsCode.mtPositionY],
              ax.maximum > ax.minimum, ay.maximum > ay.minimum else { return nil }
        // The size recognition gives the device (its resolution, or what was assumed for
        // want of a plausible one, or --size) first: the zones must be the recognizer's.
        func perMM(_ a: AbsInfo, _ mm: Double?) -> Double {
            if let mm, mm > 0 { return a.span / mm }
            if a.resolution > 0 { return Double(a.resolution) }
            return a.span / 100  // no size and no resolution: a 100 mm surface
        }
        let ux = perMM(ax, size?.width.value), uy = perMM(ay, size?.height.value)
        func units(_ mm: Double, _ per: Double) -> Int32 { Int32(clamping: Int64((mm * per).rounded(.up))) }
        self.edges = edges
        x = ax.minimum...ax.maximum
        y = ay.minimum...ay.maximum
        depthX = units(depth.value, ux); depthY = units(depth.value, uy)
        releaseX = max(1, units(release.value, ux)); releaseY = max(1, units(release.value, uy))
        self.longest = longest
    }

    /// The bound edges whose zone (`px`, `py`) lies in, as bits (left 1, right 2, top 4,
    /// bottom 8); 0 when a touch landing there is not held.
    public func zones(x px: Int32, y py: Int32) -> UInt8 {
        var bits: UInt8 = 0
        if edges.contains(.left) && Int64(px) - Int64(x.lowerBound) < Int64(depthX) { bits |= 1 }
        if edges.contains(.right) && Int64(x.upperBound) - Int64(px) < Int64(depthX) { bits |= 2 }
        if edges.contains(.top) && Int64(py) - Int64(y.lowerBound) < Int64(depthY) { bits |= 4 }
        if edges.contains(.bottom) && Int64(y.upperBound) - Int64(py) < Int64(depthY) { bits |= 8 }
        return bits
    }

    /// Whether a touch that landed at `from` in the zones `bits` and is at `to` went as far
    /// inward from one of them as an edge swipe must: by then the recognizer has decided
    /// (moving along the edge decides nothing; only the time limit ends that).
    public func wentInward(from: (Int32, Int32), to: (Int32, Int32), zones bits: UInt8) -> Bool {
        let dx = Int64(to.0) - Int64(from.0), dy = Int64(to.1) - Int64(from.1)
        return (bits & 1 != 0 && dx >= Int64(releaseX)) || (bits & 2 != 0 && -dx >= Int64(releaseX))
            || (bits & 4 != 0 && dy >= Int64(releaseY)) || (bits & 8 != 0 && -dy >= Int64(releaseY))
    }
}
