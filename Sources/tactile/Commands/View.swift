import ArgumentParser
import Tactile
import TactilePictures

struct View: PictureCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a recording and its gestures as one self-contained HTML player.",
        discussion: """
            The page needs no network and opens from file://: each touch device's outline \
            with its contacts replayed at real speed (play, pause, speed, a scrubber), an \
            accelerometer as a device outline turning to the orientation decided, and the \
            recognized lines beside them, each highlighted while it happens; clicking a line \
            jumps to it. Query parameters: ?t=SECONDS seeks, ?speed=X, ?autoplay=1.
            """)

    @OptionGroup var picture: PictureOptions

    @Option(name: .shortAndLong, help: "Where to write the HTML (default: standard output).", completion: .file())
    var output: String = "-"

    static let label = "view"

    static func render(_ scene: Scene) -> String { ViewerPage.html(scene) }
}
