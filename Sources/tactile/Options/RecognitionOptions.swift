import ArgumentParser
import Tactile

/// How a recording's gestures are recognized: the device class followed and the
/// thresholds (shared by `recognize`, `plot` and `view`).
struct RecognitionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Recognize as on this class of device: touchscreen (UIKit's semantics) or touchpad (libinput's).",
        discussion: "Overrides each touch device's own class; see docs/gestures.md.", valueName: "CLASS"))
    var profile: Profile?

    @Option(help: ArgumentHelp("Thresholds from a JSON file: {\"touchSlop\": 2, \"tapMaxDuration\": 350}.", valueName: "FILE"))
    var config: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("One threshold, NAME=VALUE (repeatable); see --list-settings.", valueName: "NAME=VALUE"))
    var settings: [String] = []

    enum Profile: String, ExpressibleByArgument, CaseIterable {
        case touchscreen, touchpad
        var kind: DeviceKind { self == .touchscreen ? .touchscreen : .touchpad }
    }

    /// The thresholds: defaults, then the file, then each --set.
    func thresholds() throws -> GestureSettings {
        try SettingsLoader.load(config: config, overrides: settings)
    }
}

/// A time window of the recording, in its own seconds (`t` in traces and output lines).
struct WindowOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Start of the window, in the recording's seconds.", valueName: "SECONDS"))
    var from: Double?

    @Option(help: ArgumentHelp("End of the window, in the recording's seconds.", valueName: "SECONDS"))
    var to: Double?

    func validate() throws {
        for (name, value) in [("--from", from), ("--to", to)] {
            if let value, !value.isFinite { throw ValidationError("\(name) must be a number of seconds") }
        }
        if let from, let to, from > to { throw ValidationError("--from (\(from)) is after --to (\(to))") }
    }
}
