import Testing
import Tactile
import TactileBindings

/// `tactile bind --check`'s warnings: what will not work live, each at its binding's
/// file:line:column, and nothing for what will.
struct BindingWarningsTests {
    /// The warnings on a machine whose PATH has only `/bin/true`-like programs in `present`,
    /// and whose files are `files`.
    static func warnings(_ yaml: String, present: Set<String> = ["sh", "notify-send", "python3", "ssh"], files: Set<String> = []) throws -> [String] {
        try BindingConfig.parse(yaml, file: "w.yaml").warnings(
            searchPath: "/bin", isExecutable: { present.contains(String($0.split(separator: "/").last ?? "")) && $0.hasPrefix("/bin/") },
            exists: { files.contains($0) })
    }

    @Test func whatWillWorkIsNotWarnedOf() throws {
        #expect(try Self.warnings("bindings: [{gesture: tap, command: [notify-send, \"{device}\"]}, {gesture: swipe, command: [sh, -c, 'echo {device} | wc']}]").isEmpty)
    }

    @Test func eachThingThatWillNotWorkLiveIsSaidAtItsBinding() throws {
        let yaml = """
            bindings:
              - {gesture: tap, taps: 1, command: [swaymsg, reload]}
              - {gesture: tap, taps: 2, command: [python3, -c, "print('{device}')"]}
              - {gesture: tap, taps: 3, command: [sh, -c, "eval \\"echo {device}\\""]}
              - {gesture: swipe, command: [sh, -c, "sh -c 'echo {device}'"]}
              - {gesture: pinch, command: [ssh, host, "echo {device}"]}
              - {gesture: rotate, device: {node: /dev/input/event9}, command: [sh, -c, "true"]}
              - {gesture: hold, keys: [ctrl, c]}
            """
        let w = try Self.warnings(yaml)
        #expect(w.count == 7, "\(w)")
        #expect(w.contains { $0.hasPrefix("w.yaml:2:5: warning: swaymsg is not on PATH here") })
        #expect(w.contains { $0.hasPrefix("w.yaml:3:5: warning: {device} is written into python3's arguments as text") })
        #expect(w.contains { $0.hasPrefix("w.yaml:4:5: warning: the shell text hands a value to eval, which reads it as code again") })
        #expect(w.contains { $0.hasPrefix("w.yaml:5:5: warning: the shell text hands a value to sh -c") })
        #expect(w.contains { $0.hasPrefix("w.yaml:6:5: warning: {device} is written into ssh's arguments as text") })
        #expect(w.contains { $0.hasPrefix("w.yaml:7:5: warning: /dev/input/event9 is not a device here") })
        #expect(w.contains { $0.hasPrefix("w.yaml:8:5: warning: there is no /dev/uinput here") })
        // With uinput there, built-in actions are not warned of.
        #expect(try Self.warnings("bindings: [{gesture: hold, keys: [ctrl, c]}]", files: ["/dev/uinput"]).isEmpty)
    }

    @Test func literalBracesInShellTextStayBraces() throws {
        let config = try BindingConfig.parse("bindings: [{gesture: tap, command: [sh, -c, \"echo {{x}} {x}\"]}]", file: "b.yaml")
        let argv = try #require(config.bindings.first?.command).argv { _ in "7" }
        #expect(argv == ["sh", "-c", "echo {x} \"${TACTILE_X}\""])
    }

    /// Issue 46: a long press held back by `delay` would hold every touch half a second, so
    /// the file's `claim: delay` is an edge swipe's alone, and `--check` says so of the others.
    @Test func aDelayDefaultIsSaidToCancelWhatIsNoEdgeSwipe() throws {
        let yaml = """
            pass-through: {claim: delay}
            bindings:
              - {gesture: hold, fingers: 1, command: [notify-send, long]}
              - {gesture: edgeSwipe, edge: left, command: [notify-send, edge]}
              - {gesture: tap, fingers: 2, claim: none, command: [notify-send, tap]}
            """
        let w = try Self.warnings(yaml)
        #expect(w == ["w.yaml:3:5: warning: pass-through's claim: delay holds touches back for edge swipes alone; this hold claims by cancel (held back until it could no longer be a hold, every touch would wait)"], "\(w)")
        #expect(try Self.warnings(yaml.replacingOccurrences(of: "claim: delay}", with: "claim: cancel}")).isEmpty)
    }
}
