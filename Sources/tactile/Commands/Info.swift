import ArgumentParser
import Tactile
import TactileLibinputRecord
import TactileLinux

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Describe a recording: its devices, duration and event counts.")

    @OptionGroup var input: InputOptions
    @OptionGroup var progress: ProgressOptions

    func run() throws {
        try reportingErrors {
            var reader = try Recordings.open(input.input, description: input.description)
            // What was guessed about a device is part of the description below, never a notice.
            let bar = ProgressBar.start("info", reading: input.input, quiet: progress.quiet)
            let summary: RecordingSummary
            do {
                defer { bar?.finish() }
                summary = try RecordingSummary(reading: &reader, size: input.size?.size)
            }
            var text = "file: \(input.input)\n"
            text += "duration: \(Timestamp(microseconds: summary.duration.microseconds)) s\n"
            if let origin = reader.header.origin { text += "origin: \(origin) s\n" }
            for d in reader.header.devices {
                text += "device \(d.id): \"\(d.name.terminalSafe)\"\n  kind: \(d.kind.rawValue)\n"
                if d.inferred {
                    text += "  description: inferred from its events (no getevent -p description in the capture)\n"
                }
                if let guessed = GuessNotice.text(for: d.sized(input.size?.size)) { text += "  guessed: \(guessed)\n" }
                if let s = input.size?.size ?? d.size {
                    let source = input.size != nil ? "given" : (d.sizeSource ?? .resolution).rawValue
                    text += "  size: \(s.width.value.tenths) x \(s.height.value.tenths) mm (\(source))\n"
                }
                if let slots = d.slots { text += "  slots: \(slots)\n" }
                if d.kind != .accelerometer { text += "  pressure: \(d.pressure ? "yes" : "no")\n" }
                if d.semiMT { text += "  semi-mt: yes\n" }
                if let caps = d.evdev {
                    let id = caps.inputID
                    text += "  evdev id: bus 0x\(String(id.bustype, radix: 16)) vendor 0x\(String(id.vendor, radix: 16)) "
                        + "product 0x\(String(id.product, radix: 16)) version 0x\(String(id.version, radix: 16))\n"
                    if !caps.properties.isEmpty {
                        text += "  properties: " + caps.properties.map { EventNames.property($0) ?? String($0) }.joined(separator: ", ") + "\n"
                    }
                    for code in caps.absinfo.keys.sorted() {
                        let a = caps.absinfo[code]!
                        let name = EventNames.code(type: EventType.abs, code: code) ?? "0x\(String(code, radix: 16))"
                        text += "  axis \(name): \(a.minimum)...\(a.maximum), resolution \(a.resolution)\n"
                    }
                }
                let c = summary.devices[d.id] ?? RecordingSummary.Counts()
                if c.evdevFrames > 0 { text += "  evdev frames: \(c.evdevFrames) (\(c.evdevEvents) events)\n" }
                if let r = c.repairs {
                    text += "  repairs: \(r.heldBack) contacts held back (axis unknown), \(r.outOfRange) values out of range, "
                        + "\(r.jumps) touch jumps split, \(r.droppedFrames) frames lost to SYN_DROPPED\n"
                    // The driver quirks (docs/frame-assembly.md), said only where one was seen.
                    var quirks: [String] = []
                    if r.emptyFrameLifts > 0 { quirks.append("\(r.emptyFrameLifts) lifts implied by empty protocol A frames") }
                    if r.ghosts > 0 { quirks.append("\(r.ghosts) ghost contacts dropped") }
                    if r.ignoredFingerFlags > 0 { quirks.append("\(r.ignoredFingerFlags) BTN_TOOL finger counts ignored") }
                    if r.fakeMultitouch > 0 { quirks.append("fake multitouch (ABS_RESERVED): no touches") }
                    if !quirks.isEmpty { text += "  quirks: " + quirks.joined(separator: ", ") + "\n" }
                }
                if c.touchFrames > 0 { text += "  touch frames: \(c.touchFrames), at most \(c.maxContacts) contacts\n" }
                if c.accelSamples > 0 { text += "  accelerometer samples: \(c.accelSamples)\n" }
            }
            print(text, terminator: "")
        }
    }
}
