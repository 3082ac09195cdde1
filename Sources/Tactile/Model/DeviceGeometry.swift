/// How a device's axes turn into millimetres, and what kind of device it is.
///
/// Derived once per device from its evdev capabilities; the assembler then multiplies.
public struct DeviceGeometry: Hashable, Sendable {
    /// Device units per millimetre on x and y (the kernel's resolution, or the assumed one).
    /// Positions divide by it, so a whole-number resolution gives exact decimals (871 / 20
    /// is 43.55, where 871 × 0.05 is 43.550000000000004).
    public var unitsPerMMX: Double
    /// Device units per mm along y.
    public var unitsPerMMY: Double
    /// Millimetres per device unit on x and y.
    @inlinable public var mmPerUnitX: Double { 1 / unitsPerMMX }
    /// Millimetres per device unit on y.
    @inlinable public var mmPerUnitY: Double { 1 / unitsPerMMY }
    /// Axis minimums: device unit `minimum` is 0 mm.
    public var originX: Int32
    /// The y axis's minimum, the surface's top edge.
    public var originY: Int32
    /// The surface, mm.
    public var size: Size
    /// How the size was found.
    public var sizeSource: DeviceDescription.SizeSource

    /// Assumed touchpad size when a touchpad reports no resolution: 69 × 50 mm, the
    /// default libinput uses for such touchpads (`tp_init_default_resolution`).
    public static let assumedTouchpadSize = Size(width: 69, height: 50)
    /// Assumed length of a touchscreen's longer axis when it reports no resolution:
    /// 250 mm, about the width of a 11.6" to 12.5" 16:9 screen, the middle of the range of
    /// touch laptops and tablets. Both axes get the same units per millimetre. Give the
    /// real size with `--size` when thresholds must be exact.
    public static let assumedTouchscreenLongSide = Millimetres(250)

    /// The density assumed for a touchscreen known only from its events (a getevent
    /// capture without `-p` or display lines): a phone's, about 400 dpi (a 6.4" 1080 × 2400
    /// display is 411; Android's xxhdpi bucket is 480, xhdpi 320). Most panels report the
    /// display's pixels, so a unit is a pixel of the display however little of the screen
    /// the capture touched: the largest values seen may span a third of it, and sizing them
    /// as a 250 mm screen read a finger's 1 mm roll as 4 mm, and taps as pans.
    public static let assumedPhoneDensity = 400.0

    /// The longest side a touch surface has: 3 m (a 130" 16:9 display is 2.9 m wide; the
    /// largest touch tables are about 2.2 m). A resolution that makes an axis longer is not
    /// a real one: HID touchscreens whose descriptor gives no physical units report 1
    /// unit/mm over ranges of 10 000 and more, 19 m "screens" on which every threshold in
    /// millimetres would be 80 times too small. Such a device is sized as one without a
    /// resolution.
    public static let longestPlausibleSide = Millimetres(3000)

    /// The geometry of a surface with these axes.
    public init(
        unitsPerMMX: Double, unitsPerMMY: Double, originX: Int32, originY: Int32,
        size: Size, sizeSource: DeviceDescription.SizeSource
    ) {
        self.unitsPerMMX = unitsPerMMX; self.unitsPerMMY = unitsPerMMY
        self.originX = originX; self.originY = originY
        self.size = size; self.sizeSource = sizeSource
    }

    /// The geometry of the x and y axes, with the fallbacks documented above when the
    /// device gives no resolution.
    public init(x: AbsInfo, y: AbsInfo, kind: DeviceKind) {
        originX = x.minimum
        originY = y.minimum
        let plausible = x.resolution > 0 && y.resolution > 0
            && x.span / Double(x.resolution) <= Self.longestPlausibleSide.value
            && y.span / Double(y.resolution) <= Self.longestPlausibleSide.value
        if plausible {
            unitsPerMMX = Double(x.resolution)
            unitsPerMMY = Double(y.resolution)
            sizeSource = .resolution
        } else if kind == .touchpad {
            unitsPerMMX = x.span / Self.assumedTouchpadSize.width.value
            unitsPerMMY = y.span / Self.assumedTouchpadSize.height.value
            sizeSource = .assumed
        } else {
            let perMM = Swift.max(x.span, y.span) / Self.assumedTouchscreenLongSide.value
            unitsPerMMX = perMM
            unitsPerMMY = perMM
            sizeSource = .assumed
        }
        size = Size(width: x.span / unitsPerMMX, height: y.span / unitsPerMMY)
    }

    /// Rescales so the surface measures `size`, keeping the origin.
    public func resized(to newSize: Size) -> DeviceGeometry {
        var g = self
        g.unitsPerMMX *= size.width.value / Swift.max(1e-9, newSize.width.value)
        g.unitsPerMMY *= size.height.value / Swift.max(1e-9, newSize.height.value)
        g.size = newSize
        g.sizeSource = .given
        return g
    }

    /// A position in device units, in mm from the surface's top-left corner.
    @inlinable public func point(x: Int32, y: Int32) -> Point {
        Point(x: Double(Int64(x) - Int64(originX)) / unitsPerMMX, y: Double(Int64(y) - Int64(originY)) / unitsPerMMY)
    }
}

extension EvdevCapabilities {
    /// The device kind, decided as udev's `input_id` builtin and libinput do: the
    /// accelerometer property first, then direct touch (touchscreen), then a finger tool
    /// without a pen (touchpad). Old recordings without properties fall back to the keys.
    public var kind: DeviceKind {
        if has(property: InputProperty.accelerometer) { return .accelerometer }
        if isFakeMultitouch { return .other }
        let hasPosition = hasAbs(AbsCode.x) || hasAbs(AbsCode.mtPositionX)
        guard hasPosition else { return .other }
        let hasPen = hasKey(KeyCode.btnToolPen) || hasKey(KeyCode.btnStylus)
        if has(property: InputProperty.direct) { return hasPen && !isMultitouch ? .other : .touchscreen }
        if has(property: InputProperty.pointer) || hasKey(KeyCode.btnToolFinger) {
            return hasPen ? .other : .touchpad
        }
        if hasKey(KeyCode.btnTouch) && !hasPen { return .touchscreen }
        return .other
    }

    /// Whether the device reports several contacts (`ABS_MT_POSITION_X`), and is not
    /// fake multitouch (`isFakeMultitouch`).
    public var isMultitouch: Bool { hasMultitouchAxes && !isFakeMultitouch }
    /// Protocol B devices have `ABS_MT_SLOT` (and are not fake multitouch).
    public var hasSlots: Bool { hasAbs(AbsCode.mtSlot) && !isFakeMultitouch }
    /// The `ABS_MT_*` axes are there, whatever they mean.
    var hasMultitouchAxes: Bool { hasAbs(AbsCode.mtPositionX) && hasAbs(AbsCode.mtPositionY) }
    /// Axes in the `ABS_MT_*` range that are not multitouch: the device also declares
    /// `ABS_RESERVED`, the code below `ABS_MT_SLOT`, as a game controller that numbers its
    /// axes 0, 1, 2, ... does. libevdev calls it "fake MT" and gives it no slots; udev's
    /// `input_id` does not count its MT axes; libinput ignores them.
    public var isFakeMultitouch: Bool {
        hasAbs(AbsCode.reserved) && (hasAbs(AbsCode.mtSlot) || hasMultitouchAxes)
    }
    /// How many slots the device tracks (`ABS_MT_SLOT`'s range), or nil without slots (and
    /// for a device with no position at all, or fake multitouch).
    public var slotCount: Int? {
        guard !isFakeMultitouch, hasAbs(AbsCode.x) || hasMultitouchAxes else { return nil }
        guard let slot = absinfo[AbsCode.mtSlot] else { return isMultitouch ? nil : 1 }
        return Int(slot.maximum) - Int(slot.minimum) + 1
    }
    /// The pressure axis: `ABS_MT_PRESSURE`, else `ABS_PRESSURE`.
    public var pressureAxis: AbsInfo? { absinfo[AbsCode.mtPressure] ?? absinfo[AbsCode.pressure] }

    /// Millimetre geometry of the position axes (multitouch axes preferred).
    public var geometry: DeviceGeometry? {
        guard !isFakeMultitouch else { return nil }
        let x = absinfo[AbsCode.mtPositionX] ?? absinfo[AbsCode.x]
        let y = absinfo[AbsCode.mtPositionY] ?? absinfo[AbsCode.y]
        guard let x, let y, kind != .accelerometer else { return nil }
        return DeviceGeometry(x: x, y: y, kind: kind)
    }

    /// The highest finger count `BTN_TOOL_*TAP` can report (1 with only `BTN_TOOL_FINGER`).
    public var maxToolFingers: Int {
        if hasKey(KeyCode.btnToolQuintTap) { return 5 }
        if hasKey(KeyCode.btnToolQuadTap) { return 4 }
        if hasKey(KeyCode.btnToolTripleTap) { return 3 }
        if hasKey(KeyCode.btnToolDoubleTap) { return 2 }
        return 1
    }
}

extension DeviceDescription {
    /// A description derived from evdev capabilities: kind, size, pressure and slots.
    public init(id: Int, name: String, evdev: EvdevCapabilities) {
        let geometry = evdev.geometry
        self.init(
            id: id, name: name, kind: evdev.kind, size: geometry?.size,
            pressure: evdev.pressureAxis != nil && evdev.kind != .accelerometer && !evdev.isFakeMultitouch,
            slots: evdev.kind == .accelerometer ? nil : evdev.slotCount,
            semiMT: evdev.has(property: InputProperty.semiMT),
            sizeSource: geometry?.sizeSource, evdev: evdev
        )
    }
}
