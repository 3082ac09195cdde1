import Tactile
import TactileJSON

/// `tactile view`'s page: one HTML file holding everything (the scene as JSON, the script,
/// the style), so it opens from `file://` with no network.
///
/// The page is a player: each touch device's outline with its contacts as they were at
/// the player's time, an accelerometer as a device outline turned to the orientation
/// decided, play, pause, speed and a scrubber; beside it the recognized lines, each
/// highlighted while it happens (`SceneLine.until`), a click on one seeking to it.
/// `ViewerScript` documents what the page exposes to scripts and tests.
public enum ViewerPage {
    /// The largest a surface is shown, CSS px.
    static let surfaceBox = Size(width: 560, height: 420)

    public static func html(_ scene: Scene) -> String {
        var body = ""
        for panel in scene.panels {
            body += panel.isAccelerometer ? turnFigure(panel) : surfaceFigure(panel)
        }
        if scene.panels.isEmpty { body += "<p>No devices in this recording.</p>\n" }
        let title = Markup.escaped(scene.title)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="tactile view">
            <title>\(title) · tactile view</title>
            <style>
            \(ViewerScript.style)</style>
            </head>
            <body data-state="paused">
            <header><h1>\(title)</h1>
            <div id="controls">
            <button id="play" type="button">Play</button>
            <label>Speed <select id="speed">\(speedOptions)</select></label>
            <input id="scrubber" type="range" min="\(seconds(scene.start))" max="\(seconds(scene.end))" step="0.001" value="\(seconds(scene.start))" aria-label="Time">
            <output id="clock">\(Markup.number(scene.start, 3)) s</output>
            </div></header>
            <main>
            <section id="devices">
            \(body)</section>
            <section id="gestures"><h2>Lines</h2>
            <div id="filters">
            <label><input id="hide-changed" type="checkbox"> Hide <code>changed</code> lines</label>
            <label>Gesture <select id="gesture-filter"><option value="">all</option>\(gestureOptions(scene))</select></label>
            <label>Device <select id="device-filter"><option value="">all</option>\(deviceOptions(scene))</select></label>
            </div>
            <ol id="lines">
            \(lineItems(scene))</ol>
            </section>
            </main>
            <script type="application/json" id="scene">\(sceneJSON(scene))</script>
            <script>
            \(ViewerScript.script)</script>
            </body>
            </html>

            """
    }

    private static let speedOptions = [0.1, 0.25, 0.5, 1, 2, 4, 8]
        .map { "<option value=\"\(Markup.number($0))\"\($0 == 1 ? " selected" : "")>\(Markup.number($0, 2).replacingZero)×</option>" }
        .joined()

    /// The gestures (and orientation) the lines name, for the filter.
    private static func gestureOptions(_ scene: Scene) -> String {
        var names: [String] = []
        for line in scene.lines {
            let name: String
            switch line.event {
            case .gesture(let g): name = g.kind.rawValue
            case .orientation: name = "orientation"
            }
            if !names.contains(name) { names.append(name) }
        }
        return names.map { "<option value=\"\($0)\">\($0)</option>" }.joined()
    }

    private static func deviceOptions(_ scene: Scene) -> String {
        scene.panels.map { "<option value=\"\($0.device.id)\">\($0.device.id) · \(Markup.escaped($0.device.name))</option>" }.joined()
    }

    /// Ticks every `step` mm along the surface's top and left edges, each named in screen
    /// pixels' size whatever the surface's scale: a ruler in mm.
    private static func ruler(width w: Double, height h: Double, scale: Double) -> String {
        let step = niceStep(60 / scale)
        let tick = 6 / scale, font = 10 / scale
        var out = "<g class=\"ruler\" data-step-mm=\"\(Markup.number(step))\" font-size=\"\(Markup.number(font, 3))\">"
        var v = step
        while v < w - step / 2 {
            out += "<line x1=\"\(Markup.number(v))\" y1=\"0\" x2=\"\(Markup.number(v))\" y2=\"\(Markup.number(tick, 3))\"/>"
            out += "<text x=\"\(Markup.number(v))\" y=\"\(Markup.number(tick + font, 3))\" text-anchor=\"middle\">\(mm(v))</text>"
            v += step
        }
        v = step
        while v < h - step / 2 {
            out += "<line x1=\"0\" y1=\"\(Markup.number(v))\" x2=\"\(Markup.number(tick, 3))\" y2=\"\(Markup.number(v))\"/>"
            out += "<text x=\"\(Markup.number(tick * 1.3, 3))\" y=\"\(Markup.number(v + font * 0.35, 3))\">\(mm(v))</text>"
            v += step
        }
        out += "<text class=\"unit\" x=\"\(Markup.number(tick * 1.3, 3))\" y=\"\(Markup.number(tick + font, 3))\">mm</text></g>"
        return out
    }

    /// A ruler's number: whole where it is (50, not 50.0).
    private static func mm(_ v: Double) -> String {
        v == v.rounded() && Swift.abs(v) < 1e9 ? String(Int(v)) : Markup.number(v, 1)
    }

    /// 1, 2 or 5 times a power of ten, at least `v`.
    static func niceStep(_ v: Double) -> Double {
        var p = 1.0
        while p * 10 <= v { p *= 10 }
        while p > v { p /= 10 }
        for k in [1.0, 2, 5, 10] where p * k >= v { return p * k }
        return p * 10
    }

    private static func surfaceFigure(_ panel: Scene.Panel) -> String {
        let d = panel.device
        let size = panel.surface
        let w = size.width.value, h = size.height.value
        let scale = min(surfaceBox.width.value / w, surfaceBox.height.value / h)
        let caption = "device \(d.id) · \(d.name) · \(d.kind.rawValue) · \(Markup.number(w, 1)) × \(Markup.number(h, 1)) mm"
            + (d.size == nil ? " (area its contacts covered)" : d.sizeSource == .assumed ? " (assumed)" : "")
        return """
            <figure class="device" data-dev="\(d.id)">
            <figcaption>\(Markup.escaped(caption))</figcaption>
            <svg class="surface" id="surface-\(d.id)" xmlns="http://www.w3.org/2000/svg" width="\(Markup.number(w * scale))" \
            height="\(Markup.number(h * scale))" viewBox="0 0 \(Markup.number(w)) \(Markup.number(h))" data-px-per-mm="\(Markup.number(scale, 4))">
            <rect class="outline" x="0" y="0" width="\(Markup.number(w))" height="\(Markup.number(h))"/>
            \(ruler(width: w, height: h, scale: scale))
            <g class="trails"></g><g class="contacts"></g><g class="marks"></g>
            </svg>
            </figure>

            """
    }

    private static func turnFigure(_ panel: Scene.Panel) -> String {
        let d = panel.device
        return """
            <figure class="device turn" data-dev="\(d.id)">
            <figcaption>\(Markup.escaped("device \(d.id) · \(d.name) · accelerometer"))</figcaption>
            <div class="stage"><div class="phone" id="phone-\(d.id)"><div class="speaker"></div></div></div>
            <div class="orientation" id="orientation-\(d.id)">unknown</div>
            </figure>

            """
    }

    /// The lines as `recognize` writes them, with when each is shown as happening and, for
    /// gestures, where (for the mark on the surface).
    private static func lineItems(_ scene: Scene) -> String {
        var items = ""
        for (i, line) in scene.lines.enumerated() {
            var attributes = "data-i=\"\(i)\" data-t=\"\(seconds(line.t))\" data-until=\"\(seconds(line.until))\" data-dev=\"\(line.device)\""
            var classes = "line"
            let words: String
            switch line.event {
            case .gesture(let g):
                attributes += " data-x=\"\(Markup.number(g.location.x, 3))\" data-y=\"\(Markup.number(g.location.y, 3))\""
                attributes += " data-name=\"\(Markup.escaped(g.kind.rawValue + (g.phase == .cancelled ? " cancelled" : "")))\""
                attributes += " data-gesture=\"\(g.kind.rawValue)\""
                if g.phase == .changed { classes += " changed" }
                words = "<b>\(g.kind.rawValue)</b> \(g.phase.rawValue) · \(g.fingers) finger\(g.fingers == 1 ? "" : "s")"
                    + (g.summary.isEmpty ? "" : " · " + Markup.escaped(g.summary))
            case .orientation(let o):
                attributes += " data-gesture=\"orientation\""
                words = "<b>\(o.orientation.rawValue)</b> from \(o.previous?.rawValue ?? "unknown") · pose \(o.pose.rawValue)"
            }
            // The line as a person reads it; the JSON one click away.
            items += "<li class=\"\(classes)\" \(attributes)><span class=\"t\">\(Markup.number(line.t, 3))</span> "
                + "<span class=\"words\">\(words)</span>"
                + "<details><summary>JSON</summary><code>\(Markup.escaped(line.event.jsonLine))</code></details></li>\n"
        }
        return items
    }

    /// The scene's devices as JSON, for the script: paths as columns of numbers.
    static func sceneJSON(_ scene: Scene) -> String {
        var out = JSONOutput(capacity: 1 << 16)
        out.raw("{\"start\":"); out.rounded(scene.start, decimals: 6)
        out.raw(",\"end\":"); out.rounded(scene.end, decimals: 6)
        out.raw(",\"palette\":[")
        for (i, c) in ContactColours.palette.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.string(c)
        }
        out.raw("],\"devices\":[")
        for (i, panel) in scene.panels.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.raw("{\"id\":"); out.int(panel.device.id)
            out.raw(",\"kind\":"); out.string(panel.device.kind.rawValue)
            if panel.isAccelerometer {
                out.raw(",\"turns\":[")
                for (k, o) in panel.lines.compactMap(\.event.orientation).enumerated() {
                    if k > 0 { out.byte(0x2c) }
                    out.raw("{\"t\":"); out.rounded(o.time.seconds, decimals: 6)
                    out.raw(",\"rotation\":"); out.rounded(o.rotation.radians, decimals: 6)
                    out.raw(",\"orientation\":"); out.string(o.orientation.rawValue)
                    out.raw(",\"pose\":"); out.string(o.pose.rawValue)
                    out.byte(0x7d)
                }
                out.byte(0x5d)
            } else {
                out.raw(",\"tracks\":[")
                for (k, track) in panel.tracks.enumerated() {
                    if k > 0 { out.byte(0x2c) }
                    out.raw("{\"id\":"); out.int(track.id)
                    out.raw(",\"colour\":"); out.int(track.colour)
                    out.raw(",\"end\":"); out.rounded(track.end, decimals: 6)
                    out.raw(",\"lifted\":"); out.raw(track.lifted ? "true" : "false")
                    column("t", track.points.map(\.t), decimals: 6, into: &out)
                    column("x", track.points.map(\.x), decimals: 3, into: &out)
                    column("y", track.points.map(\.y), decimals: 3, into: &out)
                    column("p", track.points.map { $0.pressure ?? 0 }, decimals: 3, into: &out)
                    out.byte(0x7d)
                }
                out.byte(0x5d)
            }
            out.byte(0x7d)
        }
        out.raw("]}")
        // Inside <script>, "</script>" would end it; a device name could hold one.
        return String(decoding: out.bytes, as: UTF8.self).replacingLessThan
    }

    private static func column(_ name: StaticString, _ values: [Double], decimals: Int, into out: inout JSONOutput) {
        out.raw(",\""); out.raw(name); out.raw("\":[")
        for (i, v) in values.enumerated() {
            if i > 0 { out.byte(0x2c) }
            out.rounded(v, decimals: decimals)
        }
        out.byte(0x5d)
    }

    private static func seconds(_ t: Double) -> String { Markup.number(t, 6) }
}

extension String {
    /// `<` written as the JSON escape `\u003c`: it can only be inside a string.
    fileprivate var replacingLessThan: String {
        var s = ""
        s.reserveCapacity(utf8.count)
        for ch in unicodeScalars { if ch == "<" { s += "\\u003c" } else { s.unicodeScalars.append(ch) } }
        return s
    }

    /// "1.0" as "1", "0.25" as is.
    fileprivate var replacingZero: String { hasSuffix(".0") ? String(dropLast(2)) : self }
}
