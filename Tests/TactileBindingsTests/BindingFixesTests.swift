import Foundation
import Tactile
import TactileBindings
import TactileTesting
import Testing

/// The bugs issue 47 found along the way (its item 8), each with a test that failed before
/// its fix.
struct BindingFixesTests {
    /// A quick edge swipe's `{dx}` and `{dy}` are its own stroke's: not the translation of
    /// the pan before it (77, 5 where about 10 was moved), nor 0 when no pan came before.
    @Test(arguments: [false, true])
    func aQuickEdgeSwipesTranslationIsItsOwnStroke(afterAPan: Bool) throws {
        let device = DeviceProfile.phone.description
        var steps: [GestureScript.Step] = []
        if afterAPan { steps.append(.pan(fingers: 1, by: Vector(x: 40, y: 5), duration: .milliseconds(300), at: Point(x: 14, y: 60))) }
        // 11.4 mm in 30 ms: recognized before any pan of its own began.
        steps.append(.edgeSwipe(edge: .left, distance: Millimetres(11.4), duration: .milliseconds(30)))
        let events = GestureScript(device: device, steps: steps).events()
        let yaml = "bindings: [{gesture: edgeSwipe, edge: left, command: [back, \"{dx}\", \"{dy}\"]}]"
        let a = boundActions(try BindingConfig.parse(yaml, file: "t.yaml"), InputDevices(devices: [device]), events)
        #expect(a.count == 1, "\(a.map(\.argv))")
        let dx = try #require(a.first.flatMap { Double($0.argv[1]) }), dy = try #require(a.first.flatMap { Double($0.argv[2]) })
        // Recognized once 10 mm in (edgeSwipeMinDistance), within the frame that crossed it;
        // measured from the edge (the finger landed 1 mm inside it).
        #expect(dx >= 9.5 && dx <= 12.5, "{dx} is \(dx)")
        #expect(abs(dy) < 2, "{dy} is \(dy)")
    }

    /// `app:` matches without regard to case, so `firefox` and `Firefox` on one gesture are
    /// the same binding given twice: refused as a duplicate, not kept as one that never runs.
    @Test func anAppGivenTwiceInAnotherCaseIsADuplicate() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, fingers: 3, direction: left, app: firefox, command: [a]}
              - {gesture: swipe, fingers: 3, direction: left, app: Firefox, command: [b]}
            """
        do {
            _ = try BindingConfig.parse(yaml, file: "t.yaml")
            Issue.record("two bindings for one gesture in one application were accepted")
        } catch {
            #expect(error.line == 3 && error.message.hasPrefix("duplicate binding"), "\(error)")
        }
    }

    /// fusuma's ``xdotool key alt+` `` is a shell syntax error: `--check` says so.
    @Test func shellTextThatCannotParseIsWarnedOf() throws {
        let yaml = """
            bindings:
              - {gesture: swipe, fingers: 3, direction: down, shell: true, command: "xdotool key alt+`"}
              - {gesture: swipe, fingers: 3, direction: up, command: [sh, -c, "echo 'it is"]}
              - {gesture: swipe, fingers: 3, direction: left, shell: true, command: "echo \\"$(date)\\" `whoami` {x} # ok"}
            """
        let config = try BindingConfig.parse(yaml, file: "t.yaml")
        let w = config.warnings(searchPath: "/bin", isExecutable: { _ in true }, exists: { _ in true }).filter { $0.contains("does not parse") }
        #expect(w.count == 2, "\(w)")
        #expect(w.first?.hasPrefix("t.yaml:2:5: warning: the shell text does not parse: a ` (backtick") ?? false, "\(w)")
        #expect(w.last?.hasPrefix("t.yaml:3:5:") ?? false, "\(w)")
    }

    @Test(arguments: [
        ("echo hi", nil as String?),
        ("echo 'a\"b' \"c'd\" `e` $(f (g)) ${h:-i}", nil),
        ("case $x in a) echo a;; esac", nil),
        ("# a comment with a ' quote", nil),
        ("echo it's", "a ' (single quote) at column 8"),
        ("echo \"$(date", "a $( (command substitution) at column 7"),
        ("echo ${x", "a ${ (parameter expansion) at column 6"),
        ("echo \\' ok", nil),
        ("if true; then echo a", "`if` at column 1 is never closed with `fi`"),
        ("if true; then echo a; fi", nil),
        ("if a; then b; elif c; then d; else e; fi", nil),
        ("if true; echo a; fi", "`if` at column 1 has no `then` before its `fi`"),
        ("for f in a b; do echo \"$f\"; done", nil),
        ("for f do echo \"$f\"; done", nil),
        ("while true; do sleep 1", "`while` at column 1 is never closed with `done`"),
        ("echo done; fi", "`fi` at column 12 closes no open `if`"),
        ("then echo", "`then` at column 1 has no `if` open"),
        ("f() { echo a; }", nil),
        ("{ echo a", "`{` at column 1 is never closed with `}`"),
        ("echo if then fi \\if 'fi' \"done\"", nil),
        ("echo \"$(if true; then echo a; fi)\" done", nil),
        ("[ -x a ] && { a; } || b # if", nil),
        ("case $x in\n  a) if b; then c; fi;;\nesac", nil),
    ])
    func shellSyntaxFindsWhatIsLeftOpen(_ script: String, _ problem: String?) {
        let got = ShellSyntax.problem(script)
        if let problem { #expect(got?.hasPrefix(problem) ?? false, "\(script): \(got ?? "nil")") } else { #expect(got == nil, "\(script): \(got ?? "")") }
    }
}
