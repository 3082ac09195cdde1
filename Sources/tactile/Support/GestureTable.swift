import Tactile

#if canImport(Glibc)
import Glibc
#endif

/// The readable form of gesture lines, for a terminal of `width` columns (nil: no limit).
/// A row whose details do not fit goes on over continuation lines below its time, the
/// details cut where they are two spaces apart; below the columns' own width, the columns
/// close up and `fingers` is headed `f`.
struct GestureTable {
    /// Column widths: time, device, gesture, state, fingers, location; details follow.
    private static let wide = [7, 3, 11, 10, 7, 15]
    private static let narrow = [7, 3, 11, 10, 2, 12]
    /// Where continuation lines start: under the gesture column.
    private static let indent = 9

    let width: Int?
    private let widths: [Int]
    private let gap: String

    init(width: Int?) {
        self.width = width
        let room = Self.wide.reduce(0, +) + 2 * Self.wide.count
        if let width, width < room {
            widths = Self.narrow
            gap = " "
        } else {
            widths = Self.wide
            gap = "  "
        }
    }

    /// The table for standard output's terminal: `COLUMNS` when it is set (a choice made
    /// for this run), else the terminal's width (TIOCGWINSZ), else no limit.
    static func forStandardOutput() -> GestureTable {
        if let text = getenv("COLUMNS").map({ String(cString: $0) }), let n = Int(text), n > 0 {
            return GestureTable(width: n)
        }
        var size = winsize()
        if ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return GestureTable(width: Int(size.ws_col)) }
        return GestureTable(width: nil)
    }

    /// The cells padded to their columns (time right-aligned), then the details: on the
    /// same line when they fit, else on continuation lines.
    private func columns(_ cells: [String], details: String) -> String {
        var out = ""
        for (i, cell) in cells.enumerated() {
            let w = widths[i]
            let room = String(repeating: " ", count: Swift.max(0, w - cell.count))
            out += (i == 0 ? room + cell : cell + room) + gap
        }
        guard let width, out.count + details.count > width, !details.isEmpty else { return out + details + "\n" }
        // Continuation lines under the gesture column, the details' parts kept whole where
        // they fit (else cut between words).
        var text = String(out.reversed().drop { $0 == " " }.reversed()) + "\n"
        let margin = String(repeating: " ", count: Self.indent)
        let room = width - Self.indent
        var pieces: [(separator: String, text: Substring)] = []
        for part in details.split(separator: "  ", omittingEmptySubsequences: true) {
            if part.count <= room {
                pieces.append(("  ", part))
            } else {
                for (i, word) in part.split(separator: " ").enumerated() { pieces.append((i == 0 ? "  " : " ", word)) }
            }
        }
        var line = ""
        for piece in pieces {
            if !line.isEmpty && line.count + piece.separator.count + piece.text.count > room {
                text += margin + line + "\n"
                line = ""
            }
            line += (line.isEmpty ? "" : piece.separator) + piece.text
        }
        return text + margin + line + "\n"
    }

    var header: String {
        columns(["t", "dev", "gesture", "state", widths[4] < 7 ? "f" : "fingers", widths[5] < 15 ? "location" : "location (mm)"],
                details: "details")
    }

    func row(_ line: RecognizedEvent) -> String {
        switch line {
        case .gesture(let g): return row(g)
        case .orientation(let o):
            return columns([Self.format3(o.time.seconds), String(o.device), "orientation", "changed", "", ""],
                           details: o.orientation.rawValue + "  pose \(o.pose.rawValue), was \(o.previous?.rawValue ?? "unknown"), "
                               + "turn \(Int(o.rotationDelta.degrees.rounded()))°")
        }
    }

    func row(_ e: GestureEvent) -> String {
        func f(_ v: Double) -> String {
            let r = (v * 10).rounded() / 10
            return r == 0 ? "0" : String(r)
        }
        return columns([Self.format3(e.time.seconds), String(e.device), e.kind.rawValue, e.phase.rawValue, String(e.fingers),
                        "\(f(e.location.x)), \(f(e.location.y))"], details: e.summary)
    }

    private static func format3(_ v: Double) -> String {
        let ms = Int((v * 1000).rounded())
        let frac = String(ms % 1000)
        return "\(ms / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
