/// One kernel `input_event`: a type, a code and a value, with the time the kernel gave it.
public struct EvdevEvent: Hashable, Sendable {
    /// `EV_*`.
    public var type: UInt16
    /// The code within the type (`ABS_MT_POSITION_X`, `BTN_TOUCH`...).
    public var code: UInt16
    /// The value.
    public var value: Int32
    /// The kernel's timestamp (from the start of the recording, in a trace).
    public var time: Timestamp

    /// One kernel event.
    @inlinable public init(type: UInt16, code: UInt16, value: Int32, time: Timestamp = .zero) {
        self.type = type; self.code = code; self.value = value; self.time = time
    }

    /// Whether this event ends a frame.
    @inlinable public var isSynReport: Bool { type == EventType.syn && code == SynCode.report }
}

/// One kernel frame: every event up to and including `SYN_REPORT`.
///
/// The frame time is the time of its last event. Old kernels stamped each event on its
/// own, so events keep their own times too (the trace writes them as offsets when they
/// differ), which makes an evemu round trip exact to the microsecond.
public struct EvdevFrame: Hashable, Sendable {
    /// The events, the last one `SYN_REPORT`.
    public var events: [EvdevEvent]

    /// A frame of these events.
    @inlinable public init(events: [EvdevEvent]) { self.events = events }

    /// The time of the last event, or zero for an empty frame.
    @inlinable public var time: Timestamp { events.last?.time ?? .zero }
}
