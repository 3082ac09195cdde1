import Tactile

#if canImport(Glibc)
import Glibc
#endif

/// `tactile plot`'s picture: a panel per device, stacked in one SVG. A touch device is its
/// surface to scale in mm, each contact's path in its colour with start and end marks and
/// time ticks, each gesture marked where it happened, and a legend; an accelerometer is
/// its samples over time above a band of the orientations decided.
public struct PlotRenderer {
    /// The picture's width, px, unless a panel was given more room (`width`).
    static let baseWidth = 760.0
    static let margin = 20.0
    /// The largest a surface is drawn, px, before a crowded panel is given more room.
    static let surfaceBox = Size(width: 640, height: 420)
    /// How many times a crowded panel is drawn again, each time half as large again, until
    /// no label is left out: a busy recording gets room rather than dropped labels.
    static let roomTries = 2
    static let ink = "#222"

    private var canvas = SVGCanvas()
    private let scene: Scene
    /// The picture's width, px: `baseWidth`, or more where a panel was drawn larger.
    private var width = PlotRenderer.baseWidth
    /// What labels may not cover on the current panel: ruler numbers, marks, contacts' rings
    /// and squares, and the labels already placed (start labels first, then gestures').
    private var placed = LabelSpace()
    /// Gesture labels of the current panel, drawn last so that nothing covers them.
    private var labels = SVGCanvas()
    /// Gesture labels left out of the current panel where marks crowd (`LabelSpace.tries`).
    private var crowded = 0
    /// Contacts (by their place in the panel's tracks) whose start label found no free
    /// place, left out (and counted).
    private var hiddenStarts: Set<Int> = []
    /// How far the widest compact mark at each place (`pixel`) reaches, px.
    private var markReach: [Int64: Double] = [:]
    /// Where each contact's start label goes: its text's anchor point and side.
    private var startPlaces: [Int: (x: Double, y: Double, anchor: String)] = [:]

    public static func svg(_ scene: Scene) -> String {
        var r = PlotRenderer(scene: scene)
        return r.render()
    }

    private init(scene: Scene) { self.scene = scene }

    private mutating func render() -> String {
        var y = Self.margin
        canvas.label(Self.margin, y + 14, "\(scene.title) · \(seconds(scene.start)) to \(seconds(scene.end))",
                     size: 15, extra: " font-weight=\"bold\"")
        y += 30
        if scene.panels.isEmpty {
            canvas.label(Self.margin, y + 14, "No devices in this recording.")
            y += 24
        }
        for panel in scene.panels {
            canvas.raw("<g class=\"panel\" id=\"device-\(panel.device.id)\">")
            y = panel.isAccelerometer ? accelerometer(panel, top: y) : touch(panel, top: y)
            canvas.raw("</g>")
            y += 28
        }
        let height = y
        let n = { Markup.number($0, 0) }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(n(width))" height="\(n(height))" \
            viewBox="0 0 \(n(width)) \(n(height))" font-family="DejaVu Sans, Verdana, sans-serif">
            <title>\(Markup.escaped(scene.title))</title>
            <defs>
            <marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" fill="\(Self.ink)"/>
            </marker>
            </defs>
            <rect width="100%" height="100%" fill="#fff"/>
            \(canvas.text)</svg>

            """
    }

    // MARK: - Touch devices

    /// A touch panel, drawn again larger (up to `roomTries` times) while labels are left
    /// out for want of room.
    private mutating func touch(_ panel: Scene.Panel, top: Double) -> Double {
        let before = canvas, widthBefore = width
        var room = 1.0
        for attempt in 0...Self.roomTries {
            let bottom = touch(panel, top: top, room: room)
            if (crowded == 0 && hiddenStarts.isEmpty) || attempt == Self.roomTries { return bottom }
            canvas = before
            width = widthBefore
            room *= 1.5
        }
        return top
    }

    private mutating func touch(_ panel: Scene.Panel, top: Double, room: Double) -> Double {
        let d = panel.device
        let surface = panel.surface
        var header = "device \(d.id) · \(d.name) · \(d.kind.rawValue) · \(mm(surface.width.value)) × \(mm(surface.height.value)) mm"
        if d.size == nil {
            header += " (no size given: the area its contacts covered)"
        } else if d.sizeSource == .assumed {
            header += " (assumed)"
        }
        if d.inferred { header += " · capabilities inferred" }
        canvas.label(Self.margin, top + 12, header, size: 12, extra: " font-weight=\"bold\"")

        let w = surface.width.value, h = surface.height.value
        let scale = min(Self.surfaceBox.width.value * room / w, Self.surfaceBox.height.value * room / h)
        let origin = (x: Self.margin + 34, y: top + 40)
        // As much room on the right as the base picture has, for labels of marks at the edge.
        width = max(width, origin.x + w * scale + (Self.baseWidth - Self.surfaceBox.width.value - origin.x))
        let place = { (p: Point) -> (Double, Double) in (origin.x + p.x * scale, origin.y + p.y * scale) }

        canvas.rect(origin.x, origin.y, w * scale, h * scale, fill: "#f7f7f4", stroke: "#888", width: 1,
                    extra: " class=\"surface\" data-mm-per-px=\"\(Markup.number(1 / scale, 4))\"")
        placed = LabelSpace()
        ruler(origin: origin, w: w, h: h, scale: scale)

        let tick = Self.niceStep(panel.tracks.map { $0.end - ($0.points.first?.t ?? $0.end) }.max() ?? 0, parts: 12)
        // Gesture marks first, so that the contacts' paths (a pan's centroid often runs
        // along one) stay visible over them; then where contacts began and ended; the
        // gestures' labels last, over everything.
        labels = SVGCanvas()
        crowded = 0
        hiddenStarts = []
        startPlaces = [:]
        // No label goes over a mark: the marks' boxes are taken before any label is placed.
        let marks = GestureMark.marks(of: panel.lines)
        markReach = [:]
        for mark in marks {
            guard let r = Self.markRadius(mark.figure.shape, scale: scale) else { continue }
            let (x, y) = place(mark.location)
            placed.insert(Rect(x: x - r, y: y - r, width: 2 * r, height: 2 * r))
            markReach[Self.pixel(x, y), default: 0] = max(markReach[Self.pixel(x, y)] ?? 0, r)
        }
        // Every contact's ring and square too, then the start labels beside them.
        for track in panel.tracks {
            for box in Self.endBoxes(track, place: place) { placed.insert(box) }
        }
        for (k, track) in panel.tracks.enumerated() { reserveStartLabel(k, track, place: place) }
        for mark in marks { gesture(mark, place: place, scale: scale) }
        for track in panel.tracks { path(track, place: place, tick: tick) }
        for (k, track) in panel.tracks.enumerated() { ends(k, track, place: place) }
        canvas.raw("<g class=\"labels\">")
        canvas.raw(labels.text, newline: false)
        canvas.raw("</g>")

        return legend(panel, top: origin.y + h * scale + 16, tick: tick)
    }

    /// Ticks every so many mm along the top and left edges.
    private mutating func ruler(origin: (x: Double, y: Double), w: Double, h: Double, scale: Double) {
        let step = Self.niceStep(max(w, h), parts: 8)
        var v = 0.0
        while v <= w + 1e-9 {
            let x = origin.x + v * scale
            let text = v == 0 ? "0 mm" : mm(v)
            canvas.line(x, origin.y - 4, x, origin.y, stroke: "#888")
            canvas.label(x, origin.y - 7, text, size: 9, anchor: "middle", fill: "#666", extra: " class=\"ruler\"")
            placed.insert(Rect(x: x - Self.textWidth(text) / 2, y: origin.y - 16, width: Self.textWidth(text), height: 11))
            v += step
        }
        v = step
        while v <= h + 1e-9 {
            let y = origin.y + v * scale
            canvas.line(origin.x - 4, y, origin.x, y, stroke: "#888")
            canvas.label(origin.x - 7, y + 3, mm(v), size: 9, anchor: "end", fill: "#666", extra: " class=\"ruler\"")
            placed.insert(Rect(x: origin.x - 7 - Self.textWidth(mm(v)), y: y - 6, width: Self.textWidth(mm(v)), height: 11))
            v += step
        }
    }

    /// A contact's path in its colour, with a dark dot every `tick` seconds.
    private mutating func path(_ track: Scene.Track, place: (Point) -> (Double, Double), tick: Double) {
        guard let first = track.points.first, let last = track.points.last else { return }
        let colour = ContactColours.colour(track.colour)
        canvas.raw("<g class=\"contact\" data-id=\"\(track.id)\">")
        let dash = track.tool == .finger ? "" : " stroke-dasharray=\"4 2\""
        canvas.polyline(track.points.map { place(Point(x: $0.x, y: $0.y)) }, stroke: colour, width: 2, extra: dash)
        var t = (first.t / tick).rounded(.up) * tick
        if t == first.t { t += tick }
        var i = 0
        while t < last.t {
            while i + 1 < track.points.count && track.points[i + 1].t < t { i += 1 }
            let a = track.points[i], b = track.points[min(i + 1, track.points.count - 1)]
            let f = b.t > a.t ? (t - a.t) / (b.t - a.t) : 0
            let (x, y) = place(Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f))
            canvas.circle(x, y, r: 1.7, fill: Self.ink)
            t += tick
        }
        canvas.raw("</g>")
    }

    /// The boxes of a contact's ring (where it landed) and square (where it lifted).
    private static func endBoxes(_ track: Scene.Track, place: (Point) -> (Double, Double)) -> [Rect] {
        guard let first = track.points.first, let last = track.points.last else { return [] }
        let (sx, sy) = place(Point(x: first.x, y: first.y)), (ex, ey) = place(Point(x: last.x, y: last.y))
        return [Rect(x: sx - 6, y: sy - 6, width: 12, height: 12), Rect(x: ex - 5, y: ey - 5, width: 10, height: 10)]
    }

    /// Finds the start label a place beside its ring that covers no other label, ruler
    /// number or mark (every mark and ring is reserved first): above on the left, above on
    /// the right, below on the left, below on the right, then the same farther out.
    private mutating func reserveStartLabel(_ k: Int, _ track: Scene.Track, place: (Point) -> (Double, Double)) {
        guard let first = track.points.first else { return }
        let (sx, sy) = place(Point(x: first.x, y: first.y))
        let width = Self.textWidth(startLabel(track))
        // Nearest first, then farther out (past a tap's ring drawn at the same place).
        var places: [(box: Rect, x: Double, y: Double, anchor: String)] = []
        for c in [7.0, 12, 18, 26, 36] {
            places += [
                (Rect(x: sx - c - width, y: sy - c - 9, width: width, height: 11), sx - c, sy - c, "end"),
                (Rect(x: sx + c, y: sy - c - 9, width: width, height: 11), sx + c, sy - c, "start"),
                (Rect(x: sx - c - width, y: sy + c - 1, width: width, height: 11), sx - c, sy + c + 8, "end"),
                (Rect(x: sx + c, y: sy + c - 1, width: width, height: 11), sx + c, sy + c + 8, "start"),
            ]
        }
        guard let chosen = places.first(where: { !placed.overlapsAny($0.box) }) else {
            hiddenStarts.insert(k)
            return
        }
        startPlaces[k] = (chosen.x, chosen.y, chosen.anchor)
        placed.insert(chosen.box)
    }

    /// A place on the picture to the pixel, as a key.
    static func pixel(_ x: Double, _ y: Double) -> Int64 {
        // Bounded first: a conversion of a value out of Int64's range would trap.
        func whole(_ v: Double) -> Int64 { v.isFinite ? Int64(Swift.max(-1e12, Swift.min(1e12, v.rounded()))) : 0 }
        return whole(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: whole(y))))
    }

    /// 9 px text's width: a character is at most 0.62 em wide in the sans fonts browsers use.
    static func textWidth(_ text: String) -> Double { Double(text.count) * 5.6 }

    /// How far a gesture's compact mark reaches from its place, px (nil for the long ones, a
    /// pan's band and a swipe's arrow, which labels may cross); a pinch's circles count
    /// their first, reference circle.
    static func markRadius(_ shape: GestureFigure.Shape, scale: Double) -> Double? {
        switch shape {
        case .ring: return 4 * scale + 1
        case .dashedRing: return 5 * scale + 1
        case .circles: return 6 * scale + 1
        case .arc: return 8 * scale + 1
        case .diamond: return 3.5 * scale + 1
        case .square: return 3 * scale + 1
        case .band, .arrowIn, .arrowOut: return nil
        }
    }

    private func startLabel(_ track: Scene.Track) -> String {
        let tool = track.tool == .finger ? "" : " \(track.tool.rawValue)"
        return "\(track.id)\(tool) · \(seconds(track.points.first?.t ?? track.end))"
    }

    /// A ring where a contact touched down (with its id and time) and a square where it
    /// lifted (hollow if still down at the window's end).
    private mutating func ends(_ k: Int, _ track: Scene.Track, place: (Point) -> (Double, Double)) {
        guard let first = track.points.first, let last = track.points.last else { return }
        let colour = ContactColours.colour(track.colour)
        canvas.raw("<g class=\"contact-ends\" data-id=\"\(track.id)\">")
        let (sx, sy) = place(Point(x: first.x, y: first.y))
        canvas.circle(sx, sy, r: 4.5, fill: "#fff", stroke: colour, width: 2)
        let (ex, ey) = place(Point(x: last.x, y: last.y))
        canvas.rect(ex - 3.5, ey - 3.5, 7, 7, fill: track.lifted ? colour : "#fff", stroke: colour, width: 1.5)
        if let (x, y, anchor) = startPlaces[k] {
            canvas.label(x, y, startLabel(track), size: 9, anchor: anchor, fill: colour,
                         extra: " class=\"start-label\" paint-order=\"stroke\" stroke=\"#fff\" stroke-width=\"3\"")
        }
        canvas.raw("</g>")
    }

    private mutating func gesture(_ mark: GestureMark, place: (Point) -> (Double, Double), scale: Double) {
        let (x, y) = place(mark.location)
        let ink = Self.ink
        let dash = mark.cancelled ? " stroke-dasharray=\"3 2\"" : ""
        canvas.raw("<g class=\"gesture\" data-t=\"\(Markup.number(mark.t, 6))\">")
        switch mark.figure.shape {
        case .ring:
            canvas.circle(x, y, r: 4 * scale, stroke: ink, width: 1.5, extra: " class=\"mark\"" + dash)
        case .dashedRing:
            canvas.circle(x, y, r: 5 * scale, stroke: ink, width: 1.5, extra: " class=\"mark\" stroke-dasharray=\"2 2\"")
        case .band(let from):
            // A broad translucent band with its arrowhead: the path it follows shows through.
            let (fx, fy) = place(from), (tx, ty) = place(mark.location)
            canvas.line(fx, fy, tx, ty, stroke: ink, width: 6, extra: " stroke-opacity=\"0.18\" stroke-linecap=\"round\"" + dash)
            canvas.line(fx, fy, tx, ty, stroke: "none", width: 1.5, extra: " marker-end=\"url(#arrow)\"")
        case .arrowIn(let direction):
            let (dx, dy) = Self.unit(direction)
            let length = 14 * scale
            canvas.line(x - dx * length, y - dy * length, x, y, stroke: ink, width: 2.5, extra: " marker-end=\"url(#arrow)\"" + dash)
        case .arrowOut(let direction):
            let (dx, dy) = Self.unit(direction)
            let length = 14 * scale
            canvas.line(x, y, x + dx * length, y + dy * length, stroke: ink, width: 2.5, extra: " marker-end=\"url(#arrow)\"" + dash)
        case .circles(let s):
            let r0 = 6 * scale
            canvas.circle(x, y, r: r0, stroke: ink, width: 1, extra: " class=\"mark\" stroke-dasharray=\"2 2\"")
            canvas.circle(x, y, r: r0 * min(max(s, 0.05), 20), stroke: ink, width: 1.5, extra: dash)
        case .arc(let angle):
            let radians = angle.radians, r = 8 * scale
            let sweep = min(abs(radians), 2 * .pi - 0.01)
            let a0 = -Double.pi / 2, a1 = a0 + (radians < 0 ? -sweep : sweep)
            let d = "M\(n(x + r * cos(a0))),\(n(y + r * sin(a0))) A\(n(r)),\(n(r)) 0 \(sweep > .pi ? 1 : 0) \(radians < 0 ? 0 : 1) \(n(x + r * cos(a1))),\(n(y + r * sin(a1)))"
            canvas.path(d, stroke: ink, width: 1.5, extra: " class=\"mark\" marker-end=\"url(#arrow)\"" + dash)
        case .diamond(let filled):
            let s = 3.5 * scale
            canvas.path("M\(n(x)),\(n(y - s)) L\(n(x + s)),\(n(y)) L\(n(x)),\(n(y + s)) L\(n(x - s)),\(n(y)) Z",
                        fill: filled ? ink : "none", stroke: ink, width: 1.5, extra: " class=\"mark\"")
        case .square:
            let s = 3 * scale
            canvas.rect(x - s, y - s, 2 * s, 2 * s, stroke: ink, width: 1.5, extra: " class=\"mark\"" + dash)
        }
        // Beside the widest mark drawn at this place (a pinch and a rotate share their centroid).
        let r = markReach[Self.pixel(x, y)] ?? 0
        label(mark.label, near: (x + max(8, r + 2), y - 8), leftOf: x - max(8, r + 2))
        canvas.raw("</g>")
    }

    /// A gesture's label beside its mark, moved down or up until it overlaps no label or
    /// mark placed before it, on the mark's right or else its left; left out (and counted
    /// in the legend) where marks crowd so that no free place is near, which makes the
    /// panel drawn again larger (`roomTries`).
    private mutating func label(_ text: String, near p: (Double, Double), leftOf left: Double) {
        let width = Double(text.count) * 6.6, height = 13.0
        let first = Rect(x: min(p.0, self.width - Self.margin - width), y: p.1 - 10, width: width, height: height)
        // Else on the mark's left, where there is room for it.
        let other = left - width >= Self.margin ? left - width : nil
        guard let box = placed.free(near: first, step: height, otherX: other) else { crowded += 1; return }
        placed.insert(box)
        labels.raw("<rect x=\"\(n(box.x - 2))\" y=\"\(n(box.y))\" width=\"\(n(box.width + 4))\" height=\"\(n(box.height))\" fill=\"#fff\" fill-opacity=\"0.6\"/>")
        labels.label(box.x, box.y + 10, text, size: 10.5)
    }

    /// What the marks mean, and each contact's colour.
    private mutating func legend(_ panel: Scene.Panel, top: Double, tick: Double) -> Double {
        var x = Self.margin, y = top + 8
        let ink = Self.ink
        func item(_ width: Double, _ text: String, _ draw: (inout SVGCanvas, Double, Double) -> Void) {
            let room = 16 + Double(text.count) * 6 + 14
            if x + room > self.width - Self.margin { x = Self.margin; y += 18 }
            draw(&canvas, x + 6, y)
            canvas.label(x + 16, y + 4, text, size: 10)
            x += room
        }
        let ids = panel.tracks.map(\.id)
        for track in panel.tracks.prefix(16) {
            let c = ContactColours.colour(track.colour)
            item(0, "contact \(track.id)") { $0.line($1 - 6, $2, $1 + 6, $2, stroke: c, width: 3) }
        }
        if ids.count > 16 { item(0, "and \(ids.count - 16) more") { _, _, _ in } }
        if !ids.isEmpty {
            x = Self.margin; y += 18
            item(0, "touch-down") { $0.circle($1, $2, r: 4, fill: "#fff", stroke: ink, width: 1.5) }
            item(0, "lift") { $0.rect($1 - 3.5, $2 - 3.5, 7, 7, fill: ink, stroke: ink) }
            item(0, "still down") { $0.rect($1 - 3.5, $2 - 3.5, 7, 7, fill: "#fff", stroke: ink) }
            item(0, "every \(Self.duration(tick))") { $0.circle($1, $2, r: 1.7, fill: ink) }
        }
        // One legend entry per name, drawn as its first mark's shape.
        var kinds: [(name: String, shape: GestureFigure.Shape)] = []
        for mark in GestureMark.marks(of: panel.lines) where !kinds.contains(where: { $0.name == mark.figure.name }) {
            kinds.append((mark.figure.name, mark.figure.shape))
        }
        if !kinds.isEmpty {
            x = Self.margin; y += 18
            for (name, shape) in kinds {
                item(0, name) { c, x, y in
                    switch shape {
                    case .ring, .circles: c.circle(x, y, r: 5, stroke: ink, width: 1.5)
                    case .dashedRing: c.circle(x, y, r: 5, stroke: ink, width: 1.5, extra: " stroke-dasharray=\"2 2\"")
                    case .arc: c.path("M\(n(x)),\(n(y - 5)) A5,5 0 0 1 \(n(x + 5)),\(n(y))", stroke: ink, width: 1.5)
                    case .diamond(let filled):
                        c.path("M\(n(x)),\(n(y - 5)) L\(n(x + 5)),\(n(y)) L\(n(x)),\(n(y + 5)) L\(n(x - 5)),\(n(y)) Z",
                               fill: filled ? ink : "none", stroke: ink, width: 1.5)
                    case .square: c.rect(x - 4, y - 4, 8, 8, stroke: ink, width: 1.5)
                    case .band:
                        c.line(x - 6, y, x + 5, y, stroke: ink, width: 6, extra: " stroke-opacity=\"0.18\" stroke-linecap=\"round\"")
                        c.line(x - 6, y, x + 5, y, stroke: "none", width: 1.5, extra: " marker-end=\"url(#arrow)\"")
                    case .arrowIn, .arrowOut: c.line(x - 6, y, x + 5, y, stroke: ink, width: 1.5, extra: " marker-end=\"url(#arrow)\"")
                    }
                }
            }
        }
        if ids.isEmpty && kinds.isEmpty {
            canvas.label(Self.margin, y + 4, "No contacts in this window.", size: 10)
        }
        if crowded > 0 || !hiddenStarts.isEmpty {
            y += 18
            var left: [String] = []
            if crowded > 0 { left.append("\(crowded) gesture labels") }
            if !hiddenStarts.isEmpty { left.append("\(hiddenStarts.count) contacts' start labels") }
            canvas.label(Self.margin, y + 4, "\(left.joined(separator: " and ")) left out where marks crowd: --from and --to draw a shorter window.", size: 10, fill: "#666")
        }
        return y + 10
    }

    /// An orientation's name in a short stretch of the band.
    static func shortName(_ o: InterfaceOrientation) -> String {
        switch o {
        case .portrait: return "P"
        case .landscapeLeft: return "LL"
        case .landscapeRight: return "LR"
        case .portraitUpsideDown: return "PU"
        }
    }

    // MARK: - Accelerometers

    private mutating func accelerometer(_ panel: Scene.Panel, top: Double) -> Double {
        let d = panel.device
        canvas.label(Self.margin, top + 12, "device \(d.id) · \(d.name) · accelerometer", size: 12, extra: " font-weight=\"bold\"")
        let left = Self.margin + 44, width = self.width - left - Self.margin
        let chartTop = top + 26, chartHeight = 120.0
        let span = max(scene.duration, 1e-6)
        let start = scene.start
        let xOf = { (t: Double) in left + (t - start) / span * width }
        let range = 12.0  // m/s², a little over g
        let yOf = { (a: Double) in chartTop + chartHeight / 2 - max(-range, min(range, a)) / range * chartHeight / 2 }

        canvas.rect(left, chartTop, width, chartHeight, fill: "#fafafa", stroke: "#bbb")
        for (a, name) in [(9.81, "+g"), (0, "0"), (-9.81, "−g")] {
            canvas.line(left, yOf(a), left + width, yOf(a), stroke: "#ddd")
            canvas.label(left - 6, yOf(a) + 3, name, size: 9, anchor: "end", fill: "#666")
        }
        let axes: [(String, String, (Scene.Sample) -> Double)] = [
            ("x", "#1f77b4", { $0.x }), ("y", "#ff7f0e", { $0.y }), ("z", "#2ca02c", { $0.z }),
        ]
        for (_, colour, value) in axes {
            canvas.polyline(panel.samples.map { (xOf($0.t), yOf(value($0))) }, stroke: colour, width: 1.2)
        }

        // The orientations decided, as a band: each from its line to the next.
        let bandTop = chartTop + chartHeight + 8, bandHeight = 30.0
        canvas.rect(left, bandTop, width, bandHeight, fill: "#eee", stroke: "#bbb")
        let turns = panel.lines.compactMap(\.event.orientation)
        // A line that keeps the orientation (the device laid face up, and lifted again) is
        // no new run: the band shows one stretch, and one label, per orientation held.
        var runs: [(start: Double, orientation: InterfaceOrientation, rotation: Angle)] = []
        for o in turns where runs.last?.orientation != o.orientation {
            runs.append((o.time.seconds, o.orientation, o.rotation))
        }
        // Two rows of names in the band: a name that would run into the one before it goes
        // to the other row; with both taken (runs too short for any name) it is left out.
        var rowEnds = [-Double.infinity, -Double.infinity]
        var unnamed = 0
        for (i, run) in runs.enumerated() {
            let x0 = xOf(run.start), x1 = i + 1 < runs.count ? xOf(runs[i + 1].start) : left + width
            canvas.rect(x0, bandTop, max(0, x1 - x0), bandHeight, fill: Self.colour(of: run.orientation), stroke: "#fff",
                        extra: " class=\"orientation\" data-t=\"\(Markup.number(run.start, 6))\"")
            outline(x0 + 9, bandTop + bandHeight / 2, rotation: run.rotation)
            // Its name where it fits, else its short name (the legend says them).
            let name = x1 - x0 - 24 >= Double(run.orientation.rawValue.count) * 6.2 ? run.orientation.rawValue : Self.shortName(run.orientation)
            let x = x0 + 20, textWidth = Double(name.count) * 6.2
            guard let row = rowEnds.firstIndex(where: { x >= $0 }) else { unnamed += 1; continue }
            canvas.label(x, bandTop + (row == 0 ? 12 : 25), name, size: 10, extra: " class=\"orientation-label\"")
            rowEnds[row] = x + textWidth + 4
        }
        if unnamed > 0 {
            canvas.label(left + width, chartTop - 6, "\(unnamed) short orientation runs unnamed: --from and --to draw a shorter window", size: 9, anchor: "end", fill: "#666")
        }
        if turns.isEmpty { canvas.label(left + 6, bandTop + 15, "no orientation decided", size: 10, fill: "#666") }
        canvas.label(left - 6, bandTop + 15, "turn", size: 9, anchor: "end", fill: "#666")

        // Time axis.
        let axisTop = bandTop + bandHeight
        let step = Self.niceStep(span, parts: 8)
        var t = (scene.start / step).rounded(.up) * step
        while t <= scene.end + 1e-9 {
            canvas.line(xOf(t), axisTop, xOf(t), axisTop + 4, stroke: "#888")
            canvas.label(xOf(t), axisTop + 15, seconds(t), size: 9, anchor: "middle", fill: "#666")
            t += step
        }
        var x = left
        let axesY = axisTop + 32
        for (name, colour, _) in axes {
            canvas.line(x, axesY, x + 14, axesY, stroke: colour, width: 2)
            canvas.label(x + 18, axesY + 4, "\(name) (m/s²)", size: 10)
            x += 86
        }
        var y = axisTop + 32
        for o in InterfaceOrientation.allCases {
            let name = "\(o.rawValue) (\(Self.shortName(o)))"
            if x + 30 + Double(name.count) * 6 > self.width - Self.margin { x = left; y += 18 }
            canvas.rect(x, y - 6, 12, 12, fill: Self.colour(of: o), stroke: "#bbb")
            canvas.label(x + 16, y + 4, name, size: 10)
            x += 30 + Double(name.count) * 6
        }
        return y + 8
    }

    /// A small device outline turned as the interface is (its top marked).
    private mutating func outline(_ x: Double, _ y: Double, rotation: Angle) {
        let degrees = Markup.number(-rotation.degrees, 1)
        canvas.raw("<g transform=\"translate(\(n(x)),\(n(y))) rotate(\(degrees))\"><rect x=\"-4\" y=\"-7\" width=\"8\" height=\"14\" rx=\"1.5\" fill=\"#fff\" stroke=\"#444\"/><line x1=\"-2\" y1=\"-5\" x2=\"2\" y2=\"-5\" stroke=\"#444\"/></g>")
    }

    static func colour(of o: InterfaceOrientation) -> String {
        switch o {
        case .portrait: return "#cfe3f7"
        case .portraitUpsideDown: return "#f7dccf"
        case .landscapeLeft: return "#d6f0cf"
        case .landscapeRight: return "#eed6f0"
        }
    }

    // MARK: - Numbers

    /// A round step (1, 2 or 5 times a power of ten) giving about `parts` steps over `span`.
    static func niceStep(_ span: Double, parts: Double) -> Double {
        guard span > 0, span.isFinite else { return 1 }
        let raw = span / parts
        var unit = 1.0
        while unit > raw { unit /= 10 }
        while unit * 10 <= raw { unit *= 10 }
        for k in [1.0, 2, 5, 10] where unit * k >= raw { return unit * k }
        return unit * 10
    }

    static func duration(_ s: Double) -> String {
        s < 1 ? "\(Markup.number(s * 1000, 0)) ms" : "\(Markup.number(s, 1)) s"
    }

    private static func unit(_ d: SwipeDirection) -> (Double, Double) {
        switch d {
        case .left: return (-1, 0)
        case .right: return (1, 0)
        case .up: return (0, -1)
        case .down: return (0, 1)
        }
    }

    private func seconds(_ t: Double) -> String { "\(Markup.number(t, 2)) s" }
    private func mm(_ v: Double) -> String { Markup.number(v, v.rounded() == v ? 0 : 1) }
    private func n(_ v: Double) -> String { Markup.number(v) }
}
