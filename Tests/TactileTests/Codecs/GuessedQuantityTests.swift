import Foundation
import Tactile
import Testing
import TestSupport

/// No gesture from a guessed quantity (issue #44): Android captures made without `getevent
/// -p` (tools/gen-guess-captures.py writes them), whose ranges, pressure range and size
/// Tactile must guess; what is guessed, said, and given instead.
@Suite struct GuessedQuantityTests {
    static func fixture(_ name: String) -> String {
        Paths.packageRoot.appendingPathComponent("Tests/Fixtures/getevent/\(name)").path
    }

    static let captures = ["phone-undescribed.getevent", "phone-undescribed-toolfinger.getevent"]

    /// The gesture lines that are not `changed`, as "kind phase fingers".
    static func outline(_ lines: [GestureEvent]) -> [String] {
        lines.filter { $0.phase != .changed }.map { "\($0.kind.rawValue) \($0.phase.rawValue) \($0.fingers)" }
    }

    static let taps = ["tap recognized 1", "tap recognized 1"]
    static let pans = ["pan began 1", "pan ended 1", "pan began 2", "pan ended 2"]

    /// Acceptance 1a: a phone captured without -p, whose firm presses reach the largest
    /// pressure value seen, gives its taps, its drag and its two-finger drag: no peek (the
    /// firm tap and the drag were peeks, the two-finger drag lost to one), no rotate. With
    /// or without `BTN_TOOL_FINGER` it is a touchscreen.
    @Test(arguments: captures)
    func anUndescribedPhoneGivesTapsAndPansAndNoPeekOrRotate(_ name: String) throws {
        let (header, events) = try readAll(Self.fixture(name))
        let screen = try #require(header.devices.first { $0.name == "fts_ts" })
        #expect(screen.inferred && screen.kind == .touchscreen && screen.pressure)
        #expect(screen.guesses == [.kind, .ranges, .size, .pressureRange])
        let lines = recognize(header, events)
        #expect(!lines.contains { $0.kind == .peek || $0.kind == .rotate || $0.kind == .longPress }, "\(lines.map(\.jsonLine))")
        #expect(Self.outline(lines) == Self.taps + Self.pans, "\(Self.outline(lines))")
        #expect(gestureProblems(lines).isEmpty)
    }

    /// The same events with the phone's `getevent -lp` description (given apart, `--desc`):
    /// the pressure range is the kernel's, pressure is force, and the firm tap peeks and
    /// pops as it did.
    @Test func aKnownPressureRangeStillPeeks() throws {
        let (header, events) = try readAll(Self.fixture("phone-undescribed.getevent"), description: Self.fixture("phone.getevent-lp"))
        let screen = try #require(header.devices.first { $0.name == "fts_ts" })
        #expect(!screen.inferred && !screen.pressureRangeGuessed && screen.guesses == [.size])
        #expect(screen.evdev?.absinfo[AbsCode.mtPressure]?.maximum == 255)
        #expect(screen.evdev?.properties == [InputProperty.direct])
        let lines = recognize(header, events)
        let peeks = lines.filter { $0.kind == .peek }
        #expect(peeks.contains { if case .peek(.pop, _) = $0.detail { return true } else { return false } }, "\(lines.map(\.jsonLine))")
        #expect(Self.outline(lines).first == "tap recognized 1", "the light tap stays a tap")
    }

    /// `getevent -t` announces every node with its name: that is no description. Before,
    /// such a device was taken as described with no axes, and gave nothing.
    @Test func announcedNodesAreInferredAndKeepTheirNames() throws {
        let (header, _) = try readAll(Self.fixture("phone-undescribed.getevent"))
        #expect(header.devices.map(\.name) == ["gpio_keys", "fts_ts"])
        #expect(header.devices.map(\.inferred) == [true, true])
        #expect(header.devices.map(\.kind) == [.other, .touchscreen])
    }

    /// `wm size` and `wm density` lines size the touchscreen as its display: pixels over
    /// density, the same mm per unit on both axes when the ranges were guessed (every value
    /// fits in the display's pixels: those are the ranges).
    @Test func displayLinesSizeTheTouchscreenAsItsDisplay() throws {
        let capture = try String(contentsOfFile: Self.fixture("phone-undescribed.getevent"), encoding: .utf8)
        for (lines, pixels, density) in [("Physical size: 1080x2400\nPhysical density: 420\n", (1080.0, 2400.0), 420.0),
                                         ("Physical size: 1440x3200\nPhysical density: 560\nOverride size: 1080x2400\nOverride density: 420\n",
                                          (1440.0, 3200.0), 560.0),
                                         ("# wm output\nOverride density: 420\nOverride size: 1080x2400\n", (1080.0, 2400.0), 420.0)] {
            let (header, events) = try readAll(text: lines + capture, name: "display.getevent")
            let screen = try #require(header.devices.first { $0.name == "fts_ts" })
            #expect(screen.sizeSource == .display && screen.inferred)
            #expect(!screen.guesses.contains(.size) && screen.guesses.contains(.pressureRange))
            let perMM = density / 25.4
            let size = try #require(screen.size)
            #expect(abs(size.width.value - (pixels.0 - 1) / perMM) < 1e-9 && abs(size.height.value - (pixels.1 - 1) / perMM) < 1e-9, "\(size)")
            #expect(screen.evdev?.absinfo[AbsCode.mtPositionX]?.maximum == Int32(pixels.0) - 1)
            // The light tap at pixel (540, 1200), where the assembler puts it.
            let tap = try #require(recognize(header, events).first)
            #expect(tap.kind == .tap)
            #expect(abs(tap.location.x - 540 / perMM) < 0.05 && abs(tap.location.y - 1200 / perMM) < 0.05, "\(tap.location)")
        }
        // Described ranges span the display, as Android maps them.
        let (described, _) = try readAll(text: "Physical size: 1080x2400\nPhysical density: 420\n" + capture, name: "display.getevent")
        _ = described
        let description = try String(contentsOfFile: Self.fixture("phone.getevent-lp"), encoding: .utf8)
        let (header, _) = try readAll(text: "Physical density: 420\n" + description + "Physical size: 1080x2400\n" + capture, name: "d.getevent")
        let screen = try #require(header.devices.first { $0.name == "fts_ts" })
        #expect(screen.sizeSource == .display && !screen.inferred && screen.guesses.isEmpty)
        #expect(abs(screen.size!.width.value - 1080 / (420 / 25.4)) < 1e-9 && abs(screen.size!.height.value - 2400 / (420 / 25.4)) < 1e-9)
    }

    @Test func aBadDisplayLineIsAnErrorNamingItsLine() throws {
        let text = "Physical size: 1080x2400\nPhysical density: lots\n[ 1.000000] /dev/input/event3: 0003 0035 00000010\n"
        let error = #expect(throws: TactileError.self) { try readAll(text: text, name: "bad.getevent") }
        #expect(error?.line == 2 && error?.description.contains("bad display density") == true, "\(String(describing: error))")
    }

    /// The kind from the events: `BTN_TOOL_FINGER` alone is a touchscreen (Android drivers
    /// send it); a finger count above one, a button beside the finger tool, or a name
    /// saying so, a touchpad.
    @Test(arguments: [
        ("0001 0145 00000001", nil, DeviceKind.touchscreen),
        ("0001 014d 00000001", nil, .touchpad),
        ("0001 0145 00000001\n[ 1.000000] /dev/input/event3: 0001 0110 00000001", nil, .touchpad),
        ("0001 0145 00000001", "Elan Touchpad", .touchpad),
        ("0001 014a 00000001", "sec_touchscreen", .touchscreen),
    ] as [(String, String?, DeviceKind)])
    func theKindFromTheEvents(_ keys: String, _ name: String?, _ kind: DeviceKind) throws {
        var text = name.map { "add device 1: /dev/input/event3\n  name:     \"\($0)\"\n" } ?? ""
        text += "[ 1.000000] /dev/input/event3: 0003 0039 00000005\n[ 1.000000] /dev/input/event3: 0003 0035 00000100\n"
        text += "[ 1.000000] /dev/input/event3: 0003 0036 00000200\n[ 1.000000] /dev/input/event3: \(keys)\n"
        text += "[ 1.000000] /dev/input/event3: 0000 0000 00000000\n"
        let (header, _) = try readAll(text: text, name: "kind.getevent")
        #expect(header.devices.first?.kind == kind)
    }

    /// A guessed size keeps a touchscreen's units square: the same mm per unit on both axes,
    /// whether the ranges came from a description (the longer side 250 mm) or from the
    /// largest values seen (pixels of a phone's display at about 400 dpi: the capture's
    /// 1080 × 2400 panel, touched short of its edges, measures a little less than its
    /// 68 × 152 mm at that density, never 250 mm).
    @Test func aGuessedTouchscreenSizeKeepsUnitsSquare() throws {
        let (described, _) = try readAll(Self.fixture("phone-undescribed.getevent"), description: Self.fixture("phone.getevent-lp"))
        let kernel = try #require(described.devices.first { $0.name == "fts_ts" })
        let g = try #require(kernel.evdev?.geometry)
        #expect(g.sizeSource == .assumed && g.unitsPerMMX == g.unitsPerMMY, "\(g)")
        #expect(max(g.size.width.value, g.size.height.value) == DeviceGeometry.assumedTouchscreenLongSide.value)

        let (inferred, events) = try readAll(Self.fixture("phone-undescribed.getevent"))
        let screen = try #require(inferred.devices.first { $0.name == "fts_ts" })
        let size = try #require(screen.size)
        let x = try #require(screen.evdev?.absinfo[AbsCode.mtPositionX]), y = try #require(screen.evdev?.absinfo[AbsCode.mtPositionY])
        #expect(screen.sizeSource == .assumed && screen.guesses.contains(.size))
        #expect(abs(x.span / size.width.value - DeviceGeometry.assumedPhoneDensity / 25.4) < 1e-9)
        #expect(abs(y.span / size.height.value - DeviceGeometry.assumedPhoneDensity / 25.4) < 1e-9)
        #expect(size.width.value <= 1080 / (DeviceGeometry.assumedPhoneDensity / 25.4) && size.height.value <= 2400 / (DeviceGeometry.assumedPhoneDensity / 25.4))
        // The frames are in those mm: a contact at the largest x seen is at the size's edge.
        var assembler = Assembler(header: inferred)
        var far = 0.0
        for e in events {
            if case .touches(let f)? = assembler.process(e) { for c in f.contacts { far = max(far, c.position.x) } }
        }
        #expect(abs(far - size.width.value) < 1e-6, "\(far) against \(size.width)")
    }

    /// A guessed touchpad keeps its units square too: its ranges, the largest values seen,
    /// are widened to libinput's 69 × 50 mm shape before that size is assumed over them. Two
    /// fingers turning 39° about their middle at a constant spread, in a capture whose x
    /// values reach 1800 and y values 400 (a range 4.5 times wider than tall), turn 39° at
    /// the scale they began with (on the range as seen, its y units 3.3 times as long as its
    /// x units: 69°, scale 1.3).
    @Test func aGuessedTouchpadKeepsUnitsSquareAndATurnIsATurn() throws {
        var text = ""
        var t = 1.0
        func line(_ type: String, _ code: String, _ value: Int) {
            text += String(format: "[%11.6f] /dev/input/event3: %@ %@ %08x\n", t, type, code, UInt32(bitPattern: Int32(value)))
        }
        // A frame with the two fingers 300 units from (900, 200), at `degrees`.
        func frame(_ degrees: Double, first: Bool = false) {
            for (slot, sign) in [(0, -1.0), (1, 1.0)] {
                let a = degrees * .pi / 180
                line("0003", "002f", slot)
                if first { line("0003", "0039", 10 + slot) }
                line("0003", "0035", Int((900 + sign * 300 * cos(a)).rounded()))
                line("0003", "0036", Int((200 + sign * 300 * sin(a)).rounded()))
            }
            if first { line("0001", "014a", 1); line("0001", "014d", 1) }
            line("0000", "0000", 0)
            t += 0.012
        }
        // A touch at the far corner first (a finger that crossed the pad earlier): the
        // values seen reach 1800 × 400.
        line("0003", "002f", 0); line("0003", "0039", 5); line("0003", "0035", 1800); line("0003", "0036", 400)
        line("0001", "014a", 1); line("0001", "0145", 1); line("0000", "0000", 0)
        t += 0.05
        line("0003", "0039", -1); line("0001", "014a", 0); line("0001", "0145", 0); line("0000", "0000", 0)
        t += 1
        frame(0, first: true)
        for k in 1...40 { frame(39 * Double(k) / 40) }
        for _ in 0..<5 { frame(39) }
        line("0003", "002f", 0); line("0003", "0039", -1); line("0003", "002f", 1); line("0003", "0039", -1)
        line("0001", "014a", 0); line("0001", "014d", 0); line("0000", "0000", 0)
        let (header, events) = try readAll(text: text, name: "turn.getevent")
        let pad = try #require(header.devices.first)
        #expect(pad.kind == .touchpad && pad.inferred)
        let g = try #require(pad.evdev?.geometry)
        #expect(abs(g.unitsPerMMX - g.unitsPerMMY) < 1e-3 * g.unitsPerMMX, "square to the unit the range was widened by: \(g)")
        let lines = recognize(header, events)
        let turn = try #require(lines.last { $0.kind == .rotate })
        if case .rotate(let rotation, _, _) = turn.detail {
            #expect(abs(abs(rotation.degrees) - 39) < 2, "turned \(rotation)")
        }
        // A pinch may run beside the turn (they are recognized together), at the spread it had.
        for case .pinch(let scale, _, _) in lines.map(\.detail) {
            #expect(abs(scale - 1) < 0.02, "scale \(scale): \(Self.outline(lines))")
        }
    }

    /// A pressure axis with no range (maximum not above its minimum), in any format, is a
    /// guess too: no peek recognizer, and pressure stages that stop at hint.
    @Test func aPressureAxisWithoutARangeGivesNoPeek() throws {
        var caps = EvdevCapabilities()
        caps.properties = [InputProperty.direct]
        caps.absinfo = [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                        AbsCode.mtPositionX: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                        AbsCode.mtPositionY: AbsInfo(minimum: 0, maximum: 600, resolution: 10),
                        AbsCode.mtPressure: AbsInfo(minimum: 0, maximum: 0)]
        caps.codes[EventType.abs] = caps.absinfo.keys.sorted()
        let broken = DeviceDescription(id: 0, name: "no range", evdev: caps)
        caps.absinfo[AbsCode.mtPressure] = AbsInfo(minimum: 0, maximum: 255)
        let known = DeviceDescription(id: 0, name: "a range", evdev: caps)
        #expect(broken.pressureRangeGuessed && broken.guesses == [.pressureRange])
        #expect(!known.pressureRangeGuessed && known.guesses.isEmpty)
        func hasPeek(_ d: DeviceDescription) -> Bool { GestureEngine(device: d).arena.recognizers.contains { $0.kind == .peek } }
        #expect(!hasPeek(broken) && hasPeek(known))
        #expect(GuessNotice.line(for: broken)?.contains("pressure axis has no range (0...0): no peek or pop") == true,
                "\(GuessNotice.line(for: broken) ?? "nil")")
        #expect(GuessNotice.line(for: known) == nil)

        var stages = [PressureStages(device: broken), PressureStages(device: known)]
        var frame = TouchFrame(time: .zero, device: 0)
        frame.contacts.append(Contact(id: 1, position: Point(x: 10, y: 10), pressure: Pressure(1)))
        let changes = stages.indices.map { stages[$0].update(frame) }
        #expect(changes.map { $0?.stage } == [.hint, .pop])
        #expect(changes[0]?.progress == 0)
    }

    /// What a command says of the phone: what was guessed, what is not recognized for it,
    /// and how to give it; nothing of the size once it is given.
    @Test func theNoticeSaysWhatWasGuessedAndHowToGiveIt() throws {
        let (header, _) = try readAll(Self.fixture("phone-undescribed.getevent"))
        let lines = GuessNotice.lines(for: header.devices)
        #expect(lines.count == 1, "the keys have nothing to guess that matters: \(lines)")
        let line = try #require(lines.first)
        for part in ["device 1 \"fts_ts\"", "kind, axis ranges and pressure range guessed from its events", "no edge swipe",
                     "no peek or pop", "size assumed", "a phone display's pixels, about 400 dpi", "getevent -lp", "--desc", "wm size"] {
            #expect(line.contains(part), "\(part): \(line)")
        }
        let given = try #require(GuessNotice.lines(for: header.devices, size: Size(width: 68, height: 150)).first)
        #expect(!given.contains("size assumed") && !given.contains("--size") && given.contains("getevent -lp"), "\(given)")
        let (described, _) = try readAll(Self.fixture("phone-undescribed.getevent"), description: Self.fixture("phone.getevent-lp"))
        #expect(GuessNotice.lines(for: described.devices) == [
            "device 1 \"fts_ts\": size assumed 112.4 x 250 mm (no resolution; the same mm per unit on both axes); give the size with --size WIDTHxHEIGHT"])
        #expect(GuessNotice.lines(for: described.devices, size: Size(width: 68, height: 150)).isEmpty)
    }

    /// Written back as getevent, a guessed device is announced by its name only, so reading
    /// it back guesses again (and still gives no peek) instead of taking the guesses for the
    /// kernel's; the frames are the same.
    @Test func aGuessedDeviceWrittenAsGeteventIsStillAGuess() throws {
        let (header, events) = try readAll(Self.fixture("phone-undescribed.getevent"))
        let path = Paths.scratch().appendingPathComponent("again.getevent").path
        var writer = try GeteventWriter(output: try OutputFile(path: path), header: header)
        for case .evdev(let device, let frame) in events { try writer.write(frame, device: device) }
        try writer.finish()
        let (again, againEvents) = try readAll(path)
        #expect(again.devices.map(\.inferred) == [true, true])
        #expect(again.devices.map(\.name) == header.devices.map(\.name))
        #expect(GeteventTests.frames(again, againEvents) == GeteventTests.frames(header, events))
        #expect(!recognize(again, againEvents).contains { $0.kind == .peek })
    }

    /// A description given apart for a capture of one node, whose events name none: they
    /// belong to the one described device with positions.
    @Test func aDescriptionGivenApartFitsACaptureOfOneNode() throws {
        let capture = try String(contentsOfFile: Self.fixture("phone-undescribed.getevent"), encoding: .utf8)
        let oneNode = capture.split(separator: "\n").filter { $0.contains("/dev/input/event3: ") }
            .map { $0.replacingOccurrences(of: "/dev/input/event3: ", with: "") }.joined(separator: "\n") + "\n"
        let path = Paths.scratch().appendingPathComponent("one-node.getevent")
        try oneNode.write(to: path, atomically: true, encoding: .utf8)
        let (header, events) = try readAll(path.path, description: Self.fixture("phone.getevent-lp"))
        #expect(header.devices.map(\.name) == ["fts_ts"] && !header.devices[0].inferred)
        #expect(recognize(header, events).contains { $0.kind == .peek })

        let stray = Paths.scratch().appendingPathComponent("stray.getevent-lp")
        try (try String(contentsOfFile: Self.fixture("phone.getevent-lp"), encoding: .utf8) + "[ 1.000000] 0003 0035 00000010\n")
            .write(to: stray, atomically: true, encoding: .utf8)
        let error = #expect(throws: TactileError.self) { try readAll(path.path, description: stray.path) }
        #expect(error?.description.contains("no events") == true, "\(String(describing: error))")
    }
}
