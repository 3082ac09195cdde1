import Tactile

extension Recognition {
    /// Takes one live event: a device added is recognized from then on (an accelerometer
    /// with the mount matrix the system reports, unless the settings give one), an event
    /// goes to its device, a device removed ends its gestures under way `cancelled`.
    public mutating func handle<Line: RecognitionOutput>(_ event: LiveEvent, into out: inout [Line]) {
        switch event {
        case .added(let device, _, let matrix): add(device, mountMatrix: matrix)
        case .event(let event): process(event, into: &out)
        case .removed(let device): remove(device: device, into: &out)
        case .appeared: break
        }
    }

    /// One wake of a loop over `LiveInput.wait`: at a deadline the timers due fire, then the
    /// events it brought are handled. Returns when to wake next if nothing comes.
    public mutating func step<Line: RecognitionOutput>(_ wake: LiveInput.Wake, _ events: [LiveEvent],
                                                       into out: inout [Line]) -> Timestamp? {
        // The earliest timer, the deadline asked for last, is due.
        if wake == .deadline, let now = nextDeadline { advance(to: now, into: &out) }
        for e in events { handle(e, into: &out) }
        return nextDeadline
    }
}
