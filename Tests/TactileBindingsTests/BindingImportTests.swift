import Foundation
import Tactile
import TactileBindings
import Testing
import TestSupport

/// `tactile bind import`: one configuration of each tool, written the way its
/// documentation writes them (Tests/Fixtures/import), translated; the translation is a
/// valid configuration, says what it left out, and over every recording in Recordings/
/// runs what the hand translation in configs/bindings/ runs (which docs/bindings.md
/// derives from what each tool does).
struct BindingImportTests {
    static func fixture(_ name: String) throws -> String {
        try String(contentsOf: Paths.packageRoot.appendingPathComponent("Tests/Fixtures/import/" + name), encoding: .utf8)
    }

    static func example(_ name: String) throws -> BindingConfig {
        try BindingConfig.load(path: Paths.packageRoot.appendingPathComponent("configs/bindings/" + name).path)
    }

    static let recordings = inputRecordings

    /// What a configuration runs over a recording: when, and what.
    static func runs(_ config: BindingConfig, _ recording: String) throws -> [String] {
        let (header, events) = try readAll(Paths.recording(recording))
        return boundActions(config, header, events).map { "\($0.time.microseconds) \(ImportedConfigurationTests.describe($0))" }
    }

    static func runs(_ config: BindingConfig, _ events: [InputEvent], _ device: DeviceDescription) throws -> [String] {
        boundActions(config, InputDevices(devices: [device]), events).map { "\($0.time.microseconds) \(ImportedConfigurationTests.describe($0))" }
    }

    /// Fingers 15 mm apart moving 40 mm each way, fast and slow; two fingers turning 90°
    /// each way; two fingers spreading and closing.
    static func strokes() -> [[InputEvent]] {
        var out: [[InputEvent]] = []
        for fingers in 1...4 {
            for (dx, dy) in [(40.0, 0.0), (-40, 0), (0, -30), (0, 30)] {
                for ms in [150.0, 600] {
                    let start = (0..<fingers).map { Point(x: 30 + 15 * Double($0), y: 30) }
                    out.append(BinderTests.stroke(from: start, by: Point(x: dx, y: dy), ms: ms))
                }
            }
        }
        out.append(BinderTests.turn(degrees: 90))
        out.append(BinderTests.turn(degrees: -90))
        for spread in [2.0, 0.4] {
            var events: [InputEvent] = []
            for k in 0...60 {
                let s = 1 + (spread - 1) * Double(k) / 60
                var f = TouchFrame(time: Timestamp(microseconds: Int64(10_000 * (k + 1))), device: 0)
                f.contacts.append(Contact(id: 0, position: Point(x: 50 - 15 * s, y: 30)))
                f.contacts.append(Contact(id: 1, position: Point(x: 50 + 15 * s, y: 30)))
                events.append(.touches(f))
            }
            events.append(.touches(TouchFrame(time: Timestamp(microseconds: 630_000), device: 0)))
            out.append(events)
        }
        return out
    }

    @Test(arguments: [("touchegg.conf", ForeignConfig.touchegg, "from-touchegg.yaml"),
                      ("fusuma.yml", .fusuma, "from-fusuma.yaml"),
                      ("libinput-gestures.conf", .libinputGestures, "from-libinput-gestures.yaml"),
                      ("lisgd.sh", .lisgd, "from-lisgd.yaml")])
    func aToolsConfigurationRunsWhatItsHandTranslationRuns(_ file: String, _ tool: ForeignConfig, _ example: String) throws {
        let text = try Self.fixture(file)
        #expect(ForeignConfig.detect(text) == tool)
        let imported = try BindingImport.translate(text, file: file)
        let config = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
        #expect(config.bindings.count >= 5, "\(imported.yaml)")
        let hand = try Self.example(example)
        var compared = 0
        for r in Self.recordings {
            let mine = try Self.runs(config, r), theirs = try Self.runs(hand, r)
            #expect(mine == theirs, "\(file) on \(r)")
            compared += theirs.count
        }
        // And over strokes of 1 to 4 fingers each way, turns and pinches, on both classes.
        for device in [DeviceDescription(id: 0, name: "Test touchpad", kind: .touchpad, size: Size(width: 100, height: 60)),
                       DeviceDescription(id: 0, name: "Test touchscreen", kind: .touchscreen, size: Size(width: 150, height: 90))] {
            for events in Self.strokes() {
                let mine = try Self.runs(config, events, device), theirs = try Self.runs(hand, events, device)
                #expect(mine == theirs, "\(file) on a stroke on the \(device.kind)")
                compared += theirs.count
            }
        }
        #expect(compared > 0, "\(example) runs nothing: the comparison would prove nothing")
    }

    @Test func whatCannotBeCarriedOverIsSaid() throws {
        let touchegg = try BindingImport.translate(Self.fixture("touchegg.conf"), file: "touchegg.conf")
        // An application's section carries over as bindings for that application.
        #expect(touchegg.yaml.contains("app: [Google-chrome, Chromium-browser]"))
        #expect(!touchegg.notes.contains { $0.contains("Google-chrome") })
        let gestures = try BindingImport.translate(Self.fixture("libinput-gestures.conf"), file: "libinput-gestures.conf")
        #expect(gestures.yaml.contains("direction: left-up"), "libinput-gestures' diagonals carry over")
        #expect(!gestures.notes.contains { $0.contains("left_up") })
        let lisgd = try BindingImport.translate(Self.fixture("lisgd.sh"), file: "lisgd.sh")
        // A diagonal out of a corner is a swipe from that corner (turned by -o 1).
        #expect(lisgd.yaml.contains("direction: right-down, edge: top-left"))
        #expect(lisgd.notes.contains { $0.contains("-o 1") })
        #expect(lisgd.devices == ["{kind: touchscreen, node: /dev/input/touchscreen}"])
        let fusuma = try BindingImport.translate(Self.fixture("fusuma.yml"), file: "fusuma.yml")
        #expect(fusuma.yaml.contains("speed: 63.5mm/s"), "fusuma's swipe speed on each swipe")
        for c in [touchegg, gestures, lisgd, fusuma] {
            for n in c.notes { #expect(c.yaml.contains("#   - " + n)) }
            // Every drop and change is counted in the summary and has its note.
            #expect(c.notes.filter { $0.hasPrefix("dropped ") }.count == c.dropped.count, "\(c.notes)")
            #expect(c.yaml.contains("# " + c.summary))
        }
    }

    /// Commands with shell syntax stay shell text; plain ones become arguments; strange
    /// characters survive the YAML.
    @Test func commandsKeepTheirMeaning() throws {
        let conf = """
            gesture swipe up 3 echo "quoted words" 'and more'
            gesture swipe down 3 notify-send a:b {x} #hash yes
            """
        let imported = try BindingImport.translate(conf, file: "g.conf")
        let config = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
        // libinput-gestures splits as Python's shlex does: quotes group words, then go.
        #expect(config.bindings[0].command?.argv { _ in "" } == ["echo", "quoted words", "and more"])
        #expect(config.bindings[1].command?.argv { _ in "" } == ["notify-send", "a:b", "{x}", "#hash", "yes"])
        let fusuma = """
            swipe:
              3:
                up:
                  command: 'wmctrl -s $(( $(wmctrl -d | grep -c .) - 1 ))'
                down:
                  command: "xdotool key 'ctrl+alt+Down'"
            """
        // With --keep-commands, the key command stays a command, its quotes gone as sh's.
        let f = try BindingConfig.parse(BindingImport.translate(fusuma, file: "f.yml", keepCommands: true).yaml, file: "imported.yaml")
        #expect(f.bindings.map { $0.command?.shell } == [true, false])
        #expect(f.bindings[1].command?.argv { _ in "" } == ["xdotool", "key", "ctrl+alt+Down"])
        // Without, it is the built-in keys.
        let k = try BindingConfig.parse(BindingImport.translate(fusuma, file: "f.yml").yaml, file: "imported.yaml")
        #expect(k.bindings[1].input?.keys.map(\.name) == ["ctrl", "alt", "Down"])
    }

    /// fusuma as its README writes it: no finger count for a pinch, begin/update/end of a
    /// swipe (the alt-tab switcher), and the appmatcher plugin's documents.
    @Test func fusumaAsItsReadmeWritesItCarriesOver() throws {
        let yaml = """
            swipe:
              3:
                begin:
                  command: 'xdotool keydown alt'
                right:
                  update:
                    command: 'xdotool key tab'
                end:
                  command: 'xdotool keyup alt'
            pinch:
              in:
                command: 'xdotool key ctrl+minus'
            ---
            context:
              application: Google-chrome
            swipe:
              3:
                left:
                  command: 'xdotool key alt+Left'
            """
        let imported = try BindingImport.translate(yaml, file: "fusuma.yml")
        #expect(imported.dropped.isEmpty, "\(imported.notes)")
        let config = try BindingConfig.parse(imported.yaml, file: "imported.yaml")
        let triggers = config.bindings.map { b -> String in
            guard case .gesture(let t) = b.trigger else { return "" }
            return "\(t.gesture.rawValue) \(t.fingers.lower) \(t.on.rawValue) \(t.direction?.rawValue ?? "-") \(t.every.map { "\($0)" } ?? "-") \(b.apps)"
        }
        // The keyup at the end is the keydown's `hold` let go: no binding of its own.
        #expect(triggers == ["pan 3 began - - []", "pan 3 update right - []", "pinch 2 update in - []",
                             "swipe 3 recognized left - [\"Google-chrome\"]"], "\(triggers)")
        // Over a three-finger stroke whose fingers lift one by one, the end still runs.
        let (header, events) = try readAll(Paths.recording("swipe-3finger-up-touchpad.jsonl"))
        // xdotool's keydown at the begin and keyup at the end are one built-in `hold`.
        let runs = boundActions(config, header, events).map(ImportedConfigurationTests.describe)
        #expect(runs == ["+KEY_LEFTALT", "-KEY_LEFTALT"], "\(runs)")
        #expect(imported.notes.contains { $0.contains("`xdotool keydown alt` at the begin and `xdotool keyup alt` at the end are one `hold: [alt]`") }, "\(imported.notes)")
    }

    /// A file of a tool that the tool itself would not read (XML left open, YAML indented
    /// wrong, a gesture libinput-gestures does not have, a quote lisgd's shell never
    /// closes): refused as bad data naming the tool, the line and the column where it stops
    /// (issue 47, acceptance 4).
    @Test func aBrokenFileOfEachToolNamesTheToolAndWhereItStops() throws {
        let touchegg = "<touchegg>\n  <application name=\"All\">\n    <gesture type=\"SWIPE\" fingers=\"3\" direction=\"UP\">\n"
            + "      <action type=\"SEND_KEYS\">\n        <keys>Super_L</keys>\n    </gesture>\n  </application>\n</touchegg>\n"
        let fusuma = "swipe:\n  3:\n    left:\n      command: \"xdotool key alt+Right\"\n     right:\n"
        let libinputGestures = "gesture swipe up 3 xdotool key super\ngesture pinchy in xdotool key ctrl+minus\n"
        let lisgd = "#!/bin/sh\nlisgd -d /dev/input/event3 \\\n  -g '1,LR,*,*,R,xdotool key alt+Right\n"
        for (text, tool, line, column) in [(touchegg, "touchégg", 6, 5), (fusuma, "fusuma", 5, 6),
                                           (libinputGestures, "libinput-gestures", 2, 9), (lisgd, "lisgd", 3, 6)] {
            do {
                _ = try BindingImport.translate(text, file: "theirs.conf")
                Issue.record("imported \(tool)'s broken file")
            } catch {
                #expect(error.kind == .badData, "\(tool): \(error)")
                #expect(error.file == "theirs.conf" && error.message.contains(tool), "\(tool): \(error)")
                #expect(error.line == line && error.column == column, "\(tool): \(error)")
            }
        }
    }

    @Test func aFileOfNoToolIsBadDataAndATactileConfigIsNone() throws {
        #expect(throws: TactileError.self) { try BindingImport.translate("hello: world\n", file: "x.yaml") }
        // An empty file says so, at line 1.
        for empty in ["", "\n  \n"] {
            #expect {
                try BindingImport.translate(empty, file: "e.conf")
            } throws: { ($0 as? TactileError).map { $0.line == 1 && $0.message.hasPrefix("the file is empty") } ?? false }
        }
        // Which tool it looks like, and where it stops (issue 47, h).
        for (text, tool, line, column) in [("# mine\nswipes:\n  3: {}\n", "fusuma", 2, 1),
                                           ("<?xml version=\"1.0\"?>\n  <gestures>\n  </gestures>\n", "touchégg", 2, 3),
                                           ("gesture tap 3 xdotool click 1\n", "libinput-gestures", 1, 9),
                                           ("#!/bin/sh\nexec swaybg\n", "lisgd", 1, 1)] {
            do {
                _ = try BindingImport.translate(text, file: "x")
                Issue.record("imported \(text)")
            } catch {
                #expect(error.message.hasPrefix("this looks like a \(tool) configuration"), "\(error)")
                #expect(error.line == line && error.column == column, "\(text): \(error)")
            }
        }
        for name in (try FileManager.default.contentsOfDirectory(atPath: Paths.packageRoot.appendingPathComponent("configs/bindings").path)) {
            let text = try String(contentsOf: Paths.packageRoot.appendingPathComponent("configs/bindings/" + name), encoding: .utf8)
            #expect(ForeignConfig.detect(text) == nil, "\(name)")
        }
    }
}
