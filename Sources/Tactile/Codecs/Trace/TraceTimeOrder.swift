/// Time never goes backwards on one device: the check made on every event of a trace, in
/// file order.
///
/// The device of the last event is kept in two plain fields (a device's events mostly
/// follow each other), the others in a dictionary.
public struct TraceTimeOrder {
    private var lastDevice: Int?
    private var lastDeviceTime = Timestamp(microseconds: .min)
    private var lastTime: [Int: Timestamp] = [:]

    /// No event seen yet.
    public init() {}

    /// Takes `event` as the next in file order; throws when its time is before its device's
    /// last, naming `file` and `line`.
    @inline(__always)
    public mutating func check(_ event: borrowing InputEvent, file: String, line: Int) throws(TactileError) {
        let t = event.time, device = event.device
        if device != lastDevice {
            if let lastDevice { lastTime[lastDevice] = lastDeviceTime }
            lastDevice = device
            lastDeviceTime = lastTime[device] ?? Timestamp(microseconds: .min)
        }
        if t < lastDeviceTime {
            throw TactileError(.badData, file: file, line: line,
                               "time goes backwards on device \(device): \(t) after \(lastDeviceTime)")
        }
        lastDeviceTime = t
    }
}
