import Foundation
import TestSupport
import Testing

/// `tactile bind` end to end: bad configurations, the example configurations over the
/// recordings, and real commands run with their argv, environment and input.
@Suite struct BindCommandTests {
    let cmd = CommandTests()
    static let root = CommandTests.root

    /// Every row of docs/bindings.md's table of bad configurations: exit 78, and the
    /// message at the line and column the table gives.
    @Test func badConfigurationsExit78WithWhereAndWhat() throws {
        let doc = try String(contentsOf: Self.root.appendingPathComponent("docs/bindings.md"), encoding: .utf8)
        let rows = doc.components(separatedBy: "<!-- bad-configs")[1].components(separatedBy: "\n## ")[0]
            .split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| what") }
        #expect(rows.count >= 15)
        for row in rows {
            let cells = row.dropFirst(2).dropLast(2).components(separatedBy: " | ")
            try #require(cells.count == 4, "\(row)")
            let (what, yaml, at, message) = (cells[0], cells[1], cells[2], cells[3])
            let text = yaml == "(nothing)" ? "" : String(yaml.dropFirst().dropLast()) + "\n"
            let path = try cmd.file(text, "bad.yaml")
            let r = try cmd.tactile("bind", "--check", path)
            #expect(r.status == 78, "\(what): \(r.stderr)")
            #expect(r.stderr.hasPrefix("tactile: \(path):\(at): \(message)"), "\(what): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    static var examples: [String] {
        let dir = root.appendingPathComponent("configs/bindings")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [])
            .filter { $0.hasSuffix(".yaml") }.sorted()
    }

    /// Each example over every recording gives the golden a person checked
    /// (tools/bind-goldens writes them), and each does something somewhere.
    @Test(arguments: examples)
    func anExampleOverTheRecordingsRunsWhatItsGoldenSays(_ name: String) throws {
        let config = Self.root.appendingPathComponent("configs/bindings/" + name).path
        let check = try cmd.tactile("bind", "--check", config)
        #expect(check.status == 0, "\(check.stderr)")
        let recordings = try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("Recordings").path)
            .filter { $0.hasSuffix(".jsonl") && !$0.hasSuffix(".expected.jsonl") && !$0.hasSuffix(".frames.jsonl") }
            .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }   // as the shell's glob sorts them in C
        var lines: [String] = []
        for r in recordings {
            let run = try cmd.tactile("bind", config, Self.root.appendingPathComponent("Recordings/" + r).path, "--dry-run")
            #expect(run.status == 0, "\(r): \(run.stderr)")
            for line in run.stdout.split(separator: "\n") { lines.append("{\"recording\":\"\(r)\"," + line.dropFirst()) }
        }
        let golden = try String(contentsOf: Self.root.appendingPathComponent(
            "Tests/Fixtures/bind/" + name.replacingOccurrences(of: ".yaml", with: ".expected.jsonl")), encoding: .utf8)
        #expect(lines == golden.split(separator: "\n").map(String.init))
        #expect(!lines.isEmpty, "\(name) does nothing on any recording")
    }

    static var importFixtures: [String] {
        let dir = root.appendingPathComponent("Tests/Fixtures/import")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    /// `bind import` of each tool's configurations (Tests/Fixtures/import) writes a file that
    /// `bind --check` accepts, and says on standard error what it carried over, dropped and
    /// changed (issue 47).
    @Test(arguments: importFixtures)
    func anImportPassesCheckAndSaysWhatItCarriedOver(_ name: String) throws {
        let out = cmd.scratch().appendingPathComponent("imported.yaml").path
        let r = try cmd.tactile("bind", "import", Self.root.appendingPathComponent("Tests/Fixtures/import/" + name).path, "-o", out)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains(" bindings carried over, ") && r.stderr.contains(" dropped") && r.stderr.contains(" changed"), "\(r.stderr)")
        let check = try cmd.tactile("bind", "--check", out)
        #expect(check.status == 0, "\(name): \(check.stderr)")
        #expect(!check.stderr.contains("does not parse"), "\(name): \(check.stderr)")
    }

    /// A line quoted in an error keeps its tabs as tabs (a control character that cannot move
    /// the cursor), and an escape in it is still written out.
    @Test func anErrorQuotesALineWithItsTabs() throws {
        let file = cmd.scratch().appendingPathComponent("libinput-gestures.conf")
        try "gesture\tpinch\tsideways\t3\techo \u{1b}[31m\n".write(to: file, atomically: true, encoding: .utf8)
        let r = try cmd.tactile("bind", "import", file.path)
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("gesture\tpinch\tsideways") && !r.stderr.contains("\\u{9}") && r.stderr.contains("\\u{1b}[31m"), "\(r.stderr)")
    }

    /// Real commands, over a recording: the argv as written (a value with a space stays one
    /// argument, shell text stays text), the TACTILE_* environment, the JSON line on
    /// standard input; a failing command and one past the timeout are said on standard error.
    @Test func realCommandsGetTheirArgvEnvironmentAndInput() throws {
        let dir = cmd.scratch()
        let marker = dir.appendingPathComponent("tap").path
        // A timeout far beyond what the commands need, which a busy machine may take long to
        // start: the slow command below has one of its own.
        let yaml = """
            commands: {timeout: 120s, concurrency: 2}
            bindings:
              - gesture: tap
                taps: 2
                stdin: json
                command: [/bin/sh, -c, 'printf "%s\\n" "$@" > "$0.argv"; env | grep ^TACTILE_ | sort > "$0.env"; cat > "$0.stdin"', \(marker), "{device}", "$(touch \(marker).injected)", "{taps}"]
              - gesture: tap
                taps: 1
                command: [/bin/false]
            """
        // double-tap.jsonl: one double tap. Then a single tap and a slow command, below.
        let config = try cmd.file(yaml, "bind.yaml")
        let r = try cmd.tactile("bind", config, Self.root.appendingPathComponent("Recordings/double-tap.jsonl").path)
        #expect(r.status == 0, "\(r.stderr)")
        let argv = try String(contentsOfFile: marker + ".argv", encoding: .utf8)
        #expect(argv == "Demo touchscreen\n$(touch \(marker).injected)\n2\n")
        #expect(!FileManager.default.fileExists(atPath: marker + ".injected"))
        let env = try String(contentsOfFile: marker + ".env", encoding: .utf8)
        #expect(env.contains("TACTILE_GESTURE=tap\n"))
        #expect(env.contains("TACTILE_TAPS=2\n"))
        #expect(env.contains("TACTILE_STATE=recognized\n"))
        let stdin = try String(contentsOfFile: marker + ".stdin", encoding: .utf8)
        #expect(stdin.hasPrefix("{\"t\":") && stdin.contains("\"gesture\":\"tap\"") && stdin.contains("\"taps\":2"))

        let single = try cmd.tactile("bind", config, Self.root.appendingPathComponent("Recordings/tap.jsonl").path)
        #expect(single.status == 0)
        #expect(single.stderr.contains("bind line 7: /bin/false exited with status 1"), "\(single.stderr)")

        let slow = try cmd.file("""
            commands: {timeout: 300ms}
            bindings:
              - {gesture: tap, command: [sleep, "30"]}
            """, "slow.yaml")
        let s = try cmd.tactile("bind", slow, Self.root.appendingPathComponent("Recordings/tap.jsonl").path)
        #expect(s.status == 0)
        #expect(s.stderr.contains("bind line 3: sleep ran past the timeout and was ended"), "\(s.stderr)")
    }

    /// A device whose name is shell code: in the script of `[sh, -c, ...]` and in a
    /// `shell: true` string, `{device}` reaches the shell only as a quoted variable
    /// reference, bare, in double quotes and in single quotes alike (#31: it used to run).
    @Test func aPlaceholderInShellTextIsNeverShellCode() throws {
        let dir = cmd.scratch()
        let out = dir.appendingPathComponent("out").path
        let name = "$(touch \(out).a)`touch \(out).b`\ntouch \(out).c; echo"
        let nameJSON = name.replacingOccurrences(of: "\n", with: "\\n")
        let trace = try cmd.file("""
            {"format":"tactile-trace","version":1,"devices":[{"id":0,"name":"\(nameJSON)","kind":"touchscreen","size":[100,60]}]}
            {"t":0.1,"dev":0,"touches":[{"id":1,"x":50,"y":30}]}
            {"t":0.16,"dev":0,"touches":[]}
            {"t":1.0,"dev":0,"touches":[]}
            """, "hostile.jsonl")
        let config = try cmd.file("""
            bindings:
              - gesture: tap
                command: [sh, -c, "printf '%s|' {device} \\"{device}\\" '{device}' > \(out).argv"]
              - gesture: pan
                shell: true
                command: "echo {device}"
            """, "shell.yaml")
        let r = try cmd.tactile("bind", config, trace)
        #expect(r.status == 0, "\(r.stderr)")
        let written = try String(contentsOfFile: out + ".argv", encoding: .utf8)
        #expect(written == Array(repeating: name, count: 3).joined(separator: "|") + "|")
        for marker in ["a", "b", "c"] {
            #expect(!FileManager.default.fileExists(atPath: "\(out).\(marker)"), "the name ran as shell code (\(marker))")
        }
        let dry = try cmd.tactile("bind", config, trace, "--dry-run")
        #expect(dry.stdout.contains(#"printf '%s|' \"${TACTILE_DEVICE}\" \"${TACTILE_DEVICE}\" ''\"${TACTILE_DEVICE}\"''"#), "\(dry.stdout)")
    }

    /// A dry run whose `devices:` matches nothing says so (it said nothing, even with
    /// --verbose), and a configuration for a live node can be tried on a recording (#31).
    @Test func aDryRunSaysWhenNoDeviceMatchesAndTakesNodesAsMet() throws {
        let tap = Self.root.appendingPathComponent("Recordings/tap.jsonl").path
        let none = try cmd.file("devices:\n  - name: \"Wacom*\"\nbindings:\n  - {gesture: tap, command: [x]}\n", "none.yaml")
        let r = try cmd.tactile("bind", none, tap, "--dry-run")
        #expect(r.status == 0)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr.contains("no device of \(tap) matches `devices:` in \(none): it has \"Demo touchscreen\" (touchscreen); nothing will run"),
                "\(r.stderr)")
        let node = try cmd.file("devices:\n  - node: /dev/input/event2\nbindings:\n  - {gesture: tap, command: [x]}\n", "node.yaml")
        let n = try cmd.tactile("bind", node, tap, "--dry-run")
        #expect(n.stdout.contains("\"argv\":[\"x\"]"), "\(n.stdout)")
        #expect(n.stderr.contains("has no device nodes: `node: /dev/input/event2` is taken to match its devices"))
    }

    /// `bind` takes what `recognize` takes for a recording (#33): --set over the
    /// configuration's settings, --size and --profile.
    @Test func bindTakesSetSizeAndProfile() throws {
        let config = Self.root.appendingPathComponent("configs/bindings/laptop-touchpad.yaml").path
        let holds = Self.root.appendingPathComponent("Recordings/holds-touchpad.jsonl").path
        let plain = try cmd.tactile("bind", config, holds, "--dry-run")
        #expect(plain.stdout.contains("\"TACTILE_GESTURE\":\"hold\""))
        let slow = try cmd.tactile("bind", config, holds, "--dry-run", "--set", "touchpadHoldMinDuration=2000")
        #expect(slow.status == 0 && slow.stdout.isEmpty, "a 2 s hold is not reached by 0.8 s rests")
        let sized = try cmd.tactile("bind", config, holds, "--dry-run", "--size", "200x120", "--profile", "touchpad")
        #expect(sized.status == 0 && sized.stdout.contains("\"TACTILE_GESTURE\":\"hold\""), "\(sized.stderr)")
        let bad = try cmd.tactile("bind", config, holds, "--dry-run", "--set", "nope=1")
        #expect(bad.status == 64 && bad.stderr.contains("unknown setting \"nope\""))
    }

    @Test func aMissingConfigurationIsNoInputAndANonYAMLOneIsAConfigError() throws {
        let missing = try cmd.tactile("bind", "--check", "/nonexistent/bindings.yaml")
        #expect(missing.status == 66, "\(missing.stderr)")
        let binary = try cmd.file("\u{0}\u{1}\u{2}garbage: [", "binary.yaml")
        let bad = try cmd.tactile("bind", "--check", binary)
        #expect(bad.status == 78, "\(bad.stderr)")
        #expect(bad.stderr.contains("binary.yaml:"))
    }
}

extension BindCommandTests {
    /// docs/bindings.schema.json accepts every example and refuses what tactile refuses.
    @Test func theExamplesFollowTheSchema() throws {
        let r = try run("/usr/bin/env", ["python3", Self.root.appendingPathComponent("tools/check-bindings-schema").path])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("example configurations checked"))
    }

    func run(_ program: String, _ args: [String]) throws -> Subprocess.Finished {
        try Subprocess.run(program, args)
    }
}
