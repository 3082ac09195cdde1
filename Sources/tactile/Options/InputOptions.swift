import ArgumentParser
import Tactile

/// The input every command reads, and how to interpret its devices.
struct InputOptions: ParsableArguments {
    @Argument(help: "A trace, evemu recording, libinput record file or getevent capture; - for standard input.")
    var input: String

    @Option(name: .customLong("desc"), help: "The evemu .desc file for an .events recording without a description.")
    var description: String?

    @Option(
        help: ArgumentHelp(
            "The touch surface size in millimetres, WIDTHxHEIGHT (e.g. 256x144).",
            discussion: "Overrides the size derived from the device's resolution, for devices that report none."))
    var size: SurfaceSize?
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
    @Flag(name: .shortAndLong, help: "No progress bar (it shows only on a terminal, for inputs of 4 MiB or more).")
    var quiet = false
}
