import Tactile

/// Recognition, then binding, as one pipeline stage: recorded events in, the actions a
/// configuration binds to their lines out (`tactile bind CONFIG RECORDING`).
public struct BindingStage: PipelineStage {
    /// Recognition of the recording's devices.
    public private(set) var recognition: Recognition
    /// The binder of the lines.
    public private(set) var binder: Binder
    private var lines: [RecognizedEvent] = []

    /// Recognition of `header`'s devices by `config`'s settings, then binding; `size`
    /// overrides the touch devices' surface size, `profile` their class; `focusedApplication`
    /// is taken to have focus throughout (its names), for bindings that name one; with
    /// `claiming`, the claims pass-through would make are among the actions.
    public init(config: BindingConfig, header: InputDevices, size: Size? = nil, profile: DeviceKind? = nil,
                focusedApplication: [String]? = nil, claiming: Bool = false) {
        recognition = Recognition(devices: header, config.recognition(size: size, profile: profile))
        binder = Binder(config: config)
        binder.focusedApplication = focusedApplication
        binder.claiming = claiming
        for d in recognition.devices.devices { binder.add(d) }
        lines.reserveCapacity(16)
    }

    public mutating func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [BoundAction]) {
        for i in range {
            recognition.process(events[i], into: &lines)
            bind(into: &output)
        }
    }

    public mutating func finish(into output: inout [BoundAction]) {
        recognition.finish(into: &lines)
        bind(into: &output)
        binder.releaseAll(into: &output)
    }

    private mutating func bind(into output: inout [BoundAction]) {
        binder.handle(lines, into: &output)
        lines.removeAll(keepingCapacity: true)
    }
}
