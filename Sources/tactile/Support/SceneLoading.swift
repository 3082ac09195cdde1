import Tactile
import TactilePictures

extension Scene {
    /// Reads `options`' input once, assembling and recognizing it on the pipeline's worker
    /// thread, and gathers what falls inside the window; `label` names the progress bar.
    static func load(_ options: PictureOptions, label: String) throws -> Scene {
        let input = options.input, recognition = options.recognition, window = options.window
        let recording = try Recordings.open(input.input, description: input.description)
        sayGuesses(recording.header, reading: input.input, size: input.size?.size, quiet: options.progress.quiet)
        let bar = ProgressBar.start(label, reading: input.input, quiet: options.progress.quiet)
        defer { bar?.finish() }
        let title = input.input == "-" ? "standard input" : String(input.input.split(separator: "/").last ?? "")
        return try Scene.of(recording, Recognition.Configuration(
            settings: try recognition.thresholds(), gestures: recognition.gestures?.kinds, size: input.size?.size,
            orientation: try options.orientation.settings(), profile: recognition.profile?.kind),
            from: window.from, to: window.to, title: title)
    }
}
