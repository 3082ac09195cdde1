import Tactile

/// Splits a `libinput record` file into its event lines and the rest.
///
/// libinput writes each event as one flow sequence on its own line,
/// `    - [  0,  12345,   3,  53,    900] # comment`, under a device's `events:` key.
/// Those are parsed here straight into `EvdevEvent`s; every other line (descriptions, udev
/// properties, `libinput:` entries, unknown keys) stays in the YAML text for Yams, with
/// each device's events replaced by `[]`. Line numbers map back to the file.
struct EventLines {
    var yaml: String
    /// Events per device, in file order.
    var events: [[EvdevEvent]]
    /// The file line of each event, for errors.
    var eventLines: [[Int]]
    /// For each line of `yaml`, the line of the file it came from.
    var lineMap: [Int]

    func originalLine(_ yamlLine: Int) -> Int {
        yamlLine >= 1 && yamlLine <= lineMap.count ? lineMap[yamlLine - 1] : yamlLine
    }

    static func split(_ text: String, name: String) throws -> EventLines {
        var out = EventLines(yaml: "", events: [], eventLines: [], lineMap: [])
        var device = -1
        var inDevices = false
        /// Indentation of the `events:` key being read, while inside one.
        var eventsIndent: Int?
        var lineNumber = 0
        var yamlLines: [Substring] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.last == "\r" ? rawLine.dropLast() : rawLine
            let indent = line.prefix(while: { $0 == " " }).count
            let body = line.dropFirst(indent)
            if let e = eventsIndent {
                if body.isEmpty || body.hasPrefix("#") { continue }
                if indent > e || (indent == e && body.hasPrefix("- ")) {
                    if let event = try parseEvent(body, line: lineNumber, name: name) {
                        out.events[device].append(event)
                        out.eventLines[device].append(lineNumber)
                    }
                    continue  // `- evdev:` / `- libinput:` markers and their contents
                }
                eventsIndent = nil
            }
            if indent == 0 && !body.isEmpty && !body.hasPrefix("#") && !body.hasPrefix("- ") {
                inDevices = body.hasPrefix("devices:")
            }
            if inDevices && indent == 0 && body.hasPrefix("- ") {
                device += 1
                out.events.append([])
                out.eventLines.append([])
            }
            if device >= 0, body == "events:" || body.hasPrefix("events: ") || body.hasPrefix("events:#") {
                if body.dropFirst("events:".count).trimmingSpaces().isEmpty || body.dropFirst("events:".count).trimmingSpaces().hasPrefix("#") {
                    eventsIndent = indent
                    yamlLines.append(line.prefix(indent) + "events: []")
                    out.lineMap.append(lineNumber)
                    continue
                }
            }
            // libinput never writes explicit complex keys (`? key`); nested ones make the
            // YAML parser's time explode (found by fuzz-libinput-record), so refuse them.
            var rest = body
            while rest.hasPrefix("- ") { rest = rest.dropFirst(2).drop(while: { $0 == " " }) }
            if rest.hasPrefix("?") && (rest.count == 1 || rest.dropFirst().first == " " || rest.dropFirst().first == "\t") {
                throw TactileError(.badData, file: name, line: lineNumber,
                                   "explicit YAML keys ('? ') are not part of a libinput recording")
            }
            yamlLines.append(line)
            out.lineMap.append(lineNumber)
        }
        out.yaml = yamlLines.joined(separator: "\n") + "\n"
        return out
    }

    /// `- [sec, usec, type, code, value]`, possibly with a comment; nil for other lines.
    static func parseEvent(_ body: Substring, line: Int, name: String) throws -> EvdevEvent? {
        var s = body
        guard s.hasPrefix("- [") else { return nil }
        s = s.dropFirst(3)
        guard let close = s.firstIndex(of: "]") else {
            throw TactileError(.badData, file: name, line: line, "an event must be [sec, usec, type, code, value] on one line")
        }
        let fields = s[..<close].split(separator: ",")
        var v: [Int64] = []
        v.reserveCapacity(5)
        for f in fields {
            guard let n = Int64(f.trimmingSpaces()) else {
                throw TactileError(.badData, file: name, line: line, "an event must be [sec, usec, type, code, value]")
            }
            v.append(n)
        }
        guard v.count == 5 else {
            throw TactileError(.badData, file: name, line: line, "an event must be [sec, usec, type, code, value]")
        }
        guard (0..<(1 << 40)).contains(v[0]), (0..<1_000_000).contains(v[1]) else {
            throw TactileError(.badData, file: name, line: line, "bad event time \(v[0]).\(v[1])")
        }
        guard let type = UInt16(exactly: v[2]), let limit = EventCodeLimits.maxCode(forType: type),
              let code = UInt16(exactly: v[3]), code <= limit
        else { throw TactileError(.badData, file: name, line: line, "event type \(v[2]) code \(v[3]) does not exist") }
        guard let value = Int32(exactly: v[4]) else {
            throw TactileError(.badData, file: name, line: line, "value \(v[4]) does not fit 32 bits")
        }
        return EvdevEvent(type: type, code: code, value: value, time: Timestamp(microseconds: v[0] * 1_000_000 + v[1]))
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" { s = s.dropLast() }
        return s
    }
}
