import ArgumentParser
import Tactile
import TactileBindings
import TactileLibinputRecord
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

struct Bind: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run commands on gestures and screen rotation, as a configuration binds them.",
        discussion: """
            CONFIG is YAML (docs/bindings.md; schema in docs/bindings.schema.json). Without \
            RECORDING, live devices are read as `tactile recognize` reads them; SIGHUP reloads \
            CONFIG (a bad one keeps the previous), SIGINT or SIGTERM ends. With --socket, the \
            lines come from `tactile serve` instead, the same way. With RECORDING, its \
            gestures run the commands as fast as it is read; --dry-run prints each action \
            instead, as a JSON line: when, the binding's line, argv, the TACTILE_* \
            environment and the standard input. Commands run without a shell (unless the \
            binding says `shell: true`), never hold up recognition, and are ended after \
            `commands.timeout`. A bad configuration exits 78 naming file:line:column. \
            `tactile bind import FILE` translates a touchégg, fusuma, libinput-gestures or \
            lisgd configuration.
            """,
        subcommands: [BindImport.self, BindFocus.self])

    @Argument(help: "The bindings, a YAML file.")
    var config: String

    @Argument(help: "A recording to run the bindings over instead of live devices.")
    var recording: String?

    @Option(help: ArgumentHelp("Read the lines of a running `tactile serve` from its socket instead of the devices (docs/service.md), so bind needs no access to /dev/input; bind ends with the service's input, and exits 69 when the service is not there or goes away.", valueName: "PATH"))
    var socket: String?

    @Flag(help: "Print what would run, and when, as JSON Lines; run nothing.")
    var dryRun = false

    @Flag(help: "Validate CONFIG and exit (0 when it is good, 78 with what is wrong); warn on standard error of what will not work live (a program not on PATH, a value written into an interpreter's code, a node that is not here).")
    var check = false

    @Flag(help: "Reserve the devices read (EVIOCGRAB), so the compositor does not act on them too. Needs --backend libevdev.")
    var grab = false

    @Flag(help: "Say on standard error every command run and how it ended, not only failures.")
    var verbose = false

    @OptionGroup var recordingOptions: RecordingOptions

    @Option(name: .customLong("set"), help: ArgumentHelp("One threshold over the configuration's `settings`, NAME=VALUE (repeatable; tactile recognize --list-settings names them).", valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("Recognize as on this class of device: touchscreen or touchpad (as recognize --profile).", valueName: "CLASS"))
    var profile: RecognitionOptions.Profile?

    @Option(help: ArgumentHelp("With RECORDING: a name of the application taken to have focus throughout, for bindings that name one (`app:`); repeat it for each of its names (`tactile bind focus` shows a window's).", valueName: "NAME"))
    var app: [String] = []

    @Flag(help: "With RECORDING: take the focused application from the running desktop when the run starts (as live), for bindings that name one.")
    var appFromDesktop = false

    @OptionGroup(title: "Live devices") var live: LiveOptions

    func run() throws {
        try reportingErrors {
            let config = try load(self.config)
            if (!app.isEmpty || appFromDesktop) && (recording == nil || check) {
                throw TactileError(.usage, "--app and --app-from-desktop are for a run over a RECORDING (live, the desktop says which application has focus)")
            }
            if check {
                for warning in config.warnings() { printError("tactile: \(warning)") }
                printLine(config.summary)
                return
            }
            if let socket {
                if recording != nil { throw TactileError(.usage, "give either RECORDING or --socket, not both") }
                if !live.devices.isEmpty { throw TactileError(.usage, "give either --socket or --device, not both") }
                if grab { throw TactileError(.usage, "--grab is for devices bind reads itself, not --socket") }
                if profile != nil { throw TactileError(.usage, "with --socket the service recognizes: give --profile to tactile serve") }
                try runSocket(socket, config)
            } else if let recording {
                if !live.devices.isEmpty { throw TactileError(.usage, "give either RECORDING or --device, not both") }
                try runRecording(recording, config)
            } else {
                try runLive(config)
            }
        }
    }

    /// The configuration, with `--set` over its settings.
    func load(_ path: String) throws -> BindingConfig {
        var config = try BindingConfig.load(path: path)
        try config.settings.apply(settings)
        return config
    }

    /// Follows the desktop's focus when a binding needs it: the configuration's
    /// `focus.command`, else sway, Hyprland or X11 from the environment. With none, bindings
    /// for an application never run: said, or (`required`) an error.
    static func focusWatcher(_ config: BindingConfig, required: Bool) throws -> FocusWatcher? {
        guard config.needsFocus || required else { return nil }
        guard let desktop = config.focusCommand.map({ FocusWatcher.Desktop.command($0) }) ?? FocusWatcher.detect() else {
            let why = "\(FocusWatcher.noDesktopReason()); give the configuration `focus: {command: [...]}` (docs/focus.md)"
            if required { throw TactileError(.unavailable, why) }
            printError("tactile: bind: \(why); bindings for an application will not run")
            return nil
        }
        printError("tactile: bind: the focused application comes from \(desktop)".terminalSafe)
        return try FocusWatcher(desktop)
    }

    /// SIGHUP: the configuration read again and bound from the next line on; on an error
    /// (said) the one loaded before stays.
    func reload(_ binder: inout LineStreamBinder, _ sink: Sink, _ watcher: inout FocusWatcher?, into actions: inout [BoundAction]) {
        do {
            let fresh = try load(config)
            try sink.prepare(for: fresh)
            if watcher == nil { watcher = try Self.focusWatcher(fresh, required: false) }
            binder.reload(fresh, into: &actions)
            printError("tactile: bind: reloaded \(fresh.summary)")
        } catch {
            printError("tactile: \(error); keeping the configuration loaded before")
        }
    }

    /// Where actions go: printed (dry run) or run, a built-in action's events written to
    /// the virtual keyboard and pointer (TactileLinux's `ActionSink`, fed `BoundAction`s).
    final class Sink {
        let sink: ActionSink
        /// Live actions carry their gesture's kernel time, to say how long after it each
        /// command started.
        let live: Bool
        private var items: [ActionSink.Action] = []

        init(dryRun: Bool, limits: CommandLimits, verbose: Bool, live: Bool) throws {
            self.live = live
            sink = try ActionSink(dryRun: dryRun, concurrency: limits.concurrency, timeout: limits.timeout, verbose: verbose) { label, message in
                printError("tactile: bind" + (label.map { " " + $0 } ?? "") + ": " + message)
            }
        }

        /// Makes the virtual keyboard and pointer when `config` has built-in actions and
        /// none exists yet (at the start, and after a reload that adds them).
        func prepare(for config: BindingConfig) throws {
            guard config.bindings.contains(where: { $0.input != nil }) else { return }
            try sink.prepareVirtualInput(name: Self.virtualName, capabilities: InputAction.capabilities)
        }

        /// The virtual device's name, as `libinput list-devices` and desktops show it.
        static let virtualName = "tactile bind virtual input"

        func take(_ actions: inout [BoundAction]) throws {
            items.removeAll(keepingCapacity: true)
            for a in actions {
                if sink.isDryRun {
                    items.append(.line(a.jsonLine))
                } else if !a.input.isEmpty {
                    items.append(.input(a.input, label: "line \(a.line)"))
                } else {
                    items.append(.command(CommandRunner.Job(argv: a.argv, environment: a.environment.map { "\($0.name)=\($0.value)" },
                                                            stdin: a.stdin, label: "line \(a.line)", eventTime: live ? a.time : nil)))
                }
            }
            try sink.take(items)
            actions.removeAll(keepingCapacity: true)
        }

        /// The end (`ActionSink.finish`): a signal while waiting ends the commands too.
        func finish(_ limits: CommandLimits, interrupted: Bool) throws {
            try sink.finish(interrupted: interrupted) { Interruption.shared.signal }
        }
    }

    private func runRecording(_ path: String, _ config: BindingConfig) throws {
        let recording = try recordingOptions.open(path)
        if appFromDesktop && !app.isEmpty { throw TactileError(.usage, "give either --app or --app-from-desktop, not both") }
        var focused = app.isEmpty ? nil : app
        if appFromDesktop {
            let watcher = try Self.focusWatcher(config, required: true)
            defer { watcher?.stop() }
            focused = try watcher?.waitForFirstReading()?.names
        }
        for note in config.notes(for: recording.header, recording: path, focusedApplication: focused) {
            printError("tactile: bind: \(note)".terminalSafe)
        }
        let pipeline = InputPipeline(recording, stage: BindingStage(config: config, header: recording.header, size: recordingOptions.size?.size,
                                                                     profile: profile?.kind, focusedApplication: focused))
        defer { pipeline.stop() }
        let sink = try Sink(dryRun: dryRun, limits: config.limits, verbose: verbose, live: false)
        try sink.prepare(for: config)
        // Commands run: SIGINT or SIGTERM ends them with bind, not after it.
        if !dryRun { Interruption.shared.watch() }
        do {
            try pipeline.forEachBatch { actions in
                if Interruption.shared.signal != nil { throw Interruption.Stop() }
                try sink.take(&actions)
            }
        } catch is Interruption.Stop {}
        try sink.finish(config.limits, interrupted: Interruption.shared.signal != nil)
        if let signal = Interruption.shared.signal { throw ExitCode(128 + signal) }
    }

    private func runLive(_ initial: BindingConfig) throws {
        if grab && live.backend != .libevdev { throw TactileError(.usage, "--grab needs --backend libevdev (libinput opens devices itself)") }
        // Lines come a frame at a time here; the stream binder keeps the devices (a reloaded
        // configuration selects anew among them) as it does for --socket.
        var binder = LineStreamBinder(config: initial)
        var actions: [BoundAction] = []
        let sink = try Sink(dryRun: dryRun, limits: initial.limits, verbose: verbose, live: true)
        try sink.prepare(for: initial)
        var watcher = try Self.focusWatcher(initial, required: false)
        defer { watcher?.stop() }
        let session = try LiveSession(options: live.session(grab: grab),
                                      recognition: initial.recognition(profile: profile?.kind))
        try session.run(LiveSession.Handlers<RecognizedEvent>(
            added: { d, node in
                binder.add(d, node: node, into: &actions)
                return binder.binder.selects(d, node: node)
            },
            removed: { id in
                binder.remove(device: id, into: &actions)
                try? sink.take(&actions)
            },
            hangUp: {
                reload(&binder, sink, &watcher, into: &actions)
                do { try sink.take(&actions) } catch { printError("tactile: bind: \(error)") }
                return true
            },
            warning: { printError("tactile: \($0)") },
            lines: { lines in
                // Called after every event: the desktop's focus is read only for a frame
                // that completed lines, not per frame.
                guard !lines.isEmpty else { return }
                if let watcher { binder.focusedApplication = watcher.current?.names }
                for line in lines { binder.handle(line, into: &actions) }
                binder.endFrame(into: &actions)
                lines.removeAll(keepingCapacity: true)
                try sink.take(&actions)
            }))
        if let stats = session.stats { printError(stats.report) }
        binder.finish(into: &actions)
        try sink.take(&actions)
        try sink.finish(binder.binder.config.limits, interrupted: true)
    }
}
