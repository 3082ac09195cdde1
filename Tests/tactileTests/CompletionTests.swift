import Foundation
import TestSupport
import Testing

/// Shell completion as a person meets it: Tab pressed in a real bash under tmux, the line
/// read back from the screen. Every command's main argument is a file, and so are the
/// options that name one (--desc, -o, --config, ...): they complete file names.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed (make test-deps installs it)"))
struct CompletionTests {
    let cli = CommandTests()

    /// A folder with one recording whose name starts with "Rec", bash started in it under a
    /// tmux server of its own with the completion loaded as the README says, `keys` typed
    /// followed by Tab; the prompt's line once it shows `expected` (or after the patience).
    func completedLine(_ keys: String, expecting expected: String) throws -> String {
        let dir = cli.scratch()
        try "{}\n".write(to: dir.appendingPathComponent("Recording-of-a-tap.jsonl"), atomically: true, encoding: .utf8)
        try "{}\n".write(to: dir.appendingPathComponent("other.txt"), atomically: true, encoding: .utf8)
        let program = URL(fileURLWithPath: cli.program)
        let rc = dir.appendingPathComponent("bashrc")
        try """
            PS1='$ '
            PATH=\(program.deletingLastPathComponent().path):$PATH
            source <(tactile --generate-completion-script bash)

            """.write(to: rc, atomically: true, encoding: .utf8)
        let socket = "tactile-completion-\(getpid())-\(UUID().uuidString.prefix(8))"
        func tmux(_ args: String...) throws -> Subprocess.Finished {
            try Subprocess.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + args, timeout: 60)
        }
        // A program named `tactile` on the PATH is what `complete -F _tactile tactile` is for.
        #expect(program.lastPathComponent == "tactile")
        // The server tmux forks keeps every descriptor it was given, and this process waits
        // for the ones it gave to close: through bash, with /dev/null and nothing else.
        let session = "exec /usr/bin/tmux -L \(socket) -f /dev/null new-session -d -x 200 -y 20 -c '\(dir.path)' "
            + "\"env -i HOME='\(dir.path)' TERM=xterm PATH=/usr/bin:/bin bash --noprofile --rcfile '\(rc.path)' -i\""
        let closing = #"for fd in /proc/$$/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; "#
        let started = try Subprocess.run("/bin/bash", ["-c", closing + session + " </dev/null >/dev/null 2>&1"], timeout: 60)
        #expect(started.status == 0, "tmux new-session")
        // Ended by SIGKILL: the shell inherits this test's signal mask, which may block the
        // SIGHUP kill-server would send it, and the server would then wait for it.
        defer {
            let pids = (try? tmux("display-message", "-p", "-t", "0", "#{pid} #{pane_pid}").stdout) ?? ""
            for pid in pids.split(whereSeparator: \.isWhitespace).compactMap({ pid_t($0) }) where pid > 1 { kill(pid, SIGKILL) }
        }
        func screen() -> String { (try? tmux("capture-pane", "-p").stdout) ?? "" }
        // The prompt is up: the rc file has been read (the screen's lines come without their
        // trailing blanks).
        #expect(Waiting.until { screen().hasPrefix("$") }, "bash's prompt: \(screen())")
        _ = try tmux("send-keys", "-t", "0", "-l", keys)
        _ = try tmux("send-keys", "-t", "0", "Tab")
        _ = Waiting.until { screen().contains(expected) }
        return screen().split(separator: "\n").last { $0.hasPrefix("$") }.map(String.init) ?? screen()
    }

    @Test func theRecordingArgumentCompletesAFileName() throws {
        let line = try completedLine("tactile recognize Rec", expecting: "Recording-of-a-tap.jsonl")
        #expect(line.hasPrefix("$ tactile recognize Recording-of-a-tap.jsonl"), "\(line)")
    }

    @Test func anOptionNamingAFileCompletesAFileName() throws {
        let line = try completedLine("tactile info x.events --desc Rec", expecting: "Recording-of-a-tap.jsonl")
        #expect(line.hasPrefix("$ tactile info x.events --desc Recording-of-a-tap.jsonl"), "\(line)")
    }

    @Test func theSubcommandsStillComplete() throws {
        let line = try completedLine("tactile synt", expecting: "synth")
        #expect(line == "$ tactile synth", "\(line)")
    }

    /// zsh and fish are not run here (not installed for the tests): their generated
    /// scripts are read instead, each file argument given the shell's file completion.
    @Test func zshAndFishCompleteFilesForTheRecordingArgument() throws {
        let zsh = try cli.tactile("--generate-completion-script", "zsh").stdout
        let recognize = try #require(zsh.range(of: "_tactile_recognize() {"))
        let body = zsh[recognize.upperBound...].prefix { $0 != "}" }
        #expect(body.contains("':input:_files'"), "\(body.prefix(300))")
        let fish = try cli.tactile("--generate-completion-script", "fish").stdout
        let input = fish.split(separator: "\n").filter { $0.contains("\"tactile recognize\"") && $0.contains("positional") }
        #expect(input.contains { $0.hasSuffix(" -F") }, "fish's -F, files: \(input)")
    }
}
