import Foundation
import Testing
import TestSupport

/// `tactile synth`: a script becomes a recording in every format, the same bytes each
/// time, recognized the same from each; bad scripts say where.
struct SynthCommandTests {
    let cli = CommandTests()
    static let scripts = CommandTests.root.appendingPathComponent("configs/synth")

    @Test func theExampleScriptsGiveTheSameGesturesFromEveryFormat() throws {
        for name in ["touchpad-gestures", "phone-gestures"] {
            let script = Self.scripts.appendingPathComponent(name + ".yaml").path
            let dir = cli.scratch()
            var recognized: [String: String] = [:]
            for (file, extra) in [("out.jsonl", [String]()), ("raw.jsonl", ["--raw"]), ("out.evemu", []), ("out.yaml", [])] {
                let path = dir.appendingPathComponent(file).path
                let r = try cli.tactile(arguments: ["synth", script, "-o", path] + extra)
                #expect(r.status == 0, "\(name) \(file): \(r.stderr)")
                let lines = try cli.tactile("recognize", "--json", path).stdout
                // Times and positions quantised by a format's units: compare what happened.
                recognized[file] = lines.split(separator: "\n").compactMap { l -> String? in
                    guard let d = try? JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any],
                          let state = d["state"] as? String, state != "changed" else { return nil }
                    return "\(d["gesture"]!) \(state) \(d["fingers"]!) \(d["direction"] ?? "") \(d["button"] ?? "")"
                }.joined(separator: "\n")
            }
            #expect(Set(recognized.values).count == 1, "\(name): \(recognized)")
            #expect(recognized["out.jsonl"]!.split(separator: "\n").count >= 10)
        }
    }

    @Test func theSameScriptGivesTheSameBytesAndSeedChangesThem() throws {
        let script = Self.scripts.appendingPathComponent("phone-gestures.yaml").path
        let a = try cli.tactile("synth", script, "-o", "-", "--to", "trace").stdout
        let b = try cli.tactile("synth", script, "-o", "-", "--to", "trace").stdout
        let c = try cli.tactile("synth", script, "-o", "-", "--to", "trace", "--seed", "1").stdout
        #expect(!a.isEmpty && a == b && a != c)
    }

    @Test func aBadScriptExits65NamingWhereAndLeavesNoFile() throws {
        let script = try cli.file("device: touchpad\nsteps:\n  - swipe: {fingers: 3, direction: sideways}\n", "bad.yaml")
        let out = cli.scratch().appendingPathComponent("never.jsonl").path
        let r = try cli.tactile("synth", script, "-o", out)
        #expect(r.status == 65)
        #expect(r.stderr.contains("bad.yaml:3:36: direction 'sideways' is not one of left, right, up, down"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func theExampleScriptsFollowTheSchema() throws {
        let check = """
            import json, sys, glob, yaml, jsonschema
            schema = json.load(open(sys.argv[1]))
            for f in sorted(glob.glob(sys.argv[2] + "/*.yaml")):
                jsonschema.validate(yaml.safe_load(open(f)), schema)
            try:
                jsonschema.validate({"steps": [{"swipe": {"fingers": 3}}]}, schema)
                sys.exit("a swipe without a direction passed the schema")
            except jsonschema.ValidationError:
                print("ok")
            """
        let r = try Subprocess.run("/usr/bin/python3", ["-c", check, CommandTests.root.appendingPathComponent("docs/synth.schema.json").path, Self.scripts.path],
                                   timeout: 120)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "ok\n")
    }
}
