import ArgumentParser
import Tactile

/// How a recording's gestures are recognized: the device class followed, the thresholds
/// and which gestures (shared by `recognize`, `plot` and `view`).
struct RecognitionOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Recognize as on this class of device: touchscreen (UIKit's semantics) or touchpad (libinput's).",
        discussion: "Overrides each touch device's own class; see docs/gestures.md.", valueName: "CLASS"))
    var profile: Profile?

    @Option(help: ArgumentHelp("Thresholds from a JSON file: {\"touchSlop\": 2, \"tapMaxDuration\": 350}.", valueName: "FILE"), completion: .file())
    var config: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("One threshold, NAME=VALUE (repeatable); see --list-settings.", valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("Only these gestures, comma-separated (e.g. tap,pan,pinch).", valueName: "LIST"),
            transform: GestureList.parse)
    var gestures: GestureList?

    enum Profile: String, ExpressibleByArgument, CaseIterable {
        case touchscreen, touchpad
        var kind: DeviceKind { self == .touchscreen ? .touchscreen : .touchpad }
    }

    /// The thresholds: defaults, then the file, then each --set.
    func thresholds() throws -> GestureSettings {
        try GestureSettings.load(config: config, overrides: settings)
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

/// The gestures `--gestures` names.
struct GestureList: ExpressibleByArgument {
    var kinds: Set<GestureKind>
    init?(argument: String) {
        var kinds = Set<GestureKind>()
        for name in argument.split(separator: ",") {
            guard let k = GestureKind(named: String(name.filter { $0 != " " })) else { return nil }
            kinds.insert(k)
        }
        self.kinds = kinds
    }
    static var defaultValueDescription: String { GestureKind.allCases.map(\.rawValue).joined(separator: ",") }

    /// The list, or an error naming the unknown name and the valid ones.
    static func parse(_ argument: String) throws -> GestureList {
        for name in argument.split(separator: ",") where GestureKind(named: String(name.filter { $0 != " " })) == nil {
            throw ValidationError("unknown gesture '\(name)'; one of \(defaultValueDescription)")
        }
        guard let list = GestureList(argument: argument) else { throw ValidationError("no gestures named") }
        return list
    }
}

/// How accelerometers become orientation lines: the screen, the mount matrix, the allowed
/// and locked orientations (shared by `recognize`, `plot` and `view`).
struct OrientationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The screen's portrait size in mm, for orientation bounds and transforms.", valueName: "W,H"))
    var screen: SurfaceSize?

    @Option(help: ArgumentHelp("Accelerometer mount matrix, udev syntax: \"x1, y1, z1; x2, y2, z2; x3, y3, z3\".", valueName: "MATRIX"))
    var mountMatrix: String?

    @Option(help: ArgumentHelp("Orientations the interface may take, comma-separated.", valueName: "LIST"))
    var allowed: String?

    @Option(help: ArgumentHelp("Keep the interface in this orientation.", valueName: "ORIENTATION"))
    var lock: String?

    /// The filter's settings: the defaults, then each option given.
    func settings() throws -> OrientationSettings {
        var o = OrientationSettings()
        if let screen { o.screen = screen.size }
        if let mountMatrix { o.mountMatrix = try MountMatrix(parsing: mountMatrix) }
        if let allowed {
            var set = Set<InterfaceOrientation>()
            for name in allowed.split(separator: ",") {
                guard let v = InterfaceOrientation(rawValue: String(name.filter { $0 != " " })) else {
                    throw TactileError(.usage, "--allowed: \"\(name)\" is not one of \(InterfaceOrientation.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                set.insert(v)
            }
            o.allowed = set
        }
        if let lock {
            guard let v = InterfaceOrientation(rawValue: lock) else {
                throw TactileError(.usage, "--lock: \"\(lock)\" is not one of \(InterfaceOrientation.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            o.lock = v
        }
        return o
    }
}
