import ArgumentParser
import Tactile
import TactileLibinputRecord
import TactileLinux

#if canImport(Glibc)
import Glibc
#endif

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replay a recording into virtual kernel devices (uinput).",
        discussion: """
            Creates one virtual device per device of the recording, from its evdev \
            description (a `touches` or `accel` trace gets a protocol B touch device or an \
            accelerometer, and its frames are synthesised into events), prints each \
            device's node on standard output (`ID NODE`, one line per device), waits \
            --settle seconds for readers to open them, then writes the events with their \
            original timing: whole frames at once, sleeping only for gaps over 300 µs (as \
            evemu-play and libinput replay do). Axis fuzz is set to 0, so the kernel \
            passes every value as recorded. Needs write access to /dev/uinput (root). A \
            recording file is read through once before any device is made, so bad data \
            (65) is said first.
            """)

    @Argument(help: ArgumentHelp(InputOptions.inputHelp), completion: .file())
    var input: String

    @OptionGroup var description: DescriptionOption

    @Flag(help: "Replay through uinput (required: the only output there is).")
    var uinput = false

    // Unconditional: a negative number is a value to refuse by name (validate), not an
    // unknown option with the value missing.
    @Option(parsing: .unconditional, help: ArgumentHelp("Playback speed: 2 plays twice as fast.", valueName: "X"))
    var speed: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait after creating the devices, before the first event.", valueName: "S"))
    var settle: Double = 0.5

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to keep the devices after the last event, so readers see it.", valueName: "S"))
    var hold: Double = 0.5

    @Flag(help: "After creating the devices and printing their nodes, wait for SIGUSR1 before the settle time starts (a script opens its readers, then signals).")
    var waitForSignal = false

    @Option(parsing: .unconditional, help: ArgumentHelp("After creating the devices and printing their nodes, wait until another process (the program under test) has every node open, up to S seconds (then exit 69), before the settle time starts.", valueName: "S"))
    var waitForOpen: Double?

    @Flag(help: "Print `playing` on standard output when the first event is written and `done` after the last, each on a line of its own, for a harness to follow.")
    var notify = false

    @Flag(help: "Play with real-time priority (SCHED_FIFO) and memory locked, so a busy system delays frames less (needs root or CAP_SYS_NICE).")
    var realtime = false

    @Flag(help: "At the end, print to standard error how late frames were written against their schedule (p50, p99, max, and the first frames).")
    var stats = false

    func validate() throws {
        if !uinput { throw ValidationError("replay writes to uinput only: add --uinput") }
        guard speed.isFinite, speed > 0 else { throw ValidationError("--speed must be a positive number") }
        guard settle.isFinite, settle >= 0, hold.isFinite, hold >= 0 else { throw ValidationError("--settle and --hold must be seconds, 0 or more") }
        if let w = waitForOpen, !(w.isFinite && w > 0 && w <= 3600) { throw ValidationError("--wait-for-open must be seconds, above 0 and at most 3600") }
    }

    func run() throws {
        try reportingErrors {
            var usr1 = sigset_t()
            sigemptyset(&usr1)
            sigaddset(&usr1, SIGUSR1)
            if waitForSignal { pthread_sigmask(SIG_BLOCK, &usr1, nil) }
            if realtime { RealTime.enter { printError("tactile: --realtime: " + $0) } }
            // A file is read whole first: bad data (65) is said before any device is made,
            // and before a missing uinput (69), which says nothing of the recording.
            if input != "-" {
                var check = try Recordings.open(input, description: description.path)
                while try check.next() != nil {}
            }
            var reader = try Recordings.open(input, description: description.path)
            let player = try UinputPlayer(header: reader.header)
            for (id, device) in player.devices { printLine("\(id) \(device.node ?? "?")") }
            if waitForSignal {
                var signal: Int32 = 0
                sigwait(&usr1, &signal)
            }
            if let limit = waitForOpen {
                let unopened = NodeOpeners.wait(for: player.devices.compactMap(\.device.node), limit: .seconds(limit))
                if !unopened.isEmpty {
                    throw TactileError(.unavailable, file: unopened[0], "no program opened it within \(limit) s (--wait-for-open)")
                }
            }
            // The settle time is the first frame's gap: slept like any long pause.
            var playing = false
            let lateness = try player.play(&reader, speed: speed, settle: TimeSpan.seconds(settle), measure: stats) {
                if notify && !playing { printLine("playing") }
                playing = true
            }
            if notify { printLine("done") }
            if stats {
                let sorted = lateness.sorted()
                func p(_ q: Double) -> Int64 { LiveStats.percentile(sorted, q) }
                printError("{\"replayStats\":{\"frames\":\(sorted.count),\"lateMicroseconds\":{\"p50\":\(p(0.5)),\"p99\":\(p(0.99)),\"max\":\(sorted.last ?? 0)},\"first\":\(Array(lateness.prefix(8)))}}")
            }
            MonotonicClock.sleep(until: MonotonicClock.now() + TimeSpan.seconds(hold))
        }
    }
}
