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
/// 68 mm, sxmo's phone). A `P` stroke runs while the finger is down, every `-T` px from
/// where it last ran: along an edge or anywhere, a `pan` with `repeat` (its way back the
/// gesture bound the other way); in from an edge, once, a `pan` from that edge with `on:
/// began` at that threshold (its next leg starts outside the edge).
enum LisgdImport {
    /// Screen pixels per millimetre taken for lisgd's pixel distances.
    static let pixelsPerMillimetre = 720.0 / 68

    static func translate(_ text: String, into c: inout ImportedConfig) throws(TactileError) {
        let command = try ShellScript.command(named: "lisgd", in: text, file: c.source)
        // A substitution in a gesture's command runs at each gesture here, where the script
        // ran it once: changed. One in `-d` is the device, noted below.
        let inGestures = command.words.indices.contains { i in
            i > 0 && command.words[i - 1] == "-g" && (command.words[i].contains("$(") || command.words[i].contains("`"))
        }
        for n in command.notes {
            if n.hasPrefix("a command substitution") {
                if inGestures { c.change("a command substitution in the script", n) }
            } else if n.contains("the script picks it as it runs") {
                // Its value may be another on the device's own runs: counted, to be checked
                // (the device's own variable is noted with `-d` below).
                let name = n.drop { $0 != "$" }.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                let asDevice = ["-d $\(name)", "-d \"$\(name)", "-d ${\(name)", "-d \"${\(name)"].contains { text.contains($0) }
                if !asDevice { c.change("$\(name), set as the script runs", n) }
            } else if !(n.contains("a variable the script does not set") && command.words.indices.contains { $0 > 0 && command.words[$0 - 1] == "-d" && n.contains(command.words[$0]) }) {
                c.note(n)
            }
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
        /// Where `word` first is in the script from the command's first line on (with `last`,
        /// where it last is on the command's lines: a trailing option).
        func place(of word: String, last: Bool = false) -> (Int, Int)? {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var found: (Int, Int)?
            for n in Swift.max(0, command.line - 1)..<lines.count {
                let r = last ? lines[n].range(of: word, options: .backwards) : lines[n].range(of: word)
                if let r { found = (n + 1, lines[n].distance(from: lines[n].startIndex, to: r.lowerBound) + 1) }
                if found != nil && (!last || !lines[n].hasSuffix("\\")) { break }
            }
            return found
        }
        while i < words.count {
            let w = words[i]
            let value = i + 1 < words.count ? words[i + 1] : nil
            if value == nil, ["-d", "-g", "-o", "-t", "-T", "-s", "-r", "-m", "-w", "-h"].contains(w) {
                // lisgd: "option -t expects a value", and it exits.
                let at = place(of: w, last: true)
                throw TactileError(.badData, file: c.source, line: at?.0 ?? command.line, column: at?.1,
                                   "lisgd refuses this command line: option \(w) expects a value")
            }
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
                // lisgd prints its usage and exits on any other argument.
                let at = place(of: w)
                throw TactileError(.badData, file: c.source, line: at?.0 ?? command.line, column: at?.1,
                                   "lisgd refuses this command line: `\(w)` is not one of its options (it prints its usage and exits)")
            }
        }
        // lisgd's leniency, which Tactile's swipes do not have, changes which strokes run, so
        // it is counted. Its time limit (`timeoutms`) is each swipe's `maxDuration`, timed
        // from the stroke's first movement rather than the first finger down.
        var limit: String?
        if !gestures.isEmpty {
            c.change("lisgd's `-r \(leniency)`", "lisgd takes strokes within \(leniency)° of a direction; Tactile's swipes fall in four sectors of 90° (eight of 45° once a diagonal is bound)")
            if let ms = Double(timeout), ms.isFinite, ms > 0 {
                limit = LibinputGesturesImport.number(Swift.max(ms.rounded(), 10)) + "ms"
                c.note("lisgd's `-m \(timeout)`: a stroke that took longer than \(timeout) ms runs nothing, here each swipe's `maxDuration: \(limit!)`, timed from when the stroke started to move (lisgd's from the first finger down)")
            } else {
                c.change("lisgd's `-m \(timeout)`", "not a time limit in ms that lisgd reads; here a slow stroke counts however long it took")
            }
        }
        c.note("lisgd counts screen pixels: -t \(LibinputGesturesImport.number(threshold)) px is taken as \(LibinputGesturesImport.number(threshold / pixelsPerMillimetre)) mm (a phone's \(LibinputGesturesImport.number(pixelsPerMillimetre)) px/mm)" + (c.settings.contains { $0.name == "edgeZone" } ? "" : "; its edges are 50 px, here `edgeZone` (4 mm)"))
        if gestures.isEmpty {
            c.note("no `-g`: lisgd's built-in gestures (its config.h) are not known here")
        }
        var seen: [String: String] = [:]
        let specs = gestures.map { (text: $0.spec, spec: spec($0.spec, turns: turns)) }
        // The `P` strokes' commands, for a repeat's way back: the same fingers and edge the
        // other way.
        var pressedCommands: [String: String] = [:]
        for case let (_, s?) in specs where s.mode == "P" {
            let key = "\(s.fingers) \(s.swipe) \(s.edge)"
            if pressedCommands[key] == nil { pressedCommands[key] = s.command }
        }
        for (text, s) in specs {
            guard let s else { c.drop("-g \(text)", "a gesture is FINGERS,SWIPE,EDGE,DISTANCE,ACTMODE,COMMAND"); continue }
            gesture(text, s, threshold: threshold, pressed: pressed, limit: limit, pressedCommands: pressedCommands, seen: &seen, into: &c)
        }
        if let n = node, n.contains("$") || n.contains("`") {
            // `-d "$(ls /dev/input/by-path/*touch*)"` or `-d $DEVICE` the script does not
            // set: the script found its device when it ran; a node written so is none.
            c.note("`-d \(ShellScript.shortened(n))`: the script finds its device as it runs; here any touchscreen is read (give `node:` or `name:` under `devices:` to pick one)")
            node = nil
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

    /// One `-g` gesture, its fields read as lisgd reads them, turned by `-o`.
    struct Spec {
        var fingers: String, swipe: String, edge = "*", distance = "*", mode = "R", command: String
        /// The gesture went on past its command's comma: lisgd cut it there (`strtok`).
        var cut = false
    }

    /// The fields of `spec` (lisgd 0.3: FINGERS,SWIPE,COMMAND; later EDGE and DISTANCE; later
    /// still ACTMODE), or nil when it has too few. lisgd splits a gesture with `strtok` at
    /// every comma, runs of commas as one, and keeps its first fields: a command is cut at
    /// its own first comma (`notify-send 'a, b'` runs `notify-send 'a`).
    static func spec(_ spec: String, turns: Int) -> Spec? {
        let fields = spec.split(separator: ",").map { String($0).trimmingSpaces }
        let edges = ["L", "R", "T", "B", "TL", "TR", "BL", "BR", "N", "*"]
        var s: Spec
        if fields.count >= 5 {
            // lisgd's `main`: an edge or distance it does not know leaves the field unset
            // (zeroed: any); a fifth field other than `P` or `R` is the command ("for
            // backward compatibility"), and a sixth, when there is one, takes its place.
            let edge = edges.contains(fields[2]) ? fields[2] : "*"
            let distance = ["S", "M", "L", "*"].contains(fields[3]) ? fields[3] : "*"
            let mode = fields[4] == "P" ? "P" : "R"
            let command = fields.count > 5 ? fields[5] : (["P", "R"].contains(fields[4]) ? "" : fields[4])
            s = Spec(fingers: fields[0], swipe: fields[1], edge: edge, distance: distance, mode: mode, command: command, cut: fields.count > 6)
        } else if fields.count >= 3 {
            s = Spec(fingers: fields[0], swipe: fields[1], command: fields[2], cut: fields.count > 3)
        } else {
            return nil
        }
        for _ in 0..<turns { (s.swipe, s.edge) = turned(s.swipe, s.edge) }
        return s
    }

    /// The stroke the other way along the same axis.
    static let opposite = ["LR": "RL", "RL": "LR", "DU": "UD", "UD": "DU"]

    private static func gesture(_ text: String, _ s: Spec, threshold: Double, pressed: Double, limit: String?, pressedCommands: [String: String], seen: inout [String: String], into c: inout ImportedConfig) {
        let what = "-g \(text)"
        guard let fingers = Int(s.fingers), (1...10).contains(fingers) else { c.drop(what, "fingers must be 1 to 10"); return }
        let (swipe, edge, distance, mode) = (s.swipe, s.edge, s.distance, s.mode)
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
        if s.cut {
            if let problem = ShellSyntax.problem(s.command) {
                c.drop(what, "lisgd cuts a gesture at every comma, so its command is `\(s.command)`: \(problem), so the shell refuses it and lisgd never ran it")
                return
            }
            c.note("\(what): lisgd cuts a gesture at every comma and runs `\(s.command)`, as here")
        }
        guard let command = ImportedCommand.fromShellText(s.command) else { c.drop(what, "no command"); return }
        let key = "\(fingers) \(swipe) \(edge) \(distance)"
        if let first = seen[key] {
            c.drop(what, "lisgd runs the first gesture that matches, `-g \(first)`")
            return
        }
        seen[key] = text
        let edgeName = ["L": "left", "R": "right", "T": "top", "B": "bottom",
                        "TL": "top-left", "TR": "top-right", "BL": "bottom-left", "BR": "bottom-right", "N": "none"][edge]
        let inward = ["L": "right", "R": "left", "T": "down", "B": "up"][edge]
        let outward = ["L": "left", "R": "right", "T": "up", "B": "down"][edge]
        let step = LibinputGesturesImport.number(pressed / pixelsPerMillimetre) + "mm"
        if mode == "P", distance == "*", opposite[swipe] != nil {
            // lisgd's `P`: while the finger is down, each time the stroke has gone `-T` px
            // (60) from where it last ran, and the edge is where that leg starts or ends.
            // The fingers down as it runs (`nfdown`): a pan of another count is not it.
            var out: [(String, String)] = [("gesture", "pan"), ("fingers", String(fingers))]
            // It runs while the finger is down: `maxDuration` is known only as a stroke ends.
            let unlimited = limit.map { "lisgd runs it only within its `-m` (\($0)) of the first finger down; here while the finger is down, however long" }
            if inward == direction, let edgeName {
                // In from its edge: it runs once, `-T` px in (the next leg starts outside the
                // edge), as a pan from that edge does at that threshold.
                out += [("direction", direction), ("edge", edgeName), ("on", "began"), ("threshold", step)]
                if let unlimited { c.change(what, unlimited) }
                c.bind(out, command: command, comment: what)
                return
            }
            if outward != direction {
                // Along an edge, or anywhere: a run every `-T` px, as a repeat; the way back
                // runs the gesture bound the other way, or nothing.
                out.append(("direction", direction))
                if let edgeName { out.append(("edge", edgeName)) }
                // lisgd follows each finger's slot on its own (`touchmotion`): fingers moving
                // together run it once each per `-T`.
                let perFinger = Swift.max(1, pressed / pixelsPerMillimetre / Double(fingers))
                out.append(("repeat", "{every: \(LibinputGesturesImport.number(perFinger))mm}"))
                if let unlimited { c.change(what, unlimited) }
                if fingers > 1 { c.note("\(what): lisgd runs it for each finger that goes \(LibinputGesturesImport.number(pressed)) px, so \(fingers) fingers together run it every \(LibinputGesturesImport.number(perFinger)) mm") }
                let back = pressedCommands["\(fingers) \(opposite[swipe]!) \(edge)"].flatMap(ImportedCommand.fromShellText)
                if let keys = KeyCommand.input(for: command), keys.count == 1, keys[0].0 == "keys", !c.keepCommands {
                    let reverse = back.flatMap(KeyCommand.input(for:)).flatMap { $0.count == 1 && $0[0].0 == "keys" ? $0[0].1 : nil }
                    if back == nil || reverse != nil {
                        c.bind(out, input: keys + [("reverse", reverse ?? "[]")], original: nil, comment: what)
                        return
                    }
                }
                let run: ImportedCommand = back.map { .bySign(command.text, $0.text) }
                    ?? .shell("[ \"$TACTILE_SIGN\" = + ] && \(command.text)")
                c.bind(out, command: run, comment: what)
                if back == nil { c.note("\(what): a step back runs nothing, as lisgd runs nothing for a stroke no gesture is bound to") }
                return
            }
        }
        // (A `P` gesture with a distance runs only when the finger lifts: lisgd matches its
        // pressed strokes against gestures of any distance alone.)
        if mode == "P" && distance == "*" {
            c.change(what, "lisgd's `P` runs it while the finger is still down, past \(LibinputGesturesImport.number(pressed)) px (`-T`)\(outward == direction ? ", as it reaches the edge" : ""); here when the stroke ends")
        }
        var out: [(String, String)] = [("gesture", "swipe"), ("fingers", String(fingers)), ("direction", direction)]
        if let edgeName { out.append(("edge", edgeName)) }
        let mm = threshold / pixelsPerMillimetre
        switch distance {
        case "M": out.append(("threshold", YAMLText.scalar("33%")))
        case "L": out.append(("threshold", YAMLText.scalar("66%")))
        default: out.append(("threshold", LibinputGesturesImport.number(mm) + "mm"))
        }
        if let limit { out.append(("maxDuration", limit)) }
        c.bind(out, command: command, comment: what)
    }
}
