import ArgumentParser
import Tactile
import TactilePictures

/// What `plot` and `view` share: they read a recording once, recognize it as `recognize`
/// does, and write one picture of what falls inside a time window.
protocol PictureCommand: ParsableCommand {
    var picture: PictureOptions { get }
    var output: String { get }
    /// The progress bar's label.
    static var label: String { get }
    /// The picture of `scene`, whole.
    static func render(_ scene: Scene) -> String
}

extension PictureCommand {
    func run() throws {
        try reportingErrors {
            let scene = try Scene.load(picture, label: Self.label)
            let file = try OutputFile(path: output)
            try file.write(Self.render(scene))
            try file.commit()
        }
    }
}

/// The options of a picture: its input, window, recognition (as `recognize`'s) and progress bar.
struct PictureOptions: ParsableArguments {
    @OptionGroup var input: InputOptions
    @OptionGroup var window: WindowOptions
    @OptionGroup(title: "Recognition") var recognition: RecognitionOptions
    @OptionGroup(title: "Orientation") var orientation: OrientationOptions
    @OptionGroup var progress: ProgressOptions
}
