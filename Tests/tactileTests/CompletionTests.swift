import Foundation
import TestSupport
import Testing

/// Shell completion as a person meets it: Tab pressed in a real bash, zsh and fish under
/// tmux, with the completion loaded as the README says, the line read back from the screen.
/// Every command's main argument is a file, and so are the options that name one (--desc,
/// -o, --config, ...): they complete file names.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is not installed (make test-deps installs it)"))
struct CompletionTests {
    let cli = CommandTests()

    /// The shells a person types in, each started as the README says to load completions.
    enum Shell: String, CaseIterable, CustomTestStringConvertible {
        case bash, zsh, fish
        var path: String { "/usr/bin/\(rawValue)" }
        var installed: Bool { FileManager.default.isExecutableFile(atPath: path) }
        var testDescription: String { rawValue }

        /// The command tmux runs: the shell, interactive, with nothing of this machine's
        /// configuration and the README's line for loading the completion.
        func command(in dir: URL, path bin: String) throws -> String {
            let env = "env -i HOME='\(dir.path)' TERM=xterm PATH=\(bin):/usr/bin:/bin"
            switch self {
            case .bash:
                let rc = dir.appendingPathComponent("bashrc")
                try "PS1='$ '\nsource <(tactile --generate-completion-script bash)\n".write(to: rc, atomically: true, encoding: .utf8)
                return "\(env) bash --noprofile --rcfile '\(rc.path)' -i"
            case .zsh:
                try """
                    PS1='$ '
                    autoload -U compinit && compinit -u
                    source <(tactile --generate-completion-script zsh)

                    """.write(to: dir.appendingPathComponent(".zshrc"), atomically: true, encoding: .utf8)
                return "\(env) ZDOTDIR='\(dir.path)' zsh -i"
            case .fish:
                let rc = dir.appendingPathComponent("config.fish")
                try """
                    set -g fish_greeting ''
                    function fish_prompt; echo -n '$ '; end
                    tactile --generate-completion-script fish | source

                    """.write(to: rc, atomically: true, encoding: .utf8)
                return "\(env) fish --no-config -i -C 'source \(rc.path)'"
            }
        }
    }

    /// A folder with one recording whose name starts with "Rec", `shell` started in it
    /// under a tmux server of its own, `keys` typed followed by Tab and then `Z`; the
    /// prompt's line once it ends with that `Z` (or after the patience). The `Z` tells what
    /// Tab put on the line from what fish only suggests (grey text that typing replaces).
    func completedLine(_ keys: String, in shell: Shell) throws -> String {
        let dir = cli.scratch()
        try "{}\n".write(to: dir.appendingPathComponent("Recording-of-a-tap.jsonl"), atomically: true, encoding: .utf8)
        try "{}\n".write(to: dir.appendingPathComponent("other.txt"), atomically: true, encoding: .utf8)
        let program = URL(fileURLWithPath: cli.program)
        // A program named `tactile` on the PATH is what the scripts complete.
        #expect(program.lastPathComponent == "tactile")
        let socket = "tactile-completion-\(getpid())-\(UUID().uuidString.prefix(8))"
        func tmux(_ args: String...) throws -> Subprocess.Finished {
            try Subprocess.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + args, timeout: 60)
        }
        // The server tmux forks keeps every descriptor it was given, and this process waits
        // for the ones it gave to close: through bash, with /dev/null and nothing else.
        let command = try shell.command(in: dir, path: program.deletingLastPathComponent().path)
        let session = "exec /usr/bin/tmux -L \(socket) -f /dev/null new-session -d -x 200 -y 20 -c '\(dir.path)' \"\(command)\""
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
        func prompt() -> String? {
            screen().split(separator: "\n").last { $0.hasPrefix("$ ") || $0 == "$" }.map { String($0).trimmingCharacters(in: .whitespaces) }
        }
        // The prompt is up: the configuration has been read.
        #expect(Waiting.until { prompt() != nil }, "\(shell)'s prompt: \(screen())")
        _ = try tmux("send-keys", "-t", "0", "-l", keys)
        _ = try tmux("send-keys", "-t", "0", "Tab")
        _ = try tmux("send-keys", "-t", "0", "-l", "Z")
        _ = Waiting.until { prompt()?.hasSuffix("Z") == true }
        return prompt() ?? screen()
    }

    @Test(arguments: Shell.allCases.filter(\.installed))
    func theRecordingArgumentCompletesAFileName(_ shell: Shell) throws {
        let line = try completedLine("tactile recognize Rec", in: shell)
        #expect(line == "$ tactile recognize Recording-of-a-tap.jsonl Z", "\(shell): \(line)")
    }

    @Test(arguments: Shell.allCases.filter(\.installed))
    func anOptionNamingAFileCompletesAFileName(_ shell: Shell) throws {
        let line = try completedLine("tactile info x.events --desc Rec", in: shell)
        #expect(line == "$ tactile info x.events --desc Recording-of-a-tap.jsonl Z", "\(shell): \(line)")
    }

    @Test(arguments: Shell.allCases.filter(\.installed))
    func theSubcommandsStillComplete(_ shell: Shell) throws {
        let line = try completedLine("tactile synt", in: shell)
        #expect(line == "$ tactile synth Z", "\(shell): \(line)")
    }

    /// zsh and fish are in the test bench (make test-deps), so a machine without them
    /// misses their typing tests above: this says so rather than passing in silence.
    @Test func everyShellIsHereToTypeIn() {
        #expect(Shell.allCases.filter { !$0.installed }.isEmpty, "not installed: \(Shell.allCases.filter { !$0.installed }); make test-deps installs them")
    }
}
