import ExampleSupport

/// The options every windowed example takes, beside its own: where input comes from, how
/// fast a recording plays, and a screenshot to write when it ends.
public struct WindowOptions: Sendable {
    /// A recording or live devices; nil: the window's own touches alone.
    public var input: ExampleInput?
    /// Play the recording as fast as it reads, not at its own pace.
    public var fast: Bool
    /// Recording time (seconds) at which the input ends: later events are not played.
    public var stopAt: Double?
    /// A BMP file to write the window's last picture to when the input ends, then exit.
    public var screenshot: String?

    /// The options' names that take a value, for `Arguments`.
    public static let valued: Set<String> = ["--device", "--stop-at", "--screenshot"]
    /// The options' names that take none.
    public static let flags: Set<String> = ["--fast"]
    /// How they are written in a usage line.
    public static let usage = "[INPUT | --device NODE...] [--fast] [--stop-at SECONDS] [--screenshot FILE.bmp]"

    /// The options on the command line; a recording together with devices, or `--fast` or
    /// `--stop-at` without a recording, is a usage error.
    public init(_ arguments: Arguments) throws(UsageError) {
        let devices = arguments.values(of: "--device")
        let path = arguments.positional.first
        guard path == nil || devices.isEmpty else { throw UsageError("give one recording or --device NODE, not both") }
        guard arguments.positional.count <= 1 else { throw UsageError("one recording at most") }
        input = path == nil && devices.isEmpty ? nil : ExampleInput(path: path, devices: devices)
        fast = arguments.has("--fast")
        screenshot = arguments.value(of: "--screenshot")
        if let text = arguments.value(of: "--stop-at") {
            guard let t = Double(text), t >= 0 else { throw UsageError("--stop-at takes seconds (a number ≥ 0), not '\(text)'") }
            stopAt = t
        }
        if path == nil, fast || stopAt != nil {
            throw UsageError("--fast and --stop-at are for a recording")
        }
    }
}
