import ArgumentParser
import Tactile
import TactileLibinputRecord
import TactileLinux
import TactileJSON

#if canImport(Glibc)
import Glibc
#endif

struct Recognize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recognize gestures in a recording or on live devices; write them as JSON Lines.",
        discussion: """
            \(GestureKind.phrases). Touchscreens follow UIKit's semantics, touchpads libinput's \
            (--profile chooses). Lines follow the output format in docs/gestures.md. On a terminal a table is shown \
            instead, unless --json, as wide as the terminal (or COLUMNS): details that do not fit \
            go on below. Thresholds are in mm and ms: see --list-settings.

            Live (--device, or no INPUT at all for the whole seat): times are the kernel's \
            CLOCK_MONOTONIC, lines are flushed one by one, timers fire on idle devices, and \
            a device unplugged mid-gesture ends its open gestures as `cancelled`. The \
            command ends when every device is gone (unless --follow) or on SIGINT, SIGTERM \
            or SIGHUP, after finishing its last line. A node without read permission exits \
            77 with what to do, a missing one 66.
            """)

    @Argument(help: ArgumentHelp(InputOptions.inputHelp + " Omit it to read live devices."), completion: .file())
    var input: String?

    @OptionGroup var recording: RecordingOptions

    @OptionGroup var progress: ProgressOptions

    @OptionGroup(title: "Live devices") var live: LiveOptions

    @OptionGroup(title: "Recognition") var recognition: RecognitionOptions

    @OptionGroup(title: "Orientation") var orientation: OrientationOptions

    @Flag(help: "Write JSON Lines even on a terminal.")
    var json = false

    @Flag(help: "Log every recognizer state transition to standard error.")
    var debug = false

    @Flag(help: "List the thresholds, their units and defaults, and exit.")
    var listSettings = false

    func run() throws {
        try reportingErrors {
            if listSettings {
                print(GestureSettings.table, terminator: "")
                return
            }
            let thresholds = try recognition.thresholds()
            let orientation = try self.orientation.settings()
            guard let input else {
                return try runLive(thresholds: thresholds, orientation: orientation)
            }
            if !live.devices.isEmpty { throw TactileError(.usage, "give either INPUT or --device, not both") }
            // Recognized on a second thread, batches ahead of writing; a trace's chunks are
            // decoded by whichever thread is free (`InputPipeline`).
            let recording = try self.recording.open(input)
            sayGuesses(recording.header, reading: input, size: self.recording.size?.size, quiet: progress.quiet)
            var recognizer = Recognition(devices: recording.header, settings: thresholds,
                                         gestures: recognition.gestures?.kinds, size: self.recording.size?.size, orientation: orientation,
                                         profile: recognition.profile?.kind, input: false)
            if debug { recognizer.setLog { printError("tactile: " + $0) } }
            let table = !json && isatty(1) == 1 ? GestureTable.forStandardOutput() : nil
            let output = try OutputFile(path: "-")
            var text = JSONOutput()
            var memo = GestureLineMemo()
            if let table { try output.write(table.header) }
            do {
                let write = { (lines: inout [RecognizedEvent]) throws in
                    try Self.write(&lines, to: output, table: table, through: &text, memo: &memo)
                }
                let pipeline = InputPipeline(recording, stage: recognizer)
                defer { pipeline.stop() }
                let bar = ProgressBar.start("recognize", reading: input, quiet: progress.quiet)
                defer { bar?.finish() }
                try pipeline.forEachBatch(write)
            } catch {
                // What was recognized before a bad line is written, then the error is said.
                try? output.flush()
                throw error
            }
            try output.commit()
        }
    }

    /// Writes `lines` (then empties them, keeping their capacity): table rows, or JSON
    /// Lines gathered in `text` and handed to the output in one copy, what they share
    /// with the line before taken from `memo`.
    private static func write(_ lines: inout [RecognizedEvent], to output: OutputFile, table: GestureTable?,
                              through text: inout JSONOutput, memo: inout GestureLineMemo) throws {
        guard !lines.isEmpty else { return }
        if let table {
            for e in lines { try output.write(table.row(e)) }
        } else {
            text.clear()
            for i in lines.indices { lines[i].encodeLine(into: &text, memo: &memo) }
            try text.withBytes { try output.write($0) }
        }
        lines.removeAll(keepingCapacity: true)
    }

    /// Live devices: lines are written and flushed as they come.
    private func runLive(thresholds: GestureSettings, orientation: OrientationSettings) throws {
        let session = try LiveSession(options: live.session(), recognition: Recognition.Configuration(
            settings: thresholds, gestures: recognition.gestures?.kinds, size: recording.size?.size, orientation: orientation,
            profile: recognition.profile?.kind, input: false))
        let table = !json && isatty(1) == 1 ? GestureTable.forStandardOutput() : nil
        let output = try OutputFile(path: "-")
        if let table { try output.write(table.header) }
        var text = JSONOutput()
        var memo = GestureLineMemo()
        let quiet = progress.quiet
        try session.run(LiveSession.Handlers<RecognizedEvent>(warning: { printError("tactile: \($0)") }, guessed: { if !quiet { printError("tactile: \($0)") } }, lines: { lines in
            // Live lines are flushed as they come: another program is waiting for them.
            guard !lines.isEmpty else { return }
            try Self.write(&lines, to: output, table: table, through: &text, memo: &memo)
            try output.flush()
        }))
        if let stats = session.stats { printError(stats.report) }
        try output.commit()
    }
}
