import ArgumentParser
import Tactile
import TactileBindings
import TactileTesting

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recognize a recording and compare its lines with the expected ones, within tolerances.",
        discussion: """
            The lines `tactile recognize --json RECORDING` gives (or, with --bind CONFIG, \
            those of `tactile bind CONFIG RECORDING --dry-run`) are matched in order with \
            EXPECTED's by what must be equal (gesture, state, fingers, direction, argv \
            words), then compared number by number within the tolerances; a difference equal \
            to its tolerance passes, and a velocity or delta is compared only when the \
            translation, scale or rotation it comes from is off. First a summary: per \
            gesture, the lines matched, missing and extra, and the worst difference of each \
            quantity with its tolerance; then the differences, each as a person checks it \
            (missing, extra, or which quantity of which line is off, by how much), the first \
            \(Check.detailLimit) unless --verbose. Exit 0 when they agree, 1 when they do not, 65 or 66 for an \
            unreadable input. --update writes the lines as EXPECTED instead (atomically).
            """)

    /// How many differences are listed after the summary without --verbose.
    static let detailLimit = 20

    @Argument(help: ArgumentHelp(InputOptions.inputHelp), completion: .file())
    var recording: String

    @Argument(help: "The expected lines, JSON Lines (a golden file).", completion: .file())
    var expected: String

    @Flag(help: "Write the lines to EXPECTED instead of comparing (review the change by eye).")
    var update = false

    @Option(name: .customLong("bind"), help: ArgumentHelp("Compare bind --dry-run's actions for this configuration instead of the gesture lines.", valueName: "CONFIG"), completion: .file())
    var bindConfig: String?

    @Option(help: ArgumentHelp("With --bind: a name of the application taken to have focus (as bind --app).", valueName: "NAME"))
    var app: [String] = []

    @Flag(help: ArgumentHelp("List every difference after the summary, not only the first \(Check.detailLimit)."))
    var verbose = false

    @OptionGroup var recordingOptions: RecordingOptions

    @OptionGroup var progress: ProgressOptions

    @OptionGroup(title: "Recognition") var recognition: RecognitionOptions

    @OptionGroup(title: "Orientation") var orientation: OrientationOptions

    @OptionGroup(title: "Tolerances") var tolerances: ToleranceOptions

    func run() throws {
        try reportingErrors {
            let lines = try produce()
            if update {
                let out = try OutputFile(path: expected)
                for l in lines { try out.write(l + "\n") }
                try out.commit()
                printError("tactile: check: wrote \(lines.count) lines to \(expected)".terminalSafe)
                return
            }
            let bytes = try InputFile.readAll(expected, limit: 256 << 20)
            let want = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            let report = LineComparison.report(expected: want, actual: lines, tolerance: try tolerances.tolerance())
            if report.agrees {
                printLine("\(recording): \(lines.count) lines as expected in \(expected)".terminalSafe)
                return
            }
            // The story first (which gestures differ, by how much at most), then the details.
            let n = report.differences.count
            printLine("\(recording): \(report.headline(from: expected)):".terminalSafe)
            for line in report.summary { printLine(line.terminalSafe) }
            let shown = verbose ? report.differences : Array(report.differences.prefix(Self.detailLimit))
            for d in shown { printLine(d.description.terminalSafe) }
            if shown.count < n {
                printLine("… \(n - shown.count) more difference\(n - shown.count == 1 ? "" : "s") not listed: --verbose lists all \(n)")
            }
            throw ExitCode(1)
        }
    }

    /// The lines the recording gives: gesture lines, or a configuration's actions.
    private func produce() throws -> [String] {
        let input = try recordingOptions.open(recording)
        sayGuesses(input.header, reading: recording, size: recordingOptions.size?.size, quiet: progress.quiet)
        let bar = ProgressBar.start("check", reading: recording, quiet: progress.quiet)
        defer { bar?.finish() }
        if let bindConfig {
            // As bind reads it: the configuration's `settings` and `orientation`, with --set.
            let ignored = [("--config", recognition.config != nil), ("--gestures", recognition.gestures != nil),
                           ("--screen", orientation.screen != nil), ("--mount-matrix", orientation.mountMatrix != nil),
                           ("--allowed", orientation.allowed != nil), ("--lock", orientation.lock != nil)]
            if let (name, _) = ignored.first(where: { $0.1 }) {
                throw TactileError(.usage, "\(name) is not for --bind: a configuration's `settings` and `orientation` say how it recognizes (and --set, --profile)")
            }
            var config = try BindingConfig.load(path: bindConfig)
            try config.settings.apply(recognition.settings)
            let stage = BindingStage(config: config, header: input.header, size: recordingOptions.size?.size, profile: recognition.profile?.kind,
                                     focusedApplication: app.isEmpty ? nil : app)
            return try GestureRun.outputs(input, through: stage, as: \.jsonLine)
        }
        let recognizer = Recognition(devices: input.header, settings: try recognition.thresholds(),
                                     gestures: recognition.gestures?.kinds, size: recordingOptions.size?.size,
                                     orientation: try orientation.settings(), profile: recognition.profile?.kind)
        return try GestureRun.outputs(input, through: recognizer, as: \.jsonLine)
    }
}

/// How far `tactile check` lets a number be from the expected one.
struct ToleranceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Times: milliseconds.", valueName: "MS"))
    var time: Double = 5

    @Option(help: ArgumentHelp("Positions and distances: millimetres.", valueName: "MM"))
    var position: Double = 0.5

    @Option(help: ArgumentHelp("Scale factors (pinch): an absolute difference.", valueName: "FACTOR"))
    var scale: Double = 0.01

    @Option(help: ArgumentHelp("Angles (rotate): degrees.", valueName: "DEGREES"))
    var angle: Double = 1

    @Option(help: ArgumentHelp("Velocities: a percentage of the larger.", valueName: "PERCENT"))
    var speed: Double = 10

    @Option(help: ArgumentHelp("Pressures and progress, 0...1: an absolute difference.", valueName: "AMOUNT"))
    var pressure: Double = 0.01

    @Flag(help: "No tolerance: every number equal.")
    var exact = false

    func tolerance() throws -> LineTolerance {
        if exact { return .exact }
        for (name, v) in [("time", time), ("position", position), ("scale", scale), ("angle", angle), ("speed", speed), ("pressure", pressure)] {
            guard v.isFinite, v >= 0 else { throw TactileError(.usage, "--\(name) must be a number of 0 or more, not \(v)") }
        }
        var t = LineTolerance()
        t.time = .milliseconds(time)
        t.position = Millimetres(position)
        t.scale = scale
        t.degrees = angle
        t.speedShare = speed / 100
        t.pressure = pressure
        return t
    }
}
