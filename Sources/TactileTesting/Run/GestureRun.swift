import Tactile

/// Recognition in a test: a script's frames, or any events, through the same recognizers
/// `tactile recognize` runs, time taken from the events alone (no clock, no threads), so
/// every run of a test is the same replay.
public enum GestureRun {
    /// The lines `events` of `header`'s devices give, with these settings; `profile` makes
    /// every touch device a touchscreen or a touchpad.
    public static func lines(_ events: some Sequence<InputEvent>, header: InputDevices, settings: GestureSettings = GestureSettings(),
                             profile: DeviceKind? = nil) -> [RecognizedEvent] {
        run(events, Recognition(devices: header, settings: settings, profile: profile))
    }

    /// `events` through `recognition`, then its end.
    private static func run<Line: RecognitionOutput>(_ events: some Sequence<InputEvent>, _ recognition: Recognition) -> [Line] {
        var recognition = recognition
        var out: [Line] = []
        for e in events { recognition.process(e, into: &out) }
        recognition.finish(into: &out)
        return out
    }

    /// The lines a script gives.
    public static func lines(_ script: GestureScript, settings: GestureSettings = GestureSettings()) -> [RecognizedEvent] {
        lines(script.events(), header: InputDevices(devices: [script.device]), settings: settings)
    }

    /// What an app's loop over `RecordingEvents` sees for these events: each touch frame as
    /// assembled, followed by the gesture and orientation lines it completed, then the
    /// lines the end of the input gives. Drive an app's own `handle(AppEvent)` with it.
    public static func appEvents(_ events: some Sequence<InputEvent>, header: InputDevices,
                                 settings: GestureSettings = GestureSettings()) -> [AppEvent] {
        run(events, Recognition(devices: header, settings: settings))
    }

    /// What an app's loop sees for a script.
    public static func appEvents(_ script: GestureScript, settings: GestureSettings = GestureSettings()) -> [AppEvent] {
        appEvents(script.events(), header: InputDevices(devices: [script.device]), settings: settings)
    }

    /// What an app's loop sees for a recording in any format Tactile's core reads (trace,
    /// evemu, getevent).
    public static func appEvents(recording path: String, settings: GestureSettings = GestureSettings()) throws -> [AppEvent] {
        let (header, events) = try read(path)
        return appEvents(events, header: header, settings: settings)
    }

    /// A recording's devices and events, read whole.
    static func read(_ path: String) throws -> (InputDevices, [InputEvent]) {
        var reader = try Recordings().open(path)
        var events: [InputEvent] = []
        while let e = try reader.next() { events.append(e) }
        return (reader.header, events)
    }

    /// The lines a recording gives (a trace, evemu, getevent), as `tactile recognize`.
    public static func lines(recording path: String, settings: GestureSettings = GestureSettings()) throws -> [RecognizedEvent] {
        let (header, events) = try read(path)
        return lines(events, header: header, settings: settings)
    }

    /// Everything `stage` gives for what `reader` reads, on the pipeline's threads as the
    /// commands run it (`tactile check` does): a recording of any size, streamed, with the
    /// options a command gave its `Recognition` or `BindingStage`. Each output is kept as
    /// `transform` makes it (its JSON line, say), so the outputs themselves are not all held.
    public static func outputs<Stage: PipelineStage, T>(_ reader: consuming RecordingReader, through stage: consuming Stage,
                                                      as transform: (Stage.Output) throws -> T) throws -> [T] {
        let pipeline = InputPipeline(reader, stage: stage)
        defer { pipeline.stop() }
        var kept: [T] = []
        try pipeline.forEach { kept.append(try transform($0)) }
        return kept
    }

    /// The lines as `tactile recognize --json` writes them, one string each.
    public static func jsonLines(_ lines: [RecognizedEvent]) -> [String] {
        lines.map(\.jsonLine)
    }

    /// The gesture lines that say a gesture happened: discrete ones, and continuous ones
    /// as they begin and end (not their updates).
    public static func milestones(_ lines: [RecognizedEvent]) -> [GestureEvent] {
        lines.compactMap { line in
            guard case .gesture(let g) = line, g.phase != .changed else { return nil }
            return g
        }
    }
}
