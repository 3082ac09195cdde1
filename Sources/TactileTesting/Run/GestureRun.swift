import Tactile

/// Recognition in a test: a script's frames, or any events, through the same recognizers
/// `tactile recognize` runs, time taken from the events alone (no clock, no threads), so
/// every run of a test is the same replay.
public enum GestureRun {
    /// The lines `events` of `header`'s devices give, with these settings; `profile` makes
    /// every touch device a touchscreen or a touchpad.
    public static func lines(_ events: some Sequence<InputEvent>, header: InputDevices, settings: GestureSettings = GestureSettings(),
                             profile: DeviceKind? = nil) -> [RecognizedEvent] {
        var recognizer = TraceRecognizer(header: header, settings: settings, profile: profile)
        var out: [RecognizedEvent] = []
        for e in events { recognizer.process(e, into: &out) }
        recognizer.finish(into: &out)
        return out
    }

    /// The lines a script gives.
    public static func lines(_ script: GestureScript, settings: GestureSettings = GestureSettings()) -> [RecognizedEvent] {
        lines(script.events(), header: InputDevices(devices: [script.device]), settings: settings)
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
