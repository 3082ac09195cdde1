/// What a command says, once, of the quantities it guessed (`DeviceDescription.guesses`)
/// and how to give them: one line per device that has a guess, none when nothing was.
///
/// ```
/// device 0 "sec_touchscreen": kind, axis ranges and pressure range guessed from its events (a getevent capture without -p): no edge swipe, no peek or pop; size assumed 112.5 x 250 mm (no resolution; the same mm per unit on both axes); capture with getevent -lp (or give its output with --desc), or give the size with --size WIDTHxHEIGHT
/// ```
public enum GuessNotice {
    /// The lines for `devices`, as recognition sees them with `size` (`--size`, which makes
    /// every touch device's size given, not guessed).
    public static func lines(for devices: [DeviceDescription], size: Size? = nil) -> [String] {
        devices.compactMap { line(for: $0.sized(size)) }
    }

    /// The line for one device (`device N "name": ` and `text(for:)`), nil when nothing
    /// about it was guessed.
    public static func line(for d: DeviceDescription) -> String? {
        text(for: d).map { "device \(d.id) \"\(d.name)\": " + $0 }
    }

    /// What was guessed about `d`, what is not recognized for it, and how to give it; nil
    /// when nothing was guessed.
    public static func text(for d: DeviceDescription) -> String? {
        let g = d.guesses
        guard !g.isEmpty else { return nil }
        var what: [String] = []
        var lost: [String] = []
        var how: [String] = []
        if g.contains(.ranges) {
            let named = (g.contains(.kind) ? ["kind"] : []) + ["axis ranges"] + (g.contains(.pressureRange) ? ["pressure range"] : [])
            what.append(list(named) + " guessed from its events (a getevent capture without -p)")
            if d.kind == .touchscreen { lost.append("no edge swipe") }
            how.append("capture with getevent -lp (or give its output with --desc)")
        } else if g.contains(.pressureRange), let axis = d.evdev?.pressureAxis {
            what.append("its pressure axis has no range (\(axis.minimum)...\(axis.maximum))")
            how.append("give a description whose pressure axis has its range")
        }
        if g.contains(.pressureRange) { lost.append("no peek or pop") }
        var text = what.joined(separator: "; ")
        if !lost.isEmpty { text += (what.isEmpty ? "" : ": ") + lost.joined(separator: ", ") }
        if g.contains(.size), let s = d.size {
            let rule = d.kind == .touchpad ? "libinput's size for touchpads"
                : g.contains(.ranges) ? "its units taken as a phone display's pixels, about 400 dpi" : "the same mm per unit on both axes"
            text += (what.isEmpty && lost.isEmpty ? "" : "; ")
                + "size assumed \(tenths(s.width.value)) x \(tenths(s.height.value)) mm (no resolution; \(rule))"
            // --size spreads the axis ranges over the size given; guessed ranges are only
            // the values seen, so there the description or the display lines are the way.
            if g.contains(.ranges) {
                if d.kind == .touchscreen { how.append("add the display's `adb shell wm size; wm density` lines to the capture") }
            } else {
                how.append("give the size with --size WIDTHxHEIGHT")
            }
        }
        return text + "; " + how.joined(separator: ", or ")
    }

    private static func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// A length to a tenth, without a trailing ".0".
    private static func tenths(_ v: Double) -> String {
        let t = (v * 10).rounded()
        let whole = Int(t / 10), tenth = Int(abs(t).truncatingRemainder(dividingBy: 10))
        return tenth == 0 ? "\(whole)" : "\(whole).\(tenth)"
    }
}
