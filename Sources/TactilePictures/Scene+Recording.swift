import Tactile

extension Scene {
    /// The scene of a recording: read once, assembled and recognized (as `tactile
    /// recognize` does, with `configuration`) on an `InputPipeline`'s worker thread, what
    /// falls between `from` and `to` (trace seconds; nil: the recording's own ends) kept.
    public static func of(_ recording: RecordingReader, _ configuration: Recognition.Configuration = Recognition.Configuration(),
                          from: Double? = nil, to: Double? = nil, title: String) throws -> Scene {
        let stage = SceneStage(header: recording.header, configuration)
        var builder = SceneBuilder(devices: stage.devices, from: from, to: to)
        let pipeline = InputPipeline(recording, stage: stage)
        defer { pipeline.stop() }
        try pipeline.forEach { builder.add($0) }
        return builder.scene(title: title)
    }
}
