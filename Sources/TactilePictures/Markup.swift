import Tactile
import TactileJSON

/// Text for SVG and HTML: numbers with a fixed number of decimals (so a picture's text is
/// the same on every run and machine), and text escaped for XML.
enum Markup {
    /// `value` rounded to `decimals` places, trailing zeros trimmed (`DecimalText.fixed`).
    static func number(_ value: Double, _ decimals: Int = 2) -> String { DecimalText.fixed(value, decimals) }

    /// `text` safe inside an element or an attribute in quotes.
    static func escaped(_ text: String) -> String {
        ScalarEscaping.escaped(text) { ch in
            switch ch {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            // XML 1.0 admits no other control characters; a device name could hold one.
            case "\u{0}"..."\u{8}", "\u{B}", "\u{C}", "\u{E}"..."\u{1F}", "\u{7F}": "\u{FFFD}"
            default: nil
            }
        }
    }
}

/// SVG elements appended to a string; coordinates in pixels.
struct SVGCanvas {
    private(set) var text = ""

    mutating func raw(_ markup: String, newline: Bool = true) {
        text += markup
        if newline { text += "\n" }
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String,
                       width: Double = 1, extra: String = "") {
        raw("<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(extra)/>")
    }

    mutating func circle(_ x: Double, _ y: Double, r: Double, fill: String = "none", stroke: String = "none",
                         width: Double = 1, extra: String = "") {
        raw("<circle cx=\"\(n(x))\" cy=\"\(n(y))\" r=\"\(n(r))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(extra)/>")
    }

    mutating func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, fill: String = "none",
                       stroke: String = "none", width: Double = 1, extra: String = "") {
        raw("<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(extra)/>")
    }

    /// A polyline through `points`; nothing for fewer than two.
    mutating func polyline(_ points: [(Double, Double)], stroke: String, width: Double = 1, extra: String = "") {
        guard points.count >= 2 else { return }
        let list = points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ")
        raw("<polyline points=\"\(list)\" fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\" stroke-linejoin=\"round\" stroke-linecap=\"round\"\(extra)/>")
    }

    mutating func path(_ d: String, fill: String = "none", stroke: String, width: Double = 1, extra: String = "") {
        raw("<path d=\"\(d)\" fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(n(width))\"\(extra)/>")
    }

    /// Text (escaped) with its baseline at `y`.
    mutating func label(_ x: Double, _ y: Double, _ content: String, size: Double = 11, anchor: String = "start",
                        fill: String = "#222", extra: String = "") {
        raw("<text x=\"\(n(x))\" y=\"\(n(y))\" font-size=\"\(n(size, 1))\" text-anchor=\"\(anchor)\" fill=\"\(fill)\"\(extra)>\(Markup.escaped(content))</text>")
    }

    func n(_ value: Double, _ decimals: Int = 2) -> String { Markup.number(value, decimals) }
}

/// Contacts' colours (Tableau 10, told apart by most colour-blind eyes), shared by the SVG
/// plot and the HTML player so a contact looks the same in both.
enum ContactColours {
    static let palette = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
                          "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    /// The palette's colour at `index` (`Scene.Track.colour`).
    static func colour(_ index: Int) -> String { palette[((index % palette.count) + palette.count) % palette.count] }

    /// A palette index for each track, in the order they landed, so that contacts down at the
    /// same time never share a colour (ids 0 and 10 did, when the colour was the id's last
    /// digit), and the first ten of a panel (the legend's) all differ: a track takes its
    /// id's colour while no other took it, else one nobody took yet; once all ten are
    /// taken, its id's colour if no contact down with it has it, else the colour free
    /// longest. With more than ten down at once, its id's.
    static func assign(_ tracks: inout [Scene.Track]) {
        let n = palette.count
        // Per colour, when the last of its contacts lifted (nil: never used), and whether
        // that one is still down at the scene's end: linear in the tracks.
        var freedAt = [Double?](repeating: nil, count: n)
        var stillDown = [Bool](repeating: false, count: n)
        for k in tracks.indices {
            let start = tracks[k].points.first?.t ?? tracks[k].end
            // Taken by a contact down when this one lands (one that lifted in the frame this
            // one landed in is not down with it).
            func busy(_ c: Int) -> Bool { freedAt[c].map { $0 > start || ($0 == start && stillDown[c]) } ?? false }
            let own = ((tracks[k].id % n) + n) % n
            let pick: Int
            if freedAt[own] == nil {
                pick = own
            } else if let unused = (0..<n).first(where: { freedAt[$0] == nil }) {
                pick = unused
            } else if !busy(own) {
                pick = own
            } else {
                // Every colour used: the one free longest.
                var best: Int?
                for c in 0..<n where !busy(c) {
                    if let b = best, let x = freedAt[c], let y = freedAt[b], x >= y { continue }
                    best = c
                }
                pick = best ?? own
            }
            tracks[k].colour = pick
            if tracks[k].end >= (freedAt[pick] ?? tracks[k].end) {
                stillDown[pick] = !tracks[k].lifted || (freedAt[pick] == tracks[k].end && stillDown[pick])
                freedAt[pick] = tracks[k].end
            }
        }
    }
}
