#if canImport(Glibc)
import Glibc
#endif
import Tactile

/// Live devices read and recognized until they are gone or a signal ends it: the one live
/// loop that `tactile recognize --device`, `tactile bind` and `LiveAppEvents` all drive.
///
/// One `poll` waits on every source (`LiveInput`), with the recognizers' next deadline as
/// its timeout, so a long press begins on time on an idle device. Devices are announced,
/// and recognized, before their first event; with `follow`, nodes that appear later are
/// opened and devices that go are let go without ending the session. Every line goes
/// through one `Recognition`, exactly as a recording's does.
public final class LiveSession {
    /// Which library reads touch devices.
    public enum Backend: String, CaseIterable, Sendable {
        /// Raw evdev: pressure, contact size, touchpads.
        case libevdev
        /// libinput: touchscreens with libinput's quirks and calibration; no pressure.
        case libinput
    }

    /// What a session reads and how.
    public struct Options: Sendable {
        /// The evdev nodes to read; empty: every touch device and accelerometer of the seat.
        public var devices: [String]
        /// Which library reads touch devices.
        public var backend: Backend
        /// Keep running when devices go, and open nodes as they appear.
        public var follow: Bool
        /// How often IIO accelerometers are read, in Hz.
        public var accelRate: Double
        /// Reserve each evdev device read (EVIOCGRAB), so the compositor does not act on it too.
        public var grab: Bool
        /// Measure the latency and CPU time of every event (`stats`).
        public var stats: Bool
        /// Take SIGINT, SIGTERM and SIGHUP as inputs (a command's session), so a signal
        /// ends the session after its last line; an app's session leaves signals alone.
        public var catchSignals: Bool
        /// Also read the seat's pen nodes (a panel's pen, not recognized): under
        /// pass-through their proximity makes their panel's fingers palms (`DeviceCopies`).
        public var pens = false

        /// The seat through libevdev, signals caught, nothing else.
        public init(devices: [String] = [], backend: Backend = .libevdev, follow: Bool = false, accelRate: Double = 50,
                    grab: Bool = false, stats: Bool = false, catchSignals: Bool = true) {
            self.devices = devices; self.backend = backend; self.follow = follow; self.accelRate = accelRate
            self.grab = grab; self.stats = stats; self.catchSignals = catchSignals
        }
    }

    /// What the code driving a session does with its news.
    public struct Handlers<Line: RecognitionOutput> {
        /// A device appeared (its description, sized as recognition sizes it, and its node):
        /// false leaves it out (it is then not recognized).
        public var added: (DeviceDescription, String) -> Bool
        /// A device went (its id).
        public var removed: (Int) -> Void
        /// SIGHUP arrived: true to keep running (a reload), false to end.
        public var hangUp: () -> Bool
        /// Something the session could not do but went on without (a grab refused).
        public var warning: (String) -> Void
        /// What was guessed about a device as it appeared (`GuessNotice`: a size assumed
        /// for want of a resolution, a pressure axis without a range), with its node; nil
        /// sends it to `warning`.
        public var guessed: ((String) -> Void)?
        /// Lines recognized (called after every event, often with none); the handler
        /// empties them.
        public var lines: (inout [Line]) throws -> Void

        /// Handlers that take every device, end on SIGHUP and say nothing of warnings,
        /// unless told otherwise.
        public init(added: @escaping (DeviceDescription, String) -> Bool = { _, _ in true },
                    removed: @escaping (Int) -> Void = { _ in }, hangUp: @escaping () -> Bool = { false },
                    warning: @escaping (String) -> Void = { _ in }, guessed: ((String) -> Void)? = nil,
                    lines: @escaping (inout [Line]) throws -> Void) {
            self.added = added; self.removed = removed; self.hangUp = hangUp; self.warning = warning
            self.guessed = guessed; self.lines = lines
        }
    }

    /// What the session reads and how.
    public let options: Options
    /// The recognition every device goes through.
    public private(set) var recognition: Recognition
    /// Latency and CPU time per event, when `options.stats` is on.
    public private(set) var stats: LiveStats?
    private let input: LiveInput
    /// Under pass-through, the copies each touch device read through libevdev gets
    /// (grabbed, then copied); its frames go there before they are recognized.
    public var copies: DeviceCopies?

    /// A session over `sources` (an app that opened its devices itself). Fails only when
    /// the process has no descriptor left for its wake-up, or cannot take the signals.
    public convenience init(sources: [any LiveSource], options: Options = Options(catchSignals: false),
                            recognition: Recognition.Configuration) throws(TactileError) {
        try self.init(sources: sources, options: options, recognition: recognition,
                      signals: options.catchSignals ? TerminationSignals() : nil)
    }

    /// A session over the devices `options` names, or the whole seat (`LiveDiscovery`);
    /// throws when a named node is missing (66) or unreadable (77).
    public convenience init(options: Options, recognition: Recognition.Configuration) throws(TactileError) {
        // Signals are caught before any thread starts (a libinput context, the monitor),
        // so every thread has them blocked.
        let signals = options.catchSignals ? try TerminationSignals() : nil
        var sources = try LiveDiscovery.sources(options)
        if options.follow { sources.append(try DeviceMonitor()) }
        try self.init(sources: sources, options: options, recognition: recognition, signals: signals)
    }

    private init(sources: [any LiveSource], options: Options, recognition: Recognition.Configuration,
                 signals: TerminationSignals?) throws(TactileError) {
        self.options = options
        self.recognition = Recognition(recognition)
        input = try LiveInput(sources: sources, signals: signals)
        if options.stats { stats = LiveStats() }
    }

    /// Makes a running `run` return after its last lines (safe from any thread).
    public func stop() { input.stop() }

    /// Runs until every device is gone (unless following), a signal or `stop()` ends it;
    /// the last lines (gestures cancelled, timers fired) are handed over before it returns.
    public func run<Line: RecognitionOutput>(_ handlers: Handlers<Line>) throws {
        if input.sources.isEmpty { throw Self.nothingFound }
        // However the run ends, nothing stays down on a copy.
        defer { copies?.finish() }
        var events: [LiveEvent] = []
        var lines: [Line] = []
        events.reserveCapacity(64); lines.reserveCapacity(16)
        // Devices are announced, and recognized, before the first event rather than when it
        // arrives: the first frame then costs what any frame costs.
        try input.open(into: &events)
        var left: Set<Int> = []
        for event in events { handle(event, handlers, left: &left, into: &lines) }
        try handlers.lines(&lines)
        if recognition.isEmpty && !options.follow { throw Self.nothingFound }
        loop: while true {
            events.removeAll(keepingCapacity: true)
            var deadline = recognition.nextDeadline
            if let hold = copies?.nextDeadline, deadline == nil || hold < deadline! { deadline = hold }
            let wake = try input.wait(until: deadline, into: &events)
            for event in events {
                if case .appeared(let node) = event {
                    if let source = LiveDiscovery.follow(node, options: options) { input.add(source) }
                    continue
                }
                let cpu = stats == nil ? .zero : ThreadCPUTime.now()
                handle(event, handlers, left: &left, into: &lines)
                try handlers.lines(&lines)
                // Recognized and claimed: what the copy held back and can let go, goes.
                if let copies, case .event(.evdev(let device, let frame)) = event { copies.settle(device: device, at: frame.time) }
                if stats != nil, case .event(let e) = event {
                    stats!.record(latency: MonotonicClock.now() - e.time,
                                  cpu: TimeSpan(microseconds: ThreadCPUTime.now().microseconds - cpu.microseconds))
                }
            }
            switch wake {
            case .events: continue
            case .deadline:
                if let deadline { recognition.advance(to: deadline, into: &lines) }
                try handlers.lines(&lines)
                if let deadline { copies?.settleAll(at: deadline) }
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
        recognition.finish(into: &lines)
        try handlers.lines(&lines)
    }

    /// One live event: a device the handlers leave out is not recognized, nor its events.
    private func handle<Line: RecognitionOutput>(_ event: LiveEvent, _ handlers: Handlers<Line>, left: inout Set<Int>,
                                                 into lines: inout [Line]) {
        switch event {
        case .added(let d, let node, _):
            // A panel's pen is followed for its proximity only: not recognized, not copied.
            if let copies, let caps = d.evdev, DeviceCopy.isPen(caps),
               let source = input.sources.lazy.compactMap({ $0 as? EvdevSource }).first(where: { $0.device.path == node }) {
                copies.addPen(source.device, id: d.id)
                return
            }
            // The handler sees the device as recognition will (`--size` applied).
            let sized = d.sized(recognition.configuration.size)
            guard handlers.added(sized, node) else { left.insert(d.id); return }
            if let guess = GuessNotice.line(for: sized) { (handlers.guessed ?? handlers.warning)("\(node): \(guess)") }
            if let copies, sized.kind != .accelerometer,
               let source = input.sources.lazy.compactMap({ $0 as? EvdevSource }).first(where: { $0.device.path == node }) {
                copies.add(source.device, description: sized)
            } else if options.grab, let source = input.sources.lazy.compactMap({ $0 as? EvdevSource }).first(where: { $0.device.path == node }) {
                // A device another program holds is still read; say so and go on.
                do throws(TactileError) { try source.device.grab() } catch { handlers.warning("\(error)") }
            }
        case .event(let e):
            if let copies, copies.isPen(e.device) {
                if case .evdev(let device, let frame) = e { copies.forwardPen(frame, device: device) }
                return
            }
            if left.contains(e.device) { return }
            // The copy first: nothing waits for recognition.
            if let copies, case .evdev(let device, let frame) = e { copies.forward(frame, device: device) }
        case .removed(let id):
            if let copies, copies.isPen(id) { copies.remove(device: id); return }
            copies?.remove(device: id)
            if left.contains(id) { return }
            handlers.removed(id)
        case .appeared:
            break
        }
        recognition.handle(event, into: &lines)
    }

    private static var nothingFound: TactileError {
        TactileError(.unavailable, "no touch device or accelerometer found (see `tactile devices`); --follow waits for one")
    }
}
