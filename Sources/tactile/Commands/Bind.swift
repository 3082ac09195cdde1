import ArgumentParser
import Tactile
import TactileBindings
import TactileBindingsLinux
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

    @Argument(help: "The bindings, a YAML file.", completion: .file())
    var config: String

    @Argument(help: "A recording to run the bindings over instead of live devices.", completion: .file())
    var recording: String?

    @Option(help: ArgumentHelp("Read the lines of a running `tactile serve` from its socket instead of the devices (docs/service.md), so bind needs no access to /dev/input; bind ends with the service's input, and exits 69 when the service is not there or goes away.", valueName: "PATH"), completion: .file())
    var socket: String?

    @Flag(help: "Print what would run, and when, as JSON Lines; run nothing.")
    var dryRun = false

    @Flag(help: "Validate CONFIG and exit (0 when it is good, 78 with what is wrong); warn on standard error of what will not work live (a program not on PATH, a value written into an interpreter's code, shell text that cannot parse, a node that is not here), and with RECORDING of what it will make of that recording's devices.")
    var check = false

    @Flag(help: "Reserve the devices read (EVIOCGRAB), so the compositor does not act on them too. Needs --backend libevdev.")
    var grab = false

    @Flag(help: "Grab each touch device read and pass its input on through a copy (\"NAME (tactile)\", uinput) that the desktop reads instead; a bound gesture's touches are cancelled there as it is recognized (docs/pass-through.md). Needs --backend libevdev and /dev/uinput. With RECORDING and --dry-run, the claims are printed among the actions.")
    var passThrough = false

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
            if (!app.isEmpty || appFromDesktop) && recording == nil {
                throw TactileError(.usage, "--app and --app-from-desktop are for a run over a RECORDING (live, the desktop says which application has focus)")
            }
            if appFromDesktop && check { throw TactileError(.usage, "--app-from-desktop is for a run, not --check (give --app NAME)") }
            if check {
                for warning in config.warnings() { printError("tactile: \(warning)") }
                // With a recording, what the configuration will make of it too.
                if let recording {
                    let header = try recordingOptions.open(recording).header
                    for note in config.notes(for: header, recording: recording, focusedApplication: app.isEmpty ? nil : app) {
                        Self.log(nil, note)
                    }
                }
                printLine(config.summary)
                return
            }
            if let socket {
                if recording != nil { throw TactileError(.usage, "give either RECORDING or --socket, not both") }
                if !live.devices.isEmpty { throw TactileError(.usage, "give either --socket or --device, not both") }
                if grab { throw TactileError(.usage, "--grab is for devices bind reads itself, not --socket") }
                if passThrough { throw TactileError(.usage, "--pass-through is for devices bind reads itself, not --socket (the service reads them)") }
                if profile != nil { throw TactileError(.usage, "with --socket the service recognizes: give --profile to tactile serve") }
                if recordingOptions.size != nil { throw TactileError(.usage, "with --socket the service recognizes: give --size to tactile serve") }
                try runSocket(socket, config)
            } else if let recording {
                if !live.devices.isEmpty { throw TactileError(.usage, "give either RECORDING or --device, not both") }
                if passThrough && !dryRun { throw TactileError(.usage, "--pass-through over a RECORDING only shows its claims: add --dry-run") }
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

    /// What bind says on standard error: `tactile: bind[ line N]: message`, safe for a
    /// terminal (a configuration's program names and a window's title are not).
    static let log: @Sendable (_ label: String?, _ message: String) -> Void = { label, message in
        printError(("tactile: bind" + (label.map { " " + $0 } ?? "") + ": " + message).terminalSafe)
    }

    private func runRecording(_ path: String, _ config: BindingConfig) throws {
        let recording = try recordingOptions.open(path)
        sayGuesses(recording.header, reading: path, size: recordingOptions.size?.size)
        if appFromDesktop && !app.isEmpty { throw TactileError(.usage, "give either --app or --app-from-desktop, not both") }
        var focused = app.isEmpty ? nil : app
        if appFromDesktop {
            let watcher = try FocusWatcher.forBindings(config, required: true) { Self.log(nil, $0) }
            defer { watcher?.stop() }
            focused = try watcher?.waitForFirstReading()?.names
        }
        for note in config.notes(for: recording.header, recording: path, focusedApplication: focused) {
            Self.log(nil, note)
        }
        let pipeline = InputPipeline(recording, stage: BindingStage(config: config, header: recording.header, size: recordingOptions.size?.size,
                                                                     profile: profile?.kind, focusedApplication: focused,
                                                                     claiming: passThrough))
        defer { pipeline.stop() }
        let sink = try BoundActionSink(dryRun: dryRun, limits: config.limits, verbose: verbose, live: false, log: Self.log)
        try sink.prepare(for: config)
        // Commands run: SIGINT or SIGTERM ends them with bind, not after it.
        if !dryRun { try Interruption.shared.watch() }
        do {
            try pipeline.forEachBatch { actions in
                if Interruption.shared.signal != nil { throw Interruption.Stop() }
                try sink.take(&actions)
            }
        } catch is Interruption.Stop {}
        try sink.finish(interrupted: Interruption.shared.signal != nil) { Interruption.shared.signal }
        if let signal = Interruption.shared.signal { throw ExitCode(128 + signal) }
    }

    private func runLive(_ initial: BindingConfig) throws {
        if grab && live.backend != .libevdev { throw TactileError(.usage, "--grab needs --backend libevdev (libinput opens devices itself)") }
        if passThrough && live.backend != .libevdev {
            throw TactileError(.usage, "--pass-through needs --backend libevdev (it copies the raw events libinput does not give)")
        }
        if passThrough && dryRun {
            throw TactileError(.usage, "live, --pass-through grabs the devices and passes them on, which a dry run would not do: --dry-run --pass-through is for a RECORDING")
        }
        if passThrough { try DeviceCopy.checkUinput() }
        // Lines come a frame at a time here; the binding session keeps the devices (a
        // reloaded configuration selects anew among them) as it does for --socket.
        let bindings = try BindingSession(config: initial, dryRun: dryRun, verbose: verbose, log: Self.log)
        var options = live.session(grab: grab)
        // Under pass-through, a panel's pen makes its fingers palms while it is near.
        options.pens = passThrough
        let session = try LiveSession(options: options,
                                      recognition: initial.recognition(size: recordingOptions.size?.size, profile: profile?.kind))
        if passThrough {
            let copies = DeviceCopies(measure: live.stats) { Self.log(nil, $0) }
            copies.policy = { d, node in bindings.binder.binder.config.passThroughPolicy(for: d, node: node) }
            session.copies = copies
            bindings.claimed = { device, time in copies.claim(device: device, at: time) }
        }
        try session.run(LiveSession.Handlers<RecognizedEvent>(
            added: { d, node in bindings.add(d, node: node) },
            removed: { id in try? bindings.remove(device: id) },
            hangUp: {
                do { try bindings.reload { try load(config) } } catch { printError("tactile: bind: \(error)") }
                // What the copies do beyond claims follows the configuration now in force.
                session.copies?.applyPolicy(at: MonotonicClock.now())
                return true
            },
            warning: { printError("tactile: \($0)") },
            lines: { lines in
                // Called after every event: the desktop's focus is read only for a frame
                // that completed lines, not per frame.
                try bindings.handleFrame(lines)
                lines.removeAll(keepingCapacity: true)
            }))
        if let stats = session.stats { printError(stats.report) }
        if let delays = session.copies?.delays { printError(delays.latencyReport(key: "passThrough")) }
        try bindings.finish(interrupted: true) { Interruption.shared.signal }
    }
}
