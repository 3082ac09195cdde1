import ArgumentParser
import TactileLinux

/// How `recognize`, `bind` and `serve` read live devices instead of a recording.
struct LiveOptions: ParsableArguments {
    @Option(name: .customLong("device"), help: ArgumentHelp(
        "A live evdev node, /dev/input/eventN (repeatable). Without it (and without a recording to read), every touch device and accelerometer of the seat is read.",
        valueName: "PATH"), completion: .file())
    var devices: [String] = []

    @Option(help: ArgumentHelp(
        "Read touch devices through libevdev (raw: pressure, contact size, touchpads) or libinput (touchscreens, with libinput's quirks and calibration; no pressure).",
        valueName: "libevdev|libinput"))
    var backend: LiveSession.Backend = .libevdev

    @Flag(help: "Keep running when devices are unplugged, and pick up devices as they appear.")
    var follow = false

    @Option(help: ArgumentHelp("How often IIO accelerometers are read, in Hz.", valueName: "HZ"))
    var accelRate: Double = 50

    @Flag(help: "At the end, print to standard error the latency from the kernel's event time to the output (p50, p99) and the CPU time per event.")
    var stats = false

    /// The session these options ask for; `grab` reserves the devices read.
    func session(grab: Bool = false) -> LiveSession.Options {
        LiveSession.Options(devices: devices, backend: backend, follow: follow, accelRate: accelRate, grab: grab, stats: stats)
    }
}

extension LiveSession.Backend: ExpressibleByArgument {}
