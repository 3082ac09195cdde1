#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// libinput's palm edge zones (`tp_init_palmdetect_edge`): on an internal touchpad 70 mm
/// wide or more, a touch that lands within 8% of the width (at most 8 mm) of the left or
/// right edge, or in the top 5% of a pad taller than 55 mm without top buttons, is a palm
/// while it stays there alone: it moves nothing and taps nothing (in a clickpad's
/// software button area, the bottom 10 mm or 15% of the height if less, it is no palm but
/// still taps nothing, as libinput leaves its software buttons out of palm detection). It is a finger after all
/// when another finger lands beside it, or when it leaves its zone the way a finger does
/// (from a side roughly sideways, from the top roughly down) within 200 ms of landing, as
/// libinput has it; or, later, having travelled that way a quarter of the pad (its width
/// from a side, its height from the top):
/// a thumb parked at the edge that then drags across the pad is a drag (libinput keeps it
/// a palm until it lifts; the ChromeOS `drag_edge_thumb` recordings are such drags).
///
/// Only where the surface is known: its size from the kernel's resolution (or given), and
/// its bus saying it is built in (libinput's fallback when the hardware database is
/// silent: Bluetooth touchpads, and Logitech's and Wacom's, are external). A touchpad
/// known only from a trace, or whose size is assumed, has none.
public struct PalmEdgeZones: Hashable, Sendable {
    /// Width of the left and right zones, mm.
    public var side: Double
    /// Height of the top zone, mm (0: none).
    public var top: Double
    /// The surface, mm.
    public var size: Size

    /// How long after landing a palm may still leave its zone and be a finger
    /// (`tp_palm_detect_move_out_of_edge`'s `PALM_TIMEOUT`).
    public static let releaseTime = TimeSpan.milliseconds(200)
    /// How far a palm that landed at `first` must travel out of its zone, the way a finger
    /// would, to be a finger after `releaseTime`: a quarter of the pad's width from a side,
    /// of its height from the top (a palm creeps; a stroke across the pad is a finger's).
    public func strokeLength(from first: Point) -> Double {
        inSide(first) ? size.width.value / 4 : size.height.value / 4
    }
    /// The widest a palm's path out of its zone may be from straight away from the edge:
    /// libinput's direction octants with their overlap (45° × 1.1).
    public static let releaseAngle = Angle(degrees: 49.5)

    /// The zones of `device`, or nil where libinput has none or the surface is not known.
    public init?(device: DeviceDescription) {
        guard device.kind == .touchpad, let size = device.size, !device.inferred,
              device.sizeSource == .resolution || device.sizeSource == .given,
              let evdev = device.evdev else { return nil }
        let bus = evdev.inputID.bustype, vendor = evdev.inputID.vendor
        // BUS_BLUETOOTH; Logitech and Wacom make no internal touchpads.
        guard bus != 0x05, vendor != 0x046d, vendor != 0x056a else { return nil }
        let width = size.width.value, height = size.height.value
        guard width >= 70 else { return nil }
        side = Swift.min(8, width * 0.08)
        top = height > 55 && !evdev.has(property: InputProperty.topButtonpad) ? height * 0.05 : 0
        self.size = size
    }

    /// Whether `p` is in a side zone.
    @inlinable public func inSide(_ p: Point) -> Bool { p.x < side || p.x > size.width.value - side }
    /// Whether `p` is in the top zone.
    @inlinable public func inTop(_ p: Point) -> Bool { p.y < top }
    /// Whether `p` is in any zone.
    @inlinable public func contains(_ p: Point) -> Bool { inSide(p) || inTop(p) }

    /// Whether a palm that landed at `first` at `down` is a finger at `p` at `time`: out of
    /// its zone the way a finger goes, soon enough or far enough.
    public func releases(landing first: Point, at down: Timestamp, now p: Point, at time: Timestamp) -> Bool {
        guard !contains(p), leftLikeAFinger(from: first, to: p) else { return false }
        return time - down < Self.releaseTime || first.distance(to: p).value >= strokeLength(from: first)
    }

    /// Whether a palm that landed at `first` and is now at `p` left it the way a finger
    /// does: from a side zone within `releaseAngle` of sideways, from the top zone of down.
    public func leftLikeAFinger(from first: Point, to p: Point) -> Bool {
        let dx = p.x - first.x, dy = p.y - first.y
        let slope = Self.releaseAngle.radians
        if inSide(first) { return Swift.abs(dy) <= Swift.abs(dx) * tan(slope) }
        return dy > 0 && Swift.abs(dx) <= dy * tan(slope)
    }
}
