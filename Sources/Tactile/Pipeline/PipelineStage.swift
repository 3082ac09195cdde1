/// What an `InputPipeline` does to the decoded events on its worker thread: assemble them,
/// recognize them, or hand them on as they are.
///
/// A stage takes a batch at a time, so the pipeline calls it once per batch and the
/// per-event loop is the stage's own, compiled for its type. Its type goes to the worker
/// thread with it (`SendableMetatype`: a stage is no main-actor-isolated conformance).
public protocol PipelineStage: SendableMetatype {
    /// What the stage gives for the events it takes.
    associatedtype Output

    /// Takes `events[range]` in order and appends what they give to `output`. The stage may
    /// move an event out of the array (the slot is decoded into again afterwards).
    mutating func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [Output])

    /// The input ended: appends what is still pending (timers, gestures under way).
    mutating func finish(into output: inout [Output])
}

/// The events as decoded: raw frames stay raw (`tactile convert`).
public struct PassThrough: PipelineStage {
    /// The stage that changes nothing.
    public init() {}

    /// Appends `events[range]`, copied.
    public func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [InputEvent]) {
        // Copied, not moved: the decoded slot keeps its contacts storage, and once the
        // output has been written and let go of, the next decode reuses it.
        for i in range { output.append(events[i]) }
    }

    /// Nothing is pending.
    public func finish(into output: inout [InputEvent]) {}
}

extension Assembler: PipelineStage {
    /// Touch frames and samples, raw frames assembled into them (`tactile frames`).
    public mutating func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [InputEvent]) {
        for i in range {
            if let out = process(events[i]) { output.append(out) }
        }
    }

    /// Nothing is pending: a frame is complete at its `SYN_REPORT`.
    public func finish(into output: inout [InputEvent]) {}
}

extension Recognition: PipelineStage {
    /// A recording's lines (`tactile recognize`, `bind`); `plot` and `view`, which want the
    /// assembled input too, call `process(_:into:)` with `[AppEvent]`.
    public typealias Output = RecognizedEvent

    /// Gesture and orientation lines (`tactile recognize`).
    public mutating func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [RecognizedEvent]) {
        for i in range {
            // Moved out, not copied: a copy would retain the frame's contacts storage (whose
            // count the decoding thread had just written, a cache line from the other core)
            // and release it again.
            var event = InputEvent.taken
            swap(&event, &events[i])
            process(event, into: &output)
        }
    }
}

extension InputEvent {
    /// What a slot holds once its event is moved out: nothing counted by reference, so the
    /// event moved out is the only holder of its contacts storage.
    public static var taken: InputEvent {
        .accel(AccelerometerSample(time: Timestamp(microseconds: 0), device: 0, force: SpecificForce(x: 0, y: 0, z: 0)))
    }
}
