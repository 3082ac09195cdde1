import Tactile

/// lisgd's command line, wherever a script writes it: `lisgd -d NODE -t 200 -g
/// "FINGERS,SWIPE,EDGE,DISTANCE,ACTMODE,COMMAND" ...`, found in a shell script however it is
/// started (`exec lisgd`, `/usr/bin/lisgd`, after `if [ -x ... ]; then`, with continuation
/// lines, `"$@"` and variables the script assigns).
///
/// What lisgd does with a gesture, from its source (lisgd.c):
/// - It acts when the last finger lifts (`R`, the default), or while the fingers are still
///   down once they went 60 px (`P`), within 800 ms of the first finger landing (`-m`), on
///   a stroke of at least 125 px (`-t`) within 15° (`-r`) of one of eight directions.
/// - An edge (`L`, `R`, `T`, `B`) is where the stroke starts or, failing that, where it
///   ends: within 50 px of that edge, whichever way it goes. A corner (`TL`...) is both
///   edges at once; `*` is anywhere, `N` nowhere near an edge.
/// - A distance `S`, `M`, `L` is a stroke of any length, a third, two thirds of the screen
///   along it; `*` any.
/// - The first gesture that matches runs; commands run through `sh -c`.
///
/// Here each is a `swipe` binding (it runs when the stroke ends, quick or slow, as lisgd's
/// does) with `edge:` for an edge or a corner (docs/bindings.md: a swipe's edge is where it
/// starts or ends) and a threshold of lisgd's distance. lisgd counts screen pixels; Tactile
/// millimetres: pixels are taken at a phone's density, 10.6 px/mm (a PinePhone's 720 px over
/// 68 mm, sxmo's phone). A `P` stroke in from its edge is an `edgeSwipe`, which runs while
/// the finger is down, as lisgd's does.
enum LisgdImport {
    /// Screen pixels per millimetre taken for lisgd's pixel distances.
    static let pixelsPerMillimetre = 720.0 / 68

    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        let command = try ShellScript.command(named: "lisgd", in: text, file: c.source)
        for n in command.notes {
            if n.hasPrefix("a command substitution") { c.change("a command substitution in the script", n) } else { c.note(n) }
        }
        let words = command.words
        var node: String?
        var gestures: [(spec: String, index: Int)] = []
        var threshold = 125.0
        // `-T`: how far a `P` stroke goes before it runs (`distancethreshold_pressed`, 60).
        var pressed = 60.0
        var timeout = "800", leniency = "15"
        var turns = 0
        var i = 0
        while i < words.count {
            let w = words[i]
            let value = i + 1 < words.count ? words[i + 1] : nil
            switch w {
            case "-d": node = value; i += 2
            case "-g":
                if let spec = value { gestures.append((spec, i)) }
                i += 2
            case "-o":
                // lisgd turns every gesture by this many quarter turns at start
                // (`swipereorient`, `edgereorient`): done here, so the bindings are the panel's.
                if let o = value.flatMap(Int.init), (0...3).contains(o) {
                    turns = o
                    if o != 0 { c.note("`-o \(o)`: lisgd's gestures turned by \(o * 90)° as it turns them at start; the bindings here are the panel's, fixed (`screen: follow-orientation` would follow an accelerometer instead)") }
                } else {
                    c.note("`-o \(value ?? "")`: not an orientation lisgd knows (0 to 3)")
                }
                i += 2
            case "-t":
                if let v = value.flatMap(Double.init), v > 0 { threshold = v }
                i += 2
            case "-T":
                if let v = value.flatMap(Double.init), v > 0 { pressed = v }
                i += 2
            case "-s":
                // `edgessizecaling`: every edge is 50 px times it.
                if let v = value.flatMap(Double.init), v > 0, v.isFinite {
                    let mm = 50 * v / pixelsPerMillimetre
                    c.set("edgeZone", LibinputGesturesImport.number(Swift.min(Swift.max(mm, 1), 50)))
                    c.note("`-s \(value!)`: lisgd's edges are 50 px × \(value!), here `edgeZone` \(LibinputGesturesImport.number(mm)) mm")
                } else {
                    c.note("`-s \(value ?? "")`: not an edge scale lisgd reads as a number (ignored)")
                }
                i += 2
            case "-r":
                if let v = value { leniency = v }
                i += 2
            case "-m":
                if let v = value { timeout = v }
                i += 2
            case "-w", "-h":
                c.note("`\(w) \(value ?? "")`: lisgd's screen size in pixels (here the panel's size in mm is read from the device)")
                i += 2
            case "-v": i += 1
            default:
                c.note("`\(w)`: not a lisgd option (ignored)")
                i += 1
            }
        }
        // lisgd's own limits (`degreesleniency`, `timeoutms`), which Tactile's swipes do not
        // have: each changes which strokes run, so each is counted.
        if !gestures.isEmpty {
            c.change("lisgd's `-r \(leniency)`", "lisgd takes strokes within \(leniency)° of a direction; Tactile's swipes fall in four sectors of 90° (eight of 45° once a diagonal is bound)")
            c.change("lisgd's `-m \(timeout)`", "lisgd ignores a gesture that took longer than \(timeout) ms from the first finger down; here a slow stroke counts however long it took")
        }
        c.note("lisgd counts screen pixels: -t \(LibinputGesturesImport.number(threshold)) px is taken as \(LibinputGesturesImport.number(threshold / pixelsPerMillimetre)) mm (a phone's \(LibinputGesturesImport.number(pixelsPerMillimetre)) px/mm)" + (c.settings.contains { $0.name == "edgeZone" } ? "" : "; its edges are 50 px, here `edgeZone` (4 mm)"))
        if gestures.isEmpty {
            c.note("no `-g`: lisgd's built-in gestures (its config.h) are not known here")
        }
        var seen: [String: String] = [:]
        for g in gestures {
            gesture(g.spec, threshold: threshold, pressed: pressed, turns: turns, seen: &seen, into: &c)
        }
        c.devices.append(node.map { "{kind: touchscreen, node: \(YAMLText.scalar($0))}" } ?? "{kind: touchscreen}")
        if gestures.count > 1 {
            c.note("lisgd runs the first gesture that matches; here the most specific binding (a corner over an edge over anywhere)")
        }
    }

    /// A gesture's swipe and edge turned a quarter clockwise, as lisgd's `-o` turns them.
    static func turned(_ swipe: String, _ edge: String) -> (String, String) {
        let swipes = ["DU": "LR", "DLUR": "ULDR", "LR": "UD", "ULDR": "URDL", "UD": "RL", "URDL": "DRUL", "RL": "DU", "DRUL": "DLUR"]
        let edges = ["L": "T", "R": "B", "T": "R", "B": "L", "TL": "TR", "TR": "BR", "BL": "TL", "BR": "BL"]
        return (swipes[swipe] ?? swipe, edges[edge] ?? edge)
    }

    private static func gesture(_ spec: String, threshold: Double, pressed: Double, turns: Int, seen: inout [String: String], into c: inout ImportedConfig) {
        let fields = spec.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        // lisgd 0.3: FINGERS,SWIPE,COMMAND; later EDGE and DISTANCE; later still ACTMODE.
        let edges = ["L", "R", "T", "B", "TL", "TR", "BL", "BR", "N", "*"]
        var edge = "*", distance = "*", mode = "R"
        var commandText: String
        if fields.count >= 6, edges.contains(fields[2]), ["S", "M", "L", "*"].contains(fields[3]), ["R", "P", "*"].contains(fields[4]) {
            (edge, distance, mode) = (fields[2], fields[3], fields[4])
            commandText = fields[5...].joined(separator: ",")
        } else if fields.count >= 5, edges.contains(fields[2]), ["S", "M", "L", "*"].contains(fields[3]) {
            (edge, distance) = (fields[2], fields[3])
            commandText = fields[4...].joined(separator: ",")
        } else if fields.count >= 3 {
            commandText = fields[2...].joined(separator: ",")
        } else {
            c.drop("-g \(spec)", "a gesture is FINGERS,SWIPE,EDGE,DISTANCE,ACTMODE,COMMAND")
            return
        }
        let what = "-g \(spec)"
        guard let fingers = Int(fields[0]), (1...10).contains(fingers) else { c.drop(what, "fingers must be 1 to 10"); return }
        var swipe = fields[1]
        for _ in 0..<turns { (swipe, edge) = turned(swipe, edge) }
        let direction: String
        switch swipe {
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
            c.drop(what, "lisgd has no gesture `\(swipe)`")
            return
        }
        guard let command = ImportedCommand.fromShellText(commandText) else { c.drop(what, "no command"); return }
        let key = "\(fingers) \(swipe) \(edge) \(distance)"
        if let first = seen[key] {
            c.drop(what, "lisgd runs the first gesture that matches, `-g \(first)`")
            return
        }
        seen[key] = spec
        let edgeName = ["L": "left", "R": "right", "T": "top", "B": "bottom",
                        "TL": "top-left", "TR": "top-right", "BL": "bottom-left", "BR": "bottom-right"][edge]
        let inward = ["L": "right", "R": "left", "T": "down", "B": "up"][edge]
        if mode == "P", let edgeName, inward == direction {
            // While the finger is down, in from the edge: Tactile's edge swipe, which runs once
            // the stroke has come 10 mm in.
            var out: [(String, String)] = [("gesture", "edgeSwipe")]
            if fingers != 1 { out.append(("fingers", String(fingers))) }
            out += [("edge", edgeName), ("direction", direction)]
            c.bind(out, command: command, comment: what)
            return
        }
        if mode == "P" {
            c.change(what, "lisgd's `P` runs it while the finger is still down, past \(LibinputGesturesImport.number(pressed)) px (`-T`); here when the stroke ends")
        }
        var out: [(String, String)] = [("gesture", "swipe"), ("fingers", String(fingers)), ("direction", direction)]
        if let edgeName { out.append(("edge", edgeName)) }
        if edge == "N" {
            c.change(what, "lisgd's `N` is a stroke away from every edge; here it runs for any stroke no edge binding takes")
        }
        let mm = threshold / pixelsPerMillimetre
        switch distance {
        case "M": out.append(("threshold", YAMLText.scalar("33%")))
        case "L": out.append(("threshold", YAMLText.scalar("66%")))
        default: out.append(("threshold", LibinputGesturesImport.number(mm) + "mm"))
        }
        c.bind(out, command: command, comment: what)
    }
}
