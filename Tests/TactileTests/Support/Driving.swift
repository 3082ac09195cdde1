import Tactile

/// Drives one recognizer alone, as the arena would (frames through a shared tracker, timers
/// when due, a forced failure), so each test walks one edge of its state diagram.
struct Driving<R: GestureRecognizer> {
    var recognizer: R
    var tracker: TouchTracker
    let context: RecognizerContext

    init(_ recognizer: R, kind: DeviceKind = .touchscreen, pressure: Bool = false, settings: GestureSettings = GestureSettings()) {
        self.recognizer = recognizer
        tracker = TouchTracker(velocityWindow: settings.velocityWindow, landingSettle: settings.landingSettle)
        context = RecognizerContext(device: 0, kind: kind, size: Size(width: 100, height: 60), hasPressure: pressure,
                                    settings: settings, pressureIsForce: pressure)
    }

    var state: RecognizerState { recognizer.state }

    /// A frame at `ms` with these fingers (id, x mm, y mm, pressure); `lost` ends them
    /// as SYN_DROPPED does.
    @discardableResult
    mutating func frame(_ ms: Double, _ fingers: [(Int, Double, Double)] = [], pressure: Double? = nil,
                        buttons: PhysicalButtons = [], lost: [Int] = []) -> RecognizerStep {
        var f = TouchFrame(time: Timestamp(microseconds: Int64(ms * 1000)), device: 0, buttons: buttons)
        for (id, x, y) in fingers {
            f.contacts.append(Contact(id: id, position: Point(x: x, y: y), pressure: pressure.map(Pressure.init)))
        }
        for id in lost { f.cancelled.append(id) }
        tracker.update(f)
        return recognizer.frame(tracker, context)
    }

    /// One finger moving in a straight line from `from` to `to` over `ms`, a frame every 10 ms.
    mutating func stroke(_ id: Int, from: (Double, Double), to: (Double, Double), at start: Double, ms: Double) -> [RecognizerStep] {
        stride(from: 0.0, through: ms, by: 10).map { dt in
            let k = ms == 0 ? 1 : dt / ms
            return frame(start + dt, [(id, from.0 + (to.0 - from.0) * k, from.1 + (to.1 - from.1) * k)])
        }
    }

    /// Wakes the recognizer at `ms` if its deadline has come.
    @discardableResult
    mutating func timer(_ ms: Double) -> RecognizerStep {
        let now = Timestamp(microseconds: Int64(ms * 1000))
        guard let d = recognizer.deadline(context.settings), d <= now else { return .none }
        return recognizer.timer(now, tracker, context)
    }

    mutating func fail() -> GestureEvent? { recognizer.fail(tracker, context) }
}

extension RecognizerStep {
    var phase: GesturePhase? { event?.phase }
    var why: String { reason.description }
}

extension GestureSettings {
    /// The defaults with no landing settle: a recognizer's diagram is walked with fingers
    /// that move in their first frames. The settle has tests of its own
    /// (`TouchTrackerTests`, `DeviceQuirkGestureTests`).
    static var unsettled: GestureSettings {
        var s = GestureSettings()
        s.landingSettle = .zero
        return s
    }
}
