import ArgumentParser
import Tactile
import TactileLibinputRecord
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve gestures and orientation to other programs: a subscription socket and iio-sensor-proxy's D-Bus interface.",
        discussion: """
            One process reads the touch devices and accelerometers (as `tactile recognize` \
            reads them live; --follow for hot plug) and serves what it recognizes. On the \
            socket (--socket) a client sends a filter line, {} for everything, and receives \
            the matching lines as `tactile recognize --json` writes them; who may connect is \
            decided by the socket's owner, group and mode. On D-Bus it owns \
            net.hadess.SensorProxy, so desktops that rotate the screen with iio-sensor-proxy \
            use Tactile's orientation filter. --play serves a recording instead, at its own \
            pace. SIGINT or SIGTERM ends it. See docs/service.md.
            """)

    @Option(help: ArgumentHelp("The subscription socket to listen on; '' for none. Under systemd's socket activation the socket it passes is used instead.", valueName: "PATH"), completion: .file())
    var socket: String = "/run/tactile/tactile.sock"

    @Option(help: ArgumentHelp("The socket's permissions, octal: who may subscribe is who may write to it.", valueName: "MODE"))
    var socketMode: String = "660"

    @Option(help: ArgumentHelp("The D-Bus bus to serve net.hadess.SensorProxy on: system, none, or an address (unix:path=...).", valueName: "BUS"))
    var bus: String = "system"

    @Option(help: ArgumentHelp("Serve this recording instead of live devices, paced by its timestamps; the service ends after its last line.", valueName: "FILE"), completion: .file())
    var play: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --play: the playback speed; 2 plays twice as fast.", valueName: "X"))
    var speed: Double = 1

    @Option(help: ArgumentHelp("With --play: start playing once this many clients are there (subscribers and accelerometer claims).", valueName: "N"))
    var waitFor: Int = 0

    @OptionGroup(title: "With --play") var recording: RecordingOptions

    @Option(help: ArgumentHelp("Lines queued per subscriber that reads slowly; past that its lines are dropped and it is told how many.", valueName: "LINES"))
    var backlog: Int = 256

    @Option(help: ArgumentHelp("Subscribers at once; one more is refused with an error line.", valueName: "N"))
    var maxClients: Int = 64

    @OptionGroup(title: "Live devices") var live: LiveOptions

    @OptionGroup(title: "Recognition") var recognition: RecognitionOptions

    @OptionGroup(title: "Orientation") var orientation: OrientationOptions

    func validate() throws {
        guard speed.isFinite, speed > 0 else { throw ValidationError("--speed must be a positive number") }
        guard backlog >= 2 else { throw ValidationError("--backlog must be at least 2 lines") }
        guard maxClients >= 1 else { throw ValidationError("--max-clients must be at least 1") }
        guard waitFor >= 0 else { throw ValidationError("--wait-for must be 0 or more") }
        guard mode_t(socketMode, radix: 8) != nil else { throw ValidationError("--socket-mode must be octal, such as 660") }
        if play != nil && !live.devices.isEmpty { throw ValidationError("give either --play or --device, not both") }
        if play == nil && waitFor > 0 { throw ValidationError("--wait-for needs --play") }
    }

    func run() throws {
        try reportingErrors {
            let thresholds = try recognition.thresholds()
            let orientationSettings = try orientation.settings()
            signal(SIGPIPE, SIG_IGN)
            let configuration = Recognition.Configuration(
                settings: thresholds, gestures: recognition.gestures?.kinds, size: self.recording.size?.size,
                orientation: orientationSettings, profile: recognition.profile?.kind, input: false)
            // The recording is opened, or the devices found, before anything is served (and
            // before any thread starts, so every thread has the termination signals blocked):
            // a bad file or a missing device fails at once.
            var player: RecordingPlayer?
            var session: LiveSession?
            var signals: TerminationSignals?
            var accelerometers = 0
            if let play {
                signals = try TerminationSignals()
                let reader = try self.recording.open(play)
                sayGuesses(reader.header, reading: play, size: self.recording.size?.size)
                accelerometers = reader.header.devices.filter { $0.kind == .accelerometer }.count
                player = RecordingPlayer(reader: reader, recognition: Recognition(devices: reader.header, configuration),
                                         speed: speed)
            } else {
                session = try LiveSession(options: live.session(), recognition: configuration)
            }
            let mailbox = try ServiceMailbox()
            let loop = try ServiceLoop(socket: socket, mode: mode_t(socketMode, radix: 8)!, bus: bus, limits: limits,
                                       mailbox: mailbox, accelerometers: accelerometers) { printError("tactile: serve: " + $0) }
            // Serving failed (the bus went away): the recognizing side is woken and stops, as
            // on SIGTERM, and the error is what the command reports.
            let servingFailed = try EventFD()
            nonisolated(unsafe) let running = session
            let serving = ServiceThread.start(loop) {
                servingFailed.raise()
                running?.stop()
            }
            defer { mailbox.post(.ended); serving.join() }
            if var player {
                for d in player.devices.devices { mailbox.post(.deviceAdded(d, node: nil)) }
                if waitFor > 0 && !mailbox.waitForClients(waitFor, stop: { serving.isDone || Self.signalled(signals) }) { return }
                _ = try player.play(signals: signals, stop: servingFailed) { line, bytes in mailbox.post(.line(line, bytes)) }
            } else if let session {
                try session.run(mailbox.liveHandlers { printError("tactile: serve: \($0)") })
            }
            mailbox.post(.ended)
            serving.join()
            if let error = serving.error { throw error }
        }
    }

    private var limits: SubscriptionServer.Limits {
        var l = SubscriptionServer.Limits()
        l.backlog = backlog
        l.clients = maxClients
        return l
    }

    private static func signalled(_ signals: TerminationSignals?) -> Bool {
        var set = PollSet()
        set.add(signals?.fd ?? -1)
        return ((try? set.check()) ?? 0) > 0
    }
}
