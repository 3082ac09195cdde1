import Foundation
import TestSupport
import Tactile
import Testing
import TactileJSON

/// End-to-end runs of the `tactile` command: output, exit codes and messages, and that a
/// failed conversion leaves no file behind.
struct CommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// The `tactile` built beside this test bundle: the sanitized one in `.build-asan/`
    /// under `make test`, `.build/debug/tactile` under a plain `swift test`. The hostile
    /// inputs run it (`HostileInputTests`), so the address sanitizer watches the whole
    /// program read them.
    static let sanitizedBinary: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = bundle.appendingPathComponent("tactile").path
        return FileManager.default.isExecutableFile(atPath: beside)
            ? beside : root.appendingPathComponent(".build/debug/tactile").path
    }()
    /// The `tactile` the command tests run: the release build of the same sources when
    /// `make test` hands one over in TACTILE_RELEASE_BIN (the static build the package
    /// ships), else `sanitizedBinary`. A sanitized debug build takes 30 to 50 times as long
    /// to draw a picture or bind a recording (1.7 s against 0.05 s for `view` of a 40 kB
    /// trace), and the commands' point here is what they write; the code they share with
    /// the library (codecs, assembly, recognition, JSON) runs sanitized in the library's
    /// own tests in the same run, and the hostile inputs run the sanitized program.
    static let binary: String = {
        let release = ProcessInfo.processInfo.environment["TACTILE_RELEASE_BIN"] ?? ""
        return release.isEmpty ? sanitizedBinary : release
    }()
    /// The program `tactile(...)` runs.
    var program = CommandTests.binary
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared/recordings/evemu")
    static let header = #"{"format":"tactile-trace","version":1,"devices":[{"id":0,"kind":"touchscreen","size":[100,60]}]}"#

    func tactile(_ args: String..., stdin: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        try tactile(arguments: args, stdin: stdin)
    }

    /// `environment`: exactly these variables instead of the test's own.
    func tactile(arguments args: [String], stdin: String? = nil, environment: [String: String]? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let r = try Subprocess.run(program, args, stdin: stdin ?? "", environment: environment)
        return (r.status, r.stdout, r.stderr)
    }

    /// A scratch directory, new for each call, inside one directory for the whole test
    /// process that is removed when the process exits.
    func scratch() -> URL {
        let url = Self.scratchRoot.appendingPathComponent(UUID().uuidString)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let scratchRoot: URL = {
        atexit { try? FileManager.default.removeItem(atPath: CommandTests.scratchRootPath) }
        return URL(fileURLWithPath: scratchRootPath)
    }()

    static var scratchRootPath: String {
        FileManager.default.temporaryDirectory.appendingPathComponent("tactile-cmd-\(getpid())").path
    }

    func file(_ text: String, _ name: String = "in.jsonl") throws -> String {
        let url = scratch().appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func framesFromStandardInputIsAValidTrace() throws {
        let input = Self.header + "\n" + #"{"t":0.5,"dev":0,"touches":[{"id":1,"x":1.5,"y":2}]}"# + "\n"
        let r = try tactile("frames", "-", stdin: input)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1] == #"{"t":0.5,"dev":0,"touches":[{"id":1,"x":1.5,"y":2.0}]}"#)
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: shared.path), "../shared/recordings is absent"))
    func framesOfARealRecordingAreMillimetres() throws {
        let r = try tactile("frames", Self.shared.appendingPathComponent("freedesktop-evemu_wetab.event").path)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines[0].contains(#""kind":"touchscreen""#))
        #expect(lines[1].hasPrefix(#"{"t":0.000031,"dev":0,"touches":[{"id":0,"#), "the first frame, at its SYN_REPORT")
        #expect(lines.count > 20)
    }

    @Test func missingInputExits66() throws {
        let r = try tactile("frames", "/nonexistent/x.jsonl")
        #expect(r.status == 66)
        #expect(r.stderr == "tactile: /nonexistent/x.jsonl: no such file\n")
    }

    @Test func aDirectoryAsInputExits66() throws {
        let r = try tactile("info", scratch().path)
        #expect(r.status == 66)
        #expect(r.stderr.contains("is a directory"))
    }

    @Test(.enabled(if: getuid() != 0, "root reads files whatever their mode"))
    func anUnreadableFileExits77() throws {
        let path = try file(Self.header + "\n")
        chmod(path, 0)
        let r = try tactile("info", path)
        #expect(r.status == 77)
        #expect(r.stderr.contains("permission denied"))
    }

    @Test func badDataExits65NamingFileAndLine() throws {
        let path = try file(Self.header + "\n" + #"{"t":0.5,"dev":0,"touches":[]}"# + "\n" + #"{"t":0.6,"dev":9,"touches":[]}"# + "\n")
        let r = try tactile("frames", path)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("tactile: \(path):3: device 9 is not listed in the header"))
    }

    @Test func aFailedConversionLeavesNoFile() throws {
        let dir = scratch()
        let input = try file(Self.header + "\n" + #"{"t":0.5,"dev":0,"touches":[]}"# + "\n" + "garbage\n")
        let output = dir.appendingPathComponent("out.jsonl").path
        let r = try tactile("convert", input, "-o", output)
        #expect(r.status == 65)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "no output and no temporary file")
    }

    @Test func aFailedConversionKeepsTheOldFile() throws {
        let dir = scratch()
        let output = dir.appendingPathComponent("out.jsonl").path
        try "precious\n".write(toFile: output, atomically: true, encoding: .utf8)
        let input = try file(Self.header + "\n" + "{oops}\n")
        let r = try tactile("convert", input, "-o", output)
        #expect(r.status == 65)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "precious\n")
    }

    @Test func anUnwritableOutputExits73() throws {
        let input = try file(Self.header + "\n")
        let r = try tactile("convert", input, "-o", "/nonexistent-dir/out.jsonl")
        #expect(r.status == 73)
        #expect(r.stderr.contains("/nonexistent-dir/out.jsonl: cannot create the output file"))
    }

    /// Writing to a device must write to it, not rename a file over the device node.
    @Test func writingToDevNullLeavesTheDevice() throws {
        let input = try file(Self.header + "\n" + #"{"t":0.5,"dev":0,"touches":[]}"# + "\n")
        let r = try tactile("frames", input, "-o", "/dev/null")
        #expect(r.status == 0, "\(r.stderr)")
        var info = stat()
        #expect(stat("/dev/null", &info) == 0)
        #expect(info.st_mode & S_IFMT == S_IFCHR, "/dev/null must still be a character device")
    }

    @Test func anUnknownOutputFormatIsAUsageError() throws {
        let input = try file(Self.header + "\n")
        let r = try tactile("convert", input, "-o", scratch().appendingPathComponent("out.bin").path)
        #expect(r.status == 64)
        #expect(r.stderr.contains("--to"))
    }

    @Test func convertingATouchTraceToEvemuAndBackGivesTheSameFrames() throws {
        let dir = scratch()
        var text = Self.header + "\n"
        for i in 0..<10 {
            let touches = i < 9 ? #"[{"id":3,"x":\#(10 + i),"y":20.5},{"id":4,"x":50,"y":\#(30 - i)}]"# : "[]"
            text += #"{"t":\#(Double(i) * 0.01),"dev":0,"touches":\#(touches)}"# + "\n"
        }
        let input = try file(text)
        let evemu = dir.appendingPathComponent("x.evemu").path
        #expect(try tactile("convert", input, "-o", evemu).status == 0)
        let r = try tactile("frames", evemu)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").dropFirst()
        #expect(lines.count == 10)
        #expect(lines.first == #"{"t":0,"dev":0,"touches":[{"id":0,"x":10.0,"y":20.5},{"id":1,"x":50.0,"y":30.0}]}"#)
        #expect(lines.last == #"{"t":0.09,"dev":0,"touches":[]}"#)
    }

    @Test func anEvemuRecordingFromSeveralDevicesNeedsOneChosen() throws {
        let dir = scratch()
        let flick = try String(contentsOf: Self.recordings.appendingPathComponent("flick-left.jsonl"), encoding: .utf8)
        // The flick's device twice, as ids 0 and 7.
        let first = flick.prefix { $0 != "\n" }
        let device = first.range(of: #"{"id":0"#).map { first[$0.lowerBound...].dropLast(2) }!
        let header = first.dropLast(2) + "," + device.replacingOccurrences(of: #"{"id":0"#, with: #"{"id":7"#) + "]}"
        let input = try file(header + flick.drop { $0 != "\n" })
        let evemu = dir.appendingPathComponent("one.evemu").path
        let refused = try tactile("convert", input, "-o", evemu)
        #expect(refused.status == 64 && refused.stderr.contains("an evemu recording holds one device and this one has 2: choose one with --device-id"),
                "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: evemu), "a refused conversion leaves no file")
        let unknown = try tactile("convert", input, "-o", evemu, "--device-id", "3")
        #expect(unknown.status == 64 && unknown.stderr.contains("no device 3 in this recording"), "\(unknown.stderr)")
        let chosen = try tactile("convert", input, "-o", evemu, "--device-id", "0")
        #expect(chosen.status == 0, "\(chosen.stderr)")
        let r = try tactile("recognize", evemu)
        #expect(r.stdout.contains(#""gesture":"swipe""#), "\(r.stdout)")
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: shared.path), "../shared/recordings is absent"))
    func infoNamesAxesAndPropertiesAsTheKernelDoes() throws {
        let r = try tactile("info", Self.shared.appendingPathComponent("whot-evemu-devices_dell_canvas_touch.evemu").path)
        #expect(r.status == 0)
        #expect(r.stdout.contains("properties: INPUT_PROP_DIRECT"))
        #expect(r.stdout.contains("axis ABS_MT_POSITION_X: 0...32767, resolution 55"))
    }

    /// The driver quirks repaired (docs/frame-assembly.md), each counted: the bcm5974's
    /// ghost contacts, and the empty protocol A frames of a phone captured with getevent.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: shared.path), "../shared/recordings is absent"))
    func infoCountsTheDriverQuirks() throws {
        let apple = try tactile("info", Self.shared.appendingPathComponent("freedesktop-evemu_bcm5974.event").path)
        #expect(apple.status == 0)
        #expect(apple.stdout.contains("quirks: 34 ghost contacts dropped\n"), "\(apple.stdout)")
        let phone = try tactile("info", Self.root.appendingPathComponent("Tests/Fixtures/getevent/phone-protocol-a.getevent").path)
        #expect(phone.stdout.contains("quirks: 6 lifts implied by empty protocol A frames\n"), "\(phone.stdout)")
        let plain = try tactile("info", Self.recordings.appendingPathComponent("tap.evdev.jsonl").path)
        #expect(!plain.stdout.contains("quirks:"), "said only where one was seen")
    }

    @Test func infoDescribesDevices() throws {
        let input = try file(Self.header + "\n" + #"{"t":1.25,"dev":0,"touches":[{"id":1,"x":1,"y":2}]}"# + "\n")
        let r = try tactile("info", input)
        #expect(r.status == 0)
        #expect(r.stdout.contains("kind: touchscreen"))
        #expect(r.stdout.contains("size: 100 x 60 mm"))
        #expect(r.stdout.contains("touch frames: 1"))
    }

    // MARK: recognize

    static let recordings = root.appendingPathComponent("Recordings")

    @Test func recognizeWritesJSONLinesWhenPiped() throws {
        let r = try tactile("recognize", Self.recordings.appendingPathComponent("double-tap.jsonl").path)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == #"{"t":0.7,"dev":0,"gesture":"tap","state":"recognized","fingers":1,"location":[70.8,40.5],"taps":2}"# + "\n")
    }

    /// What `recognize` writes for `text`, computed here in one thread, line by line;
    /// without `finish`, as when the input fails after `text`.
    func recognizedInLine(_ text: String, finish: Bool = true) throws -> String {
        let reader = try TraceReader(source: .memory(MemoryBytes(Array(text.utf8))), name: "in")
        var recognizer = Recognition(devices: reader.header)
        var lines: [RecognizedEvent] = []
        while let e = try reader.next() { recognizer.process(e, into: &lines) }
        if finish { recognizer.finish(into: &lines) }
        var out = JSONOutput()
        for l in lines { l.encode(into: &out); out.byte(0x0a) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// The pinch-and-rotate recording `rounds` times over, two seconds apart: lines.
    static func longPinch(rounds: Int) throws -> [String] {
        let pinch = try String(contentsOf: recordings.appendingPathComponent("pinch-rotate.jsonl"), encoding: .utf8)
        var lines = pinch.split(separator: "\n").map(String.init)
        let header = lines.removeFirst()
        var long = [header]
        for round in 0..<rounds {
            for line in lines {
                let time = line.split(separator: ",")[0].dropFirst(5)  // {"t":SECONDS
                let shifted = String(format: "%.6f", Double(time)! + 2 * Double(round))
                long.append(#"{"t":"# + shifted + line.dropFirst(5 + time.count))
            }
        }
        return long
    }

    // On a trace, `recognize` cuts the input into chunks of 64 KiB that either thread
    // decodes, eight going round, and recognizes them in order on the second thread: the
    // pinch-and-rotate recording 60 times over (1.5 MB, 16 000 lines out) goes through
    // every batch more than once. A recording of touches and accelerometer samples keeps
    // its order between devices. An evemu recording is decoded and recognized on the second
    // thread, in batches of about 1024 lines, four going round.
    @Test func recognizingAheadKeepsTheOrder() throws {
        let long = try Self.longPinch(rounds: 60)
        for path in [try file(long.joined(separator: "\n") + "\n", "long.jsonl"),
                     Self.recordings.appendingPathComponent("orientation-table-taps.jsonl").path] {
            let r = try tactile("recognize", path)
            #expect(r.status == 0, "\(r.stderr)")
            let want = try recognizedInLine(String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self))
            #expect(want.split(separator: "\n").count > (path.hasSuffix("long.jsonl") ? 12_000 : 0))
            #expect(r.stdout == want)
        }
    }

    /// Every line recognized before the bad one is written (the recognizer is not finished:
    /// the input did not end), then the error is said, naming the line: in the first chunk,
    /// and many chunks in (a bad value, and time going backwards).
    @Test(arguments: [(1000, false), (9000, false), (9000, true)])
    func recognizeWritesEveryLineBeforeABadOne(_ at: Int, _ backwards: Bool) throws {
        var lines = try Self.longPinch(rounds: 50)
        lines[at] = backwards ? #"{"t":0.5,"dev":0,"touches":[]}"# : #"{"t":99999,"dev":0,"touches":[{"id":1,"x":"oops","y":2}]}"#
        let r = try tactile("recognize", try file(lines.joined(separator: "\n"), "bad.jsonl"))
        #expect(r.status == 65)
        #expect(r.stderr.contains("bad.jsonl:\(at + 1): " + (backwards ? "time goes backwards" : "")), "\(r.stderr)")
        let before = try recognizedInLine(lines[..<at].joined(separator: "\n") + "\n", finish: false)
        #expect(before.split(separator: "\n").count > at / 2)
        #expect(r.stdout == before)
    }

    @Test func recognizeChoosesGestures() throws {
        let path = Self.recordings.appendingPathComponent("pinch-rotate.jsonl").path
        let r = try tactile("recognize", path, "--gestures", "rotate")
        #expect(r.status == 0)
        #expect(!r.stdout.isEmpty && !r.stdout.contains("pinch"))
        let bad = try tactile("recognize", path, "--gestures", "wave")
        #expect(bad.status == 64)
    }

    @Test func recognizeReadsThresholdsFromAFileAndTheCommandLine() throws {
        let path = Self.recordings.appendingPathComponent("tap.jsonl").path
        let config = try file(#"{"touchSlop": 0.1}"#, "config.json")
        let fromFile = try tactile("recognize", path, "--config", config)
        #expect(fromFile.stdout.contains(#""gesture":"pan""#))
        let overridden = try tactile("recognize", path, "--config", config, "--set", "touchSlop=2")
        #expect(overridden.stdout.contains(#""gesture":"tap""#))
        let unknown = try tactile("recognize", path, "--set", "tuchSlop=2")
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown setting \"tuchSlop\""))
        let badFile = try tactile("recognize", path, "--config", try file("{nope", "bad.json"))
        #expect(badFile.status == 65)
        #expect(badFile.stderr.contains("bad.json: not valid JSON"))
    }

    @Test func recognizeLogsTransitionsWhenAsked() throws {
        let r = try tactile("recognize", Self.recordings.appendingPathComponent("tap.jsonl").path, "--debug")
        // Each line carries the time of the frame or timer that caused it, as a trace writes
        // times: the finger lifts at 0.18 s.
        #expect(r.stderr.contains("tactile: t=0.18 dev0 tap(1): possible → recognized (waiting for others to fail)\n"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("tactile: t=") }, "\(r.stderr)")
    }

    /// What `tactile recognize RECORDING` shows on a terminal (`script` gives it one).
    func terminalTable(_ recording: String, columns: Int? = nil) throws -> String {
        // util-linux's `script` is part of every Debian system (bsdutils is essential).
        try #require(FileManager.default.fileExists(atPath: "/usr/bin/script"), "/usr/bin/script is missing")
        let path = Self.recordings.appendingPathComponent(recording).path
        let width = columns.map { "COLUMNS=\($0) " } ?? ""
        let text = try Subprocess.run("/usr/bin/script", ["-qec", "\(width)\(Self.binary) recognize \(path)", "/dev/null"], timeout: 120).stdout
        // "\r\n" is one Character: the carriage returns go by scalar.
        return String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" }))
    }

    @Test func recognizeShowsATableOnATerminal() throws {
        let text = try terminalTable("double-tap.jsonl")
        #expect(text.contains("gesture"))
        #expect(text.contains("taps 2"))
        #expect(!text.contains("{"))
    }

    /// Every row's cells start where the header's do, orientation rows included, and a
    /// speed rounded to a whole number is written as one (#33).
    @Test func theTablesColumnsLineUp() throws {
        for recording in ["phone-session.jsonl", "pinch-rotate.jsonl", "flick-left.jsonl"] {
            let lines = try terminalTable(recording).split(separator: "\n").map(String.init)
            let header = try #require(lines.first { $0.contains("gesture") })
            let starts = ["dev", "gesture", "state", "fingers", "location"].map { header.range(of: $0)!.lowerBound.utf16Offset(in: header) }
            let rows = lines.filter { $0 != header && !$0.isEmpty }
            #expect(!rows.isEmpty)
            for row in rows {
                let chars = Array(row)
                // An orientation row has no fingers or location.
                let filled = row.contains("orientation") ? starts.prefix(3) : starts.prefix(4)
                for start in filled where start < chars.count {
                    #expect(chars[start] != " " && chars[start - 1] == " ", "\(recording): a cell out of its column in '\(row)'")
                }
                if let v = row.range(of: "velocity ") {
                    #expect(!row[v.upperBound...].contains(".0"), "\(recording): a whole speed written with .0: '\(row)'")
                }
                #expect(!row.contains(".0°/s"), "\(recording): '\(row)'")
            }
        }
    }

    /// On a narrow terminal (COLUMNS, as a terminal's width) no line is wider than it: the
    /// details go on below their row, every part of them kept, and the first line's cells
    /// stay in their columns.
    @Test(arguments: [80, 50])
    func theTableFitsANarrowTerminal(_ columns: Int) throws {
        for recording in ["phone-session.jsonl", "pinch-rotate.jsonl", "pan-finger-added.jsonl"] {
            let wide = try terminalTable(recording).split(separator: "\n").map(String.init)
            let lines = try terminalTable(recording, columns: columns).split(separator: "\n").map(String.init)
            #expect(wide.contains { $0.count > columns }, "\(recording): a row wider than \(columns) to begin with")
            let over = lines.filter { $0.count > columns }
            #expect(over.isEmpty, "\(recording): \(over.count) lines wider than \(columns), as '\(over.first ?? "")'")
            // The same words, only laid out again.
            func words(_ l: [String]) -> [Substring] { l.flatMap { $0.split(separator: " ") }.filter { $0 != "f" && $0 != "fingers" && $0 != "(mm)" } }
            #expect(words(lines) == words(wide), "\(recording)")
            let header = try #require(lines.first)
            let starts = ["gesture", "state"].map { header.range(of: $0)!.lowerBound.utf16Offset(in: header) }
            for row in lines.dropFirst() where row.first != " " || row.dropFirst(2).first != " " {
                let chars = Array(row)
                for start in starts where start < chars.count {
                    #expect(chars[start] != " " && chars[start - 1] == " ", "\(recording): a cell out of its column in '\(row)'")
                }
            }
        }
    }

    /// `plot` and `view` take `recognize`'s options (#33): the gestures, and the
    /// orientation's screen, matrix, allowed set and lock.
    @Test func picturesTakeRecognizesOptions() throws {
        let pinch = Self.recordings.appendingPathComponent("pinch-rotate.jsonl").path
        let all = try tactile("plot", pinch)
        #expect(all.status == 0)
        #expect(all.stdout.contains("rotate ") && all.stdout.contains("pinch ×"))
        let pans = try tactile("plot", "--gestures", "pan", pinch)
        #expect(pans.status == 0, "\(pans.stderr)")
        #expect(pans.stdout.hasPrefix("<svg") || pans.stdout.contains("<svg"))
        #expect(!pans.stdout.contains("rotate ") && !pans.stdout.contains("pinch ×"), "only pans, and a twist about its centre has none")
        let phone = Self.recordings.appendingPathComponent("phone-session.jsonl").path
        let free = try tactile("view", phone), locked = try tactile("view", "--lock", "portrait", phone)
        #expect(free.status == 0 && locked.status == 0, "\(locked.stderr)")
        #expect(free.stdout.contains("landscapeLeft") && !locked.stdout.contains(#""orientation":"landscapeLeft""#))
        let bad = try tactile("plot", "--gestures", "pinchh", pinch)
        #expect(bad.status == 64 && bad.stderr.contains("unknown gesture 'pinchh'"))
    }

    @Test func noCommandIsAUsageError() throws {
        let r = try tactile()
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("USAGE: tactile <subcommand>"))
    }

    @Test func anUnknownGestureNameListsTheValidOnes() throws {
        let r = try tactile("recognize", "--gestures", "tap,tapp", Self.recordings.appendingPathComponent("tap.jsonl").path)
        #expect(r.status == 64)
        #expect(r.stderr.contains("unknown gesture 'tapp'; one of tap,longPress,pan,swipe,edgeSwipe,pinch,rotate,peek,click"), "\(r.stderr)")
    }

    /// A device's name from a file reaches the terminal with its control characters
    /// escaped: no escape sequence, no forged line (#33).
    @Test func namesFromFilesAreEscapedOnTheTerminal() throws {
        let evil = try file(#"{"format":"tactile-trace","version":1,"devices":[{"id":0,"name":"Evil\u001b[31mRED\u001b]0;title\u0007\nforged: line","kind":"touchscreen","size":[100,60]}]}"#
                            + "\n" + #"{"t":0.1,"dev":0,"touches":[]}"# + "\n")
        let r = try tactile("info", evil)
        #expect(r.status == 0)
        #expect(!r.stdout.unicodeScalars.contains { $0.value == 0x1b || $0.value == 0x07 })
        #expect(r.stdout.contains(#"device 0: "Evil\u{1b}[31mRED\u{1b}]0;title\u{7}\u{a}forged: line""#), "\(r.stdout)")
        #expect(!r.stdout.contains("\nforged"))
    }

    @Test func evemuHeadersNameTheKindWithItsArticle() throws {
        let out = scratch().appendingPathComponent("accel.evemu").path
        let r = try tactile("convert", Self.recordings.appendingPathComponent("accelerometer-turn.evdev.jsonl").path, "-o", out)
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(text.contains("# Written by tactile from an accelerometer trace\n"))
    }
}
