#if canImport(Glibc)
import Glibc
#endif
import Tactile
import TactileLinux

/// The live path `recognize` and `bind` share: one `poll` over every source, recognizer
/// deadlines as its timeout, devices announced before their first event, and the lines
/// handed to the command as they come.
struct LiveLoop {
    let options: LiveOptions
    var recognition: LiveRecognition
    /// Reserve each device taken (EVIOCGRAB on the node read through libevdev).
    var grab = false

    /// What a command does with the loop's news.
    struct Handlers {
        /// A device appeared: false to leave it out (it is then not recognized).
        var added: (DeviceDescription, String) -> Bool = { _, _ in true }
        var removed: (Int) -> Void = { _ in }
        /// SIGHUP arrived: true to keep running (a reload), false to end.
        var hangUp: () -> Bool = { false }
        /// Lines recognized; the handler empties them.
        var lines: (inout [RecognizedEvent]) throws -> Void
    }

    /// Runs until every device is gone (unless following), or a signal ends it; the last
    /// lines (gestures cancelled, timers fired) are handed over before it returns.
    mutating func run(_ handlers: Handlers) throws {
        let signals = LiveInput.catchTerminationSignals()
        let input = LiveInput(signals: signals)
        for source in try LiveSetup.sources(options) { input.add(source) }
        if options.follow { input.add(try DeviceMonitor()) }
        if input.sources.isEmpty {
            throw TactileError(.unavailable, "no touch device or accelerometer found (see `tactile devices`); --follow waits for one")
        }
        var stats = LiveStats()
        var events: [LiveEvent] = []
        var lines: [RecognizedEvent] = []
        events.reserveCapacity(64); lines.reserveCapacity(16)
        var left: Set<Int> = []
        func handle(_ event: LiveEvent) {
            switch event {
            case .added(let d, let node, _):
                guard handlers.added(d, node) else { left.insert(d.id); return }
                if grab, let source = input.sources.lazy.compactMap({ $0 as? EvdevSource }).first(where: { $0.device.path == node }) {
                    // A device another program holds is still read; say so and go on.
                    do throws(TactileError) { try source.device.grab() } catch { printError("tactile: \(error)") }
                }
            case .event(let e):
                if left.contains(e.device) { return }
            case .removed(let id):
                if left.contains(id) { return }
                handlers.removed(id)
            case .appeared:
                break
            }
            recognition.handle(event, into: &lines)
        }
        // Devices are announced, and their recognizers made, before the first event rather
        // than when it arrives: the first frame then costs what any frame costs.
        try input.open(into: &events)
        for event in events { handle(event) }
        try handlers.lines(&lines)
        if recognition.isEmpty && !options.follow {
            throw TactileError(.unavailable, "no touch device or accelerometer found (see `tactile devices`); --follow waits for one")
        }
        loop: while true {
            events.removeAll(keepingCapacity: true)
            let deadline = recognition.nextDeadline
            let wake = try input.wait(until: deadline, into: &events)
            for event in events {
                if case .appeared(let node) = event {
                    if let source = LiveSetup.follow(node, options: options) { input.add(source) }
                    continue
                }
                let cpu = options.stats ? ThreadCPUTime.now() : .zero
                handle(event)
                try handlers.lines(&lines)
                if options.stats, case .event(let e) = event {
                    stats.record(latency: MonotonicClock.now() - e.time, cpu: TimeSpan(microseconds: ThreadCPUTime.now().microseconds - cpu.microseconds))
                }
            }
            switch wake {
            case .events: continue
            case .deadline:
                if let deadline { recognition.advance(to: deadline, into: &lines) }
                try handlers.lines(&lines)
            case .signal(let s) where s == SIGHUP:
                if handlers.hangUp() { continue }
                break loop
            case .signal, .stopped, .ended:
                break loop
            }
            // Every device gone: the end, unless following (a seat's libinput context stays
            // open, so its devices, not the sources, are what count).
            if recognition.isEmpty && !options.follow { break }
        }
        recognition.finishAll(into: &lines)
        try handlers.lines(&lines)
        if options.stats { printError(stats.report) }
    }
}
