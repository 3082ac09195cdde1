import Tactile

extension Scene {
    /// Reads `input` once, assembling and recognizing it on the pipeline's worker thread,
    /// and gathers what falls inside the window; `label` names the progress bar.
    static func load(_ options: PictureOptions, label: String) throws -> Scene {
        let input = options.input, recognition = options.recognition, window = options.window, progress = options.progress
        let recording = try Recordings.open(input.input, description: input.description)
        let stage = SceneStage(header: recording.header, Recognition.Configuration(
            settings: try recognition.thresholds(), gestures: recognition.gestures?.kinds, size: input.size?.size,
            orientation: try options.orientation.settings(), profile: recognition.profile?.kind))
        var builder = SceneBuilder(devices: stage.devices, from: window.from, to: window.to)
        let pipeline = InputPipeline(recording, stage: stage)
        defer { pipeline.stop() }
        let bar = ProgressBar.start(label, reading: input.input, quiet: progress.quiet)
        defer { bar?.finish() }
        try pipeline.forEach { builder.add($0) }
        let title = input.input == "-" ? "standard input" : String(input.input.split(separator: "/").last ?? "")
        return builder.scene(title: title)
    }
}
