import Tactile

/// The pipeline stage behind `plot` and `view`: the recording's `Recognition` asked for the
/// assembled input too, so a picture shows the frames and the lines of one pass over the
/// input (standard input included).
public struct SceneStage: PipelineStage {
    /// The recording's recognition, asked for the assembled input too.
    public private(set) var recognition: Recognition

    /// The assembled header: device sizes after the configuration's size.
    public var devices: InputDevices { recognition.devices }

    public init(header: InputDevices, _ configuration: Recognition.Configuration) {
        var c = configuration
        c.input = true
        recognition = Recognition(devices: header, c)
    }

    public mutating func process(_ events: inout [InputEvent], _ range: Range<Int>, into output: inout [AppEvent]) {
        for i in range { recognition.process(events[i], into: &output) }
    }

    public mutating func finish(into output: inout [AppEvent]) {
        recognition.finish(into: &output)
    }
}
