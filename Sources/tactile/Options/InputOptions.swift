import ArgumentParser
import Tactile

/// The input every recording-reading command reads, and how to interpret its devices.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp(InputOptions.inputHelp), completion: .file())
    var input: String

    @OptionGroup var recording: RecordingOptions

    /// What every command says of its INPUT argument (the formats read by content).
    static let inputHelp = "A recording: \(RecordingFormat.names), told apart by content; - for standard input."

    var description: String? { recording.description.path }
    var size: SurfaceSize? { recording.size }
}

/// How to read a recording whose input is an argument of the command's own (optional,
/// or beside others): the evemu description and the surface size.
struct RecordingOptions: ParsableArguments {
    @OptionGroup var description: DescriptionOption

    @Option(
        help: ArgumentHelp(
            "The touch surface size in millimetres, WIDTHxHEIGHT (e.g. 256x144).",
            discussion: "Overrides the size derived from the device's resolution, for devices that report none."))
    var size: SurfaceSize?

    /// Opens `path` with these options.
    func open(_ path: String) throws -> RecordingReader {
        try Recordings.open(path, description: description.path)
    }
}

/// The evemu description of an `.events` recording (for commands that read a recording
/// but never size its devices, as `replay`).
struct DescriptionOption: ParsableArguments {
    @Option(name: .customLong("desc"), help: "The evemu .desc file for an .events recording without a description, or `getevent -lp` output for a getevent capture made without -p.", completion: .file())
    var path: String?
}

/// `WIDTHxHEIGHT` in millimetres.
struct SurfaceSize: ExpressibleByArgument {
    var size: Size

    init?(argument: String) {
        let parts = argument.lowercased().split(whereSeparator: { $0 == "x" || $0 == "," })
        guard parts.count == 2, let w = Double(parts[0]), let h = Double(parts[1]),
              w > 0, h > 0, w.isFinite, h.isFinite
        else { return nil }
        size = Size(width: w, height: h)
    }

    static var defaultValueDescription: String { "WIDTHxHEIGHT" }
}

/// Long work over a file shows a progress bar on standard error (`ProgressBar`).
struct ProgressOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "No progress bar (it shows only on a terminal, for inputs of 4 MiB or more), and no notice of what was guessed about a device (its size, ranges, pressure range).")
    var quiet = false
}

/// An output format named on the command line (`--to`).
extension RecordingFormat: ExpressibleByArgument {}
