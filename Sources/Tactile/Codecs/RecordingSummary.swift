/// What a recording holds, counted by reading it through: its span of time and, per
/// device, its frames, events and samples, with the repairs assembly made (`tactile info`).
public struct RecordingSummary: Sendable {
    /// One device's counts.
    public struct Counts: Hashable, Sendable {
        /// Raw evdev frames, and the evdev events in them.
        public var evdevFrames = 0, evdevEvents = 0
        /// Touch frames (a `touches` trace), and the most contacts one held.
        public var touchFrames = 0, maxContacts = 0
        /// Accelerometer samples.
        public var accelSamples = 0
        /// What assembly repaired in the device's raw frames; nil for a device that had none.
        public var repairs: AssemblyRepairs?

        /// Nothing counted.
        public init() {}
    }

    /// The time from the first event to the last (zero for an empty recording).
    public private(set) var duration = TimeSpan.zero
    /// The counts of each device that had events, by device id.
    public private(set) var devices: [Int: Counts] = [:]

    /// Reads `reader` to its end, assembling raw frames (on a surface of `size` when given)
    /// to count their repairs.
    public init(reading reader: inout RecordingReader, size: Size? = nil) throws {
        var first: Timestamp?, last: Timestamp?
        var assembler = Assembler(header: reader.header, size: size)
        while let e = try reader.next() {
            _ = assembler.process(e)
            if first == nil { first = e.time }
            last = e.time
            var c = devices[e.device] ?? Counts()
            switch e {
            case .evdev(_, let f): c.evdevFrames += 1; c.evdevEvents += f.events.count
            case .touches(let f): c.touchFrames += 1; c.maxContacts = max(c.maxContacts, f.contacts.count)
            case .accel: c.accelSamples += 1
            }
            devices[e.device] = c
        }
        duration = (last ?? .zero) - (first ?? .zero)
        for id in devices.keys where devices[id]!.evdevFrames > 0 {
            devices[id]!.repairs = assembler.repairs(of: id)
        }
    }
}
