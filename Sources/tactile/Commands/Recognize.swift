import ArgumentParser
import Tactile
import TactileLibinputRecord

#if canImport(Glibc)
import Glibc
#endif

struct Recognize: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Recognize gestures in a recording; write them as JSON Lines.",
        discussion: """
            Taps (single, double, triple, any number of fingers), long press, pan, swipe, \
            edge swipe (touchscreens), pinch, rotate and peek (devices with pressure). Lines \
            follow the output format in docs/gestures.md. On a terminal a table is shown \
            instead, unless --json. Thresholds are in mm and ms: see --list-settings.
            """)

    @OptionGroup var input: InputOptions

    @Option(help: ArgumentHelp("Only these gestures, comma-separated (e.g. tap,pan,pinch).", valueName: "LIST"))
    var gestures: GestureList?

    @Option(help: ArgumentHelp("Thresholds from a JSON file: {\"touchSlop\": 2, \"tapMaxDuration\": 350}.", valueName: "FILE"))
    var config: String?

    @Option(name: .customLong("set"), help: ArgumentHelp("One threshold, NAME=VALUE (repeatable); see --list-settings.", valueName: "NAME=VALUE"))
    var settings: [String] = []

    @Option(help: ArgumentHelp("The screen's portrait size in mm, for orientation bounds and transforms.", valueName: "W,H"))
    var screen: SurfaceSize?

    @Option(help: ArgumentHelp("Accelerometer mount matrix, udev syntax: \"x1, y1, z1; x2, y2, z2; x3, y3, z3\".", valueName: "MATRIX"))
    var mountMatrix: String?

    @Option(help: ArgumentHelp("Orientations the interface may take, comma-separated.", valueName: "LIST"))
    var allowed: String?

    @Option(help: ArgumentHelp("Keep the interface in this orientation.", valueName: "ORIENTATION"))
    var lock: String?

    @Flag(help: "Write JSON Lines even on a terminal.")
    var json = false

    @Flag(help: "Log every recognizer state transition to standard error.")
    var debug = false

    @Flag(help: "List the thresholds, their units and defaults, and exit.")
    var listSettings = false

    func orientationSettings() throws -> OrientationSettings {
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

    struct GestureList: ExpressibleByArgument {
        var kinds: Set<GestureKind>
        init?(argument: String) {
            var kinds = Set<GestureKind>()
            for name in argument.split(separator: ",") {
                guard let k = GestureKind(rawValue: String(name.filter { $0 != " " })) else { return nil }
                kinds.insert(k)
            }
            self.kinds = kinds
        }
        static var defaultValueDescription: String { GestureKind.allCases.map(\.rawValue).joined(separator: ",") }
    }

    func run() throws {
        try reportingErrors {
            if listSettings {
                print(SettingsLoader.describe(), terminator: "")
                return
            }
            let thresholds = try SettingsLoader.load(config: config, overrides: settings)
            let orientation = try orientationSettings()
            var reader = try Recordings.open(input.input, description: input.description)
            var recognizer = TraceRecognizer(header: reader.header, settings: thresholds,
                                             gestures: gestures?.kinds, size: input.size?.size, orientation: orientation)
            if debug { recognizer.setLog { printError("tactile: " + $0) } }
            let table = !json && isatty(1) == 1
            let output = try OutputFile(path: "-")
            var lines: [RecognizedEvent] = []
            lines.reserveCapacity(16)
            var text = JSONOutput()
            if table { try output.write(GestureTable.header) }
            func flush() throws {
                for e in lines {
                    if table {
                        try output.write(GestureTable.row(e))
                    } else {
                        text.clear()
                        e.encode(into: &text)
                        text.byte(0x0a)
                        try output.write(text.bytes)
                    }
                }
                lines.removeAll(keepingCapacity: true)
            }
            while let event = try reader.next() {
                recognizer.process(event, into: &lines)
                try flush()
            }
            recognizer.finish(into: &lines)
            try flush()
            try output.commit()
        }
    }
}

