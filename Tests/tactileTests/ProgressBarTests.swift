import Foundation
import Testing
import TestSupport

/// The progress bar: drawn on a terminal (a pseudo-terminal from util-linux `script`), to
/// 100% and then cleared; absent when standard error is a pipe, with `--quiet`, and for
/// small inputs.
struct ProgressBarTests {
    let cmd = CommandTests()

    /// A trace over the 4 MiB threshold: a recording repeated, times running on.
    func bigTrace() throws -> String {
        let lines = try String(contentsOfFile: CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path, encoding: .utf8)
            .split(separator: "\n")
        var text = String(lines[0]) + "\n"
        var copy = 0
        while text.utf8.count < 5 << 20 {
            for line in lines.dropFirst() {
                // {"t":0.1,... -> {"t":copy+0.1,...
                let t = line.split(separator: ",", maxSplits: 1)
                let time = Double(t[0].dropFirst(5))! + Double(copy)
                text += "{\"t\":\(time)," + t[1] + "\n"
            }
            copy += 1
        }
        return try cmd.file(text, "big.jsonl")
    }

    /// What a terminal shows: `tactile ARGS` run by `script` on a pseudo-terminal. The
    /// release build when there is one: a sanitized debug build takes minutes to plot 5 MB
    /// on a busy machine, and the bar is the same code either way.
    func onTerminal(_ args: [String]) throws -> (status: Int32, screen: String) {
        let command = ([CommandTests.binary] + args).map { "'\($0)'" }.joined(separator: " ")
        let r = try Subprocess.run("/usr/bin/script", ["-qfec", command, "/dev/null"], timeout: 300)
        return (r.status, r.stdout)
    }

    @Test(arguments: [["frames"], ["recognize", "--json"], ["convert", "--to", "evemu"], ["plot"], ["view"]])
    func drawnOnATerminalThenCleared(_ command: [String]) throws {
        let input = try bigTrace()
        let output = cmd.scratch().appendingPathComponent("out").path
        let args = command + [input] + (command[0] == "recognize" ? [] : ["-o", output])
        let r = try onTerminal(args)
        #expect(r.status == 0, "\(r.screen.suffix(300))")
        let label = command[0]
        #expect(r.screen.contains("\r\(label) 100% [========================] 5.2 of 5.2 MB"), "\(r.screen.prefix(300))")
        #expect(r.screen.contains("\r\u{1B}[K"), "the bar is cleared at the end")
        if label != "recognize" {
            #expect(try FileManager.default.attributesOfItem(atPath: output)[.size] as! Int > (label == "plot" ? 1000 : 1 << 20))
        }
    }

    @Test func absentWhenPipedQuietOrSmall() throws {
        let input = try bigTrace()
        let piped = try cmd.tactile("frames", input, "-o", "/dev/null")
        #expect(piped.status == 0 && piped.stderr.isEmpty, "\(piped.stderr.prefix(200))")
        let quiet = try onTerminal(["frames", "--quiet", input, "-o", "/dev/null"])
        #expect(quiet.status == 0 && !quiet.screen.contains("%"), "\(quiet.screen.prefix(200))")
        let small = try onTerminal(["frames", CommandTests.root.appendingPathComponent("Recordings/tap.jsonl").path, "-o", "/dev/null"])
        #expect(small.status == 0 && small.screen.isEmpty, "\(small.screen.prefix(200))")
    }
}
