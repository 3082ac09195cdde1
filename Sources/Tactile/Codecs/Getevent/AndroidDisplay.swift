/// A phone's display as `adb shell wm size` and `adb shell wm density` print it, when a
/// capture holds their lines:
///
/// ```
/// Physical size: 1080x2400
/// Physical density: 420
/// ```
///
/// (and `Override size:` / `Override density:` where the user changed them). Android maps
/// a touchscreen's axis ranges onto its display (`InputReader` scales each axis to the
/// display's pixels), and the density is the display's dots per inch, so a touchscreen that
/// gives no resolution measures what its display measures: pixels / density × 25.4 mm.
struct AndroidDisplay {
    private var physical = Reading()
    private var override = Reading()

    private struct Reading {
        var pixels: (width: Int32, height: Int32)?
        var density: Int32?
    }

    /// Takes a `wm size` or `wm density` line; false when `text` is neither.
    mutating func take(_ text: Substring, number: Int, file: String) throws -> Bool {
        let kinds: [(prefix: String, override: Bool, size: Bool)] = [
            ("Physical size:", false, true), ("Override size:", true, true),
            ("Physical density:", false, false), ("Override density:", true, false)]
        guard let kind = kinds.first(where: { text.hasPrefix($0.prefix) }) else { return false }
        let value = text.dropFirst(kind.prefix.count).filter { $0 != " " && $0 != "\t" && $0 != "\r" }
        func bad() -> TactileError {
            TactileError(.badData, file: file, line: number,
                         "bad display \(kind.size ? "size" : "density") '\(value.prefix(30))': wm prints e.g. \(kind.size ? "1080x2400" : "420")")
        }
        var reading = kind.override ? override : physical
        if kind.size {
            let parts = value.split(separator: "x")
            guard parts.count == 2, let w = Int32(parts[0]), let h = Int32(parts[1]), (1...100_000).contains(w), (1...100_000).contains(h)
            else { throw bad() }
            reading.pixels = (w, h)
        } else {
            guard let d = Int32(value), (1...10_000).contains(d) else { throw bad() }
            reading.density = d
        }
        if kind.override { override = reading } else { physical = reading }
        return true
    }

    /// The display's pixels and density: the physical pair, else the one the user set.
    private var known: (width: Int32, height: Int32, density: Int32)? {
        for r in [physical, override] {
            if let p = r.pixels, let d = r.density { return (p.width, p.height, d) }
        }
        return nil
    }

    /// A touchscreen without a resolution sized by the display: its capabilities (with
    /// guessed ranges replaced by the display's pixels where the values seen fit in them)
    /// and its size. Nil without both lines of the display, or without position axes.
    ///
    /// - Ranges from the kernel (`getevent -p`): they span the display, as Android maps them.
    /// - Ranges guessed from the largest values seen: most panels report the display's own
    ///   pixels, so when every value fits in them (either way round) those are the ranges,
    ///   at the display's density on both axes. A panel with finer units of its own keeps the
    ///   same mm per unit on both axes, as many per mm as it takes for what was seen to fit
    ///   on the display, and never fewer than the display's pixels.
    func size(of caps: EvdevCapabilities, rangesGuessed: Bool) -> (caps: EvdevCapabilities, size: Size)? {
        guard let (w, h, density) = known else { return nil }
        let mt = caps.absinfo[AbsCode.mtPositionX] != nil && caps.absinfo[AbsCode.mtPositionY] != nil
        let xCode = mt ? AbsCode.mtPositionX : AbsCode.x, yCode = mt ? AbsCode.mtPositionY : AbsCode.y
        guard let x = caps.absinfo[xCode], let y = caps.absinfo[yCode] else { return nil }
        let perMM = Double(density) / 25.4
        if !rangesGuessed {
            return (caps, Size(width: Double(w) / perMM, height: Double(h) / perMM))
        }
        for (pw, ph) in [(w, h), (h, w)] where x.minimum >= 0 && y.minimum >= 0 && x.maximum <= pw && y.maximum <= ph {
            var c = caps
            for (code, top) in [(xCode, pw), (yCode, ph), (AbsCode.x, pw), (AbsCode.y, ph)] {
                if let a = c.absinfo[code], a.minimum >= 0, a.maximum <= top { c.absinfo[code]!.maximum = Swift.max(a.maximum, top - 1) }
            }
            let span = (Double(c.absinfo[xCode]!.span), Double(c.absinfo[yCode]!.span))
            return (c, Size(width: span.0 / perMM, height: span.1 / perMM))
        }
        let display = Size(width: Double(w) / perMM, height: Double(h) / perMM)
        let own = Swift.max(x.span / display.width.value, y.span / display.height.value, perMM)
        return (caps, Size(width: x.span / own, height: y.span / own))
    }

    /// The size of a touchscreen whose ranges were guessed (`caps`, the largest values seen)
    /// and whose display is unknown: its units taken as pixels at `DeviceGeometry.assumedPhoneDensity`, the
    /// same mm per unit on both axes; never a longer side than
    /// `DeviceGeometry.assumedTouchscreenLongSide`, as for any touchscreen without a
    /// resolution (a panel with finer units of its own). Nil without position axes.
    static func assumedSize(of caps: EvdevCapabilities) -> Size? {
        let mt = caps.absinfo[AbsCode.mtPositionX] != nil && caps.absinfo[AbsCode.mtPositionY] != nil
        guard let x = caps.absinfo[mt ? AbsCode.mtPositionX : AbsCode.x],
              let y = caps.absinfo[mt ? AbsCode.mtPositionY : AbsCode.y] else { return nil }
        let perMM = Swift.max(DeviceGeometry.assumedPhoneDensity / 25.4, Swift.max(x.span, y.span) / DeviceGeometry.assumedTouchscreenLongSide.value)
        return Size(width: x.span / perMM, height: y.span / perMM)
    }
}
