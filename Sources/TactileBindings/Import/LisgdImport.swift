/// A lisgd command line: `-d NODE`, `-g "FINGERS,GESTURE,EDGE,DISTANCE,ACTMODE,COMMAND"`
/// (older versions leave ACTMODE out), `-o ORIENTATION` and tuning options. Gestures
/// `LR`, `RL`, `DU`, `UD` are strokes right, left, up and down; an edge `L`, `R`, `T`, `B`
/// makes them edge swipes; `N` or `*` is anywhere. A distance `S`, `M`, `L` becomes a
/// threshold of 10%, 25% or 50% of the screen, `*` 30 mm. Commands run through `sh -c`.
enum LisgdImport {
    static func translate(_ text: String, into c: inout ImportedConfig) {
        // Continuation lines joined, then the words as the shell splits them.
        let joined = text.replacing("\\\n", with: " ")
        var words: [String] = []
        for line in joined.split(whereSeparator: \.isNewline) {
            let t = line.trimmingSpaces
            if t.hasPrefix("#") { continue }
            guard let w = ShellWords.split(t) else { c.note("a line with an open quote: `\(t)`"); continue }
            words += w
        }
        guard let start = words.firstIndex(where: { $0 == "lisgd" || $0.hasSuffix("/lisgd") }) else { return }
        var node: String?
        var i = start + 1
        while i < words.count {
            let w = words[i]
            let value = i + 1 < words.count ? words[i + 1] : nil
            switch w {
            case "-d": node = value; i += 2
            case "-g":
                if let spec = value { gesture(spec, into: &c) }
                i += 2
            case "-o":
                c.note("`-o \(value ?? "")`: lisgd turns directions by a fixed orientation; here `screen: follow-orientation` turns them with an accelerometer, if you add one")
                i += 2
            case "-t", "-r", "-m", "-w", "-h":
                c.note("`\(w) \(value ?? "")`: lisgd's tuning (Tactile's thresholds are in mm, per binding)")
                i += 2
            case "-v": i += 1
            case "&", ";", "&&", "||": i = words.count
            default:
                c.note("`\(w)`: not a lisgd option")
                i += 1
            }
        }
        c.devices.append(node.map { "{kind: touchscreen, node: \(YAMLText.scalar($0))}" } ?? "{kind: touchscreen}")
    }

    private static func gesture(_ spec: String, into c: inout ImportedConfig) {
        var fields = spec.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 5 else { c.note("`-g \(spec)`: a gesture is FINGERS,GESTURE,EDGE,DISTANCE,ACTMODE,COMMAND"); return }
        let hasMode = fields.count >= 6 && (fields[4] == "R" || fields[4] == "P")
        let commandText = fields[(hasMode ? 5 : 4)...].joined(separator: ",")
        fields = Array(fields.prefix(hasMode ? 5 : 4))
        guard let fingers = Int(fields[0]), (1...5).contains(fingers) else { c.note("`-g \(spec)`: fingers must be 1 to 5"); return }
        let direction: String
        switch fields[1] {
        case "LR": direction = "right"
        case "RL": direction = "left"
        case "DU": direction = "up"
        case "UD": direction = "down"
        // Diagonals: from down-left to up-right, and so on.
        case "DLUR": direction = "right-up"
        case "URDL": direction = "left-down"
        case "ULDR": direction = "right-down"
        case "DRUL": direction = "left-up"
        default:
            c.note("`-g \(spec)`: lisgd has no gesture `\(fields[1])`")
            return
        }
        if hasMode && fields[4] == "P" {
            c.note("`-g \(spec)`: lisgd's `P` runs while the finger is still down; here it runs when the stroke is recognized")
        }
        guard let command = ImportedCommand.fromShellText(commandText) else { c.note("`-g \(spec)`: no command"); return }
        var out: [(String, String)]
        if ["L", "R", "T", "B"].contains(fields[2]) && direction.contains("-") {
            c.note("`-g \(spec)`: a diagonal stroke from an edge (edge swipes go straight in)")
            return
        }
        switch fields[2] {
        case "L", "R", "T", "B":
            let edge = ["L": "left", "R": "right", "T": "top", "B": "bottom"][fields[2]]!
            out = [("gesture", "edgeSwipe")]
            if fingers != 1 { out.append(("fingers", String(fingers))) }
            out += [("edge", edge), ("direction", direction)]
            // lisgd's distances: short, medium, long strokes (of the surface along them).
            if let threshold = ["M": "25%", "L": "50%"][fields[3]] { out.append(("threshold", YAMLText.scalar(threshold))) }
        case "N", "*":
            out = [("gesture", "swipe"), ("fingers", String(fingers)), ("direction", direction)]
            let threshold: String
            switch fields[3] {
            case "S": threshold = "10%"
            case "M": threshold = "25%"
            case "L": threshold = "50%"
            default: threshold = "30mm"
            }
            out.append(("threshold", YAMLText.scalar(threshold)))
        case "TL", "TR", "BL", "BR":
            // A stroke out of a corner: straight along one of its edges, or diagonally out
            // of it (the only way a diagonal leaves a corner), which any direction matches.
            let corner = ["TL": "top-left", "TR": "top-right", "BL": "bottom-left", "BR": "bottom-right"][fields[2]]!
            out = [("gesture", "edgeSwipe")]
            if fingers != 1 { out.append(("fingers", String(fingers))) }
            out.append(("edge", corner))
            if !direction.contains("-") {
                out.append(("direction", direction))
            } else {
                c.note("`-g \(spec)`: a diagonal out of a corner (any stroke out of the corner runs it)")
            }
        default:
            c.note("`-g \(spec)`: lisgd has no edge `\(fields[2])`")
            return
        }
        c.bind(out, command: command, comment: "-g \"\(spec)\"")
    }
}
